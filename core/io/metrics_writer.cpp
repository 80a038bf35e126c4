// Metrics, summary and ledger exports; see metrics_writer.h.
#include "core/io/metrics_writer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/common/exact_sum.h"
#include "core/metrics/one_way.h"
#include "core/metrics/summary.h"
#include "core/privacy/ledger.h"
#include "core/values/number_text.h"
#include "core/values/output_file.h"
#include "core/values/privacy_unit.h"
#include "core/values/series_spec.h"
#include "core/values/zcdp_conversion.h"

namespace streamsynth::io {

namespace {

std::string num(double v) {
    return shortestNumberText(v);
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

// ",MaxTV1,MaxTV1Attribute,TV1:<a>..." of one step (empty cells where unknown).
std::string oneWayFields(const std::vector<double>& tv, const std::vector<std::string>& names) {
    const metrics::WorstAttribute worst = metrics::worstAttribute(tv);
    std::string out = worst.attribute < 0 ? std::string(",,")
                                          : ',' + num(worst.tv) + ',' +
                                                csvField(names.at(static_cast<std::size_t>(worst.attribute)));
    for (std::size_t a = 0; a < names.size(); ++a)
        out += ',' + (a < tv.size() && std::isfinite(tv[a]) ? num(tv[a]) : std::string());
    return out;
}

}  // namespace

std::string guaranteeText(privacy::PrivacyModel model, double budget, double largestStepCharge, double delta,
                          const std::string& protection) {
    return privacy::guaranteeStatement(model, budget, largestStepCharge, delta, protection);
}

std::string metricsCsv(const std::vector<stream::SeriesConfig>& series,
                       const std::vector<std::vector<stream::SeriesStepResult>>& repeats,
                       const MetricsColumns& columns) {
    std::map<std::string, double> epsilonOf;
    for (const stream::SeriesConfig& s : series) epsilonOf[s.id] = s.budget.amount();
    std::string out = std::string("# ") + kMetricsNotPrivate + "\n";
    out +=
        "series,epsilon,repeat,step,period,rows_true,rows_synth,epsilon_spent,AvgWE,MaxWE,AvgRelWE,MaxRelWE,"
        "AvgRelL1,MaxRelL1,seconds";
    if (columns.counts) out += ",AvgWECount,MaxWECount,AvgRelL1Count,MaxRelL1Count";
    if (!columns.attributeNames.empty()) {
        out += ",MaxTV1,MaxTV1Attribute";
        for (const std::string& a : columns.attributeNames) out += ',' + csvField("TV1:" + a);
    }
    out += '\n';
    for (std::size_t rep = 0; rep < repeats.size(); ++rep) {
        for (const stream::SeriesStepResult& r : repeats[rep]) {
            const metrics::StepMetrics& m = r.metrics;
            const auto eps = epsilonOf.find(r.seriesId);
            const bool known = eps != epsilonOf.end();
            const double spent = known ? spentFigure(r.budgetSpent, eps->second) : spentFigure(r.budgetSpent);
            out += csvField(r.seriesId) + ',' + (known ? num(eps->second) : std::string()) + ',' +
                   std::to_string(rep + 1) + ',' + std::to_string(r.step) + ',' + csvField(r.period) + ',' +
                   std::to_string(r.trueNewRows) + ',' + std::to_string(r.releaseRows) + ',' + num(spent) +
                   ',' + num(m.avgWE) + ',' + num(m.maxWE) + ',' + num(m.avgRelWE) + ',' + num(m.maxRelWE) +
                   ',' + num(m.avgRelL1) + ',' + num(m.maxRelL1) + ',' + num(r.seconds);
            if (columns.counts)
                out += ',' + num(m.avgWECount) + ',' + num(m.maxWECount) + ',' + num(m.avgRelL1Count) + ',' +
                       num(m.maxRelL1Count);
            if (!columns.attributeNames.empty()) out += oneWayFields(r.oneWayTV, columns.attributeNames);
            out += '\n';
        }
    }
    return out;
}

namespace {

// One series over its repeats: per repeat the last-10 / all-steps means, then
// means over repeats (and the sd of the last-10 means when several).
struct SeriesTotals {
    std::vector<metrics::MetricSummary> sums;
    ExactSum sumOverSteps;  // bookkeeping: steps read disjoint rows
    double largestStep = 0, seconds = 0, repeats = 0;
};

SeriesTotals totalsOf(const SeriesSummaryInput& s) {
    std::vector<const std::vector<stream::SeriesStepResult>*> runs{&s.history};
    for (const auto& more : s.moreRepeats) runs.push_back(&more);
    SeriesTotals t;
    t.repeats = static_cast<double>(runs.size());
    for (const auto* run : runs) {
        std::vector<metrics::StepMetrics> perStep;
        for (const stream::SeriesStepResult& r : *run) {
            perStep.push_back(r.metrics);
            t.sumOverSteps.add(r.budgetSpent);
            t.largestStep = std::max(t.largestStep, r.budgetSpent);
            t.seconds += r.seconds;
        }
        t.sums.push_back(metrics::summarize(perStep));
    }
    return t;
}

void addMetricMeans(const SeriesTotals& t, QJsonObject& o) {
    QJsonObject last10, all, last10Sd;
    for (const std::string& name : metrics::metricNames()) {
        double l = 0, a = 0;
        for (const metrics::MetricSummary& m : t.sums) {
            l += metrics::metricValue(m.last10, name);
            a += metrics::metricValue(m.all, name);
        }
        l /= t.repeats;
        a /= t.repeats;
        last10[QString::fromStdString(name)] = l;
        all[QString::fromStdString(name)] = a;
        if (t.sums.size() > 1) {
            double ss = 0;
            for (const metrics::MetricSummary& m : t.sums)
                ss += std::pow(metrics::metricValue(m.last10, name) - l, 2);
            last10Sd[QString::fromStdString(name)] = std::sqrt(ss / (t.repeats - 1));
        }
    }
    o["last10"] = last10;
    o["all_steps"] = all;
    if (t.sums.size() > 1) o["last10_sd"] = last10Sd;
}

// The guarantee is the largest per-step charge (event level, disjoint
// steps), never the sum over steps (ledger.h has the argument).
QJsonObject privacyJson(const SeriesSummaryInput& s, const SeriesTotals& t) {
    const std::string unit = privacy::budgetName(s.privacy);
    QJsonObject g;
    g["model"] = privacy::privacyModelName(s.privacy);
    g[QString::fromStdString(unit)] = s.series.budget.amount();
    g[QString::fromStdString("guarantee_" + unit)] = spentFigure(t.largestStep, s.series.budget.amount());
    g["guarantee"] = QString::fromStdString(
        guaranteeText(s.privacy, s.series.budget.amount(), t.largestStep, s.delta, s.protection));
    g["sum_over_steps_bookkeeping"] = budgetFigure(t.sumOverSteps.value() / t.repeats);
    g["protects"] =
        QString::fromStdString(s.protection.empty() ? privacy::protectionClause({}, {}) : s.protection);
    return g;
}

// {name: value} for the finite values (NaN: an attribute no workload holds).
QJsonObject attributeObject(const std::vector<std::string>& names, const std::vector<double>& values) {
    QJsonObject o;
    for (std::size_t a = 0; a < names.size() && a < values.size(); ++a)
        if (std::isfinite(values[a])) o[QString::fromStdString(names[a])] = values[a];
    return o;
}

QJsonObject seriesJson(const SeriesSummaryInput& s) {
    const SeriesTotals t = totalsOf(s);
    const std::size_t steps = s.history.size();
    QJsonObject o;
    o["series"] = QString::fromStdString(s.series.id);
    o["streamer"] = QString::fromStdString(stream::toString(s.series.streamer));
    o["counter"] = s.series.streamer == stream::StreamerKind::Proposed
                       ? QString::fromStdString(s.series.counter)
                       : QString();
    if (stream::isCarriedBaseline(s.series)) o["variant"] = QString::fromStdString(stream::kCarriedBaseline);
    if (s.series.streamer == stream::StreamerKind::Baseline) {
        // The baseline's fields only (its start and 1-way initialisation): no 1-way share to resolve.
        const stream::AccuracyOptions a = stream::seriesAccuracy(s.accuracy, s.series, s.series.budget, 0);
        o["baseline_init"] = QString::fromStdString(stream::toString(a.baselineInit));
        o["baseline_one_way_share"] = a.baselineOneWayShare;
    }
    const bool zcdp = s.privacy == privacy::PrivacyModel::ZCdp;
    o["privacy_model"] = privacy::privacyModelName(s.privacy);
    o[zcdp ? "rho" : "epsilon"] = s.series.budget.amount();
    if (zcdp && s.delta > 0) {
        o["delta"] = s.delta;
        o["epsilon_at_delta"] = privacy::zcdpEpsilon(s.series.budget.amount(), s.delta);
    }
    o["repeats"] = static_cast<int>(t.repeats);
    o["steps"] = static_cast<int>(steps);
    o["privacy"] = privacyJson(s, t);
    o["seconds"] = t.seconds / t.repeats;
    o["seconds_per_step"] = steps == 0 ? 0.0 : t.seconds / t.repeats / static_cast<double>(steps);
    addMetricMeans(t, o);
    if (!s.attributeNames.empty() && !s.history.empty() && !s.history.back().oneWayTV.empty()) {
        o["one_way_tv_last"] = attributeObject(s.attributeNames, s.history.back().oneWayTV);
    }
    if (!s.attributeNames.empty() && !s.oneWayUniformTV.empty())
        o["one_way_uniform_tv"] = attributeObject(s.attributeNames, s.oneWayUniformTV);
    return o;
}

}  // namespace

std::string summaryJson(const std::vector<SeriesSummaryInput>& series) {
    QJsonArray arr;
    for (const SeriesSummaryInput& s : series) arr.append(seriesJson(s));
    QJsonObject root;
    root["warning"] = kMetricsNotPrivate;
    root["version"] = STREAMSYNTH_VERSION;
    root["series"] = arr;
    return QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
}

void writeMetricsCsv(const std::string& path, const std::vector<stream::SeriesConfig>& series,
                     const std::vector<std::vector<stream::SeriesStepResult>>& repeats,
                     const MetricsColumns& columns, const std::string& within) {
    writeOutputFile(path, metricsCsv(series, repeats, columns), insideFolder(within, privateFile()));
}

void writeSummaryJson(const std::string& path, const std::vector<SeriesSummaryInput>& series,
                      const std::string& within) {
    writeOutputFile(path, summaryJson(series), insideFolder(within, privateFile()));
}

void writeLedgerJson(const std::string& path, const privacy::PrivacyLedger& ledger,
                     const std::string& within) {
    writeOutputFile(path, ledger.toJson(), insideFolder(within));
}

}  // namespace streamsynth::io
