// The value types of core/api/label_parents.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/values/known_labels.h"
#include "core/values/schema.h"

namespace streamsynth::api {

// One attribute's hierarchy as the steward gave it: (label, parent) pairs.
struct LabelParents {
    std::string attribute;
    std::vector<std::pair<std::string, std::string>> parents;
};

}  // namespace streamsynth::api
