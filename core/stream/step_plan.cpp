// Forming steps by time period or by batches.
#include "core/stream/step_plan.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/common/error.h"
#include "core/stream/time_parser.h"
#include "core/stream/time_period.h"

namespace streamsynth::stream {

std::size_t StepPlan::rowCount() const noexcept {
    std::size_t n = 0;
    for (const auto& r : rows) n += r.size();
    return n;
}

StepPlan planByTime(const std::vector<std::string>& timeValues, const std::vector<long long>& lines,
                    const data::TimeSettings& settings, const std::string& file) {
    if (settings.count < 1) throw settingError("period", "the number of units per step must be at least 1");
    StepPlan plan;
    data::Problem bad;
    bad.kind = "unparsable-time";
    bad.column = settings.column;
    const bool wantNumbers = settings.unit == data::PeriodUnit::Units;

    // Pass 1: base period of every row (NaN = excluded).
    std::vector<double> base(timeValues.size(), std::nan(""));
    double first = INFINITY, last = -INFINITY;
    std::size_t earliest = 0;
    for (std::size_t i = 0; i < timeValues.size(); ++i) {
        const auto v = parseTime(timeValues[i], wantNumbers ? std::string() : settings.format);
        if (!v || !kindFits(v->kind, settings.unit)) {
            const long long line = i < lines.size() ? lines[i] : static_cast<long long>(i) + 2;
            bad.addExample("line " + std::to_string(line) + ": '" + timeValues[i] + "'");
            continue;
        }
        base[i] = basePeriod(*v, settings.unit);
        if (base[i] < first) earliest = i;
        first = std::min(first, base[i]);
        last = std::max(last, base[i]);
    }
    if (bad.count > 0) {
        bad.message = std::to_string(bad.count) + " of " + std::to_string(timeValues.size()) + " rows have a " +
                      settings.column + " that cannot be read as " + (wantNumbers ? "a number" : "a date") +
                      (settings.format.empty() ? std::string() : " in the format '" + settings.format + "'") +
                      "; they are excluded from the stream";
        plan.problems.push_back(bad);
    }
    if (!std::isfinite(first)) {
        ErrorContext ctx;
        ctx.file = file;
        ctx.columnName = settings.column;
        throw inputError(timeValues.empty() ? "the table has no rows"
                                            : "no value of the time column can be read as " +
                                                  std::string(wantNumbers ? "a number" : "a date") +
                                                  (bad.examples.empty() ? "" : " (for example " + bad.examples[0] + ")"),
                         ctx);
    }
    // The first period: public when the settings state it; otherwise the
    // earliest time in the data, reported so the caller can require a
    // confirmation (SPEC §1: nothing about the domain is read from the data
    // without one).
    if (!settings.start.empty()) {
        const auto s = parseTime(settings.start, wantNumbers ? std::string() : settings.format);
        if (!s || !kindFits(s->kind, settings.unit))
            throw settingError("time start", "'" + settings.start + "' is not a " +
                                                 (wantNumbers ? "number" : "date") + " the time column can hold");
        first = basePeriod(*s, settings.unit);
        data::Problem early;
        early.kind = "before-start";
        early.column = settings.column;
        for (std::size_t i = 0; i < base.size(); ++i) {
            if (std::isnan(base[i]) || base[i] >= first) continue;
            const long long line = i < lines.size() ? lines[i] : static_cast<long long>(i) + 2;
            early.addExample("line " + std::to_string(line) + ": '" + timeValues[i] + "'");
            base[i] = std::nan("");
        }
        if (early.count > 0) {
            early.message = std::to_string(early.count) + " rows are dated before the stream's start (" +
                            settings.start + "); they are excluded";
            plan.problems.push_back(early);
        }
        if (last < first) last = first;  // every row before the start: one (empty) step
    } else {
        plan.startFromData = true;
        plan.derivedStart = timeValues[earliest];
    }
    const double per = basePeriodsPerStep(settings);
    // Calendar periods are integers; units may be fractional (floor of the offset).
    const double span = std::floor((last - first) / per);
    if (span + 1 > static_cast<double>(kMaxSteps))
        throw settingError("period", "the times span " + std::to_string(static_cast<long long>(span + 1)) +
                                         " periods, more than the limit of " + std::to_string(kMaxSteps) +
                                         " steps; choose a longer period");
    const std::size_t steps = static_cast<std::size_t>(span) + 1;
    plan.rows.resize(steps);
    for (std::size_t i = 0; i < base.size(); ++i) {
        if (std::isnan(base[i])) continue;
        const auto t = static_cast<std::size_t>(std::floor((base[i] - first) / per));
        plan.rows[std::min(t, steps - 1)].push_back(i);
    }
    plan.periods.reserve(steps);
    for (std::size_t t = 0; t < steps; ++t) plan.periods.push_back(periodLabel(first + static_cast<double>(t) * per, settings));
    if (steps == 1) {
        data::Problem one;
        one.kind = "single-time-value";
        one.column = settings.column;
        one.count = static_cast<long long>(plan.rows[0].size());
        one.message = "every readable time of " + settings.column + " falls in one period (" + plan.periods[0] +
                      "), so the stream has a single step";
        plan.problems.push_back(one);
    }
    return plan;
}

data::Problem timeSpanProblem(const data::TimeSettings& settings) {
    data::Problem p;
    p.kind = "time-span-from-data";
    p.column = settings.column;
    p.message = "the stream starts at the earliest time found in the data, which is read from the private data; "
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
        plan.rows[t].assign(order.begin() + static_cast<std::ptrdiff_t>(lo), order.begin() + static_cast<std::ptrdiff_t>(hi));
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
