// Per-step error of a release against the truth over a workload set (SPEC §6).
// These numbers are computed from the private data: they are NOT
// differentially private and must never be published.
#pragma once

#include <string>
#include <vector>

#include "core/values/workload.h"

namespace streamsynth::metrics {

// Errors of one workload. a = W(f)/|f|, b = W(g)/|g| (b = 0 when |g| = 0;
// a = 0 when |f| = 0).
struct WorkloadError {
    double we = 0;          // mean over cells |a - b|
    double relWE = 0;       // mean over cells with W(f) > 0 of |a - b| / a; 0 if no such cell
    double relL1 = 0;       // Σ cells |a - b| (twice the total variation distance)
    double weCount = 0;     // mean over cells |W(f) - W(g)| (counts)
    double relL1Count = 0;  // Σ cells |W(f) - W(g)| (counts)
};
WorkloadError workloadError(const marginals::Marginal& truth, double truthRows,
                            const marginals::Marginal& release, double releaseRows);

// Mean ("avg") and max over the workloads of one step.
struct StepMetrics {
    double avgWE = 0, maxWE = 0, avgRelWE = 0, maxRelWE = 0, avgRelL1 = 0, maxRelL1 = 0;  // normalised
    double avgWECount = 0, maxWECount = 0, avgRelL1Count = 0, maxRelL1Count = 0;          // counts
};

// truth[i], release[i]: answers of workload i of the same set (same sizes);
// rows are |f_t| and |g_t|. Throws a setting Error on mismatched shapes.
StepMetrics evaluateStep(const std::vector<marginals::Marginal>& truth, double truthRows,
                         const std::vector<marginals::Marginal>& release, double releaseRows);

// Stable names for charts and exports, in display order:
// AvgWE MaxWE AvgRelWE MaxRelWE AvgRelL1 MaxRelL1 AvgWECount MaxWECount AvgRelL1Count MaxRelL1Count.
std::vector<std::string> metricNames();
// The value of a metric by name; throws a setting Error on an unknown name.
double metricValue(const StepMetrics& m, const std::string& name);

}  // namespace streamsynth::metrics
