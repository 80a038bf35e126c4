// Whether the proposed streamer's rounds may select a tracked small workload,
// resolved per series from public inputs only (AccuracyOptions::
// trackedInRounds: the rule and the series' per-step budget). Nothing private
// is read, so the candidate set stays a public function of Q, the domain and
// the settings (privacy argument: docs/streamers.md, "Rounds beside the
// tracked workloads").
#pragma once

#include "core/values/accuracy_options.h"
#include "core/values/privacy_model.h"

namespace streamsynth::stream {

// Measured on adult.csv (docs/history.md): at ε ≥ 2 per step every cell's
// MaxWE fell without the tracked workloads among the candidates, at ε ≤ 1
// every cell's rose. R·ε does not separate the cells (batches of 200 at
// ε = 0.5 and of 50 at ε = 2 share R·ε = 100 and go opposite ways).
inline constexpr double kTrackedOutOfRoundsEpsilon = 2;

// Yes or No: under Auto, No when the noise-equivalent per-step ε (ε, or
// √(2ρ) under zCDP) is at least kTrackedOutOfRoundsEpsilon.
TrackedInRounds trackedInRoundsFor(const AccuracyOptions& options, privacy::PrivacyModel model,
                                   double budgetPerStep);

}  // namespace streamsynth::stream
