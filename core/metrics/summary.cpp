// Averaging per-step metrics field by field.
#include "core/metrics/summary.h"

#include <algorithm>

namespace streamsynth::metrics {

namespace {
void addScaled(StepMetrics& acc, const StepMetrics& m, double s) {
    acc.avgWE += s * m.avgWE;
    acc.maxWE += s * m.maxWE;
    acc.avgRelWE += s * m.avgRelWE;
    acc.maxRelWE += s * m.maxRelWE;
    acc.avgRelL1 += s * m.avgRelL1;
    acc.maxRelL1 += s * m.maxRelL1;
    acc.avgWECount += s * m.avgWECount;
    acc.maxWECount += s * m.maxWECount;
    acc.avgRelL1Count += s * m.avgRelL1Count;
    acc.maxRelL1Count += s * m.maxRelL1Count;
}
}  // namespace

StepMetrics meanOf(const std::vector<StepMetrics>& perStep, std::size_t begin, std::size_t end) {
    StepMetrics acc;
    end = std::min(end, perStep.size());
    if (begin >= end) return acc;
    const double s = 1.0 / static_cast<double>(end - begin);
    for (std::size_t i = begin; i < end; ++i) addScaled(acc, perStep[i], s);
    return acc;
}

MetricSummary summarize(const std::vector<StepMetrics>& perStep) {
    MetricSummary out;
    const std::size_t n = perStep.size();
    out.steps = static_cast<int>(n);
    out.all = meanOf(perStep, 0, n);
    out.last10 = meanOf(perStep, n > 10 ? n - 10 : 0, n);
    return out;
}

}  // namespace streamsynth::metrics
