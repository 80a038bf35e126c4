// The accuracy planner; see accuracy_plan.h for the model and its limits.
#include "core/values/accuracy_plan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/privacy/laplace.h"
#include "core/privacy/noise_quantile.h"
#include "core/stream/one_way_share.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/tracked_blocks.h"
#include "core/stream/unit_noise.h"
#include "core/values/error.h"

namespace streamsynth::stream {

// Calibrated on Adult (docs/streamers.md, "The accuracy planner").
// Adult, first 5,000 rows in batches of 1,000, proposed:simple with the
// defaults, 3 seeds at ε = 1, 2, 4, 8, 16, 48: the floor is the mean AvgWE at
// ε ≥ 16, slope and power the least-squares line of log(AvgWE − floor) on
// log(noise) at ε = 1, 2, 4, 8 (residuals ≤ 6%; on 10 batches of 500 at
// ε = 1, 2, 4, not fitted: ≤ 7%).
const AvgWEModel kAvgWEModel{0.00063, 1.73, 1.36};

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool pure(const PlanSettings& s) {
    return s.privacy == privacy::PrivacyModel::Pure;
}
// γ: every noise figure scales as budget^−γ.
double gammaOf(const PlanSettings& s) {
    return pure(s) ? 1.0 : 0.5;
}

void validate(const PlanSettings& s) {
    if (!(s.rowsPerStep > 0) || !std::isfinite(s.rowsPerStep))
        throw settingError("rows per step", "the expected rows per step must be a number > 0");
    if (s.steps < 1) throw settingError("steps", "the stream needs at least one step");
    if (s.rounds < 1) throw settingError("rounds", "rounds must be at least 1");
    const AccuracyOptions& a = s.accuracy;
    if (!(a.oneWayShare >= 0 && a.oneWayShare <= 0.5) || !(a.smallShare >= 0 && a.smallShare <= 0.5) ||
        !(a.oneWaySplit >= 0 && a.oneWaySplit <= 1))
        throw settingError("one-way-share",
                           "the 1-way and small-workload shares must be between 0 and 0.5 and the "
                           "1-way split's power between 0 and 1");
    privacy::validateCounterSpec(s.counter);
    if (!privacy::supportsModel(s.counter, s.privacy))
        throw settingError("counter", "counter " + privacy::counterSpecToString(s.counter) +
                                          " needs Gaussian noise: use it with the zcdp privacy model");
    if (privacy::hasHorizon(s.counter) && s.counter.horizon < s.steps)
        throw settingError("counter", "counter " + privacy::counterSpecToString(s.counter) + " allows " +
                                          std::to_string(s.counter.horizon) + " steps, the stream has " +
                                          std::to_string(s.steps));
}

// Budgets at B = 1 of everything fed at every step, and the rounds' share per measurement.
struct UnitBudgets {
    std::vector<double> attribute;  // 1-way counters (0: none)
    std::vector<int> small;         // tracked small workloads (indices into ws)
    std::vector<double> smallBudget;
    double round = 0;  // (1 − s − s₂)/(2k)
};

UnitBudgets unitBudgets(const marginals::WorkloadSet& ws, const PlanSettings& s) {
    const data::Domain& domain = ws.domain();
    std::vector<int> codes;
    std::vector<bool> covered(static_cast<std::size_t>(domain.attributeCount()), false);
    for (int a = 0; a < domain.attributeCount(); ++a) codes.push_back(domain.size(a));
    for (std::size_t i = 0; i < ws.size(); ++i)
        for (int a : ws[i].attrs) covered[static_cast<std::size_t>(a)] = true;
    UnitBudgets out;
    out.attribute = oneWayBudgetSplit(codes, covered, s.accuracy.oneWayShare, s.accuracy.oneWaySplit);
    out.small = trackedWorkloads(ws, s.accuracy);
    std::vector<int> cells;
    for (int w : out.small) cells.push_back(static_cast<int>(ws.cells(static_cast<std::size_t>(w))));
    out.smallBudget = oneWayBudgetSplit(cells, std::vector<bool>(cells.size(), true), s.accuracy.smallShare);
    const double tracked = s.accuracy.oneWayShare + (out.small.empty() ? 0.0 : s.accuracy.smallShare);
    out.round = (1.0 - tracked) / (2.0 * s.rounds);
    return out;
}

// The per-cell variance of a counter with budget b (at step t: unit = its variance at budget 1).
double varianceAt(double unit, double b, const PlanSettings& s) {
    if (!(b > 0)) return kInf;
    return pure(s) ? unit / (b * b) : unit / b;
}

// Attribute a's 1-way noise variance per code (counts) at step t, and whether it rests on the rounds.
struct OneWayNoise {
    double variance = kInf;
    bool fromRounds = false;
};

OneWayNoise oneWayNoise(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u, int a,
                        double unit, double budget) {
    const double codes = ws.domain().size(a);
    double precision = 0;
    const double v1 = varianceAt(unit, u.attribute[static_cast<std::size_t>(a)] * budget, s);
    if (std::isfinite(v1)) precision += 1.0 / v1;
    for (std::size_t j = 0; j < u.small.size(); ++j) {
        const auto w = static_cast<std::size_t>(u.small[j]);
        const auto& attrs = ws[w].attrs;
        if (std::find(attrs.begin(), attrs.end(), a) == attrs.end()) continue;
        const double vw = varianceAt(unit, u.smallBudget[j] * budget, s);
        if (std::isfinite(vw)) precision += 1.0 / (vw * static_cast<double>(ws.cells(w)) / codes);
    }
    // The rounds: the smallest workload holding a, as if a round measured it at every step.
    double cells = kInf;
    for (std::size_t w = 0; w < ws.size(); ++w)
        if (std::find(ws[w].attrs.begin(), ws[w].attrs.end(), a) != ws[w].attrs.end())
            cells = std::min(cells, static_cast<double>(ws.cells(w)));
    if (!std::isfinite(cells)) return {kInf, false};  // no workload covers a
    const double rounds = 1.0 / (varianceAt(unit, u.round * budget, s) * cells / codes);
    return {1.0 / (precision + rounds), rounds > precision};
}

// The q-quantile of |noise| for a noise of this variance made of `terms` equal parts.
double quantileOf(const PlanSettings& s, double variance, long long terms, double probability) {
    if (!pure(s)) return privacy::gaussianQuantile(std::sqrt(variance), probability);
    const int m = static_cast<int>(std::clamp<long long>(terms, 1, 1 << 20));
    return privacy::laplaceSumQuantile(m, std::sqrt(variance / (2.0 * m)), probability);
}

// The shrinkage toward flat (shrinkTowardFlat): a 1-way release with signal
// ‖x‖₂ (counts, the column's distance from flat) and noise variance σ² per
// code over n codes is shrunk by λ ≈ ‖x‖²/(‖x‖² + n·σ²), which moves each
// share by (1 − λ)·|x_v| ≤ (1 − λ)·‖x‖ = n·σ²·‖x‖/(‖x‖² + n·σ²). Over all
// columns this is largest at ‖x‖ = σ·√n: a data-free bound of σ·√n/2 counts.
double shrinkBias(const marginals::WorkloadSet& ws, const UnitBudgets& u, int a, double unit, double budget,
                  const PlanSettings& s) {
    const double b = u.attribute[static_cast<std::size_t>(a)] * budget;
    if (!(b > 0) || s.accuracy.oneWayShrink == OneWayShrink::None) return 0;
    return std::sqrt(varianceAt(unit, b, s) * ws.domain().size(a)) / 2.0;
}

// mean_i n_i(t): each workload's E|noise| per normalised cell if fed at every step.
double avgWENoise(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u, double unit,
                  double budget, double rowsSoFar) {
    if (ws.empty()) return 0;
    std::vector<double> own(ws.size(), u.round * budget);
    for (std::size_t j = 0; j < u.small.size(); ++j)
        own[static_cast<std::size_t>(u.small[j])] = u.smallBudget[j] * budget;
    double sum = 0;
    for (double b : own)
        sum += std::sqrt(2.0 / std::numbers::pi) * std::sqrt(varianceAt(unit, b, s)) / rowsSoFar;
    return sum / static_cast<double>(ws.size());
}

StepAccuracy predictStep(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u,
                         long long t, double budget, double probability, bool& fromRounds) {
    privacy::CounterSpec spec = s.counter;
    spec.noise = privacy::noiseKindFor(s.privacy, false);  // the continuous kind's variance
    // Every counter's variance at budget 1, for one row or, with a privacy unit, for one unit.
    const double unit = privacy::theoreticalVariance(spec, 1.0, t) *
                        unitCounterVarianceFactor(s.privacy, s.counter, s.unit, CounterFeeds::WhenSelected);
    const double rowsSoFar = static_cast<double>(t) * s.rowsPerStep;
    StepAccuracy out;
    out.step = t;
    out.perAttribute.assign(static_cast<std::size_t>(ws.domain().attributeCount()), 0.0);
    for (int a = 0; a < ws.domain().attributeCount(); ++a) {
        const OneWayNoise noise = oneWayNoise(ws, s, u, a, unit, budget);
        if (!std::isfinite(noise.variance)) continue;
        const double q = (quantileOf(s, noise.variance, privacy::releaseNoiseTerms(spec, t), probability) +
                          shrinkBias(ws, u, a, unit, budget, s)) /
                         rowsSoFar;
        out.perAttribute[static_cast<std::size_t>(a)] = q;
        if (out.worstAttribute < 0 || q > out.oneWayShare) {
            out.oneWayShare = q;
            out.oneWaySd = std::sqrt(noise.variance) / rowsSoFar;
            out.worstAttribute = a;
        }
        fromRounds = fromRounds || noise.fromRounds;
    }
    out.avgWENoise = avgWENoise(ws, s, u, unit, budget, rowsSoFar);
    out.avgWE = kAvgWEModel.floor + kAvgWEModel.slope * std::pow(out.avgWENoise, kAvgWEModel.power);
    return out;
}

}  // namespace

