// The accuracy planner; see accuracy_plan.h for the model and its limits.
#include "core/values/accuracy_plan.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <unordered_map>

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
    // Per attribute: the cells of the smallest workload holding it (+inf:
    // none), and the tracked small workloads holding it (indices into small).
    std::vector<double> smallestCells;
    std::vector<std::vector<std::size_t>> smallOf;
};

bool holds(const marginals::Workload& w, int a) {
    return std::find(w.attrs.begin(), w.attrs.end(), a) != w.attrs.end();
}

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
    out.smallestCells.assign(codes.size(), kInf);
    out.smallOf.resize(codes.size());
    for (int a = 0; a < domain.attributeCount(); ++a) {
        const auto i = static_cast<std::size_t>(a);
        for (std::size_t w = 0; w < ws.size(); ++w)
            if (holds(ws[w], a))
                out.smallestCells[i] = std::min(out.smallestCells[i], static_cast<double>(ws.cells(w)));
        for (std::size_t j = 0; j < out.small.size(); ++j)
            if (holds(ws[static_cast<std::size_t>(out.small[j])], a)) out.smallOf[i].push_back(j);
    }
    return out;
}

// The per-cell variance of a counter with budget b (at step t: unit = its variance at budget 1).
double varianceAt(double unit, double b, const PlanSettings& s) {
    if (!(b > 0)) return kInf;
    return pure(s) ? unit / (b * b) : unit / b;
}

// R as the 1-way share's rule and the blocks see it: public (the batch size) or not (0).
double shareRows(const PlanSettings& s) {
    return s.rowsArePublic ? s.rowsPerStep : 0.0;
}

// The block steps B of every tracked counter at one budget, as the run's
// tracker decides them (stream/tracked_blocks.h); 1: fed at every step.
struct TrackedBlocks {
    std::vector<int> attribute;  // per attribute
    std::vector<int> small;      // per tracked small workload, in UnitBudgets::small's order
    bool any() const {
        const auto blocked = [](int b) { return b > 1; };
        return std::any_of(attribute.begin(), attribute.end(), blocked) ||
               std::any_of(small.begin(), small.end(), blocked);
    }
};

TrackedBlocks trackedBlocksAt(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u,
                              double budget) {
    const auto steps = [&](double share, double cells) {
        return share > 0 ? trackedBlockSteps(s.accuracy.trackedBlocks, s.privacy, budget, share * budget,
                                             cells, shareRows(s))
                         : 1;
    };
    TrackedBlocks out;
    for (int a = 0; a < ws.domain().attributeCount(); ++a)
        out.attribute.push_back(steps(u.attribute[static_cast<std::size_t>(a)], ws.domain().size(a)));
    for (std::size_t j = 0; j < u.small.size(); ++j)
        out.small.push_back(
            steps(u.smallBudget[j], static_cast<double>(ws.cells(static_cast<std::size_t>(u.small[j])))));
    return out;
}

// The series' counter (continuous noise) after m feeds: its per-cell variance
// at budget 1 and its noise terms, each m looked up once (by name in the
// counters' registry, which dominated a search's time).
class FeedFigures {
public:
    struct Figures {
        double variance = 0;
        long long terms = 0;
    };
    explicit FeedFigures(const PlanSettings& s) : spec_(s.counter) {
        spec_.noise = privacy::noiseKindFor(s.privacy, false);
    }
    Figures at(long long feeds) {
        auto [it, fresh] = memo_.try_emplace(feeds);
        if (fresh)
            it->second = {privacy::theoreticalVariance(spec_, 1.0, feeds),
                          privacy::releaseNoiseTerms(spec_, feeds)};
        return it->second;
    }

private:
    privacy::CounterSpec spec_;
    std::unordered_map<long long, Figures> memo_;
};

// One source of an attribute's 1-way figure at step t, in shares: its noise
// variance per code, the share of the steps it has not seen yet (a counter
// fed in blocks holds the rows up to its last block's end e: (t − e)/t), and
// its noise terms (the quantile's m).
struct ShareNoise {
    double variance = kInf;
    double lag = 0;
    long long terms = 0;
};

