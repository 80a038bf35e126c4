// One run over one stream, the machinery behind api::Run (core/api/run.h,
// which forwards to it and documents each public member): what a run holds
// (its state, the engine, its outputs, the stream's journals, locks and
// registry claims) and the jobs of a step's end, each implemented in the
// file named for it: run_machine.cpp (making and stepping the run, what it
// shows), run_release_files.cpp (a release's files and manifests, the GUI's
// spool), run_journals.cpp (never release a step twice: journals, registry
// claims, lost sessions), run_saves.cpp (the write-ahead session save, then
// journal, claim, files), run_support.cpp, run_registry.cpp (stream id,
// publication, budget, dataset, recovery) and run_exports.cpp.
#pragma once

#include <QString>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/common/file_lock.h"
#include "core/io/release_journal.h"
#include "core/io/release_spool.h"
#include "core/io/session_store.h"
#include "core/steps/step_source.h"
#include "core/stream/noisy_marginals.h"
#include "core/stream/run_engine.h"
#include "core/values/ledger_report.h"
#include "core/values/plain_privacy_request.h"
#include "core/values/recovery.h"
#include "core/values/release_output.h"
#include "core/values/release_spool.h"
#include "core/values/stream_budget.h"
#include "core/values/support_finding.h"
#include "core/values/true_vs_synthetic.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/run_state.h"

namespace streamsynth::workflow {

// Whether an output folder holds releases whose manifests say publishable.
bool holdsPublishableReleases(const QString& folder);

class RunMachine {
public:
    // A new run from step 1 over its state (newRunState), or one resuming a
    // session's engine state (resumeFrom; Error(Session) when it does not fit).
    RunMachine(RunState state, std::unique_ptr<stream::StepSource> source,
               const stream::EngineState* resumeFrom = nullptr);
    // Over a table and its plan (the rows copied into a table step source).
    static std::unique_ptr<RunMachine> overTable(RunState state, const data::Table& table,
                                                 const stream::StepPlan& plan,
                                                 marginals::WorkloadSet workloads);
    static std::unique_ptr<RunMachine> resume(const io::SessionData& session, const data::Table& table,
                                              const stream::StepPlan& plan, marginals::WorkloadSet workloads);
    static std::unique_ptr<RunMachine> fromSource(const io::SessionData& session,
                                                  std::unique_ptr<stream::StepSource> source);
    RunMachine(const RunMachine&) = delete;
    RunMachine& operator=(const RunMachine&) = delete;

    // --- api::Run's members (see core/api/run.h) ---
    int stepCount() const;
    int nextStep() const;
    const RunConfig& config() const;
    const data::Schema& schema() const;
    std::vector<std::string> workloadLabels() const;
    std::vector<SeriesStepResult> history(const std::string& seriesId) const;
    std::vector<SeriesStepResult> allHistory() const;
    bool releaseGrowsByAppending(const std::string& seriesId) const;
    LedgerReport ledger() const;
    data::Table release(const std::string& seriesId) const;
    TrueVsSynthetic compareWithTruth(const std::string& seriesId) const;
    std::vector<double> oneWayUniformTV() const;
    std::vector<std::string> supportWarnings(int steps) const;
    std::vector<SupportFinding> supportFindings(int steps) const;
    void setOutput(ReleaseOutput output);
    void setSpool(std::shared_ptr<ReleaseSpool> spool);
    const ReleaseSpool* spool() const;
    void setSessionFile(const std::string& path, bool autosave);
    const std::string& sessionFile() const;
    int run(const RunCallbacks& callbacks, const std::atomic<bool>* cancel, int lastStep);
    std::vector<SeriesStepResult> runRepeat(int repeat, int lastStep,
                                            const std::function<void(int, int)>& onProgress);
    const std::string& streamId() const;
    bool streamIdAssigned() const;
    void setRegistry(const std::string& spec, bool createNew = false);
    std::string registryLocation() const;
    void setPublishable(const std::vector<std::string>& seriesIds);
    std::vector<std::string> publishable() const;
    StreamBudget streamBudget() const;
    PlainPrivacyRequest privacyRequest(const std::vector<std::string>& published) const;
    void setMaxTotalEpsilon(double epsilon);
    void setDataset(const DatasetChoice& choice);
    Recovery recoverFrom(const RecoveryRequest& request);
    void saveSession(const std::string& path);
    const io::SessionData& updatedSession();
    ReleaseOutput recordedOutput() const;
    std::string sessionSetting(const std::string& key) const;
    void setSetting(const std::string& key, const std::string& value);
    int pendingReleaseStep() const;
    std::vector<std::string> finishPendingReleases();
    std::vector<std::string> writeRunFiles(
        const std::string& dir, const std::vector<std::vector<SeriesStepResult>>& moreRepeats) const;
    std::string streamLedgerText() const;  // ledger.json's text (stream_ledger_parts.h)
    void writeStreamLedger(const std::string& path, const std::string& within) const;
    std::string summaryJson(const std::vector<std::vector<SeriesStepResult>>& moreRepeats) const;
    int exportLatest(const std::string& dir, BinOutput bins, bool marginals) const;
    stream::NoisyMarginals noisyMarginals(const std::string& seriesId) const;
    std::string exportRelease(const std::string& seriesId, const std::string& csvPath, BinOutput bins) const;
    SpooledExport exportKept(const std::vector<std::pair<std::string, int>>& which, const std::string& dir,
                             BinOutput bins) const;

