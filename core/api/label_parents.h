// A public hierarchy over a large attribute's labels (species -> family,
// aircraft model -> manufacturer) that the steward confirms and coarsens the
// attribute to (docs/schema.md "Coarsened attributes", docs/streamers.md
// "Coarsening large domains", "Hierarchies"): the CLI's `--coarsen-parents`
// text, its CSV file form, and the schema with those attributes coarsened to
// their parents. Public knowledge, like the confirmed domain: nothing here
// reads the data or charges the budget.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/api/known_labels.h"
#include "core/values/label_parents.h"
#include "core/values/schema.h"

namespace streamsynth::api {

// "Species=@species-parents.csv;Aircraft=Gull>Birds|Hawk>Birds": attributes
// separated by ';', each ATTRIBUTE=CHILD>PARENT|... (split at the last '>')
// or ATTRIBUTE=@FILE, a CSV file of `label,parent` lines (an optional first
// line `label,parent`; quotes as in any CSV, for labels holding ',', '|',
// ';' or '>'). Names are trimmed of spaces and tabs. Setting Error naming
// "coarsen-parents" and the bad part (no '=', an empty name, label or
// parent, an attribute twice); input Error naming file, line and column for
// a bad line of the file (a malformed CSV line, a missing parent, a label
// given twice); Error(Io) naming a file that cannot be read.
std::vector<LabelParents> parseLabelParents(const std::string& text);

// The pairs of a `label,parent` CSV file (see above).
std::vector<std::pair<std::string, std::string>> readLabelParents(const std::string& path);

// `schema` with each listed attribute coarsened to its parents
// (data::withParents). Setting Error naming "coarsen-parents", the attribute
// and the label when the schema has no such attribute, it is not
// categorical, or a label is not in its confirmed domain; the other
// refusals of withParents (a label both child and parent, nothing coarser).
data::Schema withLabelParents(const data::Schema& schema, const std::vector<LabelParents>& parents);

// Setting Error naming "coarsen" and the attribute when one attribute has
// both public kept labels and parents ("give one of them").
void checkOnePublicForm(const std::vector<KnownLabels>& known, const std::vector<LabelParents>& parents);

// The listed attribute's hierarchy, or null.
const LabelParents* labelParentsOf(const std::vector<LabelParents>& parents, const std::string& attribute);

}  // namespace streamsynth::api