// A tracked counter (a 1-way or small workload's) with budget b fed once per
// block of B steps: at step t it has had 1 + ⌊t/B⌋ feeds (the first step is a
// block of its own; t feeds when B = 1), holds the rows of steps 1..e and is
// calibrated for one unit's rows in one feed (blockUnitBound), as the run's tracker.
ShareNoise trackedNoise(const PlanSettings& s, FeedFigures& figures, double b, int blockSteps, long long t) {
    if (!(b > 0)) return {};
    const long long feeds = blockSteps <= 1 ? t : 1 + t / blockSteps;
    const long long end = blockSteps <= 1 ? t : lastBlockEnd(static_cast<int>(t), blockSteps);
    const FeedFigures::Figures f = figures.at(feeds);
    const double unit =
        f.variance * unitCounterVarianceFactor(s.privacy, s.counter, blockUnitBound(s.unit, blockSteps),
                                               CounterFeeds::EveryStep);
    const double rows = static_cast<double>(end) * s.rowsPerStep;
    return {varianceAt(unit, b, s) / (rows * rows), static_cast<double>(t - end) / static_cast<double>(t),
            f.terms};
}

// What the figures of step t share: the counters' spec (continuous noise) and
// the rounds' per-cell variance at budget 1 (fed when selected, t feeds).
struct StepBasis {
    FeedFigures* figures = nullptr;
    long long t = 0;
    double roundUnit = 0;
    double rows = 0;  // t·R
};

StepBasis stepBasis(const PlanSettings& s, FeedFigures& figures, long long t) {
    StepBasis out;
    out.figures = &figures;
    out.t = t;
    out.roundUnit = figures.at(t).variance *
                    unitCounterVarianceFactor(s.privacy, s.counter, s.unit, CounterFeeds::WhenSelected);
    out.rows = static_cast<double>(t) * s.rowsPerStep;
    return out;
}

// Attribute a's 1-way figure at step t, in shares, and whether it rests on the rounds.
struct OneWayNoise {
    double variance = kInf;  // per code, the sources combined
    double bias = 0;         // the sources' lag, weighted as combined, plus the shrinkage's bias bound
    long long terms = 0;
    bool fromRounds = false;
};

// The 1-way counter, every small workload holding a (its noise summed over the
// cells behind one code) and the smallest workload holding a as if a round
// measured it at every step, combined by inverse variance as a fit would.
OneWayNoise oneWayNoise(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u,
                        const TrackedBlocks& blocks, const StepBasis& basis, int a, double budget) {
    const double codes = ws.domain().size(a);
    const double cells = u.smallestCells[static_cast<std::size_t>(a)];
    if (!std::isfinite(cells)) return {};  // no workload covers a
    const ShareNoise own = trackedNoise(s, *basis.figures, u.attribute[static_cast<std::size_t>(a)] * budget,
                                        blocks.attribute[static_cast<std::size_t>(a)], basis.t);
    double precision = 0, lag = 0;
    const auto add = [&](const ShareNoise& n) {
        if (!std::isfinite(n.variance)) return;
        precision += 1.0 / n.variance;
        lag += n.lag / n.variance;
    };
    add(own);
    for (std::size_t j : u.smallOf[static_cast<std::size_t>(a)]) {
        ShareNoise n = trackedNoise(s, *basis.figures, u.smallBudget[j] * budget, blocks.small[j], basis.t);
        n.variance *= static_cast<double>(ws.cells(static_cast<std::size_t>(u.small[j]))) / codes;
        add(n);
    }
    const double rounds =
        1.0 / (varianceAt(basis.roundUnit, u.round * budget, s) * cells / codes / (basis.rows * basis.rows));
    OneWayNoise out;
    out.variance = 1.0 / (precision + rounds);
    out.bias = lag * out.variance;
    out.terms = std::isfinite(own.variance) ? own.terms : basis.figures->at(basis.t).terms;
    // The shrinkage toward flat (shrinkTowardFlat): a 1-way release with signal
    // ‖x‖₂ and noise variance σ² per code over n codes is shrunk by
    // λ ≈ ‖x‖²/(‖x‖² + n·σ²), which moves each share by at most
    // n·σ²·‖x‖/(‖x‖² + n·σ²); over all columns this is largest at ‖x‖ = σ·√n:
    // a data-free bound of σ·√n/2.
    if (std::isfinite(own.variance) && s.accuracy.oneWayShrink != OneWayShrink::None)
        out.bias += std::sqrt(own.variance * codes) / 2.0;
    out.fromRounds = rounds > precision;
    return out;
}

