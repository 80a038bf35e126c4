// Run::Impl (core/api/run.h): what a run holds (its state, the engine, its
// outputs, the stream's journals, locks and registry claims) and the jobs of a
// step's end, each implemented in the file named for it: run_release_files.cpp
// (a release's files and manifests, the GUI's spool), run_journals.cpp (never
// release a step twice: journals, registry claims, lost sessions),
// run_saves.cpp (the write-ahead session save, then journal, claim, files).
// The api library's own side: never included by ui/ or app/.
#pragma once

#include <QString>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/api/detail/release_claims.h"
#include "core/api/detail/run_state.h"
#include "core/api/run.h"
#include "core/io/file_lock.h"
#include "core/io/release_journal.h"
#include "core/io/release_spool.h"
#include "core/io/session_store.h"
#include "core/steps/step_source.h"
#include "core/stream/run_engine.h"

namespace streamsynth::api {

// Whether an output folder holds releases whose manifests say publishable.
bool holdsPublishableReleases(const QString& folder);

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

}  // namespace streamsynth::api
