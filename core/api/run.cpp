// A run over one stream (see run.h): the engine stepping the series, the
// releases kept or written as they come, the write-ahead session saves.
#include "core/api/run.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <filesystem>
#include <optional>

#include "core/api/coarsening.h"
#include "core/api/detail/compare_with_truth.h"
#include "core/api/detail/recovery_start.h"
#include "core/api/detail/release_spool_impl.h"
#include "core/api/detail/run_state.h"
#include "core/api/fault_seam.h"
#include "core/api/plain_privacy.h"
#include "core/api/release_claims.h"
#include "core/api/session_workflow.h"
#include "core/api/stream_ledger.h"
#include "core/api/support.h"
#include "core/api/values/error.h"
#include "core/api/values/input_file.h"
#include "core/api/values/output_file.h"
#include "core/api/values/series_spec.h"
#include "core/io/attribute_names.h"
#include "core/io/file_lock.h"
#include "core/io/marginals_release.h"
#include "core/io/metrics_writer.h"
#include "core/io/release_journal.h"
#include "core/io/release_spool.h"
#include "core/io/run_export.h"
#include "core/io/session_store.h"
#include "core/marginals/workload_set.h"
#include "core/metrics/one_way.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"
#include "core/registry/stream_total.h"
#include "core/steps/step_source.h"
#include "core/stream/release_recipe.h"
#include "core/stream/run_engine.h"

namespace streamsynth::api {

std::string toString(ReleaseFiles files) {
    return files == ReleaseFiles::Compact ? "compact" : "csv";
}

ReleaseFiles parseReleaseFiles(const std::string& text) {
    if (text == "compact") return ReleaseFiles::Compact;
    if (text == "csv") return ReleaseFiles::Full;
    throw settingError("release-files", "compact or csv (got '" + text + "')");
}

std::string toString(ExportWhich which) {
    switch (which) {
        case ExportWhich::All:
            return "all";
        case ExportWhich::Last:
            return "last";
        case ExportWhich::None:
            return "none";
    }
    return "all";
}

ExportWhich parseExportWhich(const std::string& text) {
    if (text == "all") return ExportWhich::All;
    if (text == "last") return ExportWhich::Last;
    if (text == "none") return ExportWhich::None;
    throw settingError("export-releases", "all, last or none (got '" + text + "')");
}

std::string toString(BinOutput bins) {
    return bins == BinOutput::UniformValue ? "uniform" : "interval";
}

BinOutput parseBinOutput(const std::string& text) {
    if (text == "interval") return BinOutput::Interval;
    if (text == "uniform") return BinOutput::UniformValue;
    throw settingError("bins", "interval or uniform (got '" + text + "')");
}

namespace {
bool holdsPublishableReleases(const QString& folder) {
    QDirIterator it(folder + QStringLiteral("/releases"), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly) &&
            QJsonDocument::fromJson(f.readAll()).object().value("publishable").toBool())
            return true;
    }
    return false;
}
}  // namespace

void checkNewRunTargets(const std::string& sessionPath, const std::string& outDir, bool replace) {
    if (!sessionPath.empty() && QFileInfo::exists(QString::fromStdString(sessionPath))) {
        // A FIFO or a device is refused at once (a FIFO would block the run forever).
        checkInputFile(sessionPath, {InputRole::Session, 0});
        if (!isSessionFile(sessionPath) && replace)
            throw settingError("--session",
                               "the file " + sessionPath +
                                   " exists and is not a StreamSynth session; --replace replaces only "
                                   "a session: choose another file name");
        if (isSessionFile(sessionPath)) {
            const io::SessionData old = io::loadSession(sessionPath);
            if (old.config.secureRandom && !old.stepDigests.empty())
                throw Error(
                    ErrorKind::Privacy,
                    "the session " + sessionPath + " holds " + std::to_string(old.stepDigests.size()) +
                        " released steps of a real release (release mode); it cannot be replaced: continue "
                        "it (`continue`) or choose another session file",
                    ErrorContext::forFile(sessionPath));
        }
        if (!isSessionFile(sessionPath))
            throw settingError("--session",
                               "the file " + sessionPath +
                                   " is not a session file, and this run would write its session "
                                   "over it: choose a new file name for the session");
        if (!replace)
            throw settingError("--session",
                               "the session " + sessionPath +
                                   " exists; `continue` it, choose another file, or give --replace to "
                                   "start a new stream over it");
    }
    const QDir out(QString::fromStdString(outDir));
    QStringList entries =
        out.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    entries.removeAll(QStringLiteral(".streamsynth.lock"));
    if (entries.isEmpty()) return;
    if (holdsPublishableReleases(out.path()))
        throw Error(ErrorKind::Privacy,
                    "the output folder " + outDir +
                        " holds publishable releases; they cannot be replaced: choose another folder",
                    ErrorContext::forFile(outDir));
    if (!replace)
        throw settingError("--out",
                           "the output folder " + outDir +
                               " is not empty; choose an empty or new folder, or give --replace to write "
                               "over its files");
}

NewRunTargets newRunTargets(const std::string& sessionPath, const std::string& outDir) {
    NewRunTargets t{sessionPath, outDir};
    t.sessionExisted = !sessionPath.empty() && QFileInfo::exists(QString::fromStdString(sessionPath));
    t.outExisted = QFileInfo::exists(QString::fromStdString(outDir));
    t.outLockExisted = QFileInfo::exists(QString::fromStdString(io::folderLockPath(outDir)));
    return t;
}

