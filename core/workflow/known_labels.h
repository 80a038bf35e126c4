// The workflow behind core/api/known_labels.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/known_labels.h"
#include "core/values/schema.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

std::vector<KnownLabels> parseKnownLabels(const std::string& text);
data::Schema withKnownLabels(const data::Schema& schema, const std::vector<KnownLabels>& known);
const KnownLabels* knownLabelsOf(const std::vector<KnownLabels>& known, const std::string& attribute);

}  // namespace streamsynth::workflow
