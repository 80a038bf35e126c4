// Continual 1-way marginals; see one_way_tracker.h for the privacy argument.
#include "core/stream/one_way_tracker.h"

#include <algorithm>
#include <cmath>

#include "core/metrics/one_way.h"
#include "core/privacy/ledger.h"
#include "core/stream/streamer_support.h"
#include "core/stream/tracked_blocks.h"
#include "core/stream/unit_noise.h"
#include "core/values/error.h"

namespace streamsynth::stream {

std::vector<double> oneWayBudgetSplit(const std::vector<int>& codesPerAttribute,
                                      const std::vector<bool>& covered, double budget, double power) {
    std::vector<double> out(codesPerAttribute.size(), 0.0);
    const auto weight = [&](std::size_t a) {  // √ exactly for the default, as before the power was an option
        const auto n = static_cast<double>(codesPerAttribute[a]);
        return power == 0.5 ? std::sqrt(n) : std::pow(n, power);
    };
    double norm = 0;
    for (std::size_t a = 0; a < out.size(); ++a)
        if (covered[a]) norm += weight(a);
    if (norm <= 0) return out;
    for (std::size_t a = 0; a < out.size(); ++a)
        if (covered[a]) out[a] = budget * weight(a) / norm;
    return out;
}

namespace {

// Whether an L1 deviation over n cells exceeds what independent noise of
// variance σ² per cell gives, at 3 sd (see oneWayInformative).
bool aboveNoise(double deviation, std::size_t cells, double variance) {
    // A test of "noise only" (a flat true histogram): for pure noise of
    // variance σ² per cell, |X| has mean ≤ √(2/π)·σ (Gaussian; Laplace gives
    // σ/√2, smaller) and standard deviation ≤ σ/√2 (Laplace; Gaussian gives
    // √(1−2/π)·σ, smaller). The n cells are independent, so ‖·‖₁ has mean
    // ≤ n·√(2/π)·σ and sd ≤ √n·σ/√2; a release is kept only when its
    // deviation is 3 sd above that mean (pure noise passes with probability
    // ≲ 0.3% by the normal approximation, Chebyshev ≤ 11%). The earlier
    // threshold (the mean alone) let about half of all pure-noise releases
    // through, which made thin streams' columns spikier than uniform.
    const double n = static_cast<double>(cells);
    const double sigma = std::sqrt(variance);
    const double noiseMean = n * std::sqrt(2.0 / 3.141592653589793) * sigma;
    const double noiseSd = std::sqrt(n) * sigma / std::sqrt(2.0);
    return deviation >= noiseMean + 3.0 * noiseSd;
}

}  // namespace

bool oneWayInformative(const std::vector<double>& noisyCounts, double variance) {
    if (noisyCounts.empty()) return false;
    double total = 0;
    for (double v : noisyCounts) total += v;
    const double flat = total / static_cast<double>(noisyCounts.size());
    double deviation = 0;
    for (double v : noisyCounts) deviation += std::fabs(v - flat);
    return aboveNoise(deviation, noisyCounts.size(), variance);
}

ShrunkRelease shrinkTowardFlat(const std::vector<double>& noisyCounts, double variance) {
    ShrunkRelease out;
    out.values = noisyCounts;
    const std::size_t n = noisyCounts.size();
    if (n < 4) return out;  // the estimator dominates only from 4 cells on
    double total = 0;
    for (double v : noisyCounts) total += v;
    const double flat = total / static_cast<double>(n);
    double spread = 0;
    for (double v : noisyCounts) spread += (v - flat) * (v - flat);
    const double noise = static_cast<double>(n - 3) * variance;
    out.factor = spread > noise ? 1.0 - noise / spread : 0.0;
    for (double& v : out.values) v = flat + out.factor * (v - flat);
    return out;
}

SpikeSplit splitSpikes(const std::vector<double>& noisyCounts, double variance, double falseAlarm) {
    SpikeSplit out;
    const std::size_t n = noisyCounts.size();
    if (n < 4 || !(variance > 0) || !(falseAlarm > 0)) return out;
    const double tau = std::sqrt(variance / 2.0) * std::log(static_cast<double>(n) / falseAlarm);
    std::vector<bool> spike(n, false);
    // Each pass removes what stands out of the rest's flat level; the level
    // falls as spikes leave, so a second, smaller spike can show (never all n:
    // the rest keeps at least one cell).
    for (bool grew = true; grew;) {
        grew = false;
        double sum = 0;
        for (std::size_t c = 0; c < n; ++c)
            if (!spike[c]) sum += noisyCounts[c];
        const double flat = sum / static_cast<double>(n - out.spikes);
        for (std::size_t c = 0; c < n && out.spikes + 1 < n; ++c)
            if (!spike[c] && noisyCounts[c] - flat > tau) {
                spike[c] = true;
                ++out.spikes;
                grew = true;
            }
    }
    if (out.spikes == 0) return out;
    std::vector<double> rest;
    for (std::size_t c = 0; c < n; ++c)
        if (!spike[c]) rest.push_back(noisyCounts[c]);
    const ShrunkRelease shrunk = shrinkTowardFlat(rest, variance);
    out.values.resize(n);
    for (std::size_t c = 0, r = 0; c < n; ++c) out.values[c] = spike[c] ? noisyCounts[c] : shrunk.values[r++];
    return out;
}

bool releaseOffCounter(const std::vector<double>& counter, const std::vector<double>& release,
                       double variance) {
    if (counter.size() != release.size())
        throw Error(ErrorKind::Session, "a 1-way release and its counter have different sizes");
    double deviation = 0;
    for (std::size_t c = 0; c < counter.size(); ++c) deviation += std::fabs(counter[c] - release[c]);
    // Under "the release is C_a(t−1)'s truth", c − g is C_a(t−1)'s noise:
    // the test of oneWayInformative with g in place of the flat histogram.
    return aboveNoise(deviation, counter.size(), variance);
}

OneWayValue oneWayIncrement(const std::vector<double>& now, double nowVariance,
                            const std::vector<double>& before, double beforeVariance, double increaseVariance,
                            const std::vector<double>& release) {
    OneWayValue out;
    if (before.empty() || releaseOffCounter(before, release, beforeVariance)) {
        out.values = now;
        out.variance = nowVariance;
        return out;
    }
    out.values.resize(now.size());
    for (std::size_t c = 0; c < now.size(); ++c) out.values[c] = release[c] + (now[c] - before[c]);
    out.variance = increaseVariance;
    out.anchored = true;
    return out;
}

std::vector<int> trackedWorkloads(const marginals::WorkloadSet& ws, const AccuracyOptions& options) {
    std::vector<int> out;
    if (!(options.smallShare > 0)) return out;
    for (std::size_t i = 0; i < ws.size(); ++i)
        if (ws[i].attrs.size() >= 2 &&
            ws.cells(i) <= static_cast<std::size_t>(std::max(0, options.smallCells)))
            out.push_back(static_cast<int>(i));
    return out;
}

namespace {

// Every attribute's codes, and whether a workload covers it (the attributes a
// 1-way measurement can be read off).
struct AttributeCoverage {
    std::vector<int> codes;
    std::vector<bool> covered;
};
AttributeCoverage attributeCoverage(const marginals::WorkloadSet& ws) {
    const data::Domain& domain = ws.domain();
    const std::vector<int> source = metrics::oneWaySources(ws);
    AttributeCoverage out;
    for (int a = 0; a < domain.attributeCount(); ++a) {
        out.codes.push_back(domain.attribute(a).size);
        out.covered.push_back(source[static_cast<std::size_t>(a)] >= 0);
    }
    return out;
}

}  // namespace

OneWayBudget oneWayBudget(const StreamerEnv& env) {
    const auto [codes, covered] = attributeCoverage(*env.workloads);
    const double budget = env.series.budget.amount();  // ε or ρ, the run's model
    const AccuracyOptions& options = env.settings.accuracy;
    OneWayBudget out;
    out.perAttribute = oneWayBudgetSplit(codes, covered, options.oneWayShare * budget, options.oneWaySplit);
    std::vector<int> cells;
    for (int w : trackedWorkloads(*env.workloads, options))
        cells.push_back(static_cast<int>(env.workloads->cells(static_cast<std::size_t>(w))));
    out.perWorkload =
        oneWayBudgetSplit(cells, std::vector<bool>(cells.size(), true), options.smallShare * budget);
    double prefix = 0.0;  // the ledger's sum of the tracked items' charges, in charge order
    for (double b : out.perAttribute)
        if (b > 0) prefix += b;
    for (double b : out.perWorkload) prefix += b;
    out.rounds = roundsBudgetAfter(env, prefix);
    return out;
}

double roundsBudgetAfter(const StreamerEnv& env, double prefix) {
    const double budget = env.series.budget.amount();
    double rounds = budget - prefix;
    for (int i = 0; i < 128; ++i) {
        const privacy::BudgetSplit split(env.settings.privacy, rounds, env.settings.rounds);
        double total = prefix;
        for (int r = 1; r <= env.settings.rounds; ++r)
            total = (total + split.selection(r)) + split.measurement(r);
        if (total <= budget) return rounds;
        rounds = std::nextafter(rounds, 0.0);
    }
    throw Error(ErrorKind::Privacy,
                "the tracked marginals' shares and the rounds' split do not add up to the budget");
}

OneWayBudget baselineOneWayBudget(const StreamerEnv& env) {
    const auto [codes, covered] = attributeCoverage(*env.workloads);
    OneWayBudget out;
    // Power 0: the same budget, hence the same noise per cell, for every
    // attribute, as AIM's initialisation (McKenna et al. 2022).
    out.perAttribute = oneWayBudgetSplit(
        codes, covered, env.settings.accuracy.baselineOneWayShare * env.series.budget.amount(), 0.0);
    double prefix = 0.0;
    for (double b : out.perAttribute)
        if (b > 0) prefix += b;
    out.rounds = env.settings.accuracy.baselineOneWayShare > 0 ? roundsBudgetAfter(env, prefix)
                                                               : env.series.budget.amount();
    return out;
}

bool tracksMarginals(const StreamerEnv& env) {
    return env.settings.accuracy.oneWayShare > 0 ||
           !trackedWorkloads(*env.workloads, env.settings.accuracy).empty();
}

privacy::BudgetSplit roundsSplit(const StreamerEnv& env) {
    if (!tracksMarginals(env)) return detail::budgetSplit(env);
    return privacy::BudgetSplit(env.settings.privacy, oneWayBudget(env).rounds, env.settings.rounds);
}

OneWayTracker::OneWayTracker(const StreamerEnv& env, const privacy::CounterSpec& spec,
                             std::shared_ptr<privacy::NoiseSource> noise)
    : env_(env), spec_(spec), noise_(std::move(noise)) {
    const OneWayBudget budget = oneWayBudget(env);
    const std::vector<int> source = metrics::oneWaySources(*env.workloads);
    const data::Domain& domain = env.workloads->domain();
    for (std::size_t a = 0; a < source.size(); ++a) {
        Item item;
        item.attribute = static_cast<int>(a);
        item.workload = source[a];
        item.cells = static_cast<std::size_t>(domain.attribute(static_cast<int>(a)).size);
        items_.push_back(item);
    }
    epsilons_ = budget.perAttribute;
    const std::vector<int> small = trackedWorkloads(*env.workloads, env.settings.accuracy);
    for (std::size_t i = 0; i < small.size(); ++i) {
        Item item;
        item.workload = small[i];
        item.cells = env.workloads->cells(static_cast<std::size_t>(small[i]));
        items_.push_back(item);
        epsilons_.push_back(budget.perWorkload[i]);
    }
    counters_.resize(items_.size());
    blocks_.resize(items_.size());
    for (std::size_t i = 0; i < items_.size(); ++i) {
        const double e = epsilons_[i];
        const int b = trackedBlockSteps(env.settings.accuracy.trackedBlocks, env.settings.privacy,
                                        env.series.budget.amount(), e, static_cast<double>(items_[i].cells),
                                        env.settings.publicRowsPerStep);
        blockSteps_.push_back(b);
        // Charged e; calibrated so that it pays for one unit (unit_noise.h),
        // whose rows in one feed are at most min(m, B·K) (tracked_blocks.h).
        const privacy::UnitBound unit = blockUnitBound(env.settings.unit, b);
        noiseBudgets_.push_back(
            e > 0 && !unit.isEventLevel()
                ? e / unitCounterFactor(env.settings.privacy, spec_, unit, CounterFeeds::EveryStep)
                : e);
    }
}

OneWayTracker::~OneWayTracker() = default;

std::vector<double> OneWayTracker::answerOf(const Item& item,
                                            const std::vector<marginals::Marginal>& answers) const {
    const auto& ws = *env_.workloads;
    const auto w = static_cast<std::size_t>(item.workload);
    if (item.attribute >= 0) return metrics::sumOutTo(answers.at(w), ws[w], ws.domain(), item.attribute);
    return std::vector<double>(answers.at(w).begin(), answers.at(w).end());
}

std::vector<fit::Measurement> OneWayTracker::feed(const std::vector<marginals::Marginal>& stepAnswers,
                                                  const std::vector<marginals::Marginal>& releaseAnswers,
                                                  int step) {
    const bool increment = env_.settings.accuracy.oneWayTarget == OneWayTarget::Increment;
    std::vector<fit::Measurement> out;
    for (std::size_t i = 0; i < items_.size(); ++i) {
        const Item& item = items_[i];
        if (item.workload < 0 || !(epsilons_[i] > 0)) continue;  // an attribute no workload covers
        const std::vector<double> answer = answerOf(item, stepAnswers);
        auto& c = counters_[i];
        if (!c) c = std::make_unique<privacy::VectorCounter>(spec_, noiseBudgets_[i], answer.size(), noise_);
        if (blockSteps_[i] > 1) {
            if (auto m = feedBlock(i, answer, releaseAnswers, step)) out.push_back(std::move(*m));
            continue;
        }
        std::vector<double> before;  // C(t−1): released at t−1 (empty before the first feed)
        double beforeVariance = 0;
        if (increment && c->time() > 0) {
            before = withBase(i, c->values());
            beforeVariance = c->variance();
        }
        charge(i, step);
        c->feed(answer, *env_.rng);
        const std::vector<double> now = withBase(i, c->values());
        fit::Measurement m;
        m.attrs = item.attribute >= 0 ? std::vector<int>{item.attribute}
                                      : (*env_.workloads)[static_cast<std::size_t>(item.workload)].attrs;
        // Post-processing (no budget): a release that noise dominates would
        // make the fit copy the noise (worse than leaving the attribute to
        // the 2-way measurements, or uniform).
        const OneWayShrink shrink = env_.settings.accuracy.oneWayShrink;
        const bool informative = oneWayInformative(now, c->variance());
        const bool shrinkPassed =
            shrink == OneWayShrink::JamesStein || shrink == OneWayShrink::JamesSteinSpikes;
        if (shrink == OneWayShrink::JamesSteinAll || (shrinkPassed && informative)) {
            // Noise above signal (λ < 1/2): increments would add mostly noise
            // to the release (the whole counter's noise, accumulated); the fit
            // gets the shrunk whole release, with C(t)'s variance (its weight
            // against the rounds' measurements is unchanged).
            ShrunkRelease js = shrinkTowardFlat(now, c->variance());
            if (js.factor < 0.5) {
                m.values = std::move(js.values);
                m.variance = c->variance();
                out.push_back(std::move(m));
                continue;
            }
        }
        if (!informative) {
            // A counter the gate rejects may still hold cells far above its
            // noise (a sparse column): with `james-stein-spikes` the fit gets
            // them, the rest shrunk, as a whole release with C(t)'s variance.
            // Not before kSpikeMinFeeds feeds: a whole release of the first
            // few batches pins the model to them, and on a stream sorted by
            // that column the pin outlived its rows (docs/results.md).
            if (shrink == OneWayShrink::JamesSteinSpikes && c->time() >= kSpikeMinFeeds) {
                SpikeSplit split = splitSpikes(now, c->variance());
                if (split.spikes > 0) {
                    m.values = std::move(split.values);
                    m.variance = c->variance();
                    out.push_back(std::move(m));
                }
            }
            continue;
        }
        if (increment) {
            OneWayValue v = oneWayIncrement(now, c->variance(), before, beforeVariance,
                                            c->varianceSince(c->time() - 1), answerOf(item, releaseAnswers));
            m.values = std::move(v.values);
            m.variance = v.variance;
        } else {
            m.values = now;
            m.variance = c->variance();  // the whole release: not anchored to g_s
        }
        out.push_back(std::move(m));
    }
    return out;
}

std::optional<fit::Measurement> OneWayTracker::feedBlock(
    std::size_t i, const std::vector<double>& answer, const std::vector<marginals::Marginal>& releaseAnswers,
    int step) {
    auto& c = counters_[i];
    BlockState& s = blocks_[i];
    const int b = blockSteps_[i];
    // q(g_a), a the last block's end: the anchor of the next block's increment.
    if (step > 1 && endsBlock(step - 1, b)) s.anchor = answerOf(items_[i], releaseAnswers);
    if (s.pending.empty()) s.pending.assign(answer.size(), 0.0);
    for (std::size_t k = 0; k < answer.size(); ++k) s.pending[k] += answer[k];
    if (endsBlock(step, b)) {
        std::vector<double> before;  // C(a): released at the last block's end
        double beforeVariance = 0;
        if (c->time() > 0) {
            before = withBase(i, c->values());
            beforeVariance = c->variance();
        }
        charge(i, step);
        c->feed(s.pending, *env_.rng);
        s.pending.clear();
        s.last = blockRelease(i, step, before, beforeVariance);
    }
    if (s.last.values.empty()) return std::nullopt;  // nothing for the fit yet
    // The last block's value stands for the steps up to its end; between
    // block ends the fit gets it scaled to the steps so far (public step
    // counts; a recovery stream's g_0 counts as the steps it stands for).
    const double stepsBefore = std::max(0, env_.settings.stepsBefore);
    const double scale = (stepsBefore + step) / (stepsBefore + lastBlockEnd(step, b));
    const Item& item = items_[i];
    fit::Measurement m;
    m.attrs = item.attribute >= 0 ? std::vector<int>{item.attribute}
                                  : (*env_.workloads)[static_cast<std::size_t>(item.workload)].attrs;
    m.values = s.last.values;
    for (double& v : m.values) v *= scale;
    m.variance = s.last.variance * scale * scale;
    return m;
}

OneWayValue OneWayTracker::blockRelease(std::size_t i, int step, const std::vector<double>& before,
                                        double beforeVariance) const {
    const auto& c = counters_[i];
    std::vector<double> now = withBase(i, c->values());
    const double variance = c->variance();
    const OneWayShrink shrink = env_.settings.accuracy.oneWayShrink;
    OneWayValue out;
    out.variance = variance;
    if (!oneWayInformative(now, variance)) {
        // Spikes only once kSpikeMinFeeds steps' rows are in (the wait of the
        // per-step rule, counted in steps).
        if (shrink == OneWayShrink::JamesSteinAll) {
            out.values = shrinkTowardFlat(now, variance).values;
        } else if (shrink == OneWayShrink::JamesSteinSpikes && step >= kSpikeMinFeeds) {
            SpikeSplit split = splitSpikes(now, variance);
            if (split.spikes > 0) out.values = std::move(split.values);
        }
        return out;
    }
    if (shrink != OneWayShrink::None) {
        ShrunkRelease js = shrinkTowardFlat(now, variance);
        if (js.factor < 0.5) {  // noise above signal: the shrunk whole release
            out.values = std::move(js.values);
            return out;
        }
    }
    // As a counter fed at every step: the block's increase on top of the
    // release at the last block's end, q(g_a) + [C(t) − C(a)], with one
    // feed's variance, unless that release is off the counter.
    const BlockState& s = blocks_[i];
    if (env_.settings.accuracy.oneWayTarget == OneWayTarget::Increment && !before.empty() &&
        s.anchor.size() == now.size())
        return oneWayIncrement(now, variance, before, beforeVariance, c->varianceSince(c->time() - 1),
                               s.anchor);
    out.values = std::move(now);
    return out;
}

bool OneWayTracker::feedsInBlocks() const {
    return std::any_of(blockSteps_.begin(), blockSteps_.end(), [](int b) { return b > 1; });
}

void OneWayTracker::restoreBlocks(const BlockStates& saved) {
    blocks_.assign(items_.size(), {});
    if (saved.pending.empty() && saved.anchor.empty() && saved.last.empty()) return;
    const std::size_t n = items_.size();
    if (saved.pending.size() != n || saved.anchor.size() != n || saved.last.size() != n ||
        saved.lastVariance.size() != n)
        throw Error(ErrorKind::Session, "the saved blocks of the 1-way counters do not match the attributes");
    for (std::size_t i = 0; i < n; ++i) {
        const auto fits = [&](const std::vector<double>& v) {
            return v.empty() || v.size() == items_[i].cells;
        };
        if (!fits(saved.pending[i]) || !fits(saved.anchor[i]) || !fits(saved.last[i]) ||
            (blockSteps_[i] <= 1 && !(saved.pending[i].empty() && saved.last[i].empty())))
            throw Error(ErrorKind::Session, "a saved block of a 1-way counter does not match its attribute");
        blocks_[i] = {saved.pending[i], saved.anchor[i], {saved.last[i], saved.lastVariance[i], false}};
    }
}

BlockStates OneWayTracker::saveBlocks() const {
    BlockStates out;
    if (!feedsInBlocks()) return out;
    for (const BlockState& s : blocks_) {
        out.pending.push_back(s.pending);
        out.anchor.push_back(s.anchor);
        out.last.push_back(s.last.values);
        out.lastVariance.push_back(s.last.variance);
    }
    return out;
}

std::vector<double> OneWayTracker::withBase(std::size_t i, std::span<const double> values) const {
    std::vector<double> out(values.begin(), values.end());
    if (i < base_.size() && base_[i].size() == out.size())
        for (std::size_t c = 0; c < out.size(); ++c) out[c] += base_[i][c];
    return out;
}

void OneWayTracker::startFrom(const std::vector<marginals::Marginal>& releaseAnswers) {
    for (const auto& c : counters_)
        if (c)
            throw settingError("recover-from", "a stream starts from a release only before its first step");
    base_.assign(items_.size(), {});
    for (std::size_t i = 0; i < items_.size(); ++i)
        if (items_[i].workload >= 0) base_[i] = answerOf(items_[i], releaseAnswers);
}

void OneWayTracker::restoreBase(const std::vector<std::vector<double>>& base) {
    if (base.empty()) {
        base_.clear();
        return;
    }
    if (base.size() != items_.size())
        throw Error(ErrorKind::Session,
                    "the saved start of the 1-way counters does not match the attributes");
    for (std::size_t i = 0; i < base.size(); ++i)
        if (!base[i].empty() && base[i].size() != items_[i].cells)
            throw Error(ErrorKind::Session,
                        "the saved start of a 1-way counter does not match its attribute");
    base_ = base;
}

std::string OneWayTracker::mechanism(std::size_t i) const {
    return std::string(items_[i].attribute >= 0 ? "counter-1way:" : "counter-small:") +
           privacy::counterSpecToString(spec_);
}

void OneWayTracker::charge(std::size_t i, int step) {
    const Item& item = items_[i];
    const std::string label = item.attribute >= 0
                                  ? env_.workloads->domain().name(item.attribute)
                                  : env_.workloads->label(static_cast<std::size_t>(item.workload));
    detail::charge(env_, privacy::ChargeKind::Measurement, mechanism(i), epsilons_[i], step, 0, label);
}

void OneWayTracker::appendNoisyMarginals(int step, std::vector<NoisyMarginal>& out) const {
    for (std::size_t i = 0; i < items_.size(); ++i) {
        const auto& c = counters_[i];
        if (!c || c->time() == 0) continue;  // never fed (an attribute no workload covers)
        const Item& item = items_[i];
        NoisyMarginal m;
        m.kind = NoisyMarginal::Kind::Continual;
        m.attrs = item.attribute >= 0 ? std::vector<int>{item.attribute}
                                      : (*env_.workloads)[static_cast<std::size_t>(item.workload)].attrs;
        m.workload = item.attribute >= 0 ? -1 : item.workload;
        const auto values = c->values();
        m.counts.assign(values.begin(), values.end());
        m.variance = c->variance();
        // Fed once at every step since its first (B = 1): the rows of steps
        // step − time + 1 .. step (all of f_t unless a session added it
        // later); in blocks (from step 1 on): those of steps 1 .. the last
        // block's end.
        const int b = blockSteps_[i];
        m.fromStep = b > 1 ? 1 : step - static_cast<int>(c->time()) + 1;  // blocks: fed from step 1 on
        m.toStep = lastBlockEnd(step, b);
        m.mechanism = mechanism(i);
        m.budget = epsilons_[i];
        out.push_back(std::move(m));
    }
}

std::vector<std::string> OneWayTracker::saveState() const {
    std::vector<std::string> out(counters_.size());
    for (std::size_t a = 0; a < counters_.size(); ++a)
        if (counters_[a]) out[a] = privacy::saveCounterState(counters_[a]->state());
    return out;
}

void OneWayTracker::restoreState(const std::vector<std::string>& counters) {
    if (counters.empty()) return;  // not fed yet
    if (counters.size() != counters_.size())
        throw Error(ErrorKind::Session,
                    "the saved 1-way counters do not match the schema's attributes and workloads");
    for (std::size_t i = 0; i < counters.size(); ++i) {
        if (counters[i].empty()) continue;
        auto c = std::make_unique<privacy::VectorCounter>(privacy::loadCounterState(counters[i]), noise_);
        // (A unit-level stream's counters must hold its unit's calibration;
        // event-level sessions saved before the check are not asked.)
        if (c->cells() != items_[i].cells ||
            (!env_.settings.unit.isEventLevel() && c->budget() != noiseBudgets_[i]))
            throw Error(ErrorKind::Session, "a saved 1-way counter does not match its attribute or workload");
        counters_[i] = std::move(c);
    }
}

}  // namespace streamsynth::stream
