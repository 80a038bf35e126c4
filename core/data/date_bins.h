// Date attributes (schema kind "date"): a numeric attribute whose edges are
// day numbers (days since 1970-01-01). Here the pieces that differ from
// numbers: ISO edge text, reading a cell as a date with the time column's
// parser, and the bin edges of a period form (docs/schema.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/values/stream_settings.h"

namespace streamsynth::data {

// The day number of an ISO date "yyyy-MM-dd" (the schema's dates); nullopt
// for anything else.
std::optional<long long> isoDay(std::string_view text);
// "2000-01-01" for a day number (a whole number of days).
std::string dayText(double day);
// A cell of a date attribute read as the time column reads it (an explicit
// Qt date format, or detected when empty; a time of day is ignored): its day
// number, or nullopt when it is not a date (a plain number is not).
std::optional<long long> dateCellDay(std::string_view text, const std::string& format);
// The edges of bins of `period` (parsePeriod's calendar units with their
// count; not units) from `lower` to `upper`: lower, then every following
// period start before upper, then upper (so the last bin holds upper).
// Setting Error naming "period" for units, lower >= upper, or more than
// `maxBins` bins.
std::vector<double> datePeriodEdges(long long lower, long long upper, const TimeSettings& period,
                                    int maxBins);

}  // namespace streamsynth::data
