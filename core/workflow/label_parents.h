// The workflow behind core/api/label_parents.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/values/known_labels.h"
#include "core/values/label_parents.h"
#include "core/values/schema.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

std::vector<LabelParents> parseLabelParents(const std::string& text);
std::vector<std::pair<std::string, std::string>> readLabelParents(const std::string& path);
data::Schema withLabelParents(const data::Schema& schema, const std::vector<LabelParents>& parents);
void checkOnePublicForm(const std::vector<KnownLabels>& known, const std::vector<LabelParents>& parents);
const LabelParents* labelParentsOf(const std::vector<LabelParents>& parents, const std::string& attribute);

}  // namespace streamsynth::workflow
