// Proposed streamer (SPEC §5.2). Privacy: a neighbouring stream differs in
// one row at one step t. Selection at t uses target ∇f_t + g_{t−1} (g_{t−1}
// public), sensitivity per the score, one selection share per round; each
// workload's vector counter is b-DP (ε) or b-zCDP (ρ) over its whole input
// stream with b = the smallest measurement share (one row changes one cell of
// one increment, parallel composition over cells), and at most k counters are
// fed at t. Per step: at most k selection shares + k measurement shares = the
// budget (privacy::BudgetSplit, exact). Everything else (remainders, fits,
// the release's expected answers and its rows, drawn with a seed independent
// of the data) is post-processing of released values.
#include "core/stream/proposed_streamer.h"

#include <algorithm>
#include <cmath>

#include "core/marginals/marginal_counter.h"
#include "core/steps/step_source.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/selection_score.h"
#include "core/stream/streamer_support.h"
#include "core/stream/unit_noise.h"
#include "core/values/error.h"

namespace streamsynth::stream {

ProposedStreamer::ProposedStreamer(StreamerEnv env)
    : env_(std::move(env)),
      split_(roundsSplit(env_)),
      noise_(detail::noiseSource(env_)),
      releaseAnswers_(marginals::zeroAnswers(*env_.workloads)) {
    spec_ = privacy::parseCounterSpec(env_.series.counter, env_.settings.privacy);
    spec_.noise = detail::measurementNoise(env_);
    counterBudget_ = split_.smallestMeasurement();
    // What the counters are calibrated with: the charged budget at event
    // level, that budget over the unit's factor otherwise (unit_noise.h).
    counterNoiseBudget_ =
        unitCounterNoiseBudget(env_.settings, spec_, counterBudget_, CounterFeeds::WhenSelected);
    // With continual 1-way marginals a share s of the budget goes
    // to them and the rounds split the rest (one_way_tracker.h).
    if (tracksMarginals(env_)) oneWay_ = std::make_unique<OneWayTracker>(env_, spec_, noise_);
    const std::size_t q = env_.workloads->size();
    counters_.resize(q);
    remainders_.resize(q);
    resetTime_.assign(q, 0);
    // Rounds beside the tracked workloads (tracked_in_rounds.h): a public
    // choice, resolved for this series before any data is read.
    // They stay when fewer than k workloads would be left to the rounds (a
    // small table): a round without a candidate is skipped and its share of
    // the step's budget never spent.
    outOfRounds_.assign(q, false);
    if (env_.settings.accuracy.trackedInRounds == TrackedInRounds::No) {
        const std::vector<int> tracked = trackedWorkloads(*env_.workloads, env_.settings.accuracy);
        if (q - tracked.size() >= static_cast<std::size_t>(std::max(0, env_.settings.rounds)))
            for (int w : tracked) outOfRounds_[static_cast<std::size_t>(w)] = true;
    }
}

ProposedStreamer::~ProposedStreamer() = default;

privacy::VectorCounter& ProposedStreamer::counter(int workload) {
    auto& c = counters_[static_cast<std::size_t>(workload)];
    if (!c)
        c = std::make_unique<privacy::VectorCounter>(
            spec_, counterNoiseBudget_, env_.workloads->cells(static_cast<std::size_t>(workload)), noise_);
    return *c;
}

long long ProposedStreamer::counterTime(int workload) const {
    const auto& c = counters_[static_cast<std::size_t>(workload)];
    return c ? c->time() : 0;
}

long long ProposedStreamer::lastResetTime(int workload) const {
    return resetTime_[static_cast<std::size_t>(workload)];
}

double ProposedStreamer::prospectiveVariance(int workload, ScoreNoise mode) const {
    const long long next = counterTime(workload) + 1;
    const long long since = mode == ScoreNoise::Full ? 0 : lastResetTime(workload);
    return privacy::theoreticalVarianceSince(spec_, counterNoiseBudget_, since, next);
}

double ProposedStreamer::prospectiveAbsNoise(int workload, ScoreNoise mode) const {
    const long long next = counterTime(workload) + 1;
    const long long since = mode == ScoreNoise::Full ? 0 : lastResetTime(workload);
    // The simple counter's increase over one feed is exactly one Laplace(1/ε')
    // draw: E|noise| = b. Any other case sums several terms: √(2/π)·σ.
    if (spec_.kind == "simple" && next - since == 1 && env_.settings.privacy == privacy::PrivacyModel::Pure)
        return expectedAbsNoiseSingleLaplace(1.0 / counterNoiseBudget_);
    return expectedAbsNoiseFromVariance(prospectiveVariance(workload, mode));
}

StepOutput ProposedStreamer::step(const StepMarginals& in, const std::atomic<bool>* cancel) {
    const auto& ws = *env_.workloads;
    const std::size_t q = ws.size();
    const data::Domain& domain = ws.domain();
    const int k = env_.settings.rounds;
    StepOutput out;

    // target_i = q_i(∇f_t) + q_i(g_{t−1}) (private; used only for selection).
    const std::vector<marginals::Marginal> target = targets(in);

    // h_{t,0}: the persistent model of g_{t−1}; at t = 1 uniform with the
    // public total max(1, |g_0|) = 1 (PGM.md decision 4).
    std::shared_ptr<const fit::Model> h =
        model_ ? std::move(model_)
               : std::shared_ptr<const fit::Model>(env_.engine->uniform(
                     domain, std::max<double>(1.0, static_cast<double>(releaseRowCount()))));
    std::vector<std::shared_ptr<const fit::Model>> earlier;  // h_{t,0..L−1} (kept for the mixture)
    std::vector<fit::Measurement> measurements;
    std::vector<bool> measured(q, false);
    std::vector<bool> unavailable = outOfRounds_;  // measured at t, or never a round's candidate
    std::size_t oneWayCount = 0;                   // the first measurements are the 1-way ones
    if (oneWay_) {
        // Continual 1-way marginals first: every fit of the step keeps them,
        // and the first selection already scores against a model that knows
        // every attribute's distribution.
        measurements = oneWay_->feed(in.answers, releaseAnswers_, in.step);
        oneWayCount = measurements.size();
        if (!measurements.empty()) h = env_.engine->fit(domain, measurements, h.get(), fitOptionsFrom(*h));
    }

    for (int round = 1; round <= k; ++round) {
        if (detail::cancelled(cancel)) {
            // Cancel between rounds: skip the remaining rounds (their budget
            // is not spent) and still finish the step, so the stream stays
            // consistent and can be continued.
            out.cancelledRounds = k - round + 1;
            break;
        }
        const std::vector<int> candidates = detail::sizeCappedCandidates(env_, *h, unavailable);
        if (candidates.empty()) {
            ++out.skippedRounds;  // no charge, no feed (PGM.md decision 7)
            continue;
        }
        std::vector<double> penalty(candidates.size());
        for (std::size_t c = 0; c < candidates.size(); ++c)
            penalty[c] = prospectiveAbsNoise(candidates[c], env_.settings.scoreNoise);
        const int j = detail::selectWorkload(env_, split_, *h, candidates, target, penalty, in.step, round);

        measured[static_cast<std::size_t>(j)] = true;
        unavailable[static_cast<std::size_t>(j)] = true;
        measurements.push_back(measure(j, in, round, out));

        // h_{t,l} = fit(this step's measurements, init = h_{t,l−1}).
        std::shared_ptr<const fit::Model> next =
            env_.engine->fit(domain, measurements, h.get(), fitOptionsFrom(*h));
        if (env_.settings.releaseFrom == ReleaseFrom::Mixture) earlier.push_back(std::move(h));
        h = std::move(next);
    }

    if (measurements.size() > oneWayCount) {
        // n: inverse-variance weighted total of this step's round measurements
        // (the 1-way counters' totals are left out: on thin streams their
        // noise made the release size collapse to 0; they shape the model only).
        const std::vector<fit::Measurement> rounds(
            measurements.begin() + static_cast<std::ptrdiff_t>(oneWayCount), measurements.end());
        // g_t approximates f_t, the rows of steps 1..t: at most the cap of t
        // steps (and of the steps a recovery stream's g_0 stands for).
        const int steps = in.step + std::max(0, env_.settings.stepsBefore);
        setRelease(detail::releaseRowCount(rounds, detail::releaseRowCap(env_.settings, steps)), earlier, h);
    }
    // Otherwise every round was skipped: nothing new is known; g_t = g_{t−1}.
    model_ = std::move(h);  // h_{t,k} persists: its structure only grows

    updateRemainders(measured);
    out.modelCells = model_ ? model_->sizeCells() : 0;
    out.releaseRows = releaseRowCount();
    return out;
}

fit::FitOptions ProposedStreamer::fitOptionsFrom(const fit::Model& init) const {
    fit::FitOptions out = env_.fitOptions;
    // Tracked counters fed in blocks leave the first steps' fits with no 1-way
    // value at all (a young counter's release fails the noise test, and none
    // is fed again until its block ends): the total was then the rounds' few
    // noisy cells, down to the floor of 1 row, and a model fitted to that
    // never recovered (docs/results.md, "Tracked counters in blocks"). A
    // stream's rows never leave it, so the fit keeps at least the total of the
    // model it starts from (a released model: post-processing).
    if (oneWay_ && oneWay_->feedsInBlocks()) out.minTotal = init.total() / 4;
    return out;
}

std::vector<marginals::Marginal> ProposedStreamer::targets(const StepMarginals& in) const {
    std::vector<marginals::Marginal> target(env_.workloads->size());
    for (std::size_t i = 0; i < target.size(); ++i) {
        const auto& a = in.answers[i];
        const auto& g = releaseAnswers_[i];
        target[i].resize(a.size());
        for (std::size_t c = 0; c < a.size(); ++c) target[i][c] = a[c] + g[c];  // one pass, no copy first
    }
    return target;
}

fit::Measurement ProposedStreamer::measure(int j, const StepMarginals& in, int round, StepOutput& out) {
    const auto& ws = *env_.workloads;
    // Feed ∇f_t's answer on j to C_j (once per step: j leaves the
    // candidates); m_j = C_j(t) + r_j. Charged the counter's own budget
    // (≤ this round's share) right before its noise is drawn.
    privacy::VectorCounter& cj = counter(j);
    detail::charge(env_, privacy::ChargeKind::Measurement, "counter:" + privacy::counterSpecToString(spec_),
                   counterBudget_, in.step, round, j);
    cj.feed(in.answers[static_cast<std::size_t>(j)], *env_.rng);
    const auto values = cj.values();
    const marginals::Marginal& r = remainders_[static_cast<std::size_t>(j)];
    fit::Measurement m;
    m.attrs = ws[static_cast<std::size_t>(j)].attrs;
    m.values.assign(values.begin(), values.end());
    if (!r.empty())
        for (std::size_t c = 0; c < m.values.size(); ++c) m.values[c] += r[c];
    // m_j = q_j(g_s) + [C_j(t) − C_j(s)] with s the last reset: its noise
    // is the counter's increase since s (SPEC §5.2 "Noise of a measurement").
    m.variance = cj.varianceSince(resetTime_[static_cast<std::size_t>(j)]);
    out.selected.push_back(j);
    out.measurements.push_back({j, round, m.values, m.variance});
    return m;
}

// g_t from this step's fits: n rows from h (or n/L from each of a mixture's
// components h_{t,1..L}), kept as a recipe (model rule) or drawn now (sampled).
void ProposedStreamer::setRelease(long long n, const std::vector<std::shared_ptr<const fit::Model>>& earlier,
                                  const std::shared_ptr<const fit::Model>& h) {
    const auto& ws = *env_.workloads;
    const data::Domain& domain = ws.domain();
    ReleaseRecipe g;
    if (env_.settings.releaseFrom == ReleaseFrom::Mixture) {
        // n/L rows from each h_{t,l}: floor(n/L) each, the remainder n mod L
        // one row each to the first components; rows grouped by component.
        for (std::size_t l = 1; l < earlier.size(); ++l)
            g.parts.push_back(earlier[l]);  // earlier[0] is h_{t,0}
        g.parts.push_back(h);
        const auto count = static_cast<long long>(g.parts.size());
        for (long long l = 0; l < count; ++l) g.rows.push_back(n / count + (l < n % count ? 1 : 0));
    } else {
        g.parts = {h};
        g.rows = {n};
    }
    if (env_.settings.releaseAnswers == ReleaseAnswers::Sampled) {
        // The paper's rule: g_t's rows drawn now from the series' Rng and
        // counted (O(|g_t|) per step).
        data::Table rows(domain, 0);
        for (std::size_t l = 0; l < g.parts.size(); ++l)
            rows.append(g.parts[l]->sample(g.rows[l], *env_.rng));
        recipe_ = {};
        releaseAnswers_ = detail::answersOf(env_, rows);
        rows_ = std::move(rows);
    } else {
        // The seed of g_t's rows: one draw, whatever |g_t| (the rows are drawn when asked for).
        g.seed = env_.rng->nextU64();
        recipe_ = std::move(g);
        rows_.reset();
        releaseAnswers_ = recipe_.expectedAnswers(ws, env_.queryPool.get());
    }
}

void ProposedStreamer::updateRemainders(const std::vector<bool>& measured) {
    const std::size_t q = env_.workloads->size();
    // Remainders of the workloads not selected at t: r_i = q_i(g_t) − C_i
    // (0 if never fed), so that m_i later continues from g_t's answer.
    for (std::size_t i = 0; i < q; ++i) {
        if (measured[i]) continue;
        marginals::Marginal& r = remainders_[i];
        const marginals::Marginal& g = releaseAnswers_[i];
        if (counters_[i]) {
            const auto values = counters_[i]->values();
            r.resize(g.size());
            for (std::size_t c = 0; c < r.size(); ++c) r[c] = g[c] - values[c];  // one pass, no copy first
            resetTime_[i] = counters_[i]->time();
        } else {
            r = g;
            resetTime_[i] = 0;
        }
    }
}

NoisyMarginals ProposedStreamer::noisyMarginals(int step) const {
    NoisyMarginals out;
    out.step = step;
    if (oneWay_) oneWay_->appendNoisyMarginals(step, out.items);
    const auto& ws = *env_.workloads;
    for (std::size_t j = 0; j < counters_.size(); ++j) {
        const auto& c = counters_[j];
        // Measured at the last step ⇔ fed then and not reset since: every
        // workload not measured at a step is reset to C_j's time at its end
        // (updateRemainders), so only the measured ones have reset < time.
        if (!c || resetTime_[j] >= c->time()) continue;
        NoisyMarginal m;
        m.kind = NoisyMarginal::Kind::Anchored;
        m.attrs = ws[j].attrs;
        m.workload = static_cast<int>(j);
        const auto values = c->values();
        m.counts.assign(values.begin(), values.end());
        const marginals::Marginal& r = remainders_[j];
        if (!r.empty())
            for (std::size_t cell = 0; cell < m.counts.size(); ++cell) m.counts[cell] += r[cell];
        m.variance = c->varianceSince(resetTime_[j]);
        // j was measured at each of the last (time − reset) steps; the anchor
        // is the release of the step before them.
        m.anchorStep = step - static_cast<int>(c->time() - resetTime_[j]);
        m.mechanism = "counter:" + privacy::counterSpecToString(spec_);
        m.budget = counterBudget_;
        out.items.push_back(std::move(m));
    }
    return out;
}

std::uint64_t ProposedStreamer::releaseDigest() const {
    if (!recipe_.parts.empty()) return recipe_.digest();
    return Streamer::releaseDigest();
}

const data::Table& ProposedStreamer::release() const {
    if (!rows_) rows_ = recipe_.materialise(env_.workloads->domain());
    return *rows_;
}

StreamerState ProposedStreamer::saveState() const {
    StreamerState s;
    s.counters.resize(counters_.size());
    for (std::size_t i = 0; i < counters_.size(); ++i)
        if (counters_[i]) s.counters[i] = privacy::saveCounterState(counters_[i]->state());
    s.remainders = remainders_;
    s.resetTime = resetTime_;
    s.hasModel = model_ != nullptr;
    if (model_) s.model = model_->state();
    // g_t as its recipe: the last part is the persistent model itself; the
    // other parts (a mixture's h_{t,1..L-1}) are saved beside it. Its
    // expected answers are recomputed from the models on restore (bitwise:
    // ModelState restores identical marginals).
    if (!rows_ || !recipe_.parts.empty()) {
        for (std::size_t l = 0; l + 1 < recipe_.parts.size(); ++l)
            s.releaseParts.push_back(recipe_.parts[l]->state());
        s.releaseRows = recipe_.rows;
        s.releaseSeed = recipe_.seed;
    } else {
        s.releaseColumns =
            detail::tableColumns(*rows_);  // a release restored from an older session, still current
    }
    if (oneWay_) {
        s.oneWayCounters = oneWay_->saveState();
        s.oneWayBase = oneWay_->base();
        s.oneWayBlocks = oneWay_->saveBlocks();
    }
    return s;
}

void ProposedStreamer::restoreState(const StreamerState& state) {
    const std::size_t q = env_.workloads->size();
    if (state.counters.size() != q || state.resetTime.size() != q)
        throw Error(ErrorKind::Session, "the saved proposed streamer has another number of workloads");
    detail::checkAnswerShape(env_, state.remainders, true);
    if (!state.releaseAnswers.empty()) detail::checkAnswerShape(env_, state.releaseAnswers, false);
    std::vector<std::unique_ptr<privacy::VectorCounter>> counters(q);
    for (std::size_t i = 0; i < q; ++i) {
        if (state.counters[i].empty()) continue;
        auto c =
            std::make_unique<privacy::VectorCounter>(privacy::loadCounterState(state.counters[i]), noise_);
        if (c->state().cells != env_.workloads->cells(i) || !(c->state().spec == spec_) ||
            c->budget() != counterNoiseBudget_)
            throw Error(ErrorKind::Session, "the saved counter of workload " + env_.workloads->label(i) +
                                                " does not match the series' counter");
        counters[i] = std::move(c);
    }
    std::shared_ptr<const fit::Model> model;
    const data::Domain& domain = env_.workloads->domain();
    if (state.hasModel) model = env_.engine->restore(domain, state.model);
    ReleaseRecipe recipe;
    std::optional<data::Table> rows;
    if (!state.releaseRows.empty()) {
        if (!model || state.releaseRows.size() != state.releaseParts.size() + 1)
            throw Error(ErrorKind::Session,
                        "the saved release of the proposed streamer does not fit its model");
        for (const fit::ModelState& part : state.releaseParts)
            recipe.parts.push_back(env_.engine->restore(domain, part));
        recipe.parts.push_back(model);
        recipe.rows = state.releaseRows;
        recipe.seed = state.releaseSeed;
    } else if (!state.releaseColumns.empty()) {
        // Sessions written before releases were kept as recipes hold g_t's rows.
        rows = detail::tableFromColumns(domain, state.releaseColumns);
    }
    counters_ = std::move(counters);
    remainders_ = state.remainders;
    resetTime_ = state.resetTime;
    model_ = std::move(model);
    if (oneWay_) {
        oneWay_->restoreState(state.oneWayCounters);
        oneWay_->restoreBase(state.oneWayBase);
        oneWay_->restoreBlocks(state.oneWayBlocks);
    }
    recipe_ = std::move(recipe);
    rows_ = std::move(rows);
    if (!state.releaseAnswers.empty())
        releaseAnswers_ = state.releaseAnswers;
    else
        releaseAnswers_ = rows_ ? detail::answersOf(env_, *rows_)
                                : recipe_.expectedAnswers(*env_.workloads, env_.queryPool.get());
}

void ProposedStreamer::startFrom(const data::Table& release, long long) {
    for (const auto& c : counters_)
        if (c)
            throw settingError("recover-from", "a stream starts from a release only before its first step");
    if (model_ || !recipe_.parts.empty() || rows_)
        throw settingError("recover-from", "a stream starts from a release only before its first step");
    const data::Domain& domain = env_.workloads->domain();
    rows_ = detail::tableFromColumns(domain, detail::tableColumns(release));
    releaseAnswers_ = detail::answersOf(env_, *rows_);
    // r_i = q_i(g_0) − C_i with every C_i still 0: m_i = C_i + r_i then
    // measures f_t as a stream that had released g_0 at its last step would.
    remainders_ = releaseAnswers_;
    resetTime_.assign(remainders_.size(), 0);
    model_ = detail::modelOfAnswers(env_, releaseAnswers_, static_cast<double>(rows_->rowCount()));
    if (oneWay_) oneWay_->startFrom(releaseAnswers_);
}

long long ProposedStreamer::releaseRowCount() const {
    return rows_ && recipe_.parts.empty() ? static_cast<long long>(rows_->rowCount()) : recipe_.rowCount();
}

}  // namespace streamsynth::stream
