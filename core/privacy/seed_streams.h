// The independent streams one seed is split into (makeSeededRng(seed,
// label), rng.h), named here once: a label is part of what a seed means, so
// changing one changes every seeded release, session and test that uses
// it. A series' noise has a stream of its own, so adding a series never
// changes another's draws.
#pragma once

#include <string>

namespace streamsynth::privacy::seedstream {

// A series' noise: labelled by the series id (stream/series_spec.h).
inline const std::string& seriesNoise(const std::string& seriesId) {
    return seriesId;
}
// The random batch order of a stream's rows (seeded by the batch seed).
inline constexpr const char* kBatchOrder = "batch-order";
// The rows of a continued session's later batches: only the new rows are
// shuffled, from the step they start at.
inline std::string batchOrderFrom(int firstStep) {
    return std::string(kBatchOrder) + ":from-step-" + std::to_string(firstStep);
}
// The rows drawn from a proposed release's models (stream::ReleaseRecipe).
inline constexpr const char* kReleaseRows = "release";
// The DP choice of a coarsened domain's kept labels, once per stream
// before step 1 (api/coarsening.h).
inline constexpr const char* kCoarsening = "coarsening";
// The Monte-Carlo counter comparison (counter_simulation.h).
inline constexpr const char* kCounterSimulation = "counter-simulation";
// The seed of repeat r of a metrics-only rerun (CLI --repeat).
inline std::string repeat(int r) {
    return "repeat:" + std::to_string(r);
}
// Values drawn inside numeric bins when one series' step is exported, so
// any step's file can be written again identically.
inline std::string exportValues(const std::string& seriesId, int step) {
    return "export:" + seriesId + ":" + std::to_string(step);
}

}  // namespace streamsynth::privacy::seedstream
