// One run over one stream, as the GUI and the CLI both use it: the series
// (streamer x counter x ε) stepping together, where their releases go while
// they run (an output folder, a spool of every step, or both), the session
// that records them (saved ahead of any release file: write-ahead), and what
// is exported afterwards. Everything crosses this boundary as values
// (SeriesStepResult, LedgerReport, data::Table copies); the engine stays inside.
// A Run owns its step source (a copy of the rows), so it may be moved to a
// worker thread and run there; between calls to run() it is used from one
// thread at a time.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/values/bin_output.h"
#include "core/values/ledger_report.h"
#include "core/values/plain_privacy_request.h"
#include "core/values/recovery.h"
#include "core/values/release_output.h"
#include "core/values/release_spool.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/values/session_settings.h"
#include "core/values/step_result.h"
#include "core/values/stream_budget.h"
#include "core/values/support_finding.h"
#include "core/values/table.h"
#include "core/values/true_vs_synthetic.h"

namespace streamsynth::stream {
struct NoisyMarginals;  // core/stream/noisy_marginals.h
}
namespace streamsynth::workflow {
class RunMachine;  // core/workflow/run_machine.h: the machinery this forwards to
}

namespace streamsynth::api {

struct ReleaseStorage;  // core/values/release_storage.h

using stream::RunConfig;
using stream::SeriesConfig;
using stream::SeriesStepResult;

class Run {
public:
    // Made by the facade (Workbench::prepareRun, continueRun, sessions)
    // over the run machinery of core/workflow, which it owns.
    explicit Run(std::unique_ptr<workflow::RunMachine> machine);
    ~Run();
    Run(const Run&) = delete;
    Run& operator=(const Run&) = delete;

    // --- What it is (values) ---
    int stepCount() const;
    int nextStep() const;  // 1-based: steps 1..nextStep()-1 are released
    const RunConfig& config() const;
    const data::Schema& schema() const;  // with the stream settings in effect
    std::vector<std::string> workloadLabels() const;
    std::vector<SeriesStepResult> history(const std::string& seriesId) const;
    LedgerReport ledger() const;
    // The latest release of a series (synthetic rows; empty before step 1).
    data::Table release(const std::string& seriesId) const;
    // True vs synthetic per attribute and workload for a series' latest
    // release (PRIVATE: for the steward's view only). Between steps.
    TrueVsSynthetic compareWithTruth(const std::string& seriesId) const;
    // Per attribute, the TV a uniform column would have from the truth after
    // the last finished step (the reference of the 1-way distances; PRIVATE).
    std::vector<double> oneWayUniformTV() const;
    // The pre-run support warnings (api/support.h) for steps 1..steps at the
    // smallest ε of the run's series (PRIVATE: rows per step; for the steward).
    std::vector<std::string> supportWarnings(int steps) const;
    // The same as figures (api/support.h), for wording in the GUI.
    std::vector<SupportFinding> supportFindings(int steps) const;

    // --- Where releases go while it runs (set before run()) ---
    void setOutput(ReleaseOutput output);
    void setSpool(std::shared_ptr<ReleaseSpool> spool);
    const ReleaseSpool* spool() const;
    // The session file: with autosave it is saved at the end of every step,
    // before that step's release files are written (write-ahead); without,
    // only by saveSession() (and finish()).
    void setSessionFile(const std::string& path, bool autosave);
    const std::string& sessionFile() const;

    // Runs steps [nextStep(), lastStep] (all when lastStep <= 0) until the
    // end or a cancel (checked between rounds and steps). Returns the
    // number of steps completed.
    int run(const RunCallbacks& callbacks, const std::atomic<bool>* cancel = nullptr, int lastStep = 0);

    // Metrics-only reruns with seeds derived from the run's seed (CLI
    // --repeat; repeat >= 2): fresh engines over the same steps; nothing is
    // released, no session is touched. onProgress(step, steps) as it goes.
    std::vector<SeriesStepResult> runRepeat(int repeat, int lastStep,
                                            const std::function<void(int, int)>& onProgress = {});

    // --- The stream and the release registry (release mode; core/registry) ---
    // The stream's id (128 random bits, hex): kept in the session, so copies
    // of it are the same stream. streamIdAssigned(): this run gave it (a new
    // stream, or a session older than stream ids).
    const std::string& streamId() const;
    bool streamIdAssigned() const;
    // The registry every release is claimed in ("" = the default one in the
    // user's data folder; a SQLite path; postgresql://…); the session keeps
    // it. Release mode claims each step there before its files; a step some
    // copy of the stream released already is refused (Error(Privacy) naming
    // where and when it was first released). Evaluation runs never open it.
    // createNew: a registry file not there yet may be made for a new stream
    // (CLI --new-registry); else only the default one is made.
    void setRegistry(const std::string& spec, bool createNew = false);
    std::string registryLocation() const;  // opens it
    // The series whose releases are published (release mode; default: the
    // first; kept in the session). Others run for comparison: no release
    // files, no claims, not exportable as publishable. settingError("--publish").
    void setPublishable(const std::vector<std::string>& seriesIds);
    std::vector<std::string> publishable() const;
    // The budget across series: every series, the published ones, the policy.
    StreamBudget streamBudget() const;
    // ε in plain words for this run (api/plain_privacy.h): its settings,
    // domain, workloads, steps and public rows per step (none on time steps),
    // its whole-stream charge; `published` names the series counted (empty:
    // the publishable ones).
    PlainPrivacyRequest privacyRequest(const std::vector<std::string>& published = {}) const;
    // The limit in the registry (--max-total-epsilon) on the total of the
    // stream's dataset over all its streams (a stream older than datasets:
    // its own total): later claims that pass it are refused. Lowered, never raised.
    void setMaxTotalEpsilon(double epsilon);
    // The dataset a new stream is charged to (release mode; kept in the
    // session). Its first step is refused when the dataset's other streams
    // have spent and choice.chargeConfirmed is false (docs/privacy-models.md,
    // "One budget per dataset").
    void setDataset(const DatasetChoice& choice);

