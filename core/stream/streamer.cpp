// The streamer factory: the series' streamer kind picks the algorithm.
#include "core/stream/streamer.h"

#include "core/common/task_pool.h"
#include "core/steps/step_digest.h"
#include "core/stream/baseline_streamer.h"
#include "core/stream/proposed_streamer.h"
#include "core/values/series_spec.h"

namespace streamsynth::stream {

std::uint64_t Streamer::releaseDigest() const {
    const data::Table& g = release();
    return rowsDigest(g, 0, g.rowCount());
}

NoisyMarginals Streamer::noisyMarginals(int step) const {
    NoisyMarginals out;
    out.step = step;
    return out;
}

StreamerState Streamer::saveState() const {
    throw Error(ErrorKind::Session, "this streamer cannot be saved");
}
void Streamer::restoreState(const StreamerState&) {
    throw Error(ErrorKind::Session, "this streamer cannot be restored");
}
void Streamer::startFrom(const data::Table&, long long) {
    throw settingError("recover-from", "this streamer cannot start from a release");
}

StreamerEnv makeStreamerEnv(const RunConfig& config, const SeriesConfig& series,
                            const marginals::WorkloadSet& workloads, const fit::FitEngine& engine,
                            privacy::PrivacyLedger& ledger, privacy::Rng& rng,
                            std::shared_ptr<privacy::NoiseSource> noise) {
    StreamerEnv env;
    env.workloads = &workloads;
    env.engine = &engine;
    env.fitOptions.maxIterations = config.fitIterations;
    env.fitOptions.tolerance = config.fitTolerance;
    env.fitOptions.maxCellIterations = config.fitWork;
    env.fitOptions.threads = config.threads;
    env.fitOptions.maxModelCells = config.maxModelCells;
    env.settings = config;
    env.settings.series.clear();
    // `series` holds the budget its streamer spends per step (after the
    // run's whole-stream charge): the 1-way share is resolved for it here,
    // from public inputs only, and the streamer reads the resolved number.
    env.settings.accuracy = seriesAccuracy(config.accuracy, series, series.budget, config.publicRowsPerStep);
    env.series = series;
    env.ledger = &ledger;
    env.rng = &rng;
    env.noise = std::move(noise);
    if (config.threads > 1) env.queryPool = std::make_shared<TaskPool>(config.threads);
    return env;
}

std::unique_ptr<Streamer> makeStreamer(const StreamerEnv& env) {
    if (env.series.streamer == StreamerKind::Baseline) return std::make_unique<BaselineStreamer>(env);
    return std::make_unique<ProposedStreamer>(env);
}

}  // namespace streamsynth::stream