// The q-quantile of |noise| for a noise of this variance made of `terms` equal parts.
double quantileOf(const PlanSettings& s, double variance, long long terms, double probability) {
    if (!pure(s)) return privacy::gaussianQuantile(std::sqrt(variance), probability);
    const int m = static_cast<int>(std::clamp<long long>(terms, 1, 1 << 20));
    return privacy::laplaceSumQuantile(m, std::sqrt(variance / (2.0 * m)), probability);
}

// mean_i n_i(t): each workload's E|noise| per normalised cell, from its own
// counter (a tracked small workload's, in blocks where the run feeds it so),
// else a round's as if it measured the workload at every step.
double avgWENoise(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u,
                  const TrackedBlocks& blocks, const StepBasis& basis, double budget) {
    if (ws.empty()) return 0;
    std::vector<double> variance(
        ws.size(), varianceAt(basis.roundUnit, u.round * budget, s) / (basis.rows * basis.rows));
    for (std::size_t j = 0; j < u.small.size(); ++j)
        variance[static_cast<std::size_t>(u.small[j])] =
            trackedNoise(s, *basis.figures, u.smallBudget[j] * budget, blocks.small[j], basis.t).variance;
    double sum = 0;
    for (double v : variance) sum += std::sqrt(2.0 / std::numbers::pi) * std::sqrt(v);
    return sum / static_cast<double>(ws.size());
}