void removeRefusedRunLitter(const NewRunTargets& t) {
    namespace fs = std::filesystem;
    std::error_code ec;
    // The session's lock beside it, when no session and no journal of releases was written.
    if (!t.sessionPath.empty() && !t.sessionExisted && !fs::exists(t.sessionPath, ec) &&
        !fs::exists(t.sessionPath + ".journal", ec))
        fs::remove(t.sessionPath + ".lock", ec);
    if (t.outDir.empty()) return;
    const fs::path out(t.outDir);
    if (t.outExisted) {  // an existing folder (the inputs' own, say): only the lock this run left
        if (!t.outLockExisted) fs::remove(out / ".streamsynth.lock", ec);
        return;
    }
    for (const fs::directory_entry& e : fs::directory_iterator(out, ec))
        if (e.path().filename() != ".streamsynth.lock") return;  // something was written: kept
    if (ec) return;
    fs::remove(out / ".streamsynth.lock", ec);
    fs::remove(out, ec);  // only when empty
}

std::string setAsideReplacedReleases(const std::string& outDir) {
    namespace fs = std::filesystem;
    const fs::path out(outDir);
    std::error_code ec;
    // Leftovers of an interrupted replace: hidden, and never followed.
    for (const fs::directory_entry& e : fs::directory_iterator(out, ec))
        if (e.path().filename().string().rfind(".replaced-", 0) == 0) fs::remove_all(e.path(), ec);
    const fs::path releases = out / "releases";
    if (!fs::exists(fs::symlink_status(releases, ec))) return {};
    const fs::path aside = out / (".replaced-" + io::newStreamId());
    fs::rename(releases, aside, ec);  // one atomic step: the old tree leaves as a whole
    if (ec)
        throw Error(ErrorKind::Io, "cannot move the earlier run's releases aside: " + ec.message(),
                    ErrorContext::forFile(releases.string()));
    return aside.string();
}

void finishReplacedReleases(const std::string& outDir, const std::string& aside, bool runSucceeded) {
    namespace fs = std::filesystem;
    if (aside.empty()) return;
    std::error_code ec;
    const fs::path releases = fs::path(outDir) / "releases";
    if (!runSucceeded && !fs::exists(fs::symlink_status(releases, ec))) {
        fs::rename(aside, releases, ec);  // nothing new was released: the folder is as before
        if (!ec) return;
    }
    fs::remove_all(aside, ec);  // removes links, never follows them; a leftover is hidden
}

struct Run::Impl {
    RunState state;          // the run's own state; sessions are records of it (run_state.h)
    io::SessionData record;  // the last session record made of it (updatedSession)
    std::unique_ptr<stream::StepSource> source;  // a file's rows, or a database stream
    std::unique_ptr<stream::RunEngine> engine;
    std::optional<ReleaseOutput> output;
    std::shared_ptr<ReleaseSpool> spool;
    std::string sessionPath;
    bool autosave = false;
    // Never release a step twice: the stream's journals and the locks held
    // while this run may write (release_journal.h, file_lock.h).
    std::string streamId;
    bool streamIdAssigned = false;
    io::FileLock sessionLock, outputLock;
    std::vector<io::ReleaseJournal> journals;
    ReleaseClaims claims{&state};  // the release registry (release mode)

    Impl(RunState s, std::unique_ptr<stream::StepSource> src) : state(std::move(s)), source(std::move(src)) {
        streamId = state.setting(kStreamId);
        if (streamId.empty()) {  // a new stream, or a session older than stream ids
            streamId = io::newStreamId();
            state.setSetting(kStreamId, streamId);
            streamIdAssigned = true;
        }
        // Fixed now, so that the default (the first series; all of them for
        // a session released before series could be chosen) stays.
        if (claims.active() && state.setting(kPublishSetting).empty())
            claims.setPublishable(claims.publishable());
    }

    // The stream's id and published total, for manifests.
    io::StreamStamp stamp() const {
        io::StreamStamp st;
        st.id = claims.active() ? streamId : std::string();  // an evaluation run publishes no stream
        st.published = claims.publishable();
        st.model = privacy::privacyModelName(state.config.privacy);
        std::vector<registry::SeriesBudget> budgets;
        for (const SeriesConfig& s : state.config.series)
            if (claims.isPublishable(s.id)) budgets.push_back({s.id, s.budget.amount()});
        const double delta = state.config.delta > 0 ? state.config.delta : 1e-6;
        const registry::StreamTotal total = registry::streamTotal(st.model, budgets, delta);
        st.total = total.sum;
        st.totalEpsilon = total.epsilon;
        st.delta = total.delta;
        if (const std::optional<DatasetStanding> d =
                claims.active() ? claims.datasetStanding() : std::nullopt) {
            st.dataset = d->name;
            st.datasetEpsilon = d->total.epsilon;
            st.datasetDelta = d->total.delta;
            st.datasetStreams = d->total.streams;
        }
        st.recoveredFrom = state.setting(kRecoveredFromSetting);
        st.recoveredClaimed = std::atoi(state.setting(kRecoveredClaimedSetting, "0").c_str());
        return st;
    }

    bool published(const std::string& seriesId) const {
        return !state.config.secureRandom || claims.isPublishable(seriesId);
    }
    void requirePublished(const std::string& seriesId) const {
        if (!published(seriesId))
            throw Error(
                ErrorKind::Privacy,
                "series " + seriesId +
                    " is not published in this release-mode run (it "
                    "ran for comparison only); choose it as publishable when the run starts to publish it");
    }

