// Forming steps by time period or by batches.
#include "core/steps/step_plan.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "core/common/time_parser.h"
#include "core/steps/time_period.h"
#include "core/values/error.h"
#include "core/values/message_text.h"

namespace streamsynth::stream {

std::size_t StepPlan::rowCount() const noexcept {
    std::size_t n = 0;
    for (const auto& r : rows) n += r.size();
    return n;
}

namespace {

long long lineOf(const std::vector<long long>& lines, std::size_t i) {
    return i < lines.size() ? lines[i] : static_cast<long long>(i) + 2;
}

// Base period of every row (NaN: unparsable, reported); the earliest and
// latest rows (indices) among the readable ones.
struct BasePeriods {
    std::vector<double> base;
    std::size_t earliest = 0, latest = 0;
    bool any = false;
};

// Which way the column's dates with slashes read (no format given): day
// first when some are valid dates only that way and none only the other;
// said as a problem of the plan, as is a column whose every such date reads
// both ways (read month first, the US order).
bool dayFirstColumn(const std::vector<std::string>& timeValues, const data::TimeSettings& settings,
                    StepPlan& plan) {
    const SlashDates slash = slashDates(timeValues);
    data::Problem p;
    p.column = settings.column;
    if (slash.order == SlashDates::Order::DayFirst) {
        p.kind = "day-first-date";
        p.count = slash.dayFirstOnly;
        p.message =
            "the column's dates with slashes put the day first (some read as a date only that way, "
            "none only month first): all are read day first (DD/MM/YYYY); give --format to read them "
            "otherwise";
    } else if (slash.order == SlashDates::Order::Ambiguous) {
        p.kind = "ambiguous-date";
        p.count = slash.ambiguous;
        p.message =
            "dates with slashes that read as two different dates are read month first (MM/DD/YYYY, "
            "the US order); if the day comes first, give --format dd/MM/yyyy";
    }
    if (p.count > 0) plan.problems.push_back(p);
    return slash.order == SlashDates::Order::DayFirst;
}

BasePeriods basePeriods(const std::vector<std::string>& timeValues, const std::vector<long long>& lines,
                        const data::TimeSettings& settings, StepPlan& plan, const std::string& file) {
    const bool wantNumbers = settings.unit == data::PeriodUnit::Units;
    const bool dayFirst =
        !wantNumbers && settings.format.empty() && dayFirstColumn(timeValues, settings, plan);
    BasePeriods out;
    out.base.assign(timeValues.size(), std::nan(""));
    data::Problem bad;
    bad.kind = "unparsable-time";
    bad.column = settings.column;
    for (std::size_t i = 0; i < timeValues.size(); ++i) {
        const auto v = parseTime(timeValues[i], wantNumbers ? std::string() : settings.format, dayFirst);
        if (!v || !kindFits(v->kind, settings.unit)) {
            bad.addExample(lineOf(lines, i), timeValues[i]);
            continue;
        }
        const double b = basePeriod(*v, settings.unit);
        out.base[i] = b;
        if (!out.any || b < out.base[out.earliest]) out.earliest = i;
        if (!out.any || b > out.base[out.latest]) out.latest = i;
        out.any = true;
    }
    const std::string what = wantNumbers ? "a number" : "a date";
    if (bad.count > 0) {
        bad.message =
            std::to_string(bad.count) + " of " + std::to_string(timeValues.size()) + " rows have a " +
            quotedText(settings.column) + " that cannot be read as " + what +
            (settings.format.empty() ? std::string() : " in the format " + quotedText(settings.format)) +
            "; they are excluded from the stream";
        plan.problems.push_back(bad);
    }
    if (!out.any) {
        ErrorContext ctx;
        ctx.file = file;
        ctx.columnName = settings.column;
        if (!bad.exampleLines.empty()) ctx.line = bad.exampleLines[0];
        if (!timeValues.empty()) ctx.value = timeValues[0];
        throw inputError(timeValues.empty() ? "the table has no rows"
                                            : "no value of the time column can be read as " + what,
                         ctx);
    }
    return out;
}

// A public bound (start or end) of the stream as a base period.
double publicBound(const std::string& text, const data::TimeSettings& settings, const char* setting) {
    const bool wantNumbers = settings.unit == data::PeriodUnit::Units;
    const auto v = parseTime(text, wantNumbers ? std::string() : settings.format);
    if (!v || !kindFits(v->kind, settings.unit))
        throw settingError(setting, quotedText(text) + " is not a " + (wantNumbers ? "number" : "date") +
                                        " the time column can hold");
    return basePeriod(*v, settings.unit);
}

// Rows whose step index is outside [0, lastStep] (or before the first
// period) become NaN and are reported under `kind`.
void exclude(std::vector<double>& base, const std::vector<std::string>& timeValues,
             const std::vector<long long>& lines, const data::TimeSettings& settings, StepPlan& plan,
             const char* kind, const std::string& message, const std::function<bool(double)>& outside) {
    data::Problem p;
    p.kind = kind;
    p.column = settings.column;
    for (std::size_t i = 0; i < base.size(); ++i) {
        if (std::isnan(base[i]) || !outside(base[i])) continue;
        p.addExample(lineOf(lines, i), timeValues[i]);
        base[i] = std::nan("");
    }
    if (p.count == 0) return;
    p.message = std::to_string(p.count) + " rows are dated " + message + "; they are excluded";
    plan.problems.push_back(p);
}

// The index (0-based) of the last step: from the public end or step count,
// else from the latest time in the data (plan.endFromData).
long long lastStepIndex(const BasePeriods& b, double first, double per,
                        const std::vector<std::string>& timeValues, const data::TimeSettings& settings,
                        StepPlan& plan) {
    if (!settings.end.empty() && settings.steps > 0)
        throw settingError("time end", "give either a public end or a number of steps, not both");
    if (settings.steps < 0) throw settingError("time steps", "the number of steps must be at least 1");
    if (settings.steps > 0) return settings.steps - 1;
    if (!settings.end.empty()) {
        const double end = publicBound(settings.end, settings, "time end");
        if (end < first)
            throw settingError("time end",
                               "the end " + quotedText(settings.end) + " is before the stream's start");
        return static_cast<long long>(std::min(std::floor((end - first) / per), 1e15));
    }
    plan.endFromData = true;
    const double last = b.base[b.latest];
    if (last < first) {  // every row before the start: one (empty) step
        plan.derivedEnd = settings.start;
        return 0;
    }
    plan.derivedEnd = timeValues[b.latest];
    return static_cast<long long>(std::min(std::floor((last - first) / per), 1e15));
}

}  // namespace

StepPlan planByTime(const std::vector<std::string>& timeValues, const std::vector<long long>& lines,
                    const data::TimeSettings& settings, const std::string& file) {
    if (settings.count < 1) throw settingError("period", "the number of units per step must be at least 1");
    StepPlan plan;
    BasePeriods b = basePeriods(timeValues, lines, settings, plan, file);
    // The first period: public when the settings state it; otherwise the
    // earliest time in the data, reported so the caller can require a
    // confirmation (SPEC §1: nothing about the domain is read from the data
    // without one).
    double first = b.base[b.earliest];
    if (!settings.start.empty()) {
        first = publicBound(settings.start, settings, "time start");
        exclude(b.base, timeValues, lines, settings, plan, "before-start",
                "before the stream's start (" + quotedText(settings.start) + ")",
                [&](double x) { return x < first; });
    } else {
        plan.startFromData = true;
        plan.derivedStart = timeValues[b.earliest];
    }
    const double per = basePeriodsPerStep(settings);
    const long long last = lastStepIndex(b, first, per, timeValues, settings, plan);
    if (last + 1 > static_cast<long long>(kMaxSteps))
        throw settingError(
            "period", (plan.endFromData ? std::string("the times in the data span")
                                        : "the stream's start and end span " + std::to_string(last + 1)) +
                          " more periods than the limit of " + std::to_string(kMaxSteps) +
                          " steps; choose a longer period or a later start");
    exclude(b.base, timeValues, lines, settings, plan, "after-end",
            "after the stream's end" + (plan.endFromData ? std::string() : " (" + endText(settings) + ")"),
            [&](double x) { return std::floor((x - first) / per) > static_cast<double>(last); });
    const auto steps = static_cast<std::size_t>(last) + 1;
    plan.rows.resize(steps);
    for (std::size_t i = 0; i < b.base.size(); ++i) {
        if (std::isnan(b.base[i])) continue;
        const auto t = static_cast<std::size_t>(std::floor((b.base[i] - first) / per));
        plan.rows[std::min(t, steps - 1)].push_back(i);
    }
    plan.periods.reserve(steps);
    for (std::size_t t = 0; t < steps; ++t)
        plan.periods.push_back(periodLabel(first + static_cast<double>(t) * per, settings));
    if (steps > kManyStepsWarning) plan.problems.push_back(manyStepsProblem(settings, steps));
    if (steps == 1) {
        data::Problem one;
        one.kind = "single-time-value";
        one.column = settings.column;
        one.count = static_cast<long long>(plan.rows[0].size());
        one.message = "every readable time of " + quotedText(settings.column) + " falls in one period (" +
                      plan.periods[0] + "), so the stream has a single step";
        plan.problems.push_back(one);
    }
    return plan;
}

std::string endText(const data::TimeSettings& settings) {
    if (settings.steps > 0) return std::to_string(settings.steps) + " steps from the start";
    return quotedText(settings.end);
}

data::Problem manyStepsProblem(const data::TimeSettings& settings, std::size_t steps) {
    data::Problem p;
    p.kind = "many-steps";
    p.column = settings.column;
    p.message = "the stream has " + std::to_string(steps) + " steps (more than " +
                std::to_string(kManyStepsWarning) + "): check the period (" + data::periodToString(settings) +
                "), the start and the end; every step is a release";
    return p;
}

data::Problem timeEndProblem(const data::TimeSettings& settings, bool confirmed) {
    data::Problem p;
    p.kind = "time-end-from-data";
    p.column = settings.column;
    p.message =
        confirmed ? "the stream ends with the latest time found in the data, which was confirmed as public; "
                    "it is now the stream's public end"
                  : "the stream would end with the latest time found in the data, which is read from the "
                    "private data; state a public end or number of steps, or confirm that the data's last "
                    "period is public";
    return p;
}

data::Problem timeSpanProblem(const data::TimeSettings& settings) {
    data::Problem p;
    p.kind = "time-span-from-data";
    p.column = settings.column;
    p.message =
        "the stream starts at the earliest time found in the data, which is read from the private data; "
        "state a public start in the schema (\"time\": {\"start\": ...}) or the start option unless "
        "that date is public knowledge";
    return p;
}

StepPlan planByBatch(const data::Table& table, const data::BatchSettings& settings, privacy::Rng& rng) {
    if (settings.size < 1) throw settingError("batch", "the batch size must be at least 1");
    const std::size_t n = table.rowCount();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    if (settings.order == data::BatchOrder::Random) {
        // Fisher–Yates: every permutation equally likely given uniform draws.
        for (std::size_t i = n; i > 1; --i) {
            const std::size_t j = static_cast<std::size_t>(rng.uniformBelow(i));
            std::swap(order[i - 1], order[j]);
        }
    } else {
        const int p = table.attributeCount();
        std::vector<const data::Code*> cols(static_cast<size_t>(p));
        for (int a = 0; a < p; ++a) cols[static_cast<size_t>(a)] = table.column(a).data();
        std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
            for (const data::Code* c : cols)
                if (c[x] != c[y]) return c[x] < c[y];
            return false;
        });
    }
    StepPlan plan;
    const auto b = static_cast<std::size_t>(settings.size);
    const std::size_t steps = (n + b - 1) / b;
    plan.rows.resize(steps);
    plan.periods.resize(steps);
    for (std::size_t t = 0; t < steps; ++t) {
        const std::size_t lo = t * b, hi = std::min(n, lo + b);
        plan.rows[t].assign(order.begin() + static_cast<std::ptrdiff_t>(lo),
                            order.begin() + static_cast<std::ptrdiff_t>(hi));
        plan.periods[t] = "batch " + std::to_string(t + 1);
    }
    return plan;
}

StepSizeStats stepSizeStats(const StepPlan& plan) {
    StepSizeStats s;
    if (plan.rows.empty()) return s;
    std::vector<long long> sizes;
    sizes.reserve(plan.rows.size());
    for (const auto& r : plan.rows) sizes.push_back(static_cast<long long>(r.size()));
    std::sort(sizes.begin(), sizes.end());
    s.min = sizes.front();
    s.max = sizes.back();
    s.median = sizes[(sizes.size() - 1) / 2];
    return s;
}

}  // namespace streamsynth::stream
