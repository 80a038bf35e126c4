// The run engine: runs several series (streamer x counter x epsilon) over
// one stream, sharing the true marginals of f_t, and reports every step of
// every series through a callback as plain values (the GUI worker turns them
// into queued signals). Deterministic given the seed: each series draws from
// its own Rng stream derived from (seed, series id).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/stream/streamer.h"
#include "core/values/run_config.h"
#include "core/values/step_result.h"
#include "core/values/table.h"

namespace streamsynth::data {
class Table;
}
namespace streamsynth::privacy {
class PrivacyLedger;
}

namespace streamsynth::stream {

class StepSource;
struct ReleaseRecipe;  // core/stream/release_recipe.h

// The engine's full state between steps (sessions): per series its Rng
// state, ledger (PrivacyLedger::save bytes), streamer state and history; the
// accumulated true answers of f_t (private: metrics only).
struct SeriesState {
    std::string id;
    std::string rng;     // privacy::Rng::saveState()
    std::string ledger;  // privacy::PrivacyLedger::save()
    StreamerState streamer;
    std::vector<SeriesStepResult> history;
};

struct EngineState {
    int nextStep = 1;
    int interruptedStep = 0;
    std::vector<marginals::Marginal> truthAnswers;
    long long truthRows = 0;
    std::vector<SeriesState> series;
};

struct RunCallbacks {
    std::function<void(const SeriesStepResult&)> onStep;  // called on the engine's thread
    std::function<void(int step, int stepCount)> onProgress;
};

class RunEngine {
public:
    // source must outlive the engine. Validates config (throws setting Error).
    RunEngine(const StepSource& source, RunConfig config);
    // Resumes from a saved state (same config and workloads; the source may
    // have more steps). Throws Error(Session) when the state does not fit.
    RunEngine(const StepSource& source, RunConfig config, const EngineState& state);
    ~RunEngine();

    // Runs steps [nextStep(), lastStep] (all remaining when lastStep <= 0).
    // Checks cancel between rounds and steps; a cancelled run keeps every
    // finished release. Returns the number of steps completed.
    // With config.threads > 1 the series of a step run side by side and
    // report (onStep, in series order) once all have finished the step; with
    // one thread each reports as it finishes. Results never depend on it, but
    // a cancel inside a step reaches the series at different rounds (timing),
    // and side by side fits hold several models in memory at once. If a
    // series throws (or a callback does), the step is marked interrupted (it
    // can never be run again) after the series that finished it are recorded.
    // onProgress(step, stepCount) runs after every step.
    int run(const RunCallbacks& callbacks, const std::atomic<bool>* cancel = nullptr, int lastStep = 0);

    // A recovery stream (docs/privacy-models.md, "A lost session"), before
    // step 1: steps 1..skipSteps were released by a lost stream, so this one
    // begins at skipSteps + 1. Their rows enter the truth the metrics use
    // (PRIVATE; the steward's figures then compare with the whole table) but
    // no streamer sees them. Each start's series begins from that public
    // release (Streamer::startFrom); the others from nothing. Setting Error
    // after step 1 or past the stream's end, or for an unknown series.
    struct ReleaseStart {
        std::string seriesId;
        data::Table release;
        long long newRows = 0;  // |∇g_0|
    };
    void startAfter(int skipSteps, const std::vector<ReleaseStart>& starts);
    int nextStep() const;           // 1-based
    EngineState saveState() const;  // between steps only (not from inside a callback)
    const RunConfig& config() const;
    // All charges of all series. Each series is checked against its own
    // ledger (budget = its ε); this combined record has budget = the largest
    // ε and is for display and export.
    const privacy::PrivacyLedger& ledger() const;
    // The ledger of one series (budget per step = its ε).
    const privacy::PrivacyLedger& ledger(const std::string& seriesId) const;
    std::vector<std::string> seriesIds() const;
    // The workload set Q of the stream (the source's).
    const marginals::WorkloadSet& workloads() const;
    // The answers of f_t over Q after the last finished step (PRIVATE: for
    // metrics and the steward's own views only, never for a release).
    const std::vector<marginals::Marginal>& truthAnswers() const;
    // The release of a series after the last finished step (synthetic rows over the schema domain).
    const data::Table& release(const std::string& seriesId) const;
    // q_i(g_t) of that series as its metrics use them (the proposed streamer's
    // expected answers under ReleaseAnswers::Model; no rows are drawn).
    const std::vector<marginals::Marginal>& releaseAnswers(const std::string& seriesId) const;
    // Streamer::releaseDigest of that series (release journals; draws no rows).
    std::uint64_t releaseDigest(const std::string& seriesId) const;
    // Streamer::releaseRecipe / releaseGrowsByAppending of that series (a
    // keeper of every step's release, e.g. the GUI's spool, stores what changed).
    const ReleaseRecipe* releaseRecipe(const std::string& seriesId) const;
    bool releaseGrowsByAppending(const std::string& seriesId) const;
    std::vector<SeriesStepResult> history(const std::string& seriesId) const;
    // The DP answers the series' counters hold after its last finished step
    // (Streamer::noisyMarginals; empty before step 1 and for the baseline).
    NoisyMarginals noisyMarginals(const std::string& seriesId) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace streamsynth::stream