    // Claims the step's publishable releases in the registry (release mode).
    void claimStep(int step) {
        claims.claim(
            step, [&](const std::string& id) { return engine->releaseDigest(id); },
            [&](const std::string& id, int t) { return engine->ledger(id).spent(id, t); },
            output ? output->dir : std::string(), sessionPath);
    }

    void openJournal(const std::string& path) {
        for (const io::ReleaseJournal& j : journals)
            if (j.path() == path) return;
        journals.emplace_back(path);
    }

    // Refuses (Error(Privacy)) a step some journal holds for this stream.
    void refuseReleased(int firstStep, int lastStep) const {
        for (const io::ReleaseJournal& j : journals) {
            const int last = j.lastStep(streamId);
            if (last >= firstStep)
                throw Error(
                    ErrorKind::Privacy,
                    "step " + std::to_string(firstStep) +
                        " of this stream was already released (release "
                        "journal " +
                        j.path() + " holds steps up to " + std::to_string(last) +
                        "); this copy of the session is older than its releases, and running it again would "
                        "publish those steps twice with fresh noise. Continue from the newest session.",
                    ErrorContext::forFile(j.path()));
        }
        (void)lastStep;
    }

    // An output folder belongs to one stream: its journal names the stream
    // whose releases it holds. A continued stream (or any run, when the
    // folder holds publishable releases) never writes into another's.
    void refuseOtherStreamsFolder(const std::string& dir, const std::string& journalPath) const {
        std::string other;
        for (const io::ReleaseJournal& j : journals)
            if (j.path() == journalPath)
                for (const io::JournalEntry& e : j.entries())
                    if (e.stream != streamId) other = e.stream;
        if (other.empty()) return;
        if (engine->nextStep() <= 1 && !holdsPublishableReleases(QString::fromStdString(dir))) return;
        throw Error(ErrorKind::Privacy,
                    "the output folder " + dir + " holds the releases of stream " + other +
                        " (its releases.journal); this is stream " + streamId +
                        ", and a folder belongs to one stream, so its releases are never replaced or mixed. "
                        "Continue into this stream's own folder (the run's --out) or choose a new folder",
                    ErrorContext::forFile(dir));
    }

    // A new release-mode stream whose session file is missing while its
    // journal or the registry shows an earlier stream released from it: the
    // session was lost (a crash before its first save, a deleted file), and
    // running again would release the same rows anew.
    void refuseLostSession() {
        if (!claims.active() || !state.stepDigests.empty() || sessionPath.empty() ||
            QFileInfo::exists(QString::fromStdString(sessionPath)))
            return;
        std::string earlier;
        for (const io::ReleaseJournal& j : journals)
            if (j.path() == sessionPath + ".journal")
                for (const io::JournalEntry& e : j.entries())
                    if (e.stream != streamId) earlier = e.stream;
        if (earlier.empty()) {
            const std::string absolute =
                QFileInfo(QString::fromStdString(sessionPath)).absoluteFilePath().toStdString();
            for (const std::string& s : claims.registry().streamsOfSession(absolute))
                if (s != streamId) earlier = s;
        }
        if (!earlier.empty() && earlier != state.setting(kRecoveredFromSetting))
            throw Error(
                ErrorKind::Privacy,
                "the session " + sessionPath + " is missing, but stream " + earlier +
                    " released steps recorded with it (its journal " + sessionPath +
                    ".journal, the release registry " + claims.registry().location() +
                    "). Running again would release the same rows a second time. Restore the "
                    "session from a backup and `continue` it; without it, start a recovery stream from "
                    "its last published releases: the same `run` with --recover-from OUT (its "
                    "output folder) into a new folder (docs/privacy-models.md, \"A lost session\")",
                ErrorContext::forFile(sessionPath));
    }

    // Records this step's releases (every series) in every journal that lacks them.
    void journalStep(int step) {
        std::vector<io::JournalEntry> entries;
        // The releases' digests, without drawing a proposed release's rows.
        for (const SeriesConfig& s : state.config.series)
            entries.push_back({streamId, s.id, step, engine->releaseDigest(s.id)});
        for (io::ReleaseJournal& j : journals) {
            std::vector<io::JournalEntry> missing;
            for (const io::JournalEntry& e : entries)
                if (!j.find(e.stream, e.series, e.step)) missing.push_back(e);
            j.record(missing);
        }
    }

    const SeriesConfig& series(const std::string& id) const {
        for (const SeriesConfig& s : state.config.series)
            if (s.id == id) return s;
        throw settingError("series", "the run has no series '" + id + "'");
    }

    // The output folder's file of one release (sessions of older versions
    // kept their folder per series as a setting).
    std::string releasePath(const SeriesConfig& s, int step,
                            io::ReleaseFileFormat format = io::ReleaseFileFormat::Csv) const {
        const std::string folder = state.setting("folder:" + s.id, io::releaseFolder(state.config, s));
        return QDir(QString::fromStdString(output->dir))
            .filePath(QString::fromStdString(folder + "/" + io::stepFileName(step, format)))
            .toStdString();
    }

    io::ReleaseFileFormat fileFormat() const {
        return output->files == ReleaseFiles::Compact ? io::ReleaseFileFormat::CsvGz
                                                      : io::ReleaseFileFormat::Csv;
    }

