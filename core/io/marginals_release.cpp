// The marginals release's CSV and manifest; see marginals_release.h.
#include "core/io/marginals_release.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/io/release_writer.h"
#include "core/privacy/ledger.h"
#include "core/values/error.h"
#include "core/values/number_text.h"
#include "core/values/output_file.h"

namespace streamsynth::io {

namespace {

std::string itemLabel(const stream::NoisyMarginal& m, const data::Schema& schema) {
    std::string l;
    for (int a : m.attrs)
        l += (l.empty() ? "" : " × ") + schema.attributes.at(static_cast<std::size_t>(a)).name;
    return l;
}

void checkShape(const stream::NoisyMarginal& m, const data::Schema& schema) {
    std::size_t cells = 1;
    for (int a : m.attrs) {
        if (a < 0 || a >= static_cast<int>(schema.attributes.size()))
            throw settingError("schema", "a noisy marginal names an attribute the schema does not have");
        cells *= static_cast<std::size_t>(schema.attributes[static_cast<std::size_t>(a)].domainSize());
    }
    if (m.attrs.empty() || cells != m.counts.size())
        throw settingError("schema", "a noisy marginal of " + itemLabel(m, schema) + " has " +
                                         std::to_string(m.counts.size()) + " cells; the schema gives " +
                                         std::to_string(cells));
}

// One CSV line per cell: the codes of cell `flat` (first attribute slowest).
void appendItem(std::string& out, const stream::NoisyMarginals& all, const stream::NoisyMarginal& m,
                const data::Schema& schema) {
    checkShape(m, schema);
    const std::string prefix = [&] {
        std::string p = std::to_string(all.step) + ",";
        appendCsvField(p, itemLabel(m, schema));
        return p + "," + stream::toString(m.kind) + ",";
    }();
    const std::string se = shortestNumberText(std::sqrt(m.variance));
    const std::size_t attrs = schema.attributes.size();
    std::vector<int> codes(m.attrs.size(), 0);
    for (std::size_t flat = 0; flat < m.counts.size(); ++flat) {
        std::size_t rest = flat;
        for (std::size_t i = m.attrs.size(); i-- > 0;) {
            const auto n = static_cast<std::size_t>(
                schema.attributes[static_cast<std::size_t>(m.attrs[i])].domainSize());
            codes[i] = static_cast<int>(rest % n);
            rest /= n;
        }
        out += prefix + shortestNumberText(m.counts[flat]) + "," + se;
        std::size_t next = 0;  // the next of the item's attributes, in column order
        for (std::size_t a = 0; a < attrs; ++a) {
            out += ',';
            if (next < m.attrs.size() && m.attrs[next] == static_cast<int>(a)) {
                appendCsvField(out, schema.attributes[a].label(codes[next]));
                ++next;
            }
        }
        out += '\n';
    }
}

// The series' charges at steps 1..step: their sum (bookkeeping, as the
// ledger's) and the largest per-step sum (the guarantee used so far).
struct ChargedSoFar {
    double sum = 0;
    double largestStep = 0;
};
ChargedSoFar chargedSoFar(const privacy::PrivacyLedger& ledger, const std::string& series, int step) {
    std::map<int, double> perStep;
    for (const privacy::Charge& c : ledger.charges())
        if (c.series == series && c.step <= step) perStep[c.step] += c.amount;
    ChargedSoFar out;
    for (const auto& [t, amount] : perStep) {
        out.sum += amount;
        out.largestStep = std::max(out.largestStep, amount);
    }
    return out;
}

QJsonObject itemJson(const stream::NoisyMarginal& m, const data::Schema& schema, int step) {
    QJsonObject o;
    o["workload"] = QString::fromStdString(itemLabel(m, schema));
    QJsonArray attrs;
    for (int a : m.attrs)
        attrs.append(QString::fromStdString(schema.attributes[static_cast<std::size_t>(a)].name));
    o["attributes"] = attrs;
    o["kind"] = stream::toString(m.kind);
    o["cells"] = static_cast<double>(m.counts.size());
    o["standard_error"] = std::sqrt(m.variance);
    o["variance"] = m.variance;
    o["mechanism"] = QString::fromStdString(m.mechanism);
    o["counter_budget_per_step"] = m.budget;
    if (m.kind == stream::NoisyMarginal::Kind::Continual) {
        o["counts_rows_of_steps"] = QJsonArray{m.fromStep, m.toStep > 0 ? m.toStep : step};
    } else {
        o["anchor_step"] = m.anchorStep;
        o["counter_counts_rows_of_steps"] = QJsonArray{m.anchorStep + 1, step};
    }
    return o;
}

}  // namespace

std::string marginalsFileName(int step) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "marginals-%04d.csv", step);
    return buf;
}

