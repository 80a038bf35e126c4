// The streamer interface: one series' algorithm over the stream. A streamer
// sees the private data ONLY as StepMarginals (∇f_t's answers over Q and
// |∇f_t|; the privacy boundary of SPEC §2) and draws every random number from
// its series' own Rng; every ε it spends is a ledger charge made where the
// noise is drawn (ARCHITECTURE.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/fit/fit_engine.h"
#include "core/stream/noisy_marginals.h"
#include "core/values/run_config.h"
#include "core/values/table.h"
#include "core/values/workload.h"
#include "core/values/workload_set.h"

namespace streamsynth::privacy {
class NoiseSource;
class PrivacyLedger;
class Rng;
}  // namespace streamsynth::privacy

namespace streamsynth::stream {

struct StepMarginals;
struct ReleaseRecipe;  // core/stream/release_recipe.h

// Everything a streamer needs besides the data; the pointers are owned by
// the caller (the run engine) and outlive the streamer.
struct StreamerEnv {
    const marginals::WorkloadSet* workloads = nullptr;
    const fit::FitEngine* engine = nullptr;
    fit::FitOptions fitOptions;
    RunConfig settings;  // shared settings (rounds, score, caps, noise kind); `series` unused
    SeriesConfig series;
    privacy::PrivacyLedger* ledger = nullptr;
    privacy::Rng* rng = nullptr;
    // Where every measurement's noise comes from (baseline draws and counter
    // feeds alike); null = the production sampler of the run's noise kind.
    // Tests substitute a recorder (privacy_test::RecordingNoise).
    std::shared_ptr<privacy::NoiseSource> noise;
    // The threads left to this series (settings.threads > 1): the
    // selection's and the release's marginal queries run side by side on it
    // (results never depend on it). Null: one after the other.
    std::shared_ptr<TaskPool> queryPool;
};

// One measurement made at a step (for tests, the UI's selection histogram
// and docs): the workload, the released values m_i given to the fit and
// their per-cell noise variance.
struct StepMeasurement {
    int workload = -1;
    int round = 0;
    std::vector<double> values;
    double variance = 0;
};

struct StepOutput {
    std::vector<int> selected;  // workload indices measured, in round order
    std::vector<StepMeasurement> measurements;
    int skippedRounds = 0;      // rounds with no candidate (no charge)
    double modelCells = 0;      // final model size
    long long releaseRows = 0;  // |g_t|
    int cancelledRounds = 0;    // rounds not run because of a cancel (no charge); the step still releases
};

// A streamer's full state after a finished step (sessions): restoring it
// into a fresh streamer with the same env (and the same Rng state) continues
// the stream bitwise identically.
// The proposed streamer's tracked counters fed in blocks (one_way_tracker.h),
// per item: the current block's rows (private), the anchor q(g_a) and the
// last block's value for the fit with its variance. All empty when no item
// is fed in blocks.
struct BlockStates {
    std::vector<std::vector<double>> pending;
    std::vector<std::vector<double>> anchor;
    std::vector<std::vector<double>> last;
    std::vector<double> lastVariance;
};

struct StreamerState {
    std::vector<std::string>
        counters;  // proposed: privacy::saveCounterState bytes per workload; "" = never fed
    std::vector<marginals::Marginal> remainders;  // proposed: r_i (empty = 0)
    std::vector<long long> resetTime;             // proposed: C_i.time() at i's last reset
    bool hasModel =
        false;  // proposed: the persistent model of g_t (baseline: step t's, BaselineInit::Previous)
    fit::ModelState model;
    std::vector<std::vector<data::Code>>
        releaseColumns;  // g_t, column-major codes (baseline; older proposed sessions)
    std::vector<marginals::Marginal> releaseAnswers;  // q_i(g_t); empty = recount from releaseColumns (exact)
    long long lastNewRows = 0;                        // baseline: |∇g_t|
    // proposed: g_t as a ReleaseRecipe (core/stream/release_recipe.h): the
    // parts before the last (the last is `model`), rows per part, the seed.
    std::vector<fit::ModelState> releaseParts;
    std::vector<long long> releaseRows;  // empty: no recipe (nothing released yet, or releaseColumns)
    std::uint64_t releaseSeed = 0;
    std::vector<std::string> oneWayCounters;  // proposed with oneWayShare: per attribute ("" = never fed)
    // proposed with oneWayShare, a stream started from a release (startFrom):
    // each 1-way counter's answer on that release, added to what it counts.
    std::vector<std::vector<double>> oneWayBase;
    // proposed, tracked counters fed in blocks (tracked_blocks.h).
    BlockStates oneWayBlocks;
};

class Streamer {
public:
    virtual ~Streamer() = default;
    // Runs step t (in.step, 1-based, consecutive). Afterwards release() is
    // g_t. Checks cancel between rounds: a cancelled step skips its remaining
    // rounds (no charge) and still releases, so the stream stays continuable.
    virtual StepOutput step(const StepMarginals& in, const std::atomic<bool>* cancel) = 0;
    // g_t (synthetic rows over the workloads' domain); empty before step 1.
    virtual const data::Table& release() const = 0;
    // q_i(g_t) for every workload i of Q.
    virtual const std::vector<marginals::Marginal>& releaseAnswers() const = 0;
    // A digest identifying g_t (release journals): of its rows by default; a
    // streamer keeping g_t as a recipe digests the recipe (no rows drawn).
    virtual std::uint64_t releaseDigest() const;
    // g_t as a recipe (release() draws its rows), or null when g_t is rows.
    virtual const ReleaseRecipe* releaseRecipe() const { return nullptr; }
    // True when g_t is always g_{t−1} with rows appended (the baseline's
    // union of ∇g_s): a keeper of every step then needs only the new rows.
    virtual bool releaseGrowsByAppending() const { return false; }
    // The DP answers its continual counters hold after step t (the step just
    // finished), each with its theoretical variance (noisy_marginals.h); read
    // off the state, so a restored streamer gives the same. None by default
    // (the baseline keeps no counters).
    virtual NoisyMarginals noisyMarginals(int step) const;
    // Session support (see StreamerState); restoreState throws Error(Session)
    // when the state does not fit this streamer's workloads.
    virtual StreamerState saveState() const;
    virtual void restoreState(const StreamerState& state);
    // A recovery stream (docs/privacy-models.md, "A lost session"): before
    // step 1, the stream starts from g_0 = `release`, an earlier stream's
    // last published release (public), instead of from nothing; `newRows`
    // is |∇g_0|, the rows that release added at its step (public). Counters
    // start fresh; the release's answers become g_0's in every rule that
    // uses g_{t−1}. Error(Setting) after step 1.
    virtual void startFrom(const data::Table& release, long long newRows);
};

// The baseline (SPEC §5.1) or proposed (SPEC §5.2) streamer for env.series.
// Throws a setting Error on a bad counter text.
std::unique_ptr<Streamer> makeStreamer(const StreamerEnv& env);

// The environment of one series of a run: the run's shared settings (fit
// options taken from them, `series` cleared) plus that series' own
// workloads, engine, ledger and Rng (not owned); noise as in StreamerEnv.
StreamerEnv makeStreamerEnv(const RunConfig& config, const SeriesConfig& series,
                            const marginals::WorkloadSet& workloads, const fit::FitEngine& engine,
                            privacy::PrivacyLedger& ledger, privacy::Rng& rng,
                            std::shared_ptr<privacy::NoiseSource> noise = nullptr);

}  // namespace streamsynth::stream