    // Compact files of a release that extends the last one hold the rows new at this step, when the previous
    // step's file lies in the same folder (a `continue` of the same output); else the whole release.
    long long rowsBefore(const SeriesConfig& s, int step) const {
        if (output->files != ReleaseFiles::Compact || output->which != ExportWhich::All || step <= 1 ||
            !engine->releaseGrowsByAppending(s.id))
            return 0;
        bool previousFile = false;
        for (io::ReleaseFileFormat f : {io::ReleaseFileFormat::Csv, io::ReleaseFileFormat::CsvGz})
            previousFile =
                previousFile || QFileInfo::exists(QString::fromStdString(releasePath(s, step - 1, f)));
        if (!previousFile) return 0;
        for (const SeriesStepResult& r : engine->history(s.id))
            if (r.step == step - 1) return r.releaseRows;
        return 0;
    }

    // The noisy marginals' file beside a release (proposed series with
    // ReleaseOutput::marginals), else "".
    std::string marginalsPath(const SeriesConfig& s, int step) const {
        if (!output || !output->marginals || s.streamer != stream::StreamerKind::Proposed) return {};
        const std::string release = releasePath(s, step);
        return release.substr(0, release.find_last_of('/') + 1) + io::marginalsFileName(step);
    }

    void writeRelease(const SeriesStepResult& r) const {
        const SeriesConfig& s = series(r.seriesId);
        auto rng = io::makeExportRng(state.config, s.id, r.step);
        const io::StreamStamp st = stamp();
        io::ReleaseManifest manifest = io::manifestFor(state.config, s, r, &st);
        manifest.fileFormat = fileFormat();
        manifest.rowsBefore = rowsBefore(s, r.step);
        io::writeRelease(releasePath(s, r.step, manifest.fileFormat), engine->release(s.id), state.schema,
                         manifest, output->bins, rng.get(), output->dir);
        // Read off the streamer's state after step r.step (also after a
        // restored session): the same answers the step gave its fit.
        const std::string marginals = marginalsPath(s, r.step);
        if (!marginals.empty())
            io::writeMarginalsRelease(marginals, engine->noisyMarginals(s.id), state.schema, manifest,
                                      engine->ledger(s.id), output->dir);
    }

    bool filesDueAt(int step, int finalStep) const {
        if (!output) return false;
        return output->which == ExportWhich::All || (output->which == ExportWhich::Last && step == finalStep);
    }

    void keep(const SeriesStepResult& r, const RunCallbacks& cb) const {
        if (!spool) return;
        try {
            // What changed only (a step's cost must not grow with |g_t|): a recipe, or the new rows of a
            // release that grows by appending; never g_t drawn whole.
            io::ReleaseSpool& kept = ReleaseSpoolAccess::of(*spool);
            if (const stream::ReleaseRecipe* recipe = engine->releaseRecipe(r.seriesId))
                kept.appendRecipe(r.seriesId, r.step, r.period, *recipe);
            else if (engine->releaseGrowsByAppending(r.seriesId))
                kept.appendGrowth(r.seriesId, r.step, r.period, engine->release(r.seriesId));
            else
                kept.append(r.seriesId, r.step, r.period, engine->release(r.seriesId));
        } catch (const Error& e) {
            if (cb.onKeepFailed) cb.onKeepFailed(r.seriesId, r.step, e.describe());
        } catch (const std::exception& e) {  // e.g. bad_alloc: the run goes on without this release
            if (cb.onKeepFailed) cb.onKeepFailed(r.seriesId, r.step, e.what());
        }
    }

    // The session record of the state now (between steps): the edge where
    // the run's state is serialized.
    const io::SessionData& updateRecord() {
        recordReleasedSteps(state, *source, engine->nextStep() - 1);
        record = sessionRecord(state, engine->saveState());
        return record;
    }

    void save(const std::string& path, int pendingStep) {
        state.setSetting(kPendingReleaseStep, std::to_string(pendingStep));
        io::saveSession(path, updateRecord());
    }

    // The end of a step: the session first (recording the step and whether
    // its files are due), then the journal, then the files. A crash in
    // between loses only the files, which finishPendingReleases() writes
    // again identically (never drawing anew).
    void endStep(int step, std::vector<SeriesStepResult>& due, const RunCallbacks& cb) {
        if (autosave && !sessionPath.empty()) {
            std::string error;
            try {
                save(sessionPath, due.empty() ? 0 : step);
            } catch (const Error& e) {
                if (!due.empty()) throw;  // never write a release its session does not record
                error = e.describe();
            }
            if (cb.onAutosaved) cb.onAutosaved(step, error);
            reachedFaultPoint("session-save", step);
        }
        try {
            journalStep(step);
        } catch (const Error& e) {
            // Files must never appear for a step no journal records; without
            // files due (the GUI's spool) the failure is reported like a
            // failed autosave and the run goes on (the journal's later
            // records still cover every step up to them).
            if (!due.empty()) throw;
            if (cb.onAutosaved) cb.onAutosaved(step, e.describe());
        }
        reachedFaultPoint("journal", step);
        claimStep(step);  // refused: no file of this step is written, the run stops
        reachedFaultPoint("claim", step);
        for (const SeriesStepResult& r : due) writeRelease(r);
        due.clear();
    }
};

namespace {
std::unique_ptr<stream::StepSource> tableSource(const data::Table& table, const stream::StepPlan& plan,
                                                marginals::WorkloadSet workloads, int threads) {
    return std::make_unique<stream::TableStepSource>(table, plan, std::move(workloads), threads);
}
}  // namespace

Run::Run(RunState state, std::unique_ptr<stream::StepSource> source, const stream::EngineState* resumeFrom) {
    start(std::move(state), std::move(source), resumeFrom);
}

