// core/api/label_parents.h over the workflow of core/workflow/label_parents.h.
#include "core/api/label_parents.h"

#include <utility>

#include "core/workflow/label_parents.h"

namespace streamsynth::api {

std::vector<LabelParents> parseLabelParents(const std::string& text) {
    return workflow::parseLabelParents(text);
}

std::vector<std::pair<std::string, std::string>> readLabelParents(const std::string& path) {
    return workflow::readLabelParents(path);
}

data::Schema withLabelParents(const data::Schema& schema, const std::vector<LabelParents>& parents) {
    return workflow::withLabelParents(schema, parents);
}

void checkOnePublicForm(const std::vector<KnownLabels>& known, const std::vector<LabelParents>& parents) {
    workflow::checkOnePublicForm(known, parents);
}

const LabelParents* labelParentsOf(const std::vector<LabelParents>& parents, const std::string& attribute) {
    return workflow::labelParentsOf(parents, attribute);
}

}  // namespace streamsynth::api