std::string marginalsCsv(const stream::NoisyMarginals& marginals, const data::Schema& schema) {
    std::string out = "step,workload,kind,count,standard_error";
    for (const data::AttributeSpec& a : schema.attributes) {
        out += ',';
        appendCsvField(out, a.name);
    }
    out += '\n';
    for (const stream::NoisyMarginal& m : marginals.items) appendItem(out, marginals, m, schema);
    return out;
}

std::string marginalsManifestJson(const stream::NoisyMarginals& marginals, const data::Schema& schema,
                                  const ReleaseManifest& release, const privacy::PrivacyLedger& ledger,
                                  const std::string& csvName) {
    // The series' description in the release manifest's words (one vocabulary
    // for both products), without the synthetic table's own fields.
    QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(manifestJson(release))).object();
    o.remove("rows");
    o.remove("release_from");
    o.remove("release_answers");
    o["product"] = "noisy marginals";
    o["file"] = QString::fromStdString(csvName);
    o["step"] = marginals.step;
    const bool zcdp = release.privacyModel == "zcdp";
    const ChargedSoFar so = chargedSoFar(ledger, release.series, marginals.step);
    o[zcdp ? "rho_charged_so_far_sum_over_steps" : "epsilon_charged_so_far_sum_over_steps"] = so.sum;
    o[zcdp ? "rho_largest_step_charge_so_far" : "epsilon_largest_step_charge_so_far"] = so.largestStep;
    o["guarantee_so_far"] = QString::fromStdString(privacy::guaranteeStatement(
        ledger.model(), release.budget, so.largestStep, release.delta, ledger.protection()));
    o["cost_of_this_file"] = 0.0;
    o["why_no_cost"] =
        "post-processing: every count is an answer a continual counter released at this step (to the fit of "
        "the "
        "synthetic table), already charged to the ledger when its noise was drawn";
    o["standard_error_meaning"] =
        "per cell, from the counter's exact noise variance (theory, not estimated from the data). continual: "
        "the "
        "whole error of an unbiased count of the rows of the steps in counts_rows_of_steps. anchored: count "
        "= the "
        "synthetic release's count at anchor_step + the counter's count of the rows of the later steps; the "
        "standard error is that counter part's only (the anchor's own error is not included)";
    QJsonArray items;
    for (const stream::NoisyMarginal& m : marginals.items) {
        checkShape(m, schema);
        items.append(itemJson(m, schema, marginals.step));
    }
    o["workloads"] = items;
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

std::string writeMarginalsRelease(const std::string& csvPath, const stream::NoisyMarginals& marginals,
                                  const data::Schema& schema, const ReleaseManifest& release,
                                  const privacy::PrivacyLedger& ledger, const std::string& within) {
    std::string manifestPath = csvPath;
    if (manifestPath.size() >= 4 && manifestPath.compare(manifestPath.size() - 4, 4, ".csv") == 0)
        manifestPath.resize(manifestPath.size() - 4);
    manifestPath += ".json";
    const std::string name = csvPath.substr(csvPath.find_last_of('/') + 1);
    // Both texts first: a bad shape writes nothing.
    const std::string csv = marginalsCsv(marginals, schema);
    const std::string json = marginalsManifestJson(marginals, schema, release, ledger, name);
    WriteOptions options = within.empty() ? WriteOptions{} : insideFolder(within);
    if (!release.publishable) options.access = FileAccess::Private;  // a seeded run's: its seed is named
    writeOutputFile(csvPath, csv, options);
    writeOutputFile(manifestPath, json, options);
    return manifestPath;
}

}  // namespace streamsynth::io