double AccuracyPrediction::worstOneWay() const {
    double w = 0;
    for (const StepAccuracy& c : checks) w = std::max(w, c.oneWayShare);
    return w;
}

double AccuracyPrediction::worstAvgWE() const {
    double w = 0;
    for (const StepAccuracy& c : checks) w = std::max(w, c.avgWE);
    return w;
}

bool withinValidatedRange(const AccuracyTarget& target) {
    return target.bound <=
           (target.goal == AccuracyGoal::AvgWE ? kValidatedAvgWEBound : kValidatedOneWayBound);
}

std::vector<long long> checkedSteps(const PlanSettings& settings) {
    if (settings.checkEvery <= 0 || settings.checkEvery > settings.steps) return {settings.steps};
    std::vector<long long> out;
    for (long long t = settings.checkEvery; t <= settings.steps; t += settings.checkEvery) out.push_back(t);
    return out;
}

namespace {

// R as the 1-way share's rule sees it: public (the batch size) or not (0).
double shareRows(const PlanSettings& s) {
    return s.rowsArePublic ? s.rowsPerStep : 0.0;
}

// The settings with the 1-way share fixed at `share`.
PlanSettings withShare(const PlanSettings& s, double share) {
    PlanSettings out = s;
    setFixedOneWayShare(out.accuracy, share);
    return out;
}

// The 1-way share the run would spend at `budget` (one_way_share.h).
double shareAt(const PlanSettings& s, double budget, double rows) {
    return oneWayShareFor(s.accuracy, s.privacy, budget, rows);
}

// Whether the run at `budget` feeds a tracked counter (a 1-way or small
// workload's) in blocks of more than one step, as its tracker decides B.
bool feedsInBlocks(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u,
                   double budget) {
    const auto blocked = [&](double share, double cells) {
        return share > 0 && trackedBlockSteps(s.accuracy.trackedBlocks, s.privacy, budget, share * budget,
                                              cells, shareRows(s)) > 1;
    };
    for (int a = 0; a < ws.domain().attributeCount(); ++a)
        if (blocked(u.attribute[static_cast<std::size_t>(a)], ws.domain().size(a))) return true;
    for (std::size_t j = 0; j < u.small.size(); ++j)
        if (blocked(u.smallBudget[j], static_cast<double>(ws.cells(static_cast<std::size_t>(u.small[j])))))
            return true;
    return false;
}

// The shares the rule can give over all budgets (or rows) for these settings.
std::vector<double> possibleShares(const PlanSettings& s) {
    if (s.accuracy.oneWayShareRule == OneWayShareRule::Fixed || !s.rowsArePublic)
        return {shareAt(s, 1.0, shareRows(s))};
    return {kOneWayShareOutsideBand, kOneWayShareInBand};
}

// The smallest x ≥ from at which gives(x): from itself, or the first of the
// rule's edges above it where it starts (an open edge: just above it); +inf
// when none. The error at a fixed share falls as x grows, so this is the
// smallest x meeting a target that the fixed share meets from `from` on.
template <class Gives>
double firstWhere(const Gives& gives, double from, const std::vector<double>& edges) {
    if (gives(from)) return from;
    for (double edge : edges) {
        if (edge < from) continue;
        double x = edge;
        for (int i = 0; i < 4 && !gives(x); ++i) x = std::nextafter(x, kInf);
        if (gives(x)) return x;
    }
    return kInf;
}

}  // namespace

