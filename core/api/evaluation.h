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

namespace streamsynth::api {

struct EvaluationRequest {
    StreamRequest stream;
    WorkloadChoice workloads;
    std::string releasesDir;    // step-0001.csv, step-0002.csv, … (the full release g_t at each step)
    std::string seriesName;     // the "series" column of the metrics ("" = the folder's name)
    bool countColumns = false;  // also the count (unnormalised) forms
};

struct Evaluation {
    std::vector<SeriesStepResult> steps;  // scored steps 1..scored, as a run reports them
    int streamSteps = 0;                  // steps of the true stream
    std::size_t workloads = 0;
    bool extraReleases = false;  // files beyond the stream's steps were ignored
    std::vector<data::Problem> notes;
    metrics::StepMetrics last10, all;  // means over the last 10 / all scored steps
    // The metrics CSV (io::metricsCsv: the columns of a run's metrics.csv;
    // epsilon and epsilon_spent from the releases' manifests when present).
    std::string metricsCsv;
};

// Throws Error(Io/Input) naming the folder or file: the folder does not
// exist, step 1 has no release, a release cannot be read.
Evaluation evaluateReleases(const EvaluationRequest& request);

}  // namespace streamsynth::api