Run::Run(RunState state, const data::Table& table, const stream::StepPlan& plan,
         marginals::WorkloadSet workloads) {
    const int threads = state.config.threads;
    start(std::move(state), tableSource(table, plan, std::move(workloads), threads), nullptr);
}

// The engine over the state's config: the budgets go from the run's state
// straight to the engine (hand-off 5 of the path of ε, docs/architecture.md).
void Run::start(RunState state, std::unique_ptr<stream::StepSource> source,
                const stream::EngineState* resumeFrom) {
    // A whole-stream charge (the DP choice of a coarsened domain) lives in
    // the run record's settings, so a continued session charges it again in
    // every series' ledger without choosing again.
    state.config.streamCharge = streamChargeFromText(state.setting(kStreamChargeSetting));
    // The public rows per step (the batch size; 0 on time steps) choose each
    // series' 1-way share under the rule auto (stream/one_way_share.h); a
    // session keeps the schema's stream settings, so `continue` chooses the same.
    state.config.publicRowsPerStep = data::publicRowsPerStep(state.schema.stream);
    state.config.stepsBefore = recoveredStepsBefore(state);
    impl_ = std::make_unique<Impl>(std::move(state), std::move(source));
    const RunConfig& config = impl_->state.config;
    impl_->engine = resumeFrom ? std::make_unique<stream::RunEngine>(*impl_->source, config, *resumeFrom)
                               : std::make_unique<stream::RunEngine>(*impl_->source, config);
}

std::unique_ptr<Run> Run::fromSource(RunState state, std::unique_ptr<stream::StepSource> source) {
    return std::unique_ptr<Run>(new Run(std::move(state), std::move(source), nullptr));
}

std::unique_ptr<Run> Run::fromSource(const io::SessionData& session,
                                     std::unique_ptr<stream::StepSource> source) {
    return std::unique_ptr<Run>(new Run(runStateOf(session), std::move(source), &session.engine));
}

std::unique_ptr<Run> Run::resume(const io::SessionData& session, const data::Table& table,
                                 const stream::StepPlan& plan, marginals::WorkloadSet workloads) {
    RunState state = runStateOf(session);
    auto source = tableSource(table, plan, std::move(workloads), state.config.threads);
    return std::unique_ptr<Run>(new Run(std::move(state), std::move(source), &session.engine));
}

Run::~Run() = default;

int Run::stepCount() const {
    return impl_->source->stepCount();
}
int Run::nextStep() const {
    return impl_->engine->nextStep();
}
const RunConfig& Run::config() const {
    return impl_->engine->config();
}
const data::Schema& Run::schema() const {
    return impl_->state.schema;
}

std::vector<std::string> Run::workloadLabels() const {
    std::vector<std::string> out;
    const marginals::WorkloadSet& ws = impl_->source->workloads();
    for (std::size_t i = 0; i < ws.size(); ++i) out.push_back(ws.label(i));
    return out;
}

std::vector<SeriesStepResult> Run::history(const std::string& seriesId) const {
    return impl_->engine->history(seriesId);
}

bool Run::releaseGrowsByAppending(const std::string& seriesId) const {
    return impl_->engine->releaseGrowsByAppending(seriesId);
}

std::vector<SeriesStepResult> Run::allHistory() const {
    std::vector<std::vector<SeriesStepResult>> per;
    std::size_t longest = 0;
    for (const SeriesConfig& s : config().series) {
        per.push_back(history(s.id));
        longest = std::max(longest, per.back().size());
    }
    std::vector<SeriesStepResult> out;
    for (std::size_t t = 0; t < longest; ++t)
        for (const auto& h : per)
            if (t < h.size()) out.push_back(h[t]);
    return out;
}

LedgerReport Run::ledger() const {
    return ledgerReport(impl_->engine->ledger());
}

data::Table Run::release(const std::string& seriesId) const {
    return impl_->engine->release(seriesId);
}
TrueVsSynthetic Run::compareWithTruth(const std::string& seriesId) const {
    return api::compareWithTruth(*impl_->engine, seriesId);
}
std::vector<double> Run::oneWayUniformTV() const {
    return metrics::oneWayUniformTV(impl_->engine->workloads(), impl_->engine->truthAnswers());
}
namespace {
// The support check's settings of a run's series and its rows in steps 1..last (PRIVATE).
struct RunSupport {
    SupportSettings settings;
    long long rows = 0;
    int last = 0;
};

RunSupport runSupportOf(const RunConfig& config, const stream::StepSource& src, int steps) {
    SupportSettings s;
    s.noise = stream::supportNoise(config.privacy, config.rounds, config.accuracy, config.publicRowsPerStep);
    s.proposed = false;
    // Each baseline at its own budget, named by its spec, or by its id when
    // the run has several budgets; the proposed series at their smallest,
    // per step after the whole-stream charge, with the 1-way share the run
    // resolves for it (stream/one_way_share.h).
    const double first = config.series.front().budget.amount();
    const bool severalBudgets =
        std::any_of(config.series.begin(), config.series.end(),
                    [&](const SeriesConfig& c) { return c.budget.amount() != first; });
    for (const SeriesConfig& c : config.series) {
        if (c.streamer == stream::StreamerKind::Proposed) {
            const double perStep = stream::runBudgetAfter(c.budget, config.streamCharge.amount).amount();
            s.noise.budget = s.proposed ? std::min(s.noise.budget, perStep) : perStep;
            s.proposed = true;
            continue;
        }
        const stream::AccuracyOptions a = stream::seriesAccuracy(config, c);
        const bool carries = a.baselineInit == stream::BaselineInit::Previous;
        s.baselines.push_back({severalBudgets ? c.id : stream::seriesName(c), a.baselineOneWayShare, carries,
                               c.budget.amount()});
    }
    const int last = std::min(steps, src.stepCount());
    long long rows = 0;  // |f_last|: the public step sizes, from any source (file or database)
    for (int t = 1; t <= last; ++t) rows += src.stepRows(t);
    return {s, rows, last};
}
}  // namespace

