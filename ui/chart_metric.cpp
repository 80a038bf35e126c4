// Titles of the chart metrics (translatable).
#include "ui/chart_metric.h"

#include <QCoreApplication>

namespace streamsynth::ui {

QString metricTitle(ChartMetric metric) {
    switch (metric) {
    case ChartMetric::AvgWE: return QCoreApplication::translate("ChartMetric", "AvgWE");
    case ChartMetric::MaxWE: return QCoreApplication::translate("ChartMetric", "MaxWE");
    case ChartMetric::AvgRelWE: return QCoreApplication::translate("ChartMetric", "AvgRelWE");
    case ChartMetric::MaxRelWE: return QCoreApplication::translate("ChartMetric", "MaxRelWE");
    case ChartMetric::AvgRelL1: return QCoreApplication::translate("ChartMetric", "AvgRelL1");
    case ChartMetric::MaxRelL1: return QCoreApplication::translate("ChartMetric", "MaxRelL1");
    }
    return {};
}

}  // namespace streamsynth::ui
