// The ledger of a stream, written and rebuilt (see stream_ledger.h).
#include "core/values/stream_ledger.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cstdio>
#include <map>

#include "core/io/session_store.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"
#include "core/values/output_file.h"
#include "core/values/privacy_model.h"
#include "core/values/privacy_unit.h"
#include "core/values/release_output.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/stream_ledger_parts.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {
namespace {

QJsonObject totalJson(const StreamTotal& t) {
    QJsonObject o;
    QJsonArray series;
    for (const registry::SeriesBudget& s : t.series) series.append(QString::fromStdString(s.series));
    o["series"] = series;
    o[t.model == "zcdp" ? "rho" : "epsilon"] = t.sum;
    if (t.model == "zcdp" && t.epsilon > 0) {
        o["delta"] = t.delta;
        o["epsilon_at_delta"] = t.epsilon;
    }
    o["text"] = QString::fromStdString(totalText(t));  // rounded for people; the numbers above are exact
    return o;
}

QJsonObject recordJson(const registry::ReleaseRecord& r) {
    return QJsonObject{{"series", QString::fromStdString(r.series)},
                       {"step", r.step},
                       {"digest", QString::fromStdString(r.digest)},
                       {r.model == "zcdp" ? "rho" : "epsilon", r.spent},
                       {"host", QString::fromStdString(r.host)},
                       {"out", QString::fromStdString(r.out)},
                       {"session", QString::fromStdString(r.session)},
                       {"released_at", QString::fromStdString(r.releasedAt)}};
}

// A ledger of the registry's records alone: one charge per (series, step),
// the step's total.
// Who a stream known to the registry alone protects: what its dataset join
// recorded (the column, not the bound, which is the session's), else not
// known (streams released before the registry recorded it).
std::string registryProtectionClause(registry::ReleaseRegistry& reg, const std::string& stream) {
    const std::string p = reg.protectionOf(stream);
    if (p == registry::kRowProtection)
        return privacy::protectionClause({}, {}) + " (as recorded in the release registry)";
    if (p.rfind("unit:", 0) == 0)
        return "unit level: protects each unit of column " + quotedText(p.substr(5)) +
               " (as recorded in the release registry; the bound on a unit's rows is in the stream's "
               "session)";
    return "not recorded in the release registry: the stream's session says whom it protects";
}

privacy::PrivacyLedger registryLedger(const std::vector<registry::ReleaseRecord>& records) {
    double budget = 0;
    for (const registry::ReleaseRecord& r : records) budget = std::max(budget, r.budget);
    const bool zcdp = !records.empty() && records.front().model == "zcdp";
    privacy::PrivacyLedger ledger(budget, zcdp ? privacy::PrivacyModel::ZCdp : privacy::PrivacyModel::Pure);
    if (zcdp) ledger.setConversionDelta(records.front().delta);
    for (const registry::ReleaseRecord& r : records) {
        ledger.setSeriesBudget(r.series, r.budget);
        if (r.spent > 0)
            ledger.charge({r.series, privacy::ChargeKind::Measurement, "registry (the step's total)", r.spent,
                           r.step, 1, ""});
    }
    return ledger;
}

std::string ledgerTable(const privacy::PrivacyLedger& ledger, const StreamBudget& b,
                        const std::string& location) {
    const std::string unit = privacy::budgetSymbol(ledger.model());
    std::string text =
        "stream " + b.streamId + (location.empty() ? "" : " (release registry " + location + ")") + "\n";
    char line[512];
    std::snprintf(line, sizeof line, "%-28s %12s %14s %6s  %s\n", "series", ("budget " + unit).c_str(),
                  "largest step", "steps", "published");
    text += line;
    for (const std::string& id : ledger.series()) {
        std::map<int, int> steps;
        for (const privacy::Charge& c : ledger.charges())
            if (c.series == id) steps[c.step] = 1;
        const bool pub = std::any_of(b.published.series.begin(), b.published.series.end(),
                                     [&](const registry::SeriesBudget& s) { return s.series == id; });
        std::snprintf(
            line, sizeof line, "%-28s %12s %14s %6zu  %s\n", id.c_str(),
            roundedText(ledger.budgetPerStep(id)).c_str(),
            shortestNumberText(spentFigure(ledger.maxStepSpent(id), ledger.budgetPerStep(id))).c_str(),
            steps.size(), pub ? "yes" : "no");
        text += line;
    }
    if (!ledger.protection().empty()) text += "protects: " + ledger.protection() + "\n";
    text += "total of the published series: " + totalText(b.published) + "\n";
    if (b.all.series.size() > b.published.series.size())
        text += "total if every series were published: " + totalText(b.all) + "\n";
    if (b.maxTotalEpsilon) text += "the stream's limit: ε = " + roundedText(*b.maxTotalEpsilon) + "\n";
    if (b.dataset) {
        text += "dataset '" + b.dataset->name + "': " + datasetTotalText(b.dataset->total) + " in total";
        if (b.dataset->maxTotalEpsilon)
            text += " (limit ε = " + roundedText(*b.dataset->maxTotalEpsilon) + ")";
        text += "\n";
    }
    return text;
}

}  // namespace

