// A run over one stream (see run.h): made from a state and a step source,
// stepping the series to the end (the jobs of a step's end: detail/run_impl.h),
// and what it shows (history, ledger, releases, true vs synthetic).
#include "core/api/run.h"

#include <QDir>
#include <algorithm>

#include "core/api/coarsening.h"
#include "core/api/detail/compare_with_truth.h"
#include "core/api/detail/recovery_start.h"
#include "core/api/detail/release_claims.h"
#include "core/api/detail/run_impl.h"
#include "core/api/detail/run_state.h"
#include "core/io/file_lock.h"
#include "core/metrics/one_way.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"
#include "core/steps/step_source.h"
#include "core/stream/run_engine.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"
#include "core/values/workload_set.h"

namespace streamsynth::api {

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

namespace {
// The session a run writes (and may be the one it continues, rewritten like
// io::saveSession does) can be written now: Error(Io) otherwise (a link, a folder).
void probeSessionWritable(const std::string& path) {
    WriteOptions session;
    session.mayReplaceInput = static_cast<int>(InputRole::Session);
    probeWritable(path, session);
}
}  // namespace

void Run::setSessionFile(const std::string& path, bool autosave) {
    if (!path.empty() && path != impl_->sessionPath) {
        // Refused before the lock: a run that cannot write its session must not keep a
        // concurrent run of the same stream out (through a link to the same file) and then fail.
        probeSessionWritable(path);
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
    if (!impl_->sessionPath.empty()) probeSessionWritable(impl_->sessionPath);
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

}  // namespace streamsynth::api
