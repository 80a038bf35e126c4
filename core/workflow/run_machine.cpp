// A run over one stream (run_machine.h): made from a state and a step
// source, stepping the series to the end (the jobs of a step's end: the
// files named in run_machine.h), and what it shows (history, ledger,
// releases, true vs synthetic).
#include "core/workflow/run_machine.h"

#include <QDir>
#include <algorithm>

#include "core/common/file_lock.h"
#include "core/metrics/one_way.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"
#include "core/steps/step_source.h"
#include "core/stream/run_engine.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"
#include "core/values/stream_charge_text.h"
#include "core/values/workload_set.h"
#include "core/workflow/compare_with_truth.h"
#include "core/workflow/ledger_report.h"
#include "core/workflow/recovery_start.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/run_state.h"

namespace streamsynth::workflow {

namespace {
std::unique_ptr<stream::StepSource> tableSource(const data::Table& table, const stream::StepPlan& plan,
                                                marginals::WorkloadSet workloads, int threads) {
    return std::make_unique<stream::TableStepSource>(table, plan, std::move(workloads), threads);
}
}  // namespace

// The engine over the state's config: the budgets go from the run's state
// straight to the engine (hand-off 5 of the path of ε, docs/architecture.md).
RunMachine::RunMachine(RunState s, std::unique_ptr<stream::StepSource> src,
                       const stream::EngineState* resumeFrom)
    : source(std::move(src)) {
    // A whole-stream charge (the DP choice of a coarsened domain) lives in
    // the run record's settings, so a continued session charges it again in
    // every series' ledger without choosing again.
    s.config.streamCharge = streamChargeFromText(s.setting(kStreamChargeSetting));
    // The public rows per step (the batch size; 0 on time steps) choose each
    // series' 1-way share under the rule auto (stream/one_way_share.h); a
    // session keeps the schema's stream settings, so `continue` chooses the same.
    s.config.publicRowsPerStep = data::publicRowsPerStep(s.schema.stream);
    s.config.stepsBefore = recoveredStepsBefore(s);
    // Who is protected: the schema's unit (kept by the session), never an option of continue.
    stream::setUnitFromStream(s.config, s.schema.stream);
    state = std::move(s);
    streamId_ = state.setting(kStreamId);
    if (streamId_.empty()) {  // a new stream, or a session older than stream ids
        streamId_ = io::newStreamId();
        state.setSetting(kStreamId, streamId_);
        idAssigned_ = true;
    }
    // Fixed now, so that the default (the first series; all of them for
    // a session released before series could be chosen) stays.
    if (claims.active() && state.setting(kPublishSetting).empty())
        claims.setPublishable(claims.publishable());
    engine = resumeFrom ? std::make_unique<stream::RunEngine>(*source, state.config, *resumeFrom)
                        : std::make_unique<stream::RunEngine>(*source, state.config);
}

std::unique_ptr<RunMachine> RunMachine::overTable(RunState state, const data::Table& table,
                                                  const stream::StepPlan& plan,
                                                  marginals::WorkloadSet workloads) {
    auto source = tableSource(table, plan, std::move(workloads), state.config.threads);
    return std::make_unique<RunMachine>(std::move(state), std::move(source));
}

std::unique_ptr<RunMachine> RunMachine::fromSource(const io::SessionData& session,
                                                   std::unique_ptr<stream::StepSource> source) {
    return std::make_unique<RunMachine>(runStateOf(session), std::move(source), &session.engine);
}

std::unique_ptr<RunMachine> RunMachine::resume(const io::SessionData& session, const data::Table& table,
                                               const stream::StepPlan& plan,
                                               marginals::WorkloadSet workloads) {
    RunState state = runStateOf(session);
    auto source = tableSource(table, plan, std::move(workloads), state.config.threads);
    return std::make_unique<RunMachine>(std::move(state), std::move(source), &session.engine);
}

int RunMachine::stepCount() const {
    return source->stepCount();
}
int RunMachine::nextStep() const {
    return engine->nextStep();
}
const RunConfig& RunMachine::config() const {
    return engine->config();
}
const data::Schema& RunMachine::schema() const {
    return state.schema;
}

std::vector<std::string> RunMachine::workloadLabels() const {
    std::vector<std::string> out;
    const marginals::WorkloadSet& ws = source->workloads();
    for (std::size_t i = 0; i < ws.size(); ++i) out.push_back(ws.label(i));
    return out;
}

std::vector<SeriesStepResult> RunMachine::history(const std::string& seriesId) const {
    return engine->history(seriesId);
}

bool RunMachine::releaseGrowsByAppending(const std::string& seriesId) const {
    return engine->releaseGrowsByAppending(seriesId);
}

std::vector<SeriesStepResult> RunMachine::allHistory() const {
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

LedgerReport RunMachine::ledger() const {
    return ledgerReport(engine->ledger());
}

data::Table RunMachine::release(const std::string& seriesId) const {
    return engine->release(seriesId);
}
TrueVsSynthetic RunMachine::compareWithTruth(const std::string& seriesId) const {
    return workflow::compareWithTruth(*engine, seriesId);
}
std::vector<double> RunMachine::oneWayUniformTV() const {
    return metrics::oneWayUniformTV(engine->workloads(), engine->truthAnswers());
}
void RunMachine::setOutput(ReleaseOutput out) {
    outputLock = io::FileLock(io::folderLockPath(out.dir), "the output folder " + out.dir);
    const std::string journal =
        QDir(QString::fromStdString(out.dir)).filePath("releases.journal").toStdString();
    openJournal(journal);
    refuseOtherStreamsFolder(out.dir, journal);
    refuseFolderWithoutItsReleases(out.dir, journal);
    // Temporary files a killed run left beside its releases (this run holds the folder's lock now).
    removeLeftoverTemporaries(out.dir);
    // Kept in the session so that `continue` writes to the same place.
    state.setSetting("out", out.dir);
    state.setSetting("export-releases", toString(out.which));
    state.setSetting("bins", toString(out.bins));
    state.setSetting("release-marginals", out.marginals ? "1" : "0");
    state.setSetting("release-files", toString(out.files));
    output = std::move(out);
}
void RunMachine::setSpool(std::shared_ptr<ReleaseSpool> spool) {
    spool_ = std::move(spool);
}
const ReleaseSpool* RunMachine::spool() const {
    return spool_.get();
}

namespace {
// The session a run writes (and may be the one it continues, rewritten like
// io::saveSession does) can be written now: Error(Io) otherwise (a link, a folder).
void probeSessionWritable(const std::string& path) {
    WriteOptions session;
    session.mayReplaceInput = static_cast<int>(InputRole::Session);
    probeWritable(path, session);
}
}  // namespace

void RunMachine::setSessionFile(const std::string& path, bool autosaving) {
    if (!path.empty() && path != sessionPath) {
        // Refused before the lock: a run that cannot write its session must not keep a
        // concurrent run of the same stream out (through a link to the same file) and then fail.
        probeSessionWritable(path);
        sessionLock = io::FileLock(io::sessionLockPath(path), "the session " + path);
        openJournal(path + ".journal");
    }
    sessionPath = path;
    autosave = autosaving && !path.empty();
}

const std::string& RunMachine::sessionFile() const {
    return sessionPath;
}

int RunMachine::run(const RunCallbacks& callbacks, const std::atomic<bool>* cancel, int lastStep) {
    const int finalStep = lastStep > 0 ? std::min(lastStep, stepCount()) : stepCount();
    if (nextStep() > finalStep) return 0;
    refuseReleased(nextStep(), finalStep);
    refuseLostSession();
    claims.check(nextStep());  // release mode: no step of this stream released anywhere yet
    // A session that cannot be written must be found before any release.
    if (!sessionPath.empty()) probeSessionWritable(sessionPath);
    std::vector<SeriesStepResult> due;
    stream::RunCallbacks cb;
    cb.onStep = [&](const SeriesStepResult& r) {
        keep(r, callbacks);
        if (filesDueAt(r.step, finalStep) && published(r.seriesId)) due.push_back(r);
        if (callbacks.onStep) callbacks.onStep(r);
    };
    // Between steps: the engine state may be saved here.
    cb.onProgress = [&](int step, int count) {
        endStep(step, due, callbacks);
        if (callbacks.onProgress) callbacks.onProgress(step, count);
    };
    return engine->run(cb, cancel, lastStep);
}

std::vector<SeriesStepResult> RunMachine::runRepeat(int repeat, int lastStep,
                                                    const std::function<void(int, int)>& onProgress) {
    RunConfig rc = config();
    // Repeat r >= 2 uses the first draw of the stream (seed, "repeat:r").
    rc.seed = privacy::makeSeededRng(rc.seed, privacy::seedstream::repeat(repeat))->nextU64();
    stream::RunEngine more(*source, rc);
    std::vector<SeriesStepResult> out;
    stream::RunCallbacks cb;
    cb.onStep = [&](const SeriesStepResult& r) { out.push_back(r); };
    cb.onProgress = [&](int step, int count) {
        if (onProgress) onProgress(step, lastStep > 0 ? std::min(lastStep, count) : count);
    };
    more.run(cb, nullptr, lastStep);
    return out;
}

}  // namespace streamsynth::workflow