AccuracyPrediction predictAccuracy(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                                   double budget, double probability) {
    validate(settings);
    if (!(budget > 0) || !std::isfinite(budget))
        throw settingError("epsilon", "the budget must be a number > 0");
    if (!(probability > 0 && probability < 1))
        throw settingError("probability", "the probability must be between 0 and 1 (exclusive)");
    const PlanSettings fixed = withShare(settings, shareAt(settings, budget, shareRows(settings)));
    const UnitBudgets units = unitBudgets(ws, fixed);
    AccuracyPrediction out;
    out.budget = budget;
    out.oneWayBudgetShare = fixed.accuracy.oneWayShare;
    out.probability = probability;
    for (long long t : checkedSteps(fixed))
        out.checks.push_back(predictStep(ws, fixed, units, t, budget, probability, out.oneWayFromRounds));
    out.countersInBlocks = feedsInBlocks(ws, fixed, units, budget);
    return out;
}

namespace {

// The noise figure the target bounds at budget 1 and the bound it must fall to
// (both before the B^−γ scaling); reachable = false with a reason otherwise.
struct Requirement {
    double atUnit = 0;
    double allowed = 0;
    std::string why;
};

Requirement requirement(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                        const AccuracyTarget& target) {
    if (!(target.bound > 0) || !std::isfinite(target.bound))
        throw settingError("target", "the target accuracy must be a number > 0");
    const AccuracyPrediction unit = predictAccuracy(ws, settings, 1.0, target.probability);
    Requirement r;
    if (target.goal == AccuracyGoal::OneWayShare) {
        r.atUnit = unit.worstOneWay();
        r.allowed = target.bound;
        if (!(r.atUnit > 0)) r.why = "no attribute is measured (no workload covers one)";
        return r;
    }
    // slope·(noise₁·B^−γ)^power ≤ bound − floor: the power joins γ (solveExponent).
    for (const StepAccuracy& c : unit.checks)
        r.atUnit = std::max(r.atUnit, std::pow(kAvgWEModel.slope * std::pow(c.avgWENoise, kAvgWEModel.power),
                                               1.0 / kAvgWEModel.power));
    r.allowed = target.bound > kAvgWEModel.floor
                    ? std::pow(target.bound - kAvgWEModel.floor, 1.0 / kAvgWEModel.power)
                    : 0;
    if (!(r.allowed > 0))
        r.why = "an AvgWE at or below the fit's floor on Adult (" + std::to_string(kAvgWEModel.floor) +
                ") is not reached at any budget";
    return r;
}

}  // namespace

