// Names, titles, axis titles and descriptions of the chart metrics
// (translatable). Definitions: core/values/workload_error.h, SPEC §6.
#include "ui/charts/chart_metric.h"

#include <QCoreApplication>

namespace streamsynth::ui {

QString metricName(ChartMetric metric) {
    switch (metric) {
        case ChartMetric::AvgWE:
            return QStringLiteral("AvgWE");
        case ChartMetric::MaxWE:
            return QStringLiteral("MaxWE");
        case ChartMetric::AvgRelWE:
            return QStringLiteral("AvgRelWE");
        case ChartMetric::MaxRelWE:
            return QStringLiteral("MaxRelWE");
        case ChartMetric::AvgRelL1:
            return QStringLiteral("AvgRelL1");
        case ChartMetric::MaxRelL1:
            return QStringLiteral("MaxRelL1");
    }
    return {};
}

QString metricTitle(ChartMetric metric) {
    switch (metric) {
        case ChartMetric::AvgWE:
            return QCoreApplication::translate("ChartMetric", "AvgWE — average workload error");
        case ChartMetric::MaxWE:
            return QCoreApplication::translate("ChartMetric", "MaxWE — worst workload error");
        case ChartMetric::AvgRelWE:
            return QCoreApplication::translate("ChartMetric", "AvgRelWE — average relative error");
        case ChartMetric::MaxRelWE:
            return QCoreApplication::translate("ChartMetric", "MaxRelWE — worst relative error");
        case ChartMetric::AvgRelL1:
            return QCoreApplication::translate("ChartMetric", "AvgRelL1 — average L1 distance");
        case ChartMetric::MaxRelL1:
            return QCoreApplication::translate("ChartMetric", "MaxRelL1 — worst L1 distance");
    }
    return {};
}

QString metricAxisTitle(ChartMetric metric) {
    switch (metric) {
        case ChartMetric::AvgWE:
        case ChartMetric::MaxWE:
            return QCoreApplication::translate("ChartMetric", "mean |error| per cell, as a share of rows");
        case ChartMetric::AvgRelWE:
        case ChartMetric::MaxRelWE:
            return QCoreApplication::translate("ChartMetric", "relative error");
        case ChartMetric::AvgRelL1:
        case ChartMetric::MaxRelL1:
            return QCoreApplication::translate("ChartMetric", "L1 distance of shares (0 to 2)");
    }
    return {};
}

QString metricAxisUnit(ChartMetric metric) {
    switch (metric) {
        case ChartMetric::AvgWE:
        case ChartMetric::MaxWE:
            return QCoreApplication::translate("ChartMetric", "share of rows");
        case ChartMetric::AvgRelWE:
        case ChartMetric::MaxRelWE:
            return QCoreApplication::translate("ChartMetric", "relative error");
        case ChartMetric::AvgRelL1:
        case ChartMetric::MaxRelL1:
            return QCoreApplication::translate("ChartMetric", "L1 distance");
    }
    return {};
}

QString metricDescription(ChartMetric metric) {
    switch (metric) {
        case ChartMetric::AvgWE:
            return QCoreApplication::translate(
                "ChartMetric",
                "For each marginal (workload), the mean absolute difference between the true and the "
                "synthetic "
                "share of rows in a cell, averaged over the workloads. Lower is better.");
        case ChartMetric::MaxWE:
            return QCoreApplication::translate(
                "ChartMetric", "The same error for the worst workload at each step. Lower is better.");
        case ChartMetric::AvgRelWE:
            return QCoreApplication::translate(
                "ChartMetric",
                "The error of each occupied cell relative to its true share, averaged over cells and "
                "workloads "
                "(the paper's metric; cells with one or two true rows dominate it). Lower is better.");
        case ChartMetric::MaxRelWE:
            return QCoreApplication::translate(
                "ChartMetric", "The relative error of the worst workload at each step. Lower is better.");
        case ChartMetric::AvgRelL1:
            return QCoreApplication::translate("ChartMetric",
                                               "The L1 distance between the true and synthetic shares of a "
                                               "marginal (twice the total variation "
                                               "distance), averaged over the workloads. Lower is better.");
        case ChartMetric::MaxRelL1:
            return QCoreApplication::translate(
                "ChartMetric", "The L1 distance of the worst workload at each step. Lower is better.");
    }
    return {};
}

bool isRelativeMetric(ChartMetric metric) {
    return metric != ChartMetric::AvgWE && metric != ChartMetric::MaxWE;
}

}  // namespace streamsynth::ui