    // --- What a run holds ---
    RunState state;          // the run's own state; sessions are records of it (run_state.h)
    io::SessionData record;  // the last session record made of it (updatedSession)
    std::unique_ptr<stream::StepSource> source;  // a file's rows, or a database stream
    std::unique_ptr<stream::RunEngine> engine;
    std::optional<ReleaseOutput> output;
    std::shared_ptr<ReleaseSpool> spool_;
    std::string sessionPath;
    bool autosave = false;
    // Never release a step twice: the stream's journals and the locks held
    // while this run may write (release_journal.h, file_lock.h).
    std::string streamId_;
    bool idAssigned_ = false;
    io::FileLock sessionLock, outputLock;
    std::vector<io::ReleaseJournal> journals;
    // The release registry (release mode); opened lazily, also by the const
    // members that read it (as api::Run's pimpl allowed before).
    mutable ReleaseClaims claims{&state};

    // --- The jobs of a step's end ---
    // The stream's id and published total, for manifests.
    io::StreamStamp stamp() const;
    bool published(const std::string& seriesId) const;
    void requirePublished(const std::string& seriesId) const;
    const SeriesConfig& series(const std::string& id) const;
    // The output folder's file of one release (sessions of older versions
    // kept their folder per series as a setting).
    std::string releasePath(const SeriesConfig& s, int step,
                            io::ReleaseFileFormat format = io::ReleaseFileFormat::Csv) const;
    io::ReleaseFileFormat fileFormat() const;
    // Compact files of a release that extends the last one hold the rows new at this step, when the previous
    // step's file lies in the same folder (a `continue` of the same output); else the whole release.
    long long rowsBefore(const SeriesConfig& s, int step) const;
    // The noisy marginals' file beside a release (proposed series with
    // ReleaseOutput::marginals), else "".
    std::string marginalsPath(const SeriesConfig& s, int step) const;
    void writeRelease(const SeriesStepResult& r) const;
    bool filesDueAt(int step, int finalStep) const;
    void keep(const SeriesStepResult& r, const RunCallbacks& cb) const;
    // Claims the step's publishable releases in the registry (release mode).
    void claimStep(int step);
    void openJournal(const std::string& path);
    // Refuses (Error(Privacy)) a step some journal holds for this stream.
    void refuseReleased(int firstStep, int lastStep) const;
    // An output folder belongs to one stream: its journal names the stream
    // whose releases it holds. A continued stream (or any run, when the
    // folder holds publishable releases) never writes into another's.
    void refuseOtherStreamsFolder(const std::string& dir, const std::string& journalPath) const;
    // A continued release stream's own folder (the one its session recorded)
    // must still hold its released steps: a folder moved or deleted would
    // otherwise be started again silently, holding only the new steps.
    void refuseFolderWithoutItsReleases(const std::string& dir, const std::string& journalPath) const;
    // A new release-mode stream whose session file is missing while its
    // journal or the registry shows an earlier stream released from it: the
    // session was lost (a crash before its first save, a deleted file), and
    // running again would release the same rows anew.
    void refuseLostSession();
    // Records this step's releases (every series) in every journal that lacks them.
    void journalStep(int step);
    // The session record of the state now (between steps): the edge where
    // the run's state is serialized.
    const io::SessionData& updateRecord();
    void save(const std::string& path, int pendingStep);
    // The end of a step: the session first (recording the step and whether
    // its files are due), then the journal, then the files. A crash in
    // between loses only the files, which finishPendingReleases() writes
    // again identically (never drawing anew).
    void endStep(int step, std::vector<SeriesStepResult>& due, const RunCallbacks& cb);
};

}  // namespace streamsynth::workflow
