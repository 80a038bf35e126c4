// core/api/known_labels.h over the workflow of core/workflow/known_labels.h.
#include "core/api/known_labels.h"

#include <utility>

#include "core/workflow/known_labels.h"

namespace streamsynth::api {

std::vector<KnownLabels> parseKnownLabels(const std::string& text) {
    return workflow::parseKnownLabels(text);
}

data::Schema withKnownLabels(const data::Schema& schema, const std::vector<KnownLabels>& known) {
    return workflow::withKnownLabels(schema, known);
}

const KnownLabels* knownLabelsOf(const std::vector<KnownLabels>& known, const std::string& attribute) {
    return workflow::knownLabelsOf(known, attribute);
}

}  // namespace streamsynth::api
