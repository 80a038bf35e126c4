// From the core's per-step metrics to the charts' plain values.
#pragma once

#include "core/values/workload_error.h"
#include "ui/charts/chart_metric.h"

namespace streamsynth::ui {

MetricValues toMetricValues(const metrics::StepMetrics& m);

}  // namespace streamsynth::ui
