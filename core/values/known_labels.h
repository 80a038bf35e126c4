// The value types of core/api/known_labels.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

#include "core/values/schema.h"

namespace streamsynth::api {

// One attribute's labels to keep, as the steward listed them.
struct KnownLabels {
    std::string attribute;
    std::vector<std::string> labels;
};

}  // namespace streamsynth::api
