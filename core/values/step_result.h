// What one series reports after one step: plain values that cross threads
// (engine -> GUI worker signal) and fill the charts, the releases table and
// the metrics files. Private where marked: for metrics only.
#pragma once

#include <string>
#include <vector>

#include "core/values/workload_error.h"

namespace streamsynth::stream {

// One release of one series at one step: what crosses threads.
struct SeriesStepResult {
    std::string seriesId;
    int step = 0;  // 1-based
    int stepCount = 0;
    std::string period;
    long long trueNewRows = 0;     // |∇f_t| (private; for metrics only)
    long long releaseRows = 0;     // |g_t|
    metrics::StepMetrics metrics;  // vs f_t (private: not for publication)
    std::vector<double> oneWayTV;  // per attribute: TV of g_t's 1-way marginal from f_t's (private;
                                   // NaN if no workload covers it; empty for steps of old sessions)
    double budgetSpent = 0;        // charged at this step: ε, or ρ under zCDP (its ledger's count)
    std::vector<int> selected;     // workload indices measured at this step, in round order
    double modelCells = 0;
    double seconds = 0;  // wall time of this step for this series
};

}  // namespace streamsynth::stream
