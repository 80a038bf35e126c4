// The baseline streamer (SPEC §5.1): at every step an independent MWEM+PGM
// run on ∇f_t alone with the full ε. Releases at different steps use
// disjoint rows (parallel composition), so ε holds for the whole stream.
#pragma once

#include <memory>
#include <span>

#include "core/privacy/budget_split.h"
#include "core/privacy/noise_source.h"
#include "core/steps/step_digest.h"
#include "core/stream/streamer.h"

namespace streamsynth::stream {

class BaselineStreamer final : public Streamer {
public:
    explicit BaselineStreamer(StreamerEnv env);
    StepOutput step(const StepMarginals& in, const std::atomic<bool>* cancel) override;
    const data::Table& release() const override { return release_; }
    bool releaseGrowsByAppending() const override { return true; }  // g_t = g_{t−1} ∪ ∇g_t
    // Hashes only the rows appended since the last call (g_t grows by
    // appending; restoreState and startFrom start it again): the same value
    // as hashing g_t whole, which grew quadratically with the stream.
    std::uint64_t releaseDigest() const override;
    const std::vector<marginals::Marginal>& releaseAnswers() const override { return releaseAnswers_; }
    StreamerState saveState() const override;
    void restoreState(const StreamerState& state) override;
    // g_0 = release; the first step's uniform start takes |∇g_0| as its public total.
    void startFrom(const data::Table& release, long long newRows) override;

private:
    // The 1-way initialisation: measures every attribute with a part of the
    // share (charged first); false when the share is 0.
    // attrs' cells: truth plus one draw of scale per cell from the series'
    // noise source (the caller charged it and sets the variance).
    fit::Measurement noisyMeasurement(std::vector<int> attrs, std::span<const double> truth,
                                      privacy::NoiseScale scale, int step);
    bool measureOneWays(const StepMarginals& in, std::vector<fit::Measurement>& measurements);
    // ∇g_t from the step's final model, appended to g_t (see step()).
    void releaseStep(const std::vector<fit::Measurement>& measurements, std::unique_ptr<fit::Model> model,
                     long long maxRows, StepOutput& out);

    StreamerEnv env_;
    mutable RowsDigest digest_;           // of release_'s rows so far (releaseDigest)
    privacy::BudgetSplit split_;          // per round: selection, measurement
    std::vector<double> oneWayEpsilons_;  // per attribute: its 1-way measurement's share (0: none)
    std::vector<int> oneWaySources_;      // per attribute: the workload its 1-way is read off (-1: none)
    std::shared_ptr<privacy::NoiseSource> noise_;      // env.noise or the model's sampler
    data::Table release_;                              // g_t = ∪ ∇g_s
    std::vector<marginals::Marginal> releaseAnswers_;  // q_i(g_t), kept incrementally
    long long lastNewRows_ = 0;                        // |∇g_{t-1}|: public
    std::unique_ptr<fit::Model> lastModel_;            // step t−1's final model (BaselineInit::Previous)
};

}  // namespace streamsynth::stream
