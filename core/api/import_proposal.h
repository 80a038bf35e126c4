// What the import dialog proposes for a new table besides the domain:
// public-looking numeric bounds, the time column (a column of
// dates), and for each calendar period the number of steps and rows per step
// it would give, so a period can be proposed and its noise judged. All of it
// is read from the private data and shown only to the steward, who confirms
// what becomes public (SPEC §1); the bounds are rounded so that they reveal
// no more than an order of magnitude.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/api/workbench.h"
#include "core/values/import_proposal.h"
#include "core/values/schema.h"
#include "core/values/stream_settings.h"

namespace streamsynth::api {

// The smallest 1, 2 or 5 × 10^k that is >= x, for x > 0 (0 for x <= 0).
double niceCeil(double x);

// The proposal with each numeric attribute's bounds rounded outward to
// public-looking numbers: lower = 0 when the data's minimum is >= 0, else
// -niceCeil(-minimum); upper = niceCeil(maximum) (0 when the maximum is <= 0,
// and niceCeil of the lower's size above it when both would be equal).
// Every value of the data stays inside; bins are kept. Other kinds unchanged.
data::Schema withRoundBounds(data::Schema proposal);

// The column most likely to hold the time of each row: at least 90% of its
// non-empty cells are dates (stream::parseTime: ISO, US and month-name forms;
// plain numbers do not count). Columns named like "date" or "time" are
// preferred, then the most dates. nullopt when no column qualifies or no table is open.
std::optional<TimeColumnGuess> detectTimeColumn(const Workbench& workbench);

// For day, week, two weeks, month, quarter and year (`count` periods per
// step): what a stream by `column` would give. `start` and `end` (public
// start and end, may be empty: the earliest and latest dates) and `format` as
// in data::TimeSettings; dates outside [start, end] are left out. A unit that
// would exceed stream::kMaxSteps steps reports steps only (medianRows 0).
// Empty when the column holds no dates.
std::vector<PeriodOption> periodOptions(const Workbench& workbench, const std::string& column,
                                        const std::string& format = {}, const std::string& start = {},
                                        int count = 1, const std::string& end = {});

// The shortest unit whose steps hold at least minRows rows (median) with at
// least two steps; the longest unit with two steps or more when none does;
// Month when options is empty.
data::PeriodUnit proposePeriod(const std::vector<PeriodOption>& options, long long minRows = 100);

}  // namespace streamsynth::api
