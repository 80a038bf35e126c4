// Baseline streamer: per step a fresh MWEM+PGM on ∇f_t (SPEC §5.1, PGM.md §7.1
// with StreamSynth's decisions). Per round (privacy::BudgetSplit): one share
// for the exponential mechanism and one for a measurement of every cell
// (sensitivity 1 in L1 and L2: one row moves one cell by 1), Laplace(1/ε')
// under pure DP or Gaussian σ = 1/√(2ρ') under zCDP, drawn through the
// series' NoiseSource; a step spends at most the budget exactly; a round with
// no candidate is skipped and spends nothing. With a 1-way share
// (AccuracyOptions::baselineOneWayShare) every covered attribute's 1-way
// marginal of ∇f_t is measured first, each with an even part of the share
// (sensitivity 1: one row moves one cell by 1), and the rounds split the
// rest; the step's charges still sum to at most ε (baselineOneWayBudget),
// and steps use disjoint rows, so the stream stays ε-DP.
#include "core/stream/baseline_streamer.h"

#include <algorithm>
#include <cmath>

#include "core/marginals/marginal_counter.h"
#include "core/metrics/one_way.h"
#include "core/steps/step_source.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/selection_score.h"
#include "core/stream/streamer_support.h"
#include "core/stream/unit_noise.h"