    // A recovery stream for a lost session (release mode, a new stream before
    // step 1, after setRegistry and setDataset; api/recovery.h): starts each
    // series the lost stream published from its last release there, skips
    // the periods the lost stream claimed (time streams) and records the
    // lost stream in the session and every manifest. Errors as planRecovery.
    Recovery recoverFrom(const RecoveryRequest& request);

    // --- Sessions (the run's state serialized, at the edge) ---
    void saveSession(const std::string& path);
    // Where the session's releases went (its --out, which steps, bins,
    // noisy marginals, file form), as recorded: `continue` writes there.
    ReleaseOutput recordedOutput() const;
    // A setting kept in the session ("out": where its releases went); empty when unset.
    std::string sessionSetting(const std::string& key) const;
    void setSetting(const std::string& key, const std::string& value);
    // The step whose release files were due when the session was last saved
    // and may be missing (a crash between the save and the files), 0 if none.
    int pendingReleaseStep() const;
    // Writes the pending step's missing release files (identical to the lost
    // ones: each file's randomness is its own, io::makeExportRng); files on
    // disk are left alone. Returns the ids of the series whose files were written.
    std::vector<std::string> finishPendingReleases();

    // --- Results ---
    // metrics.csv (0600), summary.json (0600) and ledger.json into dir;
    // moreRepeats: repeats 2..R (runRepeat). Returns the paths written.
    std::vector<std::string> writeRunFiles(
        const std::string& dir, const std::vector<std::vector<SeriesStepResult>>& moreRepeats = {}) const;
    // summary.json's text (the same as writeRunFiles writes).
    std::string summaryJson(const std::vector<std::vector<SeriesStepResult>>& moreRepeats = {}) const;
    // Each series' latest release (dir/releases/... layout) with the run files;
    // with marginals, each proposed series' noisy marginals of that step too.
    int exportLatest(const std::string& dir, BinOutput bins, bool marginals = false) const;
    // The DP answers a series' counters hold after its last finished step,
    // with their theoretical variances (values; empty for the baseline).
    stream::NoisyMarginals noisyMarginals(const std::string& seriesId) const;
    // One series' latest release to csvPath (+ manifest beside it); returns
    // the manifest's path. Setting Error when the series is unknown or has no step.
    std::string exportRelease(const std::string& seriesId, const std::string& csvPath, BinOutput bins) const;
    // Releases kept in the spool, any step: dir/releases/... + dir/manifest.json.
    // Release mode: only published series, each step claimed in the registry
    // (Error(Privacy) otherwise); exportLatest likewise, exportRelease refuses
    // a series run for comparison only.
    SpooledExport exportKept(const std::vector<std::pair<std::string, int>>& which, const std::string& dir,
                             BinOutput bins) const;

private:
    friend class Workbench;  // adopts the run's session record (Workbench::adoptSession)
    friend ReleaseStorage estimateReleaseStorage(const Run&, const ReleaseOutput&,
                                                 const std::vector<std::string>&, int, int);
    std::unique_ptr<workflow::RunMachine> machine_;
};

// Before a NEW run writes to them (CLI `run`): an existing session file or a
// non-empty output folder is refused (Error(Setting), naming --replace)
// unless replace; and always (Error(Privacy)) a release-mode session with
// released steps, or a folder holding publishable releases: their budget is
// spent, and replacing them would publish those steps twice.
void checkNewRunTargets(const std::string& sessionPath, const std::string& outDir, bool replace);

NewRunTargets newRunTargets(const std::string& sessionPath, const std::string& outDir);
// After a refused run: the lock files it made and the output folder it
// created are removed, when nothing else is there (a folder holding a
// journal or any release is kept, whatever happened). Never throws.
void removeRefusedRunLitter(const NewRunTargets& targets);

// `run --replace`, after checkNewRunTargets(…, replace = true) passed: the
// earlier run's release tree (outDir/releases) is renamed aside in one step
// before the new run writes anything, so the folder never mixes two runs'
// step files; the returned folder holds it ("" when there was none).
// metrics.csv, summary.json and ledger.json are replaced at the end as
// always. Error(Io) naming the folder when the rename fails.
std::string setAsideReplacedReleases(const std::string& outDir);
// After the new run: succeeded, the old tree is deleted (links removed,
// never followed); failed before writing any release, the old tree is put
// back (the folder is as before); failed later, it is deleted too (the new
// partial tree must not mix with it). Never throws.
void finishReplacedReleases(const std::string& outDir, const std::string& aside, bool runSucceeded);

}  // namespace streamsynth::api