StreamBudget streamBudgetOf(const stream::RunConfig& c, const std::string& streamId,
                            const std::vector<std::string>& publishable,
                            const std::vector<registry::ReleaseRecord>& records,
                            std::optional<double> policy) {
    StreamBudget b;
    b.streamId = streamId;
    b.publishable = publishable;
    b.maxTotalEpsilon = policy;
    const std::string model = privacy::privacyModelName(c.privacy);
    const double delta = c.delta > 0 ? c.delta : 1e-6;
    std::vector<registry::SeriesBudget> all, published;
    for (const registry::ReleaseRecord& r : records) published.push_back({r.series, r.budget});
    for (const stream::SeriesConfig& s : c.series) {
        all.push_back({s.id, s.budget.amount()});
        if (std::find(publishable.begin(), publishable.end(), s.id) != publishable.end())
            published.push_back({s.id, s.budget.amount()});
    }
    b.all = registry::streamTotal(model, all, delta);
    b.published = registry::streamTotal(model, published, delta);
    return b;
}

std::string streamLedgerJson(const privacy::PrivacyLedger& ledger, const StreamBudget& budget,
                             const std::vector<registry::ReleaseRecord>& records,
                             const std::string& registryLocation) {
    QJsonObject o = ledger.toJsonObject();
    if (!budget.streamId.empty()) o["stream_id"] = QString::fromStdString(budget.streamId);
    QJsonArray series = o["series"].toArray();
    for (QJsonValueRef v : series) {
        QJsonObject s = v.toObject();
        const std::string id = s["name"].toString().toStdString();
        s["published"] = std::any_of(budget.published.series.begin(), budget.published.series.end(),
                                     [&](const registry::SeriesBudget& p) { return p.series == id; });
        s["max_step_spent_rounded"] = QString::fromStdString(roundedText(s["max_step_spent"].toDouble()));
        v = s;
    }
    o["series"] = series;
    if (!budget.streamId.empty() && !budget.publishable.empty()) {
        // A release stream's ledger.json is publishable: the charges of series
        // run for comparison only are left out, since their workloads are the
        // exponential mechanism's choices at a budget the published total does
        // not count (the session keeps them; `ledger` prints them).
        QJsonArray kept;
        for (const QJsonValue& c : o["charges"].toArray()) {
            const std::string id = c.toObject()["series"].toString().toStdString();
            if (std::any_of(budget.published.series.begin(), budget.published.series.end(),
                            [&](const registry::SeriesBudget& p) { return p.series == id; }))
                kept.append(c);
        }
        if (kept.size() != o["charges"].toArray().size())
            o["charges_left_out"] = QStringLiteral("series run for comparison only (not published)");
        o["charges"] = kept;
    }
    o["stream_total_published"] = totalJson(budget.published);
    o["stream_total_all_series"] = totalJson(budget.all);
    if (budget.maxTotalEpsilon) o["max_total_epsilon"] = *budget.maxTotalEpsilon;
    if (budget.dataset) {
        const DatasetStanding& d = *budget.dataset;
        QJsonObject dataset{{"name", QString::fromStdString(d.name)},
                            {"epsilon", d.total.epsilon},
                            {"streams", d.total.streams},
                            {"other_streams_epsilon", d.others.epsilon},
                            {"text", QString::fromStdString(datasetTotalText(d.total))}};
        if (d.total.delta > 0) dataset["delta"] = d.total.delta;
        if (d.maxTotalEpsilon) dataset["max_total_epsilon"] = *d.maxTotalEpsilon;
        o["dataset_total"] = dataset;
    }
    if (!registryLocation.empty()) {
        QJsonArray released;
        for (const registry::ReleaseRecord& r : records) released.append(recordJson(r));
        o["registry"] =
            QJsonObject{{"location", QString::fromStdString(registryLocation)}, {"releases", released}};
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

privacy::PrivacyLedger sessionLedger(const io::SessionData& session) {
    stream::RunConfig c = session.config;
    double budget = 0;
    for (const stream::SeriesConfig& s : c.series) budget = std::max(budget, s.budget.amount());
    privacy::PrivacyLedger combined(budget, c.privacy);
    if (c.privacy == privacy::PrivacyModel::ZCdp) combined.setConversionDelta(c.delta);
    // Who is protected, from the schema's unit the session keeps (as the run
    // states it): without it a unit-level stream's ledger.json, rewritten by
    // `ledger`, said "event level" (a review of 2026-12-01).
    stream::setUnitFromStream(c, data::parseSchemaJson(session.schemaJson, "session").stream);
    combined.setProtection(privacy::protectionClause(c.unit, c.unitColumn));
    for (const stream::SeriesState& s : session.engine.series)
        combined.absorb(s.id, privacy::PrivacyLedger::load(s.ledger));
    return combined;
}

namespace {
// A registry the stream was moved out of holds its claims up to the move
// only: its ledger would drop every later release (a CLI walkthrough of
// 2026-12-01 saw ledger.json lose steps 3..4).
void refuseMovedOut(registry::ReleaseRegistry& reg, const std::string& stream) {
    if (const std::string to = reg.movedTo(stream); !to.empty())
        throw Error(ErrorKind::Privacy,
                    "stream " + stream + " was moved from the release registry " + reg.location() +
                        " to the registry with id " + to +
                        ", which holds its later releases: give that registry (--registry) or the "
                        "session the move rewrote; ledger.json was left as it was",
                    ErrorContext::forFile(reg.location()));
}

}  // namespace

StreamLedger rebuildStreamLedger(const LedgerRequest& request) {
    if (request.sessionPath.empty() && request.streamId.empty())
        throw settingError("--session", "name the stream: --session FILE or --stream ID");
    StreamLedger out;
    std::optional<io::SessionData> session;
    if (!request.sessionPath.empty()) session = io::loadSession(request.sessionPath);
    out.streamId = session ? session->setting(kStreamId) : request.streamId;
    if (session && out.streamId.empty())
        throw Error(ErrorKind::Session,
                    "the session has no stream id: it was never continued or released by a "
                    "version with stream ids, so the registry knows nothing of it",
                    ErrorContext::forFile(request.sessionPath));
    if (!request.streamId.empty() && request.streamId != out.streamId)
        throw settingError("--stream",
                           "the session belongs to stream " + out.streamId + ", not " + request.streamId);
    // Evaluation sessions were never claimed: no registry unless asked for.
    const bool release = !session || session->config.secureRandom;
    std::vector<registry::ReleaseRecord> records;
    std::optional<double> policy;
    std::optional<DatasetStanding> dataset;
    std::string registryProtection;  // a stream known to the registry alone
    if (release || !request.registry.empty()) {
        const std::string spec = !request.registry.empty() ? request.registry
                                 : session                 ? session->setting(kRegistrySetting)
                                                           : std::string();
        // `ledger` only reads: a registry named on the command line is never
        // made (a typo would give an empty one and a ledger.json saying nothing
        // was released), nor one a session is bound to.
        const bool bound =
            !request.registry.empty() || (session && !session->setting(kRegistryIdSetting).empty());
        const auto reg = registry::openRegistry(spec, /*create=*/!bound);
        out.registryLocation = reg->location();
        refuseMovedOut(*reg, out.streamId);
        records = reg->releases(out.streamId);
        if (const auto p = reg->policy(out.streamId)) policy = p->maxTotalEpsilon;
        const auto member = reg->membership(out.streamId);
        const std::string name = member ? member->dataset : session ? session->setting(kDatasetSetting) : "";
        dataset = datasetStandingIn(*reg, name, out.streamId, {}, {});
        if (!session) registryProtection = registryProtectionClause(*reg, out.streamId);
    }
    if (!session && records.empty())
        throw Error(
            ErrorKind::Privacy,
            "the release registry " + out.registryLocation + " records no release of stream " + out.streamId,
            ErrorContext::forFile(out.registryLocation));
    std::vector<std::string> publishable;
    if (session && release) {
        RunState state = runStateOf(*session, request.sessionPath);
        publishable = ReleaseClaims(&state).publishable();
    }
    stream::RunConfig none;  // a stream known to the registry only: its model from the records
    if (!records.empty() && records.front().model == "zcdp") {
        none.privacy = privacy::PrivacyModel::ZCdp;
        none.delta = records.front().delta;
    }
    const StreamBudget budget =
        streamBudgetOf(session ? session->config : none,
                       session ? session->setting(kStreamId) : std::string(), publishable, records, policy);
    privacy::PrivacyLedger ledger = session ? sessionLedger(*session) : registryLedger(records);
    if (!session) ledger.setProtection(registryProtection);
    StreamBudget shown = budget;
    shown.dataset = dataset;
    shown.streamId = release ? out.streamId : std::string();
    out.json = streamLedgerJson(ledger, shown, records, out.registryLocation);
    out.text = ledgerTable(ledger, shown, out.registryLocation);
    out.outDir = request.outDir;
    if (out.outDir.empty() && session) out.outDir = session->setting("out");
    if (out.outDir.empty()) {  // the folder of the stream's latest release
        const registry::ReleaseRecord* latest = nullptr;
        for (const registry::ReleaseRecord& r : records)
            if (!latest || r.releasedAt > latest->releasedAt) latest = &r;
        if (latest) out.outDir = latest->out;
    }
    if (request.write && !out.outDir.empty()) {
        out.written = QDir(QString::fromStdString(out.outDir)).filePath("ledger.json").toStdString();
        writeOutputFile(out.written, out.json);
    }
    return out;
}

}  // namespace streamsynth::workflow
