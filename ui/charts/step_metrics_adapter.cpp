// toMetricValues: field by field, in ChartMetric order.
#include "ui/charts/step_metrics_adapter.h"

namespace streamsynth::ui {

MetricValues toMetricValues(const metrics::StepMetrics& m) {
    MetricValues v{};
    v[static_cast<std::size_t>(ChartMetric::AvgWE)] = m.avgWE;
    v[static_cast<std::size_t>(ChartMetric::MaxWE)] = m.maxWE;
    v[static_cast<std::size_t>(ChartMetric::AvgRelWE)] = m.avgRelWE;
    v[static_cast<std::size_t>(ChartMetric::MaxRelWE)] = m.maxRelWE;
    v[static_cast<std::size_t>(ChartMetric::AvgRelL1)] = m.avgRelL1;
    v[static_cast<std::size_t>(ChartMetric::MaxRelL1)] = m.maxRelL1;
    return v;
}

}  // namespace streamsynth::ui
