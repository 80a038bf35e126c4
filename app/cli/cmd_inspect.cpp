// `streamsynth-cli inspect`: reads a table with its public domain and stream
// settings and reports what a run would see: attributes and domain sizes,
// |X|, rows, steps, rows per step, workloads and every data problem found.
#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/data_options.h"
#include "cli/privacy_options.h"
#include "core/api/coarsening.h"
#include "core/api/inspection.h"
#include "core/api/support.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/schema.h"

namespace streamsynth::cli {
namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

// A problem's examples: the lines only, unless --verbose-errors asks for the
// values too (they are private data; docs/messages.md).
std::vector<std::string> examplesOf(const data::Problem& pr) {
    if (verboseErrors()) return pr.examples;
    std::vector<std::string> out;
    for (long long line : pr.exampleLines) out.push_back("line " + std::to_string(line));
    return out;
}

std::string streamText(const data::StreamSettings& s, std::uint64_t seed) {
    if (s.time)
        return "time column " + quotedText(s.time->column) + ", period " + data::periodToString(*s.time) +
               (s.time->format.empty() ? "" : ", format " + s.time->format) +
               (s.time->start.empty() ? "" : ", start " + quotedText(s.time->start)) +
               (s.time->end.empty() && s.time->steps == 0 ? "" : ", end " + stream::endText(*s.time));
    if (s.batch)
        return "batches of " + std::to_string(s.batch->size) + " rows, " +
               data::batchOrderToString(s.batch->order) + " order" +
               (s.batch->order == data::BatchOrder::Random ? " (seed " + std::to_string(seed) + ")" : "");
    return "none (give --time COL --period P or --batch B)";
}

QJsonObject streamJson(const data::StreamSettings& s, std::uint64_t seed) {
    QJsonObject o;
    if (s.time) {
        o["mode"] = "time";
        o["column"] = q(s.time->column);
        o["period"] = q(data::periodToString(*s.time));
        o["format"] = q(s.time->format);
        o["start"] = q(s.time->start);  // public (given, or confirmed)
        if (s.time->steps > 0)
            o["stepCount"] = static_cast<double>(s.time->steps);
        else
            o["end"] = q(s.time->end);
    } else if (s.batch) {
        o["mode"] = "batch";
        o["size"] = static_cast<double>(s.batch->size);
        o["order"] = q(data::batchOrderToString(s.batch->order));
        o["seed"] = QString::number(seed);  // a string: seeds may exceed 2^53
    } else {
        o["mode"] = "none";
    }
    o["protects"] = q(data::describeProtection(s.unit));
    if (s.unit)
        o["unit"] = QJsonObject{{"column", q(s.unit->column)},
                                {"maxRows", static_cast<double>(s.unit->maxRows)},
                                {"maxRowsPerStep", static_cast<double>(s.unit->maxRowsPerStep)}};
    return o;
}

QJsonObject inspectionJson(const api::Inspection& in, const api::StreamRequest& request) {
    const data::Domain domain = in.schema.domain();
    const double log10X = in.log10DomainSize;
    QJsonObject o;
    o["file"] = q(request.dataPath);
    o["domainSource"] = in.domainFromData ? "data (confirmed)" : "schema";
    QJsonArray attrs;
    for (int i = 0; i < domain.attributeCount(); ++i) {
        QJsonObject a;
        a["name"] = q(domain.name(i));
        a["size"] = domain.size(i);
        a["kind"] = q(data::attributeKindToString(in.schema.attributes[static_cast<size_t>(i)]));
        attrs.append(a);
    }
    o["attributes"] = attrs;
    o["rows"] = static_cast<double>(in.rows);
    o["log10DomainSize"] = log10X;
    if (log10X < 15) o["domainSize"] = std::round(std::pow(10.0, log10X));
    o["stream"] = streamJson(in.schema.stream, request.seed);
    if (in.hasStream) {
        o["steps"] = static_cast<double>(in.steps);
        o["rowsPerStep"] = QJsonObject{{"min", static_cast<double>(in.minRowsPerStep)},
                                       {"median", static_cast<double>(in.medianRowsPerStep)},
                                       {"max", static_cast<double>(in.maxRowsPerStep)}};
        o["rowsInSteps"] = static_cast<double>(in.rowsInSteps);
        o["excludedRows"] = static_cast<double>(in.excludedRows);
        if (in.schema.stream.unit) {
            QJsonArray dropped, kept;
            for (long long d : in.unitDroppedPerStep) dropped.append(static_cast<double>(d));
            for (long long k : in.keptPerStep) kept.append(static_cast<double>(k));
            o["unitBound"] = QJsonObject{{"droppedRows", static_cast<double>(in.unitDroppedRows)},
                                         {"droppedPerStep", dropped},
                                         {"keptPerStep", kept},
                                         {"private", "computed from the data: not for publication"}};
        }
        if (in.steps > 0) {
            o["firstPeriod"] = q(in.firstPeriod);
            o["lastPeriod"] = q(in.lastPeriod);
        }
    } else {
        o["steps"] = QJsonValue::Null;
    }
    o["workloads"] = static_cast<double>(in.workloads);
    o["workloadCells"] = static_cast<double>(in.workloadCells);
    QJsonArray probs;
    for (const data::Problem& pr : in.problems) {
        QJsonArray ex;
        for (const auto& e : examplesOf(pr)) ex.append(q(e));
        probs.append(QJsonObject{{"kind", q(pr.kind)},
                                 {"column", q(pr.column)},
                                 {"message", q(pr.message)},
                                 {"count", static_cast<double>(pr.count)},
                                 {"examples", ex}});
    }
    o["problems"] = probs;
    return o;
}

// The unit bound's dropped rows: in all, and the step that lost the largest
// share (private figures, for the steward; like the metrics).
std::string unitDropText(const api::Inspection& in) {
    const long long before = in.rowsInSteps + in.unitDroppedRows;
    char buf[160];
    std::snprintf(
        buf, sizeof buf, "Unit bound:  drops %lld of %lld rows (%.1f%%; private, not for publication)\n",
        in.unitDroppedRows, before,
        before > 0 ? 100.0 * static_cast<double>(in.unitDroppedRows) / static_cast<double>(before) : 0.0);
    std::string text = buf;
    if (in.unitWorstStep > 0) {
        std::snprintf(buf, sizeof buf,
                      "             the most at step %d: %.1f%% of its rows (--json: every step)\n",
                      in.unitWorstStep, 100.0 * in.unitWorstStepShare);
        text += buf;
    }
    return text;
}

std::string inspectionText(const api::Inspection& in, const api::StreamRequest& request,
                           const std::string& workloadText, const std::string& schemaSaved) {
    const data::Domain domain = in.schema.domain();
    const double log10X = in.log10DomainSize;
    const std::string domainSource = in.domainFromData
                                         ? "proposed from the data, confirmed public by the user"
                                         : "schema file " + request.schemaPath;

    std::ostringstream out;
    out << "Data:        " << request.dataPath << " (" << in.rows << " rows)\n";
    out << "Domain:      " << domainSource << "\n";
    out << "Attributes:  " << domain.attributeCount() << "\n";
    std::size_t width = 4;
    for (const auto& a : domain.attributes()) width = std::max(width, a.name.size());
    for (int i = 0; i < domain.attributeCount(); ++i) {
        std::string name = domain.name(i);
        name.resize(width, ' ');
        out << "  " << name << "  " << domain.size(i) << "  ("
            << data::attributeKindToString(in.schema.attributes[static_cast<size_t>(i)]) << ")\n";
    }
    char buf[128];
    if (log10X < 15)
        std::snprintf(buf, sizeof buf, "%.0f (log10 %.2f)", std::round(std::pow(10.0, log10X)), log10X);
    else
        std::snprintf(buf, sizeof buf, "10^%.2f", log10X);
    out << "|X|:         " << buf << "\n";
    out << "Stream:      " << streamText(in.schema.stream, request.seed) << "\n";
    if (in.hasStream) {
        out << "Steps:       " << in.steps;
        if (in.steps > 0) out << " (" << in.firstPeriod << " .. " << in.lastPeriod << ")";
        out << "\n";
        out << "Rows/step:   min " << in.minRowsPerStep << ", median " << in.medianRowsPerStep << ", max "
            << in.maxRowsPerStep << "\n";
        if (in.excludedRows > 0) out << "Excluded:    " << in.excludedRows << " rows (see problems)\n";
    }
    out << "Protects:    " << data::describeProtection(in.schema.stream.unit) << "\n";
    if (in.schema.stream.unit && in.hasStream) out << unitDropText(in);
    out << "Workloads:   " << in.workloads;
    if (in.workloads > 0) out << " (" << workloadText << ", " << in.workloadCells << " cells)";
    out << "\n";
    out << "Problems:    " << (in.problems.empty() ? "none" : std::to_string(in.problems.size())) << "\n";
    for (const data::Problem& pr : in.problems) {
        out << "  - [" << pr.kind << "] " << (pr.column.empty() ? "" : pr.column + ": ") << pr.message;
        if (pr.count > 0) out << " (" << pr.count << " rows)";
        out << "\n";
        for (const auto& e : examplesOf(pr)) out << "      " << e << "\n";
    }
    if (!schemaSaved.empty()) out << "Schema saved to " << schemaSaved << "\n";
    return out.str();
}

// The support check's noise settings from inspect's options.
api::SupportSettings supportSettingsFrom(const QCommandLineParser& p, const privacy::Budget& budget) {
    api::SupportSettings support;
    support.noise.privacy = budget.model();
    support.noise.budget = budget.amount();
    if (p.isSet("rounds"))
        support.noise.rounds = static_cast<int>(parseInteger(p.value("rounds"), "rounds", 1, 100000));
    readOneWayShare(p, support.noise.oneWayShareRule, support.noise.oneWayShare);
    if (p.isSet("one-way-split"))
        support.noise.oneWaySplit = parseDouble(p.value("one-way-split"), "one-way-split");
    if (p.isSet("small-share")) support.noise.smallShare = parseDouble(p.value("small-share"), "small-share");
    readTrackedBlocks(p, support.noise.trackedBlocks);
    if (!(support.noise.oneWayShare >= 0 && support.noise.oneWayShare <= 0.5) ||
        !(support.noise.smallShare >= 0 && support.noise.smallShare <= 0.5) ||
        !(support.noise.oneWaySplit >= 0 && support.noise.oneWaySplit <= 1))
        throw settingError("--one-way-share",
                           "the 1-way and small-workload shares must be between 0 and 0.5 "
                           "and the 1-way split's power between 0 and 1");
    return support;
}

// --coarsen-share and --coarsen-labels: the coarsening proposal's settings.
void addProposalOptions(QCommandLineParser& p) {
    p.addOption({"coarsen-share",
                 "For the coarsening proposal: the share of the budget its DP choice of labels would spend "
                 "(default 0.05).",
                 "F"});
    p.addOption({"coarsen-labels",
                 "For the coarsening proposal: labels you know to be public, as run's --coarsen-labels "
                 "('ATTRIBUTE=LABEL|LABEL...;ATTRIBUTE=@FILE'); shown with their figures, no budget spent.",
                 "SPEC"});
    p.addOption({"coarsen-parents",
                 "For the coarsening proposal: a public hierarchy, as run's --coarsen-parents "
                 "('ATTRIBUTE=CHILD>PARENT|...;ATTRIBUTE=@FILE'); shown with its figures, no budget spent.",
                 "SPEC"});
}

// The coarsening proposal's preview lines (private figures: for the steward only).
std::vector<std::string> coarseningLines(const QCommandLineParser& p, const api::Inspection& in,
                                         const api::SupportSettings& support) {
    const double share = api::checkCoarsenShare(p.isSet("coarsen-share")
                                                    ? parseDouble(p.value("coarsen-share"), "coarsen-share")
                                                    : api::kDefaultCoarsenShare);
    const std::vector<api::KnownLabels> known =
        p.isSet("coarsen-labels") ? api::parseKnownLabels(p.value("coarsen-labels").toStdString())
                                  : std::vector<api::KnownLabels>{};
    const std::vector<api::LabelParents> parents =
        p.isSet("coarsen-parents") ? api::parseLabelParents(p.value("coarsen-parents").toStdString())
                                   : std::vector<api::LabelParents>{};
    return api::coarseningPreview(
        api::proposeCoarsening(in, workloadChoiceFrom(p), support, share, known, parents));
}

int runInspect(const QStringList& args) {
    QCommandLineParser p;
    addDataOptions(p);
    addWorkloadOptions(p);
    p.addOption({"json", "Print one JSON object instead of text."});
    p.addOption({"write-schema", "Save the confirmed schema (domain and stream settings) to FILE.", "FILE"});
    p.addOption({"epsilon",
                 "For the support check: privacy budget per stream (default 1); with --privacy zcdp, "
                 "the epsilon converted at --delta, as in run.",
                 "E"});
    addPrivacyOptions(p);
    p.addOption({"rounds", "For the support check: rounds k per step (default 5).", "K"});
    addProposalOptions(p);
    p.addOption({"one-way-share", "For the support check: " + oneWayShareHelp(), "auto|F"});
    p.addOption({"one-way-split",
                 "For the support check: the power of the proposed streamer's 1-way split (default "
                 "0.5).",
                 "P"});
    p.addOption({"small-share",
                 "For the support check: the proposed streamer's small-workload share (default 0.1).", "F"});
    p.addOption({"tracked-blocks",
                 "For the support check: the proposed streamer's block rule for its tracked counters on "
                 "batched streams, as run's (default 1; off = every step).",
                 "K|off"});
    if (!parseOrHelp(
            p, args,
            "Reads a table with its public domain (--schema FILE, or --confirm-domain to confirm a domain "
            "proposed from the data) and reports attributes, |X|, rows, time steps, workloads and every "
            "data problem found."))
        return kExitOk;
    // The support check's budget, read as run reads it (privacy_options.h: api::parseBudgets).
    const privacy::Budget budget = readOneBudget(p, "1");
    const api::InputRequest input = inputRequestFrom(p, false);  // a file, or a database table (--db)
    const api::StreamRequest& request = input.file;
    const api::Inspection in =
        api::inspectInput(input, workloadChoiceFrom(p), p.isSet("k") || p.isSet("workloads"));
    const std::string workloadText = in.workloadWay == 0 ? "from " + p.value("workloads").toStdString()
                                                         : "all " + std::to_string(in.workloadWay) + "-way";
    const std::string schemaPath = p.value("write-schema").toStdString();
    if (!schemaPath.empty()) data::writeSchema(in.schema, schemaPath, in.domainFromData);
    // Attributes the data cannot support (private: rows per step; for the steward only).
    const api::SupportSettings support = supportSettingsFrom(p, budget);
    const std::vector<std::string> warnings = api::supportWarnings(in, workloadChoiceFrom(p), support);
    const std::vector<std::string> coarsening = coarseningLines(p, in, support);
    if (p.isSet("json")) {
        QJsonObject o = inspectionJson(in, request);
        QJsonArray w;
        for (const std::string& text : warnings) w.append(QString::fromStdString(text));
        o["supportWarnings"] = w;
        QJsonArray c;
        for (const std::string& text : coarsening) c.append(QString::fromStdString(text));
        o["coarseningProposal"] = c;
        writeOutput({}, QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString());
    } else {
        std::string text = inspectionText(in, request, workloadText, schemaPath);
        if (!warnings.empty()) {
            text += "Support:     " + std::to_string(warnings.size()) +
                    " attribute(s) drowned by the noise per step (computed from the private data; for you "
                    "only):\n";
            for (const std::string& w : warnings) text += "  - " + w + "\n";
        }
        if (!coarsening.empty()) {
            text +=
                "Coarsening:  proposal for large categorical and binned attributes (run --coarsen proposed "
                "applies the labels and the supported bin merges; any other merge when named: --coarsen "
                "ATTRIBUTE=BINS; computed from the private data; for you only):\n";
            for (const std::string& line : coarsening) text += "  " + line + "\n";
        }
        writeOutput({}, text);
    }
    return kExitOk;
}

const RegisterCommand reg{
    {"inspect", "show a table's domain, time steps, workloads and data problems", runInspect}};

}  // namespace
}  // namespace streamsynth::cli
