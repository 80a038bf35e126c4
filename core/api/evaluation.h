// Scoring releases against the true stream (CLI `evaluate`): any generator's
// releases, and StreamSynth's own in every format it writes (labels, bin
// intervals, values drawn inside bins, <missing>, <other>; CLI and GUI
// exports), scored exactly as a run scores itself (metrics::evaluateStep on
// the same accumulated true answers), written by the run's metrics writer.
// The metrics are computed from the private data: NOT differentially private.
#pragma once

#include <string>
#include <vector>

#include "core/api/workbench.h"
#include "core/values/evaluation.h"

namespace streamsynth::api {

// Throws Error(Io/Input) naming the folder or file: the folder does not
// exist, step 1 has no release, a release cannot be read.
Evaluation evaluateReleases(const EvaluationRequest& request);

}  // namespace streamsynth::api