std::vector<std::string> Run::supportWarnings(int steps) const {
    if (steps <= 0 || config().series.empty()) return {};
    const RunSupport r = runSupportOf(config(), *impl_->source, steps);
    return api::supportWarnings(impl_->source->workloads(), r.rows, r.last, r.settings);
}

std::vector<SupportFinding> Run::supportFindings(int steps) const {
    if (steps <= 0 || config().series.empty()) return {};
    const RunSupport r = runSupportOf(config(), *impl_->source, steps);
    return api::supportFindings(impl_->source->workloads(), r.rows, r.last, r.settings);
}

void Run::setOutput(ReleaseOutput output) {
    impl_->outputLock = io::FileLock(io::folderLockPath(output.dir), "the output folder " + output.dir);
    const std::string journal =
        QDir(QString::fromStdString(output.dir)).filePath("releases.journal").toStdString();
    impl_->openJournal(journal);
    impl_->refuseOtherStreamsFolder(output.dir, journal);
    // Kept in the session so that `continue` writes to the same place.
    impl_->state.setSetting("out", output.dir);
    impl_->state.setSetting("export-releases", toString(output.which));
    impl_->state.setSetting("bins", toString(output.bins));
    impl_->state.setSetting("release-marginals", output.marginals ? "1" : "0");
    impl_->state.setSetting("release-files", toString(output.files));
    impl_->output = std::move(output);
}
void Run::setSpool(std::shared_ptr<ReleaseSpool> spool) {
    impl_->spool = std::move(spool);
}
const ReleaseSpool* Run::spool() const {
    return impl_->spool.get();
}

void Run::setSessionFile(const std::string& path, bool autosave) {
    if (!path.empty() && path != impl_->sessionPath) {
        impl_->sessionLock = io::FileLock(io::sessionLockPath(path), "the session " + path);
        impl_->openJournal(path + ".journal");
    }
    impl_->sessionPath = path;
    impl_->autosave = autosave && !path.empty();
}

const std::string& Run::sessionFile() const {
    return impl_->sessionPath;
}

int Run::run(const RunCallbacks& callbacks, const std::atomic<bool>* cancel, int lastStep) {
    const int finalStep = lastStep > 0 ? std::min(lastStep, stepCount()) : stepCount();
    if (nextStep() > finalStep) return 0;
    impl_->refuseReleased(nextStep(), finalStep);
    impl_->refuseLostSession();
    impl_->claims.check(nextStep());  // release mode: no step of this stream released anywhere yet
    // A session that cannot be written must be found before any release.
    if (!impl_->sessionPath.empty()) {
        WriteOptions session;  // the session this run continues is rewritten, like io::saveSession does
        session.mayReplaceInput = static_cast<int>(InputRole::Session);
        probeWritable(impl_->sessionPath, session);
    }
    std::vector<SeriesStepResult> due;
    stream::RunCallbacks cb;
    cb.onStep = [&](const SeriesStepResult& r) {
        impl_->keep(r, callbacks);
        if (impl_->filesDueAt(r.step, finalStep) && impl_->published(r.seriesId)) due.push_back(r);
        if (callbacks.onStep) callbacks.onStep(r);
    };
    // Between steps: the engine state may be saved here.
    cb.onProgress = [&](int step, int count) {
        impl_->endStep(step, due, callbacks);
        if (callbacks.onProgress) callbacks.onProgress(step, count);
    };
    return impl_->engine->run(cb, cancel, lastStep);
}

std::vector<SeriesStepResult> Run::runRepeat(int repeat, int lastStep,
                                             const std::function<void(int, int)>& onProgress) {
    RunConfig rc = config();
    // Repeat r >= 2 uses the first draw of the stream (seed, "repeat:r").
    rc.seed = privacy::makeSeededRng(rc.seed, privacy::seedstream::repeat(repeat))->nextU64();
    stream::RunEngine more(*impl_->source, rc);
    std::vector<SeriesStepResult> out;
    stream::RunCallbacks cb;
    cb.onStep = [&](const SeriesStepResult& r) { out.push_back(r); };
    cb.onProgress = [&](int step, int count) {
        if (onProgress) onProgress(step, lastStep > 0 ? std::min(lastStep, count) : count);
    };
    more.run(cb, nullptr, lastStep);
    return out;
}

const std::string& Run::streamId() const {
    return impl_->streamId;
}
bool Run::streamIdAssigned() const {
    return impl_->streamIdAssigned;
}
void Run::setRegistry(const std::string& spec) {
    impl_->claims.setRegistry(spec);
}
std::string Run::registryLocation() const {
    return impl_->claims.registry().location();
}
void Run::setPublishable(const std::vector<std::string>& seriesIds) {
    impl_->claims.setPublishable(seriesIds);
}
std::vector<std::string> Run::publishable() const {
    return impl_->claims.publishable();
}

