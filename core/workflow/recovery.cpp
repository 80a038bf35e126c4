// Reading a lost stream's published releases (see recovery.h).
#include "core/values/recovery.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <algorithm>
#include <cstdlib>
#include <map>

#include "core/registry/release_registry.h"
#include "core/steps/step_source.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/release_output.h"
#include "core/workflow/recovery_start.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/release_reading.h"
#include "core/workflow/run_state.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {
namespace {

QJsonObject manifestOf(const QString& folder, int step) {
    return readOwnJson(
               QDir(folder).filePath(QString("step-%1.json").arg(step, 4, 10, QChar('0'))).toStdString())
        .value_or(QJsonObject());
}

// The folder's last step with a manifest and a release file (0: none).
int lastStepOf(const QString& folder) {
    static const QRegularExpression name("^step-(\\d{4,})\\.json$");
    int last = 0;
    for (const QString& file : QDir(folder).entryList({"step-*.json"}, QDir::Files)) {
        const auto m = name.match(file);
        const int step = m.hasMatch() ? m.captured(1).toInt() : 0;
        if (step > last && hasReleaseStep(folder.toStdString(), step)) last = step;
    }
    return last;
}

LostRelease releaseIn(const QString& folder, int step, const QJsonObject& manifest) {
    LostRelease r;
    r.series = manifest["series"].toString().toStdString();
    r.folder = folder.toStdString();
    r.step = step;
    r.period = manifest["period"].toString().toStdString();
    r.rows = static_cast<long long>(manifest["rows"].toDouble());
    const QJsonObject before = manifestOf(folder, step - 1);
    r.newRows = before.contains("rows") ? r.rows - static_cast<long long>(before["rows"].toDouble())
                                        : r.rows / std::max(1, step);
    if (r.newRows < 0) r.newRows = r.rows / std::max(1, step);
    return r;
}

}  // namespace

