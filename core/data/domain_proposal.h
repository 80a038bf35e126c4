// Proposing a domain from the data itself. The result is marked
// derivedFromData: it reveals private values (labels, min/max) and must be
// shown to the user and confirmed as public before any encoding (SPEC §1).
#pragma once

#include <string>
#include <vector>

#include "core/data/csv_reader.h"
#include "core/values/problem.h"
#include "core/values/proposal_options.h"
#include "core/values/schema.h"

namespace streamsynth::data {

// Rules, per column not excluded (empty cells aside):
// - all values non-negative integers with max < maxIntegerCodes -> IntegerCode,
//   size = max + 1 (codes that are already integers, like adult.csv);
// - all values finite numbers -> Numeric, bounds = observed [min, max],
//   numericBins equal-width bins (one bin [v, v+1] if all values equal v);
// - all values dates (the time column's parser; numbers are not dates) ->
//   a date attribute, yearly bins from January 1 of the earliest year to
//   December 31 of the latest (monthly within one year);
// - otherwise Categorical: the distinct labels in byte order, no <other>;
//   more than maxCategories distinct labels -> the column is left out.
// Any empty cell adds a <missing> category. Sets derivedFromData = true.
Schema proposeSchema(const RawTable& raw, const ProposalOptions& options = {});

// Same, plus notes for the user: columns left out and why (core/values/proposal_options.h).
Proposal proposeSchemaWithNotes(const RawTable& raw, const ProposalOptions& options = {});

// Locale-independent number parsing shared with the encoder: surrounding
// ASCII spaces allowed, the whole text must be a finite number.
bool parseFiniteNumber(std::string_view text, double& value);

}  // namespace streamsynth::data