StreamBudget Run::streamBudget() const {
    std::vector<registry::ReleaseRecord>
        records;  // series published from this stream before (other runs, copies)
    std::optional<double> policy;
    if (impl_->claims.active()) {
        records = impl_->claims.registry().releases(impl_->streamId);
        if (const auto p = impl_->claims.registry().policy(impl_->streamId)) policy = p->maxTotalEpsilon;
    }
    StreamBudget b =
        streamBudgetOf(impl_->state.config, impl_->state.setting(kStreamId), publishable(), records, policy);
    b.dataset = impl_->claims.datasetStanding();
    return b;
}

void Run::setMaxTotalEpsilon(double epsilon) {
    if (!impl_->claims.active())
        throw settingError("--max-total-epsilon",
                           "a budget policy applies to release-mode runs (--release-mode)");
    if (impl_->state.setting(kDatasetSetting).empty()) {  // a stream older than datasets: its own limit
        impl_->claims.registry().setMaxTotalEpsilon(impl_->streamId, epsilon);
        return;
    }
    impl_->claims.setDatasetLimit(epsilon, config().delta > 0 ? config().delta : 1e-6);
}

PlainPrivacyRequest Run::privacyRequest(const std::vector<std::string>& published) const {
    PlainPrivacyRequest r;
    const RunConfig& c = config();
    r.plan.domain = schema().domain();
    for (const std::vector<int>& w : impl_->state.workloads) {
        std::vector<std::string> names;
        for (int a : w) names.push_back(r.plan.domain.attribute(a).name);
        r.plan.workloads.names.push_back(std::move(names));
    }
    r.plan.privacy = c.privacy;
    r.plan.delta = c.delta;
    r.plan.rounds = c.rounds;
    r.plan.steps = stepCount();
    r.plan.rowsPerStep = c.publicRowsPerStep;
    r.plan.rowsArePublic = c.publicRowsPerStep > 0;
    r.wholeStreamCharge = c.streamCharge.amount;
    r.discreteNoise = c.discreteNoise;
    const std::vector<std::string> ids = published.empty() ? publishable() : published;
    for (const SeriesConfig& s : c.series) {
        const bool proposed = s.streamer == stream::StreamerKind::Proposed;
        if (std::find(ids.begin(), ids.end(), s.id) == ids.end()) {
            r.others.push_back({s.id, proposed, s.budget.amount()});  // would add if published
            continue;
        }
        if (proposed && r.published.empty()) {
            r.plan.counter = s.counter;
            r.plan.accuracy = stream::seriesAccuracy(c, s);
        }
        r.published.push_back({s.id, proposed, s.budget.amount()});
    }
    // The proposed series described first (describePrivacy splits the first proposed).
    std::stable_partition(r.published.begin(), r.published.end(),
                          [](const PublishedBudget& b) { return b.proposed; });
    if (!r.published.empty() && !r.published.front().proposed) r.plan.accuracy = c.accuracy;
    return r;
}

void Run::setDataset(const DatasetChoice& choice) {
    if (!impl_->claims.active())
        throw settingError("--dataset", "a dataset is charged by release-mode runs only (--release-mode)");
    impl_->claims.setDataset(choice);
}

Recovery Run::recoverFrom(const RecoveryRequest& request) {
    Impl& d = *impl_;
    if (!d.claims.active() || !config().secureRandom)
        throw settingError("recover-from", "a recovery stream is a release-mode run (--release-mode)");
    if (d.engine->nextStep() != 1 || !d.state.stepDigests.empty())
        throw settingError("recover-from", "a recovery stream is a new stream, before its first step");
    RecoveryStart start = planRecovery(request, d.state, *d.source, d.claims.registry());
    const Recovery& r = start.recovery;
    d.state.setSetting(kRecoveredFromSetting, r.lostStream);
    d.state.setSetting(kRecoveredClaimedSetting, std::to_string(r.claimedSteps));
    d.state.setSetting(kRecoveredSkippedSetting, std::to_string(r.skippedSteps));
    // The engine again, with the release row cap counting the steps g_0 stands for.
    d.state.config.stepsBefore = r.claimedSteps - r.skippedSteps;
    d.engine = std::make_unique<stream::RunEngine>(*d.source, d.state.config);
    d.engine->startAfter(r.skippedSteps, start.starts);
    return r;
}

void Run::saveSession(const std::string& path) {
    impl_->save(path, 0);
}

const io::SessionData& Run::updatedSession() {
    return impl_->updateRecord();
}

void Run::setSetting(const std::string& key, const std::string& value) {
    impl_->state.setSetting(key, value);
}

std::string Run::sessionSetting(const std::string& key) const {
    return impl_->state.setting(key);
}

int Run::pendingReleaseStep() const {
    return std::atoi(impl_->state.setting(kPendingReleaseStep, "0").c_str());
}

std::vector<std::string> Run::finishPendingReleases() {
    std::vector<std::string> written;
    const int pending = pendingReleaseStep();
    if (pending <= 0 || pending != nextStep() - 1 || !impl_->output) return written;
    impl_->claims.requireBinding(static_cast<int>(impl_->state.stepDigests.size()), pending);
    impl_->journalStep(pending);  // the records a crash may have lost (same digests: the same releases)
    impl_->claimStep(pending);    // the same: a claim with the release's own digest passes
    for (const SeriesConfig& s : config().series) {
        if (!impl_->published(s.id)) continue;
        const std::string csv = impl_->releasePath(s, pending);
        const std::string json = csv.substr(0, csv.size() - 4) + ".json";
        const std::string marginals = impl_->marginalsPath(s, pending);
        const auto exists = [](const std::string& path) {
            return QFileInfo::exists(QString::fromStdString(path));
        };
        if (exists(csv) && exists(json) &&
            (marginals.empty() ||
             (exists(marginals) && exists(marginals.substr(0, marginals.size() - 4) + ".json"))))
            continue;
        impl_->writeRelease(history(s.id)[static_cast<std::size_t>(pending - 1)]);
        written.push_back(s.id);
    }
    return written;
}