namespace streamsynth::stream {

BaselineStreamer::BaselineStreamer(StreamerEnv env)
    : env_(std::move(env)),
      split_(env_.settings.privacy, baselineOneWayBudget(env_).rounds, env_.settings.rounds),
      oneWayEpsilons_(baselineOneWayBudget(env_).perAttribute),  // a cheap second call, once per series
      oneWaySources_(metrics::oneWaySources(*env_.workloads)),
      noise_(detail::noiseSource(env_)),
      release_(env_.workloads->domain(), 0),
      releaseAnswers_(marginals::zeroAnswers(*env_.workloads)) {}

StepOutput BaselineStreamer::step(const StepMarginals& in, const std::atomic<bool>* cancel) {
    const auto& ws = *env_.workloads;
    const data::Domain& domain = ws.domain();
    const int k = env_.settings.rounds;
    const privacy::NoiseKind noise = detail::measurementNoise(env_);
    const privacy::PrivacyModel privacyModel = env_.settings.privacy;

    StepOutput out;
    // Before any measurement: uniform over the domain with a PUBLIC total,
    // the previous step's released row count (1 at the first step; PGM.md
    // decision 4). Never |∇f_t|.
    // With BaselineInit::Previous: step t−1's final model (released, so
    // post-processing) rescaled to the same public total.
    const double publicTotal = static_cast<double>(std::max<long long>(1, lastNewRows_));
    std::unique_ptr<fit::Model> model =
        env_.settings.accuracy.baselineInit == BaselineInit::Previous && lastModel_
            ? lastModel_->withTotal(publicTotal)
            : env_.engine->uniform(domain, publicTotal);
    std::vector<fit::Measurement> measurements;
    std::vector<bool> measured(ws.size(), false);
    if (measureOneWays(in, measurements))
        model = env_.engine->fit(domain, measurements, model.get(), env_.fitOptions);

    for (int round = 1; round <= k; ++round) {
        if (detail::cancelled(cancel)) {
            out.cancelledRounds = k - round + 1;  // see ProposedStreamer::step
            break;
        }
        const std::vector<int> candidates = detail::sizeCappedCandidates(env_, *model, measured);
        if (candidates.empty()) {
            ++out.skippedRounds;  // nothing fits the cap: no selection, no charge (SPEC §5.2)
            continue;
        }
        // This round's measurement: scale from its share, b = 1/ε' or σ = 1/√(2ρ').
        const double share = split_.measurement(round);
        const privacy::NoiseScale scale = privacy::calibrate(
            privacyModel, share, unitFreshSensitivity(env_.settings, privacy::Sensitivity::ofCount()));
        const double variance = privacy::noiseVariance(noise, scale.value());
        // E|noise| of one Laplace(b) draw is b; we use b for the discrete one too
        // (its E|X| = 2p/(1-p²), p = e^{-1/b}, is within 5% of b for b >= 2);
        // for a Gaussian it is √(2/π)·σ.
        const double expectedAbsNoise = privacyModel == privacy::PrivacyModel::Pure
                                            ? expectedAbsNoiseSingleLaplace(scale.value())
                                            : expectedAbsNoiseFromVariance(variance);
        const std::vector<double> penalty(candidates.size(), expectedAbsNoise);
        const int j =
            detail::selectWorkload(env_, split_, *model, candidates, in.answers, penalty, in.step, round);

        // Measure q_j(∇f_t) on every cell: charged here, right before the draw.
        detail::charge(env_, privacy::ChargeKind::Measurement, privacy::noiseKindName(noise), share, in.step,
                       round, j);
        fit::Measurement m = noisyMeasurement(ws[static_cast<std::size_t>(j)].attrs,
                                              in.answers[static_cast<std::size_t>(j)], scale, in.step);
        m.variance = variance;
        measured[static_cast<std::size_t>(j)] = true;
        out.selected.push_back(j);
        out.measurements.push_back({j, round, m.values, m.variance});
        measurements.push_back(std::move(m));

        // Refit on all of this step's measurements, warm-started; the total is
        // estimated from the measurements (PGM.md §4.3).
        model = env_.engine->fit(domain, measurements, model.get(), env_.fitOptions);
    }

    // ∇g_t holds the step's new rows: at most the cap of one step.
    releaseStep(measurements, std::move(model), detail::releaseRowCap(env_.settings, 1), out);
    return out;
}

bool BaselineStreamer::measureOneWays(const StepMarginals& in, std::vector<fit::Measurement>& measurements) {
    const auto& ws = *env_.workloads;
    const privacy::NoiseKind noise = detail::measurementNoise(env_);
    bool any = false;
    for (std::size_t a = 0; a < oneWayEpsilons_.size(); ++a) {
        const double share = oneWayEpsilons_[a];
        if (!(share > 0)) continue;  // no share, or an attribute no workload covers
        const auto w = static_cast<std::size_t>(oneWaySources_[a]);
        const privacy::NoiseScale scale =
            privacy::calibrate(env_.settings.privacy, share,
                               unitFreshSensitivity(env_.settings, privacy::Sensitivity::ofCount()));
        // Charged here, right before the draw (round 0: before the rounds),
        // named by its attribute like the proposed streamer's 1-way counters.
        detail::charge(env_, privacy::ChargeKind::Measurement,
                       std::string(privacy::noiseKindName(noise)) + "-1way", share, in.step, 0,
                       ws.domain().name(static_cast<int>(a)));
        const std::vector<double> truth =
            metrics::sumOutTo(in.answers[w], ws[w], ws.domain(), static_cast<int>(a));
        fit::Measurement m = noisyMeasurement({static_cast<int>(a)}, truth, scale, in.step);
        m.variance = privacy::noiseVariance(noise, scale.value());
        measurements.push_back(std::move(m));
        any = true;
    }
    return any;
}

fit::Measurement BaselineStreamer::noisyMeasurement(std::vector<int> attrs, std::span<const double> truth,
                                                    privacy::NoiseScale scale, int step) {
    fit::Measurement m;
    m.attrs = std::move(attrs);
    m.values.resize(truth.size());
    noise_->fill(m.values, scale, step,
                 *env_.rng);  // the draw, then the truth: the noise does not see the data
    for (std::size_t c = 0; c < truth.size(); ++c) m.values[c] += truth[c];
    return m;
}

void BaselineStreamer::releaseStep(const std::vector<fit::Measurement>& measurements,
                                   std::unique_ptr<fit::Model> model, long long maxRows, StepOutput& out) {
    const auto& ws = *env_.workloads;
    // ∇g_t from the final model with n = the noisy total, rounded, >= 0. A
    // step where every round was skipped learnt nothing about ∇f_t and
    // releases no new rows (the uniform model's total is not an estimate).
    // n is the measurements' inverse-variance total (SPEC §5.1: rounded,
    // >= 0), not the model's total, which the estimator floors at 1.
    const long long n = detail::releaseRowCount(measurements, maxRows);
    data::Table newRows = model->sample(n, *env_.rng);
    const std::vector<marginals::Marginal> newAnswers = detail::answersOf(env_, newRows);
    for (std::size_t i = 0; i < ws.size(); ++i)
        for (std::size_t c = 0; c < newAnswers[i].size(); ++c) releaseAnswers_[i][c] += newAnswers[i][c];
    release_.append(newRows);
    lastNewRows_ = n;
    out.modelCells = model->sizeCells();
    if (env_.settings.accuracy.baselineInit == BaselineInit::Previous && !measurements.empty())
        lastModel_ = std::move(model);
    out.releaseRows = static_cast<long long>(release_.rowCount());
}

std::uint64_t BaselineStreamer::releaseDigest() const {
    if (digest_.rows() > release_.rowCount()) digest_ = {};  // (never: g_t only grows between resets)
    digest_.add(release_, digest_.rows(), release_.rowCount());
    return digest_.value();
}

StreamerState BaselineStreamer::saveState() const {
    StreamerState s;
    s.releaseColumns = detail::tableColumns(release_);
    // releaseAnswers is left empty: q_i(g_t) are integer counts, recounted
    // exactly from g_t on restore (half the file size on Adult).
    s.lastNewRows = lastNewRows_;
    s.hasModel = lastModel_ != nullptr;
    if (lastModel_) s.model = lastModel_->state();
    return s;
}

void BaselineStreamer::restoreState(const StreamerState& state) {
    if (!state.releaseAnswers.empty()) detail::checkAnswerShape(env_, state.releaseAnswers, false);
    release_ = detail::tableFromColumns(env_.workloads->domain(), state.releaseColumns);
    digest_ = {};
    releaseAnswers_ = state.releaseAnswers.empty() ? detail::answersOf(env_, release_) : state.releaseAnswers;
    lastNewRows_ = state.lastNewRows;
    lastModel_ = state.hasModel ? env_.engine->restore(env_.workloads->domain(), state.model) : nullptr;
}

void BaselineStreamer::startFrom(const data::Table& release, long long newRows) {
    if (release_.rowCount() > 0 || lastNewRows_ > 0)
        throw settingError("recover-from", "a stream starts from a release only before its first step");
    release_ = detail::tableFromColumns(env_.workloads->domain(), detail::tableColumns(release));
    digest_ = {};
    releaseAnswers_ = detail::answersOf(env_, release_);
    lastNewRows_ = std::max(0LL, newRows);
    lastModel_.reset();
}

}  // namespace streamsynth::stream
