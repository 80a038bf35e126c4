// Period numbers and labels; all calendar units work on day numbers.
#include "core/steps/time_period.h"

#include <cmath>
#include <cstdio>

namespace streamsynth::stream {

namespace {
long long floorDiv(long long a, long long b) {
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}
// 1970-01-05 (day 4) was a Monday: week w starts on day 7w + 4.
constexpr long long kFirstMonday = 4;

std::string fmt(const char* f, long long a, long long b = 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, a, b);
    return buf;
}
std::string number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}
}  // namespace

bool kindFits(TimeValue::Kind kind, data::PeriodUnit unit) {
    return (unit == data::PeriodUnit::Units) == (kind == TimeValue::Kind::Number);
}

double basePeriod(const TimeValue& v, data::PeriodUnit unit) {
    using data::PeriodUnit;
    if (unit == PeriodUnit::Units) return v.number;
    int y, m, d;
    civilFromDays(v.day, y, m, d);
    switch (unit) {
        case PeriodUnit::Day:
            return static_cast<double>(v.day);
        case PeriodUnit::Week:
        case PeriodUnit::TwoWeeks:
            return static_cast<double>(floorDiv(v.day - kFirstMonday, 7));
        case PeriodUnit::Month:
            return static_cast<double>(y) * 12 + (m - 1);
        case PeriodUnit::Quarter:
            return static_cast<double>(y) * 4 + (m - 1) / 3;
        case PeriodUnit::Year:
            return static_cast<double>(y);
        case PeriodUnit::Units:
            break;
    }
    return v.number;
}

double basePeriodsPerStep(const data::TimeSettings& s) {
    const double n = s.count < 1 ? 1 : s.count;
    return s.unit == data::PeriodUnit::TwoWeeks ? 2 * n : n;
}

std::string periodLabel(double start, const data::TimeSettings& s) {
    using data::PeriodUnit;
    const long long b = std::llround(start);
    const int n = s.count < 1 ? 1 : s.count;
    switch (s.unit) {
        case PeriodUnit::Day:
            return n == 1 ? isoDate(b) + " (day)" : std::to_string(n) + " days from " + isoDate(b);
        case PeriodUnit::Week:
            return n == 1 ? "week of " + isoDate(7 * b + kFirstMonday)
                          : std::to_string(n) + " weeks from " + isoDate(7 * b + kFirstMonday);
        case PeriodUnit::TwoWeeks:
            return std::to_string(2 * n) + " weeks from " + isoDate(7 * b + kFirstMonday);
        case PeriodUnit::Month: {
            const std::string ym = fmt("%04lld-%02lld", floorDiv(b, 12), b - 12 * floorDiv(b, 12) + 1);
            return n == 1 ? ym + " (month)" : std::to_string(n) + " months from " + ym;
        }
        case PeriodUnit::Quarter: {
            const std::string yq = fmt("%04lld-Q%lld", floorDiv(b, 4), b - 4 * floorDiv(b, 4) + 1);
            return n == 1 ? yq + " (quarter)" : std::to_string(n) + " quarters from " + yq;
        }
        case PeriodUnit::Year:
            return n == 1 ? fmt("%04lld (year)", b) : std::to_string(n) + " years from " + fmt("%04lld", b);
        case PeriodUnit::Units:
            return n == 1 && start == std::floor(start)
                       ? number(start)
                       : "[" + number(start) + ", " + number(start + n) + ")";
    }
    return number(start);
}

}  // namespace streamsynth::stream
