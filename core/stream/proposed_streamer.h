// The proposed streamer (SPEC §5.2; Kumar, Strohmer & Vershynin): select a
// workload against target ∇f_t + g_{t−1}, measure it with the workload's own
// continual vector counter, fit warm-started from g_{t−1}'s persistent model,
// iterate k times; g_t is sampled from the last (or the mixture of) fitted
// models; unselected workloads reset their remainders to g_t's answers.
// g_t is kept as a ReleaseRecipe: its answers are the models' expected
// answers and its rows are drawn on demand, so a step costs the same at
// t = 10 as at t = 10,000 (docs/streamers.md "Releases kept as models").
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/privacy/budget_split.h"
#include "core/privacy/counter.h"
#include "core/privacy/noise_source.h"
#include "core/privacy/vector_counter.h"
#include "core/stream/release_recipe.h"
#include "core/stream/streamer.h"

namespace streamsynth::stream {

class OneWayTracker;

class ProposedStreamer final : public Streamer {
public:
    // Throws settingError("counter") on a bad env.series.counter text.
    explicit ProposedStreamer(StreamerEnv env);
    ~ProposedStreamer() override;
    StepOutput step(const StepMarginals& in, const std::atomic<bool>* cancel) override;
    // g_t's rows, drawn from the recipe on the first call after a step
    // (O(|g_t|); the same rows every time). Not for concurrent calls.
    const data::Table& release() const override;
    // The recipe's digest while g_t is one (no rows drawn), else its rows'.
    std::uint64_t releaseDigest() const override;
    const ReleaseRecipe* releaseRecipe() const override { return recipe_.parts.empty() ? nullptr : &recipe_; }
    const std::vector<marginals::Marginal>& releaseAnswers() const override { return releaseAnswers_; }
    // The 1-way and small-workload counters' whole releases (Continual), then
    // each workload measured at the last step, in Q's order, as the fit got
    // it: m_j = q_j(g_s) + [C_j(t) − C_j(s)] (Anchored, s = anchorStep).
    NoisyMarginals noisyMarginals(int step) const override;
    StreamerState saveState() const override;
    void restoreState(const StreamerState& state) override;
    // g_0 = release: q_i(g_0) as the answers and remainders (C_i = 0), its
    // model fitted to them (detail::modelOfAnswers), the 1-way counters based on it.
    void startFrom(const data::Table& release, long long newRows) override;

    // Per-cell noise variance of measuring workload i now: the variance of
    // C_i's increase since i's last reset after one more feed (ScoreNoise::Full:
    // of C_i's whole release after one more feed). Public (depends only on
    // the selection history).
    double prospectiveVariance(int workload, ScoreNoise mode) const;
    // E|noise per cell| of measuring workload i now (SPEC §5.2): b for a
    // single Laplace draw (the simple counter's first feed since a reset),
    // √(2/π)·σ otherwise.
    double prospectiveAbsNoise(int workload, ScoreNoise mode) const;
    // The counter's time of workload i (0 when never fed) and of its last reset.
    long long counterTime(int workload) const;
    long long lastResetTime(int workload) const;
    const fit::Model* model() const { return model_.get(); }
    const ReleaseRecipe& recipe() const { return recipe_; }

private:
    privacy::VectorCounter& counter(int workload);
    long long releaseRowCount() const;  // |g_t|
    void setRelease(long long n, const std::vector<std::shared_ptr<const fit::Model>>& earlier,
                    const std::shared_ptr<const fit::Model>& h);
    // The options of a fit warm-started from init (a floor on the total when counters are fed in blocks).
    fit::FitOptions fitOptionsFrom(const fit::Model& init) const;
    std::vector<marginals::Marginal> targets(const StepMarginals& in) const;
    // Feeds ∇f_t's answer on workload j to C_j and returns m_j (charged, recorded in out).
    fit::Measurement measure(int j, const StepMarginals& in, int round, StepOutput& out);
    // r_i = q_i(g_t) − C_i for the workloads not measured at t.
    void updateRemainders(const std::vector<bool>& measured);

    StreamerEnv env_;
    privacy::BudgetSplit split_;                   // per round: selection, measurement
    std::shared_ptr<privacy::NoiseSource> noise_;  // env.noise or the model's sampler
    privacy::CounterSpec spec_;
    double counterBudget_ = 0;       // every counter's budget: the measurement share (charged)
    double counterNoiseBudget_ = 0;  // what they are calibrated with (unit_noise.h; = counterBudget_ at event
                                     // level) (of (1−s)·budget with a 1-way share s)
    std::vector<std::unique_ptr<privacy::VectorCounter>> counters_;  // C_i, created at first feed
    std::vector<marginals::Marginal> remainders_;                    // r_i (empty = 0)
    std::vector<long long> resetTime_;                               // C_i.time() at i's last reset
    std::vector<bool> outOfRounds_;            // never a round's candidate (tracked, TrackedInRounds::No)
    std::shared_ptr<const fit::Model> model_;  // model of g_{t−1}; persists (SPEC §5.2)
    std::unique_ptr<OneWayTracker> oneWay_;    // continual 1-way marginals (oneWayShare > 0)
    ReleaseRecipe recipe_;                     // g_t: models, rows per model, seed
    mutable std::optional<data::Table> rows_;  // g_t's rows once drawn (until the next step)
    std::vector<marginals::Marginal> releaseAnswers_;  // E[q_i(g_t)] from the recipe
};

}  // namespace streamsynth::stream
