// Date attributes: ISO text, cells and period edges (see date_bins.h).
#include "core/data/date_bins.h"

#include <algorithm>

#include "core/common/time_parser.h"
#include "core/values/error.h"

namespace streamsynth::data {

namespace {

// The first day of the period after the `count` periods starting with the
// one that holds `day` (weeks start on Monday, as the time column's).
long long nextPeriodStart(long long day, PeriodUnit unit, int count) {
    int y = 0, m = 0, d = 0;
    stream::civilFromDays(day, y, m, d);
    // Schema dates have 4-digit years: a step past 20,000 years ends the bins
    // all the same, and keeps the year within int.
    const auto monthsAhead = [&](int first, long long months) {
        const long long index = static_cast<long long>(y) * 12 + (first - 1) + std::min(months, 240000LL);
        const long long year = index >= 0 ? index / 12 : -((11 - index) / 12);  // floor, also before year 0
        return stream::daysFromCivil(static_cast<int>(year), static_cast<int>(index - 12 * year) + 1, 1);
    };
    switch (unit) {
        case PeriodUnit::Day:
            return day + count;
        case PeriodUnit::Week:
            return day - stream::weekday(day) + 7LL * count;
        case PeriodUnit::TwoWeeks:
            return day - stream::weekday(day) + 14LL * count;
        case PeriodUnit::Month:
            return monthsAhead(m, count);
        case PeriodUnit::Quarter:
            return monthsAhead((m - 1) / 3 * 3 + 1, 3LL * count);
        case PeriodUnit::Year:
            return monthsAhead(1, 12LL * count);
        case PeriodUnit::Units:
            break;
    }
    return day + count;
}

}  // namespace

std::optional<long long> isoDay(std::string_view text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
    const auto v = stream::parseTime(text, "yyyy-MM-dd");
    if (!v || v->kind != stream::TimeValue::Kind::Date) return std::nullopt;
    return v->day;
}

std::string dayText(double day) {
    return stream::isoDate(static_cast<long long>(day));
}

std::optional<long long> dateCellDay(std::string_view text, const std::string& format) {
    const auto v = stream::parseTime(text, format);
    if (!v || v->kind != stream::TimeValue::Kind::Date) return std::nullopt;
    return v->day;
}

std::vector<double> datePeriodEdges(long long lower, long long upper, const TimeSettings& period,
                                    int maxBins) {
    if (period.unit == PeriodUnit::Units)
        throw settingError("period", "date bins need a calendar period (day, week, month, quarter, year)");
    if (lower >= upper)
        throw settingError("period", "the lower date " + stream::isoDate(lower) +
                                         " must be before the upper date " + stream::isoDate(upper));
    std::vector<double> edges{static_cast<double>(lower)};
    for (long long day = nextPeriodStart(lower, period.unit, period.count); day < upper;
         day = nextPeriodStart(day, period.unit, period.count)) {
        if (static_cast<int>(edges.size()) >= maxBins)
            throw settingError("period", "more than " + std::to_string(maxBins) + " bins from " +
                                             stream::isoDate(lower) + " to " + stream::isoDate(upper) +
                                             "; choose a longer period");
        edges.push_back(static_cast<double>(day));
    }
    edges.push_back(static_cast<double>(upper));
    return edges;
}

}  // namespace streamsynth::data
