// Coarsening a categorical attribute: keep some of its public labels and map
// every other value to `<other>` (docs/schema.md, "Coarsened attributes").
// The kept labels come from public knowledge (the steward lists them) or
// from a DP selection over the confirmed label set (api/coarsening.h); here
// only the schema change and the re-coding of an encoded table, which are
// plain functions of public values.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/values/schema.h"
#include "core/values/table.h"

namespace streamsynth::data {

// The attribute with only `kept` of its labels (in the attribute's own
// order, whatever the order of `kept`) and "other": true; <missing> is
// kept. Setting Error naming "coarsen" when the attribute is not
// categorical, `kept` is empty, names a label twice or one the attribute
// does not have, or keeps every label.
AttributeSpec keepLabels(const AttributeSpec& attribute, const std::vector<std::string>& kept);

// A categorical attribute coarsened to the parents of a public hierarchy
// (`parents`: label -> parent, confirmed by the steward). Its labels become
// the distinct parents, in the order of each one's first child among the
// attribute's labels; a label that is itself a parent's name and is given no
// parent is its own parent; "members" lists each parent's other children
// (with the members they had). Labels given no parent go to <other>
// ("other": true when any does, or when the attribute had it); <missing> is
// kept. Setting Error naming "coarsen" when the attribute is not categorical,
// a child is not one of its labels, a parent is empty, <other> or <missing>,
// a label is both a child of another and a parent, or no label gets a parent
// other than itself.
AttributeSpec withParents(const AttributeSpec& attribute, const std::map<std::string, std::string>& parents);

// A numeric attribute with its bins merged into `bins` groups of adjacent
// bins (as equal in size as the count allows: equal when `bins` divides the
// bin count). The new edges are edges of the attribute (public), taken
// exactly from binInterval, so a value falls in the merged bin holding its
// old bin; <missing> and clamping are kept. Setting Error naming "coarsen"
// when the attribute is not numeric or bins is not in 1 .. its bins - 1.
AttributeSpec mergeBins(const AttributeSpec& attribute, int bins);

// For each code of `full`, its code in `coarse` (keepLabels or withParents
// of it): a kept label's new index, a child's parent, <other> for the rest and for full's own <other>,
// <missing> for <missing>; for a numeric attribute (mergeBins of it) the
// merged bin holding each bin.
std::vector<Code> coarseCodes(const AttributeSpec& full, const AttributeSpec& coarse);

// `table` (over `full`'s domain) with every attribute's codes mapped from
// `full` to `coarse` (same attributes in the same order; an attribute whose
// spec is unchanged keeps its codes). Setting Error when the attributes differ.
Table coarsenTable(const Table& table, const Schema& full, const Schema& coarse);

}  // namespace streamsynth::data
