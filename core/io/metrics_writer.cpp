// Metrics, summary and ledger exports; see metrics_writer.h.
#include "core/io/metrics_writer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>

#include "core/io/atomic_file.h"
#include "core/metrics/summary.h"
#include "core/privacy/ledger.h"

namespace streamsynth::io {

namespace {

std::string num(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"') out += '"';
        out += ch;
    }
    return out + '"';
}

QJsonObject metricObject(const metrics::StepMetrics& m) {
    QJsonObject o;
    for (const std::string& name : metrics::metricNames()) o[QString::fromStdString(name)] = metrics::metricValue(m, name);
    return o;
}

}  // namespace

std::string metricsCsv(const std::vector<stream::SeriesStepResult>& results) {
    std::string out = std::string("# ") + kMetricsNotPrivate + "\n";
    out += "series,step,period,true_rows,release_rows,epsilon_spent,AvgWE,MaxWE,AvgRelWE,MaxRelWE,AvgRelL1,MaxRelL1,seconds\n";
    for (const stream::SeriesStepResult& r : results) {
        const metrics::StepMetrics& m = r.metrics;
        out += csvField(r.seriesId) + ',' + std::to_string(r.step) + ',' + csvField(r.period) + ',' +
               std::to_string(r.trueNewRows) + ',' + std::to_string(r.releaseRows) + ',' + num(r.epsilonSpent) + ',' +
               num(m.avgWE) + ',' + num(m.maxWE) + ',' + num(m.avgRelWE) + ',' + num(m.maxRelWE) + ',' +
               num(m.avgRelL1) + ',' + num(m.maxRelL1) + ',' + num(r.seconds) + '\n';
    }
    return out;
}

std::string summaryJson(const std::vector<SeriesSummaryInput>& series) {
    QJsonArray arr;
    for (const SeriesSummaryInput& s : series) {
        std::vector<metrics::StepMetrics> perStep;
        double spent = 0, seconds = 0;
        for (const stream::SeriesStepResult& r : s.history) {
            perStep.push_back(r.metrics);
            spent += r.epsilonSpent;
            seconds += r.seconds;
        }
        const metrics::MetricSummary sum = metrics::summarize(perStep);
        QJsonObject o;
        o["series"] = QString::fromStdString(s.series.id);
        o["streamer"] = QString::fromStdString(stream::toString(s.series.streamer));
        o["counter"] = s.series.streamer == stream::StreamerKind::Proposed ? QString::fromStdString(s.series.counter)
                                                                           : QString();
        o["epsilon"] = s.series.epsilon;
        o["steps"] = static_cast<int>(s.history.size());
        o["epsilon_spent"] = spent;  // summed over steps (each step is ε-DP on disjoint new rows)
        o["seconds"] = seconds;
        o["seconds_per_step"] = s.history.empty() ? 0.0 : seconds / static_cast<double>(s.history.size());
        o["last10"] = metricObject(sum.last10);
        o["all_steps"] = metricObject(sum.all);
        arr.append(o);
    }
    QJsonObject root;
    root["warning"] = kMetricsNotPrivate;
    root["version"] = STREAMSYNTH_VERSION;
    root["series"] = arr;
    return QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
}

void writeMetricsCsv(const std::string& path, const std::vector<stream::SeriesStepResult>& results) {
    writeFileAtomically(path, metricsCsv(results));
}

void writeSummaryJson(const std::string& path, const std::vector<SeriesSummaryInput>& series) {
    writeFileAtomically(path, summaryJson(series));
}

void writeLedgerJson(const std::string& path, const privacy::PrivacyLedger& ledger) {
    writeFileAtomically(path, ledger.toJson());
}

}  // namespace streamsynth::io