BudgetPlan smallestBudget(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                          const AccuracyTarget& target) {
    // Per share the rule can give: the exact solve at that share, then the
    // smallest budget from there on at which the rule gives it; the least of these.
    BudgetPlan plan;
    double best = kInf;
    std::string why;
    const std::vector<double> edges =
        oneWayShareBreaks(settings.accuracy, settings.privacy, shareRows(settings));
    for (double share : possibleShares(settings)) {
        const Requirement r = requirement(ws, withShare(settings, share), target);
        if (!r.why.empty()) {
            why = r.why;
            continue;
        }
        // atUnit·B^−γ ≤ allowed  ⇔  B ≥ (atUnit/allowed)^{1/γ}.
        const double solved = std::pow(r.atUnit / r.allowed, 1.0 / gammaOf(settings));
        const auto gives = [&](double b) { return shareAt(settings, b, shareRows(settings)) == share; };
        best = std::min(best, firstWhere(gives, solved, edges));
    }
    if (!std::isfinite(best)) {
        plan.why = why.empty() ? "no budget reaches the target" : why;
        return plan;
    }
    plan.budget = best;
    plan.reachable = true;
    plan.prediction = predictAccuracy(ws, settings, plan.budget, target.probability);
    return plan;
}

double rowsPerStepFor(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                      const AccuracyTarget& target, double budget) {
    if (!(budget > 0) || !std::isfinite(budget))
        throw settingError("epsilon", "the budget must be a number > 0");
    // The share's edges in rows at this budget (R·ε = the band's edges), when R is public.
    std::vector<double> edges;
    const double epsilon = noiseEquivalentEpsilon(settings.privacy, budget);
    if (settings.rowsArePublic && settings.accuracy.oneWayShareRule == OneWayShareRule::Auto)
        edges = {kOneWayBandLow / epsilon, kOneWayBandHigh / epsilon};
    double best = kInf;
    for (double share : possibleShares(settings)) {
        const Requirement r = requirement(ws, withShare(settings, share), target);
        if (!r.why.empty()) continue;
        // Every figure is ∝ 1/R: R·(atUnit·B^−γ/allowed) rows reach the bound.
        const double solved =
            settings.rowsPerStep * r.atUnit * std::pow(budget, -gammaOf(settings)) / r.allowed;
        const auto gives = [&](double rows) {
            return shareAt(settings, budget, settings.rowsArePublic ? rows : 0.0) == share;
        };
        best = std::min(best, firstWhere(gives, solved, edges));
    }
    return best;
}

}  // namespace streamsynth::stream