StepAccuracy predictStep(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u,
                         const TrackedBlocks& blocks, FeedFigures& figures, long long t, double budget,
                         double probability, bool& fromRounds) {
    const StepBasis basis = stepBasis(s, figures, t);
    StepAccuracy out;
    out.step = t;
    out.perAttribute.assign(static_cast<std::size_t>(ws.domain().attributeCount()), 0.0);
    for (int a = 0; a < ws.domain().attributeCount(); ++a) {
        const OneWayNoise noise = oneWayNoise(ws, s, u, blocks, basis, a, budget);
        if (!std::isfinite(noise.variance)) continue;
        const double q = quantileOf(s, noise.variance, noise.terms, probability) + noise.bias;
        out.perAttribute[static_cast<std::size_t>(a)] = q;
        if (out.worstAttribute < 0 || q > out.oneWayShare) {
            out.oneWayShare = q;
            out.oneWaySd = std::sqrt(noise.variance);
            out.worstAttribute = a;
        }
        fromRounds = fromRounds || noise.fromRounds;
    }
    out.avgWENoise = avgWENoise(ws, s, u, blocks, basis, budget);
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

// The settings with the 1-way share fixed at `share`.
PlanSettings withShare(const PlanSettings& s, double share) {
    PlanSettings out = s;
    setFixedOneWayShare(out.accuracy, share);
    return out;
}

// The settings as if every tracked counter were fed at every step: the
// closed-form solves' model (every figure ∝ budget^−γ and 1/R).
PlanSettings everyStep(const PlanSettings& s) {
    PlanSettings out = s;
    out.accuracy.trackedBlocks = 0;
    return out;
}

// The 1-way share the run would spend at `budget` (one_way_share.h).
double shareAt(const PlanSettings& s, double budget, double rows) {
    return oneWayShareFor(s.accuracy, s.privacy, budget, rows);
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

namespace {

// The prediction at `budget` (the rule's share and the run's blocks at it),
// its checks in step order up to the first at which stop(check) holds.
// UnitBudgets depend on the share only; a search evaluates thousands of
// budgets at one share, so it keeps the last ones.
struct UnitCache {
    double share = -1;
    UnitBudgets units;
    std::optional<FeedFigures> figures;  // the settings' counter does not change within a search
    const UnitBudgets& at(const marginals::WorkloadSet& ws, const PlanSettings& fixed) {
        if (fixed.accuracy.oneWayShare != share) {
            units = unitBudgets(ws, fixed);
            share = fixed.accuracy.oneWayShare;
        }
        return units;
    }
};

template <class Stop>
AccuracyPrediction predictUntil(const marginals::WorkloadSet& ws, const PlanSettings& settings, double budget,
                                double probability, const Stop& stop, UnitCache& cache) {
    const PlanSettings fixed = withShare(settings, shareAt(settings, budget, shareRows(settings)));
    const UnitBudgets& units = cache.at(ws, fixed);
    if (!cache.figures) cache.figures.emplace(fixed);
    const TrackedBlocks blocks = trackedBlocksAt(ws, fixed, units, budget);
    AccuracyPrediction out;
    out.budget = budget;
    out.oneWayBudgetShare = fixed.accuracy.oneWayShare;
    out.probability = probability;
    out.countersInBlocks = blocks.any();
    for (long long t : checkedSteps(fixed)) {
        out.checks.push_back(predictStep(ws, fixed, units, blocks, *cache.figures, t, budget, probability,
                                         out.oneWayFromRounds));
        if (stop(out.checks.back())) break;
    }
    return out;
}

double figureOf(const StepAccuracy& check, const AccuracyTarget& target) {
    return target.goal == AccuracyGoal::AvgWE ? check.avgWE : check.oneWayShare;
}

// Whether the prediction at `budget` meets the target at every checked step
// (validated settings; stops at the first check that misses).
bool meetsAt(const marginals::WorkloadSet& ws, const PlanSettings& settings, const AccuracyTarget& target,
             double budget, UnitCache& cache) {
    bool missed = false;
    predictUntil(
        ws, settings, budget, target.probability,
        [&](const StepAccuracy& c) {
            missed = figureOf(c, target) > target.bound;
            return missed;
        },
        cache);
    return !missed;
}

}  // namespace

AccuracyPrediction predictAccuracy(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                                   double budget, double probability) {
    validate(settings);
    if (!(budget > 0) || !std::isfinite(budget))
        throw settingError("epsilon", "the budget must be a number > 0");
    if (!(probability > 0 && probability < 1))
        throw settingError("probability", "the probability must be between 0 and 1 (exclusive)");
    UnitCache cache;
    return predictUntil(
        ws, settings, budget, probability, [](const StepAccuracy&) { return false; }, cache);
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

// Where the run may feed its tracked counters in blocks: a batched stream
// (R public) at R·ε ≤ kBlocksMaxRowsTimesEpsilon (tracked_blocks.h), K > 0.
bool blocksMayApply(const PlanSettings& s, double budget, double publicRows) {
    return s.accuracy.trackedBlocks > 0 && publicRows > 0 &&
           publicRows * noiseEquivalentEpsilon(s.privacy, budget) <= kBlocksMaxRowsTimesEpsilon;
}

// The budget at which R·ε (noise-equivalent) is kBlocksMaxRowsTimesEpsilon; 0 when R is not public.
double budgetAtBlocksEdge(const PlanSettings& s, double publicRows) {
    if (!(publicRows > 0)) return 0;
    const double epsilon = kBlocksMaxRowsTimesEpsilon / publicRows;
    return pure(s) ? epsilon : epsilon * epsilon / 2.0;
}

// The largest x at which inBlocks(x), starting from the exact edge `x` and
// stepping down past its rounding; 0 when the region is empty.
template <class InBlocks>
double lastInBlocks(const InBlocks& inBlocks, double x) {
    if (!(x > 0) || !std::isfinite(x)) return 0;
    for (int i = 0; i < 8 && !inBlocks(x); ++i) x = std::nextafter(x, 0.0);
    return inBlocks(x) ? x : 0;
}

// Where some tracked counter's B changes, in budgets or in rows per step. B
// = ⌈y⌉ with y = K·n/(R·ε_i) (ε_i the noise-equivalent ε of the counter's
// budget, n its cells) falls as the budget or R grows, and steps from j to
// j − 1 where y = j − 1. Only B ≤ steps + 1 matter: a block longer than the
// stream leaves its counter with step 1's rows at every step, whatever B.
// `at(y, fraction, cells)` gives the budget (or rows) where a counter reaches y.
template <class At>
std::vector<double> blockBreaks(const marginals::WorkloadSet& ws, const PlanSettings& s, const UnitBudgets& u,
                                double hi, const At& at) {
    std::vector<double> out;
    const auto add = [&](double fraction, double cells) {
        if (!(fraction > 0)) return;
        for (long long j = 1; j <= s.steps; ++j) {
            const double x = at(static_cast<double>(j), fraction, cells);
            if (x > 0 && x < hi) out.push_back(x);
        }
    };
    for (int a = 0; a < ws.domain().attributeCount(); ++a)
        add(u.attribute[static_cast<std::size_t>(a)], ws.domain().size(a));
    for (std::size_t j = 0; j < u.small.size(); ++j)
        add(u.smallBudget[j], static_cast<double>(ws.cells(static_cast<std::size_t>(u.small[j]))));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// How far above a budget (or a number of rows) planned where counters are
// fed in blocks every value must still meet the target: the dialog's
// rounding up to three significant digits (≤ 1%), the run's ε–ρ conversion
// under zCDP (10⁻¹²), and a steward typing a round number just above it.
inline constexpr double kSteadyMargin = 0.05;

// Inside a piece, clear of its left break: the run computes B from the same
// numbers in another order, which at a break itself can give the left piece's B.
inline constexpr double kClearOfBreak = 1e-9;

// The smallest x in piece [left, end] at which meets(x), given meets(end):
// the figures fall as x grows inside a piece (each noise figure ∝ x^−γ or
// 1/R, the lag fixed), so by bisection; kept clear of the left break.
template <class Meets>
double crossingIn(double left, double end, const Meets& meets) {
    const double clear = left * (1 + kClearOfBreak);
    if (left > 0 && meets(clear)) return clear;
    double lo = left, good = end;
    for (int k = 0; k < 200 && good - lo > 1e-12 * good; ++k) {
        const double mid = 0.5 * (lo + good);
        (meets(mid) ? good : lo) = mid;
    }
    return std::max(good, clear);
}

// The pieces of (0, hi] between `breaks` (ascending, in (0, hi)), on each of
// which every B is constant, and the point hi itself (where the 1-way
// share's band may start; just above it nothing is fed in blocks).
struct Pieces {
    std::vector<double> ends;  // the pieces' right ends: the breaks, then hi
    double left(std::size_t i) const { return i == 0 ? 0.0 : ends[i - 1]; }
};

// Whether every x' in [x, top(x)] meets, x in piece i meeting: each later
// piece in the window is highest at its left break (its figures fall toward
// its right); the point hi and just above it, when the window reaches them.
// `failedAt`: the piece whose left break missed (ends.size() when above hi).
template <class Meets>
bool steadyFrom(const Pieces& p, std::size_t i, double top, const Meets& meets, std::size_t& failedAt) {
    const double hi = p.ends.back();
    for (std::size_t j = i; j + 1 < p.ends.size() && p.ends[j] <= top; ++j)
        if (!meets(p.ends[j] * (1 + kClearOfBreak))) {
            failedAt = j + 1;
            return false;
        }
    if (top >= hi && !(meets(hi) && meets(hi * (1 + kClearOfBreak)))) {
        failedAt = p.ends.size();
        return false;
    }
    return true;
}

// The smallest x in (0, hi] from which every value up to top(x) meets the
// target, where the figures jump across B's breaks (more feeds: up; the lag
// (t mod B)/t: either way), so that more budget, or more rows, can miss where
// less met: the first piece that meets just left of its right end (its lowest
// figures) gives the first crossing; if its window [x, top(x)] holds a value
// that misses, the search goes on from the piece where it missed. +inf when none.
template <class Meets, class Top>
double smallestSteadyAcross(std::vector<double> breaks, double hi, const Meets& meets, const Top& top) {
    breaks.push_back(hi);
    const Pieces p{std::move(breaks)};
    for (std::size_t i = 0; i < p.ends.size(); ++i) {
        const double left = p.left(i), end = p.ends[i] * (1 - kClearOfBreak);
        if (!(end > left * (1 + kClearOfBreak)) || !meets(end)) continue;
        const double x = crossingIn(left, end, meets);
        std::size_t failedAt = 0;
        if (steadyFrom(p, i, top(x), meets, failedAt)) return x;
        if (failedAt >= p.ends.size()) return kInf;  // just above hi misses: so does every later window
        i = failedAt - 1;                            // the loop's ++i: on from the piece that missed
    }
    std::size_t failedAt = 0;
    return meets(hi) && steadyFrom(p, p.ends.size() - 1, top(hi), meets, failedAt) ? hi : kInf;
}

}  // namespace

BudgetPlan smallestBudget(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                          const AccuracyTarget& target) {
    // Above the blocks' edge, per share the rule can give: the exact solve
    // at that share, then the smallest budget from there on at which the rule
    // gives it and no counter is fed in blocks. At and below the edge, where
    // B depends on the budget, a search (smallestSteadyAcross). The least of these.
    BudgetPlan plan;
    double best = kInf;
    std::string why;
    const double rows = shareRows(settings);
    const double edge = lastInBlocks([&](double b) { return blocksMayApply(settings, b, rows); },
                                     budgetAtBlocksEdge(settings, rows));
    std::vector<double> edges = oneWayShareBreaks(settings.accuracy, settings.privacy, rows);
    if (edge > 0) edges.push_back(edge);
    std::sort(edges.begin(), edges.end());
    for (double share : possibleShares(settings)) {
        const Requirement r = requirement(ws, everyStep(withShare(settings, share)), target);
        if (!r.why.empty()) {
            why = r.why;
            continue;
        }
        // atUnit·B^−γ ≤ allowed  ⇔  B ≥ (atUnit/allowed)^{1/γ}.
        const double solved = std::pow(r.atUnit / r.allowed, 1.0 / gammaOf(settings));
        const auto gives = [&](double b) {
            return shareAt(settings, b, rows) == share && !blocksMayApply(settings, b, rows);
        };
        best = std::min(best, firstWhere(gives, solved, edges));
    }
    if (edge > 0) {
        // Below the edge the rule's share is that just below it; B's breaks at it.
        const UnitBudgets u =
            unitBudgets(ws, withShare(settings, shareAt(settings, edge * (1 - 1e-9), rows)));
        const double k = settings.accuracy.trackedBlocks;
        const auto at = [&](double y, double fraction, double cells) {
            const double epsilon = k * cells / (rows * y);  // the counter's noise-equivalent ε there
            return (pure(settings) ? epsilon : epsilon * epsilon / 2.0) / fraction;
        };
        UnitCache cache;
        const auto meets = [&](double b) { return meetsAt(ws, settings, target, b, cache); };
        const auto top = [](double b) { return b * (1 + kSteadyMargin); };
        best = std::min(best, smallestSteadyAcross(blockBreaks(ws, settings, u, edge, at), edge, meets, top));
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
    const auto inBlocks = [&](double r) {
        return blocksMayApply(settings, budget, settings.rowsArePublic ? r : 0.0);
    };
    const double edge = lastInBlocks(inBlocks, kBlocksMaxRowsTimesEpsilon / epsilon);
    if (edge > 0) edges.push_back(edge);
    std::sort(edges.begin(), edges.end());
    double best = kInf;
    for (double share : possibleShares(settings)) {
        const Requirement r = requirement(ws, everyStep(withShare(settings, share)), target);
        if (!r.why.empty()) continue;
        // Every figure is ∝ 1/R: R·(atUnit·B^−γ/allowed) rows reach the bound.
        const double solved =
            settings.rowsPerStep * r.atUnit * std::pow(budget, -gammaOf(settings)) / r.allowed;
        const auto gives = [&](double rows) {
            return shareAt(settings, budget, settings.rowsArePublic ? rows : 0.0) == share && !inBlocks(rows);
        };
        best = std::min(best, firstWhere(gives, solved, edges));
    }
    if (edge > 0) {
        const UnitBudgets u =
            unitBudgets(ws, withShare(settings, shareAt(settings, budget, edge * (1 - 1e-9))));
        const double k = settings.accuracy.trackedBlocks;
        const auto at = [&](double y, double fraction, double cells) {
            return k * cells / (y * noiseEquivalentEpsilon(settings.privacy, fraction * budget));
        };
        UnitCache cache;  // the units do not depend on R
        const auto meets = [&](double rows) {
            PlanSettings withRows = settings;
            withRows.rowsPerStep = rows;
            return meetsAt(ws, withRows, target, budget, cache);
        };
        // Rows are whole: the window reaches at least the next whole number above.
        const auto top = [](double rows) {
            return std::max(rows * (1 + kSteadyMargin), std::floor(rows) + 1);
        };
        best = std::min(best, smallestSteadyAcross(blockBreaks(ws, settings, u, edge, at), edge, meets, top));
    }
    return best;
}

}  // namespace streamsynth::stream
