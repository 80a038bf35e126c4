// The session workflow shared by the CLI and the GUI (SPEC §7): building a
// session from a run, saving it after steps (also automatically after every
// step), and continuing a saved session with a grown table: the digest check
// of released steps, re-planning of batches, and a run resuming at the next step.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/api/workbench.h"
#include "core/io/session_data.h"
#include "core/marginals/workload_set.h"
#include "core/privacy/rng.h"
#include "core/stream/step_plan.h"
#include "core/stream/step_source.h"

namespace streamsynth::data { struct RawTable; }

namespace streamsynth::api {

// Output settings a session keeps for `continue` (CLI). The GUI keeps none:
// `continue` then uses its defaults (out "streamsynth-run", folders "releases/<id>").
struct SessionOutput {
    bool keep = false;                                  // false: no output settings stored
    std::string bins = "interval";                      // "interval" | "uniform"
    std::string exportWhich = "all";                    // "all" | "last" | "none"
    std::string outDir;
    std::map<std::string, std::string> releaseFolders;  // series id -> folder under outDir
};

// The fixed part of a new session: `schema` must carry the stream settings in
// effect; `tableRows` is the row count of the table the plan was formed from
// (batch mode: the first segment is [0, tableRows) ordered with label "batch-order").
io::SessionData newSessionData(const data::Schema& schema, long long tableRows, std::uint64_t batchSeed,
                               const marginals::WorkloadSet& workloads, const stream::RunConfig& config,
                               const SessionOutput& output = {});

// Appends digests, row counts and periods of steps released since the last
// update (steps [d.stepDigests.size()+1, engine.nextStep()-1]) and stores the
// engine state and the export Rngs' states. Between steps only.
void updateSessionData(io::SessionData& d, const stream::TableStepSource& source, const stream::RunEngine& engine,
                       const std::map<std::string, std::unique_ptr<privacy::Rng>>& exportRngs);

// The batch plan over a grown table: each saved segment re-planned as it was,
// plus (when rows were appended) a new segment of the new rows, which is
// appended to d.segments. Throws Error(Privacy) when the table has fewer rows
// than the session has seen.
stream::StepPlan continuedBatchPlan(io::SessionData& d, const data::Table& table, const data::BatchSettings& batch);

// The result of checking a grown table against a session.
struct ContinueCheck {
    bool accepted = false;
    int releasedSteps = 0;   // steps 1..releasedSteps were released before
    int stepsVerified = 0;   // released steps whose rows are unchanged (== releasedSteps when accepted)
    int newSteps = 0;        // steps to run, releasedSteps+1 .. stepCount (> 0 when accepted)
    int stepCount = 0;       // steps the grown table gives (0 when it could not be planned)
    std::string refusal;     // plain words why not (empty when accepted)
    std::vector<data::Problem> problems;  // notes from reading/encoding the grown table
    // Refused only because nothing is new: every released step verified.
    // continueSession(…, resumeWhenUpToDate = true) still resumes the run
    // then (never to be run), so that exports due at the last step can be
    // finished.
    bool upToDate = false;
};

// Compares every released step's rows (digest) with what `source` gives it.
// Fills everything but `problems`; never throws for a refusal.
ContinueCheck checkContinuation(const io::SessionData& d, const stream::TableStepSource& source, bool batchMode);

// A run that can be saved as a session. Owns its step source (a copy of the
// rows), engine, export Rngs and session data, so it may run on a worker thread.
class SessionRun final : public Run {
public:
    // A new run from step 1; `session` is the fixed part (newSessionData).
    SessionRun(io::SessionData session, const data::Table& table, const stream::StepPlan& plan,
               marginals::WorkloadSet workloads);
    // Resumes from session.engine (continuation): next step = released + 1.
    // Throws Error(Session) when the state does not fit.
    static std::unique_ptr<SessionRun> resume(io::SessionData session, const data::Table& table,
                                              const stream::StepPlan& plan, marginals::WorkloadSet workloads);

    int stepCount() const override;
    std::vector<std::string> workloadLabels() const override;
    // Runs [nextStep, lastStep] (all when lastStep <= 0); with autosave on,
    // saves after every finished step (callbacks.onProgress runs first).
    int run(const stream::RunCallbacks& callbacks, const std::atomic<bool>* cancel) override;
    int runUntil(const stream::RunCallbacks& callbacks, const std::atomic<bool>* cancel, int lastStep);
    stream::RunEngine& engine() override { return *engine_; }
    void saveSession(const std::string& path) override;
    void setAutosave(const std::string& path, AutosaveCallback onSaved) override;

    // The session data as of the last update (settings, segments, digests).
    const io::SessionData& session() const { return session_; }
    // Sets an output setting saved with the session (io::SessionData::setSetting).
    void setSetting(const std::string& key, const std::string& value) { session_.setSetting(key, value); }
    // Brings the session data up to date (between steps) and returns it.
    const io::SessionData& updatedSession();
    const stream::TableStepSource& source() const { return source_; }
    // The Rng drawing uniform values inside numeric bins for one series' exports.
    privacy::Rng& exportRng(const std::string& seriesId);

private:
    SessionRun(io::SessionData session, const data::Table& table, const stream::StepPlan& plan,
               marginals::WorkloadSet workloads, bool resume);

    io::SessionData session_;
    stream::TableStepSource source_;
    std::unique_ptr<stream::RunEngine> engine_;
    std::map<std::string, std::unique_ptr<privacy::Rng>> exportRngs_;
    std::string autosavePath_;
    AutosaveCallback onSaved_;
};

// A grown table checked against a session; `run` is set only when accepted.
struct Continuation {
    ContinueCheck check;
    data::Schema schema;               // the session's schema with its stream settings (never re-derived)
    std::unique_ptr<SessionRun> run;   // continues at check.releasedSteps + 1
    stream::StepPlan plan;             // the plan of the grown table (batch: saved segments + new rows)
};

// Reads the grown table under the session's schema and checks it. Errors
// reading or encoding the table throw (Input/Io); refusals (changed or
// removed rows of released steps, no new rows, an interrupted step) are
// returned in check.refusal. resumeWhenUpToDate: resume the run also when
// the only refusal is "nothing new" (check.upToDate; the run must not be run).
Continuation continueSession(io::SessionData session, const data::RawTable& grown, const std::string& sessionName,
                             bool resumeWhenUpToDate = false);
Continuation continueSession(io::SessionData session, const std::string& grownTablePath, char delimiter = 0,
                             const std::string& sessionName = "session", bool resumeWhenUpToDate = false);

// True when the file starts with the session magic ("STRMSYNS").
bool isSessionFile(const std::string& path);

}  // namespace streamsynth::api
