// Period arithmetic for time steps: maps a parsed time to an absolute period
// number (day, Monday-starting week, calendar month, quarter, year, or raw
// units) and labels periods for people.
#pragma once

#include <string>

#include "core/common/time_parser.h"
#include "core/values/stream_settings.h"

namespace streamsynth::stream {

// True when values of this kind can be bucketed with settings' unit
// (calendar units need dates, Units needs numbers).
bool kindFits(TimeValue::Kind kind, data::PeriodUnit unit);

// Absolute number of the base period containing v: day number, week number
// (weeks start Monday), month number (year*12 + month-1), quarter number,
// year; Units: v.number itself. Requires kindFits.
double basePeriod(const TimeValue& v, data::PeriodUnit unit);

// Base periods per step: count, doubled for TwoWeeks.
double basePeriodsPerStep(const data::TimeSettings& s);

// Label of the step that starts at base period `start`:
// "2019-03-04 (day)", "week of 2019-03-04", "2 weeks from 2019-03-04",
// "2019-03 (month)", "3 months from 2019-03", "2019-Q1 (quarter)",
// "2019 (year)", "12" / "[10, 20)" for units.
std::string periodLabel(double start, const data::TimeSettings& s);

}  // namespace streamsynth::stream
