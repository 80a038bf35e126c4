// Import proposals (see import_proposal.h): rounding, time-column detection
// and the steps each calendar period would give.
#include "core/workflow/import_proposal.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "core/common/time_parser.h"
#include "core/steps/step_plan.h"
#include "core/steps/time_period.h"

namespace streamsynth::workflow {

double niceCeil(double x) {
    if (!(x > 0) || !std::isfinite(x)) return 0;
    double decade = std::pow(10.0, std::floor(std::log10(x)));
    // pow/log10 may land one decade off for exact powers: step until decade <= x < 10 decade.
    while (decade > x) decade /= 10;
    while (decade * 10 <= x) decade *= 10;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * decade >= x) return m * decade;
    return 10 * decade;
}

data::Schema withRoundBounds(data::Schema proposal) {
    for (data::AttributeSpec& a : proposal.attributes) {
        if (a.kind != data::AttributeKind::Numeric || !a.edges.empty()) continue;
        const double lower = a.lower >= 0 ? 0.0 : -niceCeil(-a.lower);
        double upper = a.upper > 0 ? niceCeil(a.upper) : 0.0;  // a maximum <= 0: 0 holds it
        if (upper <= lower) upper = lower + std::max(1.0, niceCeil(std::abs(lower)));
        a.lower = lower;
        a.upper = upper;
    }
    return proposal;
}

namespace {

bool namedLikeTime(const std::string& name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return lower.find("date") != std::string::npos || lower.find("time") != std::string::npos ||
           lower.find("day") != std::string::npos;
}

}  // namespace

std::optional<TimeColumnGuess> detectTimeColumn(const data::RawTable& table) {
    std::optional<TimeColumnGuess> best;
    bool bestNamed = false;
    const long long rows = static_cast<long long>(table.rowCount());
    for (int c = 0; c < static_cast<int>(table.header.size()); ++c) {
        TimeColumnGuess g;
        g.column = table.header[static_cast<std::size_t>(c)];
        for (long long r = 0; r < rows; ++r) {
            const std::string& cell = table.columns[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)];
            if (cell.empty()) continue;
            ++g.values;
            const auto t = stream::parseTime(cell);
            if (t && t->kind == stream::TimeValue::Kind::Date) ++g.dates;
        }
        if (g.values == 0 || g.dates * 10 < g.values * 9) continue;
        const bool named = namedLikeTime(g.column);
        if (!best || (named && !bestNamed) || (named == bestNamed && g.dates > best->dates)) {
            best = g;
            bestNamed = named;
        }
    }
    return best;
}

namespace {

constexpr data::PeriodUnit kUnits[] = {data::PeriodUnit::Day,      data::PeriodUnit::Week,
                                       data::PeriodUnit::TwoWeeks, data::PeriodUnit::Month,
                                       data::PeriodUnit::Quarter,  data::PeriodUnit::Year};

PeriodOption optionFor(data::PeriodUnit unit, int count, const std::vector<stream::TimeValue>& times,
                       const std::optional<stream::TimeValue>& start,
                       const std::optional<stream::TimeValue>& end) {
    data::TimeSettings s;
    s.unit = unit;
    s.count = std::max(1, count);
    const double per = stream::basePeriodsPerStep(s);
    double first = start ? stream::basePeriod(*start, unit) : INFINITY;
    if (!start)
        for (const auto& t : times) first = std::min(first, stream::basePeriod(t, unit));
    const double lastBase = end ? stream::basePeriod(*end, unit) : INFINITY;
    std::map<long long, long long> counts;
    long long last =
        end && lastBase >= first ? static_cast<long long>(std::floor((lastBase - first) / per)) : 0;
    PeriodOption o;
    o.unit = unit;
    for (const auto& t : times) {
        const double base = stream::basePeriod(t, unit);
        if (base < first || base > lastBase) continue;
        const auto step = static_cast<long long>(std::floor((base - first) / per));
        ++counts[step];
        last = std::max(last, step);
        ++o.rows;
    }
    if (counts.empty() && !end) return o;
    o.steps = last + 1;
    if (o.steps > static_cast<long long>(stream::kMaxSteps)) return o;
    std::vector<long long> sizes(static_cast<std::size_t>(o.steps), 0);
    for (const auto& [step, n] : counts) sizes[static_cast<std::size_t>(step)] = n;
    std::nth_element(sizes.begin(), sizes.begin() + (o.steps - 1) / 2, sizes.end());
    o.medianRows =
        sizes[static_cast<std::size_t>((o.steps - 1) / 2)];  // lower middle, as stream::stepSizeStats
    return o;
}

}  // namespace

std::vector<PeriodOption> periodOptions(const data::RawTable& table, const std::string& column,
                                        const std::string& format, const std::string& start, int count,
                                        const std::string& end) {
    int c = -1;
    for (int i = 0; i < static_cast<int>(table.header.size()); ++i)
        if (table.header[static_cast<std::size_t>(i)] == column) c = i;
    if (c < 0) return {};
    std::vector<stream::TimeValue> times;
    for (long long r = 0; r < static_cast<long long>(table.rowCount()); ++r) {
        const auto t = stream::parseTime(
            table.columns[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)], format);
        if (t && t->kind == stream::TimeValue::Kind::Date) times.push_back(*t);
    }
    if (times.empty()) return {};
    std::optional<stream::TimeValue> from;
    if (!start.empty()) {
        from = stream::parseTime(start, format);
        if (from && from->kind != stream::TimeValue::Kind::Date) from.reset();
    }
    std::optional<stream::TimeValue> to;
    if (!end.empty()) {
        to = stream::parseTime(end, format);
        if (to && to->kind != stream::TimeValue::Kind::Date) to.reset();
    }
    std::vector<PeriodOption> out;
    for (data::PeriodUnit unit : kUnits) out.push_back(optionFor(unit, count, times, from, to));
    return out;
}

data::PeriodUnit proposePeriod(const std::vector<PeriodOption>& options, long long minRows) {
    for (const PeriodOption& o : options)
        if (o.steps >= 2 && o.medianRows >= minRows) return o.unit;
    for (auto it = options.rbegin(); it != options.rend(); ++it)
        if (it->steps >= 2) return it->unit;
    return data::PeriodUnit::Month;
}

}  // namespace streamsynth::workflow