LostStream readLostStream(const std::string& releasesDir) {
    const QString root = QDir(QString::fromStdString(releasesDir)).filePath("releases");
    LostStream out;
    QDirIterator it(root, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    std::map<std::string, LostRelease> bySeries;
    while (it.hasNext()) {
        const QString folder = it.next();
        const int step = lastStepOf(folder);
        if (step == 0) continue;
        const QJsonObject m = manifestOf(folder, step);
        const std::string id = m["stream_id"].toString().toStdString();
        if (id.empty() || !m["publishable"].toBool())
            continue;  // not a release-mode stream's publishable file
        if (!out.id.empty() && id != out.id)
            throw inputError("the folder holds the releases of two streams (" + out.id + " and " + id +
                                 "); give the output folder of the lost stream alone",
                             ErrorContext::forFile(releasesDir));
        out.id = id;
        LostRelease r = releaseIn(folder, step, m);
        out.batched = r.period.rfind("batch ", 0) == 0;
        bySeries[r.series] = std::move(r);
    }
    if (out.id.empty())
        throw inputError(
            "the folder holds no publishable release of a release-mode stream (expected "
            "releases/<series>/eps<E>/step-NNNN.json manifests naming a stream_id)",
            ErrorContext::forFile(releasesDir));
    for (auto& [series, r] : bySeries) out.releases.push_back(std::move(r));
    return out;
}

namespace {

// The lost stream's last claimed step in the registry, and its dataset. A
// registry the stream was moved out of, or one missing claims of steps the
// folder holds, is not the one that says which steps are spent.
void readClaims(registry::ReleaseRegistry& reg, const LostStream& lost, Recovery& r) {
    if (const std::string to = reg.movedTo(lost.id); !to.empty())
        throw Error(ErrorKind::Privacy,
                    "stream " + lost.id + " was moved from the release registry " + reg.location() +
                        " to the registry with id " + to +
                        ", which holds its later claims: give that registry (--registry)",
                    ErrorContext::forFile(reg.location()));
    for (const registry::ReleaseRecord& rec : reg.releases(lost.id))
        r.claimedSteps = std::max(r.claimedSteps, rec.step);
    int lastInFolder = 0;
    for (const LostRelease& rel : lost.releases) lastInFolder = std::max(lastInFolder, rel.step);
    if (r.claimedSteps > 0 && lastInFolder > r.claimedSteps)
        throw Error(ErrorKind::Privacy,
                    "the folder holds step " + std::to_string(lastInFolder) + " of stream " + lost.id +
                        ", but the release registry " + reg.location() + " has claims up to step " +
                        std::to_string(r.claimedSteps) +
                        " only: it is not the registry that holds the stream's claims. Give that registry "
                        "(--registry)",
                    ErrorContext::forFile(reg.location()));
    if (r.claimedSteps == 0)
        throw Error(ErrorKind::Privacy,
                    "the release registry " + reg.location() + " holds no claim of stream " + lost.id +
                        ", whose releases the folder holds: it is not the registry that stream was released "
                        "through, so it cannot say which steps are spent. Give that registry (--registry)",
                    ErrorContext::forFile(reg.location()));
    const auto member = reg.membership(lost.id);
    r.dataset = member ? member->dataset : std::string();
}

// A time stream skips the lost stream's steps: its periods must be the lost stream's.
void checkPeriods(const LostStream& lost, const stream::StepSource& source, int claimed) {
    for (const LostRelease& r : lost.releases) {
        const std::string here = r.step <= source.stepCount() ? source.period(r.step) : std::string("none");
        if (here != r.period)
            throw Error(
                ErrorKind::Privacy,
                "step " + std::to_string(r.step) + " of the lost stream was '" + r.period + "' and is '" +
                    here +
                    "' here: the recovery stream must form its steps as the lost stream did (the same "
                    "time column, period and public start), so that it skips exactly the periods "
                    "already released",
                ErrorContext::forFile(r.folder));
    }
    if (claimed >= source.stepCount())
        throw settingError("recover-from", "nothing new to release: the lost stream claimed steps 1.." +
                                               std::to_string(claimed) + " and the stream has " +
                                               std::to_string(source.stepCount()) +
                                               " (a later public end gives it more)");
}

}  // namespace

RecoveryStart planRecovery(const RecoveryRequest& request, const RunState& state,
                           const stream::StepSource& source, registry::ReleaseRegistry& registry) {
    const LostStream lost = readLostStream(request.releasesDir);
    RecoveryStart out;
    Recovery& r = out.recovery;
    r.lostStream = lost.id;
    if (lost.id == state.setting(kStreamId))
        throw settingError("recover-from",
                           "the folder holds this stream's own releases; continue its session");
    readClaims(registry, lost, r);
    const std::string dataset = state.setting(kDatasetSetting);
    if (!r.dataset.empty() && dataset != r.dataset)
        throw Error(ErrorKind::Privacy,
                    "the lost stream " + lost.id + " is charged to the dataset '" + r.dataset +
                        "'; its recovery stream reads the same people and is charged to it too "
                        "(--charge-to-dataset " +
                        r.dataset + ")",
                    ErrorContext::forFile(registry.location()));
    if (state.schema.stream.batch) {
        if (!request.onlyNewRows)
            throw settingError(
                "recover-from",
                "the lost stream's batches were drawn in an order kept only in its session, so "
                "which rows its released steps read cannot be known. Give a table of only rows "
                "it never read (e.g. the rows added since its last run) and confirm it with "
                "--only-new-rows");
    } else {
        if (request.onlyNewRows)
            throw settingError("only-new-rows",
                               "applies to batched streams; a time stream skips the periods "
                               "the lost stream claimed");
        checkPeriods(lost, source, r.claimedSteps);
        r.skippedSteps = r.claimedSteps;
    }
    for (const stream::SeriesConfig& s : state.config.series) {
        const auto it = std::find_if(lost.releases.begin(), lost.releases.end(),
                                     [&](const LostRelease& l) { return l.series == s.id; });
        if (it == lost.releases.end()) {
            r.fresh.push_back(s.id);
            continue;
        }
        r.started.push_back(*it);
        out.starts.push_back({s.id, readReleaseStep(it->folder, it->step, state.schema), it->newRows});
    }
    return out;
}

namespace {
int settingNumber(const RunState& state, const char* key) {
    return std::max(0, std::atoi(state.setting(key, "0").c_str()));
}
}  // namespace

int recoveredStepsBefore(const RunState& state) {
    return std::max(
        0, settingNumber(state, kRecoveredClaimedSetting) - settingNumber(state, kRecoveredSkippedSetting));
}

int recoveredSkippedSteps(const RunState& state) {
    return settingNumber(state, kRecoveredSkippedSetting);
}

}  // namespace streamsynth::workflow

namespace streamsynth::api {

std::string recoveryText(const Recovery& r) {
    std::string text = "recovery stream: starts from the last published releases of the lost stream " +
                       r.lostStream + " (dataset '" + r.dataset + "'), which claimed steps 1.." +
                       std::to_string(r.claimedSteps) +
                       " in the registry (a claimed step whose files were never written counts as spent)\n";
    for (const LostRelease& s : r.started)
        text += "recovery stream: " + s.series + " starts from its release of step " +
                std::to_string(s.step) + " (" + s.period + ", " + std::to_string(s.rows) +
                " synthetic rows)\n";
    for (const std::string& id : r.fresh)
        text += "recovery stream: " + id + " has no release in the lost stream and starts from nothing\n";
    if (r.skippedSteps > 0)
        text += "recovery stream: steps 1.." + std::to_string(r.skippedSteps) +
                " are the lost stream's; this stream reads and releases only the steps after them\n";
    else
        text +=
            "recovery stream: the table holds only rows the lost stream never read (confirmed); its "
            "steps are numbered from 1\n";
    return text;
}

}  // namespace streamsynth::api
