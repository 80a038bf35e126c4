// Summaries of a series of per-step metrics: each metric averaged over the
// last 10 steps (the paper's tables) and over all steps (SPEC §6).
#pragma once

#include <vector>

#include "core/values/workload_error.h"

namespace streamsynth::metrics {

struct MetricSummary {
    StepMetrics last10;  // mean over the last min(10, n) steps
    StepMetrics all;     // mean over all steps
    int steps = 0;       // n
};

// All-zero summary when perStep is empty.
MetricSummary summarize(const std::vector<StepMetrics>& perStep);
// Mean of each field over perStep[begin, end).
StepMetrics meanOf(const std::vector<StepMetrics>& perStep, std::size_t begin, std::size_t end);

}  // namespace streamsynth::metrics
