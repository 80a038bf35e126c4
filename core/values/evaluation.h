// The value types of core/api/evaluation.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

#include "core/values/problem.h"
#include "core/values/step_result.h"
#include "core/values/stream_request.h"
#include "core/values/workload_choice.h"

namespace streamsynth::api {

struct EvaluationRequest {
    StreamRequest stream;
    WorkloadChoice workloads;
    std::string releasesDir;    // step-0001.csv, step-0002.csv, … (the full release g_t at each step)
    std::string seriesName;     // the "series" column of the metrics ("" = the folder's name)
    bool countColumns = false;  // also the count (unnormalised) forms
};

struct Evaluation {
    std::vector<stream::SeriesStepResult> steps;  // scored steps 1..scored, as a run reports them
    int streamSteps = 0;                          // steps of the true stream
    std::size_t workloads = 0;
    bool extraReleases = false;  // files beyond the stream's steps were ignored
    std::vector<data::Problem> notes;
    metrics::StepMetrics last10, all;  // means over the last 10 / all scored steps
    // The metrics CSV (io::metricsCsv: the columns of a run's metrics.csv;
    // epsilon and epsilon_spent from the releases' manifests when present).
    std::string metricsCsv;
};

}  // namespace streamsynth::api