std::string Run::summaryJson(const std::vector<std::vector<SeriesStepResult>>& moreRepeats) const {
    std::vector<io::SeriesSummaryInput> summary = io::summaryInputs(*impl_->engine, impl_->state.schema);
    for (io::SeriesSummaryInput& in : summary)
        for (const auto& rep : moreRepeats) {
            in.moreRepeats.emplace_back();
            for (const SeriesStepResult& r : rep)
                if (r.seriesId == in.series.id) in.moreRepeats.back().push_back(r);
        }
    return io::summaryJson(summary);
}

std::vector<std::string> Run::writeRunFiles(
    const std::string& dir, const std::vector<std::vector<SeriesStepResult>>& moreRepeats) const {
    const QDir out(QString::fromStdString(dir));
    std::vector<std::vector<SeriesStepResult>> repeats{allHistory()};
    repeats.insert(repeats.end(), moreRepeats.begin(), moreRepeats.end());
    const std::vector<std::string> paths = {out.filePath("metrics.csv").toStdString(),
                                            out.filePath("summary.json").toStdString(),
                                            out.filePath("ledger.json").toStdString()};
    io::MetricsColumns columns;
    columns.attributeNames =
        io::attributeNames(impl_->state.schema.domain());  // the 1-way distances' columns
    writeOutputFile(paths[0], io::metricsCsv(config().series, repeats, columns),
                    insideFolder(dir, privateFile()));
    writeOutputFile(paths[1], summaryJson(moreRepeats), insideFolder(dir, privateFile()));
    writeStreamLedger(paths[2], dir);
    return paths;
}

void Run::writeStreamLedger(const std::string& path, const std::string& within) const {
    std::vector<registry::ReleaseRecord> records;
    std::string location;
    if (impl_->claims.active()) {
        records = impl_->claims.registry().releases(impl_->streamId);
        location = impl_->claims.registry().location();
    }
    StreamBudget budget = streamBudget();
    if (!impl_->claims.active()) budget.streamId.clear();  // an evaluation run publishes no stream
    writeOutputFile(path, streamLedgerJson(impl_->engine->ledger(), budget, records, location),
                    within.empty() ? WriteOptions{} : insideFolder(within));
}

int Run::exportLatest(const std::string& dir, BinOutput bins, bool marginals) const {
    std::vector<std::pair<std::string, int>> latest;
    for (const SeriesConfig& s : config().series)
        if (impl_->published(s.id) && !history(s.id).empty())
            latest.emplace_back(s.id, history(s.id).back().step);
    impl_->claims.requireClaimed(latest);
    const io::StreamStamp stamp = impl_->stamp();
    io::RunExportOptions options;
    options.bins = bins;
    options.stamp = &stamp;
    options.marginals = marginals;
    return io::exportRun(*impl_->engine, impl_->state.schema, dir, options);
}

stream::NoisyMarginals Run::noisyMarginals(const std::string& seriesId) const {
    impl_->series(seriesId);  // a setting Error on an unknown id
    return impl_->engine->noisyMarginals(seriesId);
}

std::string Run::exportRelease(const std::string& seriesId, const std::string& csvPath,
                               BinOutput bins) const {
    const SeriesConfig& series = impl_->series(seriesId);
    const std::vector<SeriesStepResult> h = history(seriesId);
    if (h.empty())
        throw settingError("series", "series '" + seriesId + "' has no finished step, so nothing to export");
    impl_->requirePublished(seriesId);
    impl_->claims.requireClaimed({{seriesId, h.back().step}});
    auto rng = io::makeExportRng(config(), seriesId, h.back().step);
    const io::StreamStamp stamp = impl_->stamp();
    return io::writeRelease(csvPath, impl_->engine->release(seriesId), impl_->state.schema,
                            io::manifestFor(config(), series, h.back(), &stamp), bins, rng.get());
}

SpooledExport Run::exportKept(const std::vector<std::pair<std::string, int>>& which, const std::string& dir,
                              BinOutput bins) const {
    if (!impl_->spool) throw settingError("releases", "this run kept no releases of past steps");
    std::vector<SeriesStepResult> results;
    for (const auto& [seriesId, step] : which) {
        const std::vector<SeriesStepResult> h = history(seriesId);
        if (step < 1 || step > static_cast<int>(h.size()))
            throw settingError("step",
                               "series '" + seriesId + "' has no released step " + std::to_string(step));
        if (impl_->published(seriesId)) results.push_back(h[static_cast<std::size_t>(step - 1)]);
    }
    // Release mode: series run for comparison only are left out (refused when nothing else is asked for).
    if (results.empty() && !which.empty()) impl_->requirePublished(which.front().first);
    std::vector<std::pair<std::string, int>> claimed;
    for (const SeriesStepResult& r : results) claimed.emplace_back(r.seriesId, r.step);
    impl_->claims.requireClaimed(claimed);
    const io::StreamStamp stamp = impl_->stamp();
    io::SpooledExport out = io::exportSpooledReleases(ReleaseSpoolAccess::of(*impl_->spool), config(),
                                                      results, impl_->state.schema, dir, bins, &stamp);
    return {std::move(out.csvFiles), std::move(out.manifestPath), std::move(out.unavailable)};
}

}  // namespace streamsynth::api
