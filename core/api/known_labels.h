// Labels of a large attribute that the steward knows to be public (the major
// studios of a film table, say) and keeps without any DP choice
// (docs/schema.md "Coarsened attributes", docs/streamers.md "Coarsening large
// domains"): the CLI's `--coarsen-labels` text, its file form, and the
// schema with those attributes coarsened. Public knowledge, like the
// confirmed domain: nothing here reads the data or charges the budget.
#pragma once

#include <string>
#include <vector>

#include "core/values/known_labels.h"
#include "core/values/schema.h"

namespace streamsynth::api {

// "Director=Jane Doe|John Roe;Distributor=@majors.txt": attributes separated
// by ';', each ATTRIBUTE=LABEL|LABEL|... or ATTRIBUTE=@FILE, a text file with
// one label per line (blank lines ignored; for long lists and labels holding
// '|' or ';'). Names and labels are trimmed of spaces and tabs; the first '='
// ends the name. Setting Error naming "coarsen-labels" and the bad part (no
// '=', an empty name or label list, an attribute twice); Error(Io) naming a
// file that cannot be read.
std::vector<KnownLabels> parseKnownLabels(const std::string& text);

// `schema` with each listed attribute keeping only its listed labels (in the
// attribute's order) and "other": true. Setting Error naming
// "coarsen-labels", the attribute and the label when the schema has no such
// attribute, the attribute is not categorical, a label is not in its
// confirmed domain or is listed twice, or every label is listed.
data::Schema withKnownLabels(const data::Schema& schema, const std::vector<KnownLabels>& known);

// The listed attribute's labels, or null.
const KnownLabels* knownLabelsOf(const std::vector<KnownLabels>& known, const std::string& attribute);

}  // namespace streamsynth::api
