// The metrics the charts can plot, as plain values independent of core, so
// the charts view can be built and tested without a run (SPEC §6).
#pragma once

#include <array>

#include <QString>

namespace streamsynth::ui {

enum class ChartMetric { AvgWE = 0, MaxWE, AvgRelWE, MaxRelWE, AvgRelL1, MaxRelL1 };
inline constexpr int kChartMetricCount = 6;

// One value per ChartMetric, indexed by static_cast<int>(metric).
using MetricValues = std::array<double, kChartMetricCount>;

// Translated chart title, e.g. "AvgWE".
QString metricTitle(ChartMetric metric);

}  // namespace streamsynth::ui
