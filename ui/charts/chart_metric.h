// The metrics the charts can plot, as plain values independent of core, so
// the charts view can be built and tested without a run (SPEC §6), with the
// words a steward reads beside them: a title that spells the acronym out,
// the y axis's title with its unit, and a one-line description.
#pragma once

#include <QString>
#include <array>

namespace streamsynth::ui {

enum class ChartMetric { AvgWE = 0, MaxWE, AvgRelWE, MaxRelWE, AvgRelL1, MaxRelL1 };
inline constexpr int kChartMetricCount = 6;

// One value per ChartMetric, indexed by static_cast<int>(metric).
using MetricValues = std::array<double, kChartMetricCount>;

// The acronym, e.g. "AvgWE" (file names, read-outs).
QString metricName(ChartMetric metric);
// Translated chart title, e.g. "AvgWE — average workload error".
QString metricTitle(ChartMetric metric);
// The y axis title with its unit, e.g. "mean |error| per cell, as a share of rows".
QString metricAxisTitle(ChartMetric metric);
// The unit alone, short enough for the axis ("share of rows", "relative error", "L1 distance").
QString metricAxisUnit(ChartMetric metric);
// One line: what the metric measures and which way is better.
QString metricDescription(ChartMetric metric);
// True for the relative metrics (RelWE, RelL1), drawn on a log axis by default.
bool isRelativeMetric(ChartMetric metric);

}  // namespace streamsynth::ui
