// Write-ahead releases, shared by `run --session --autosave` and `continue`:
// at the end of a step the session is saved first, recording the step, the
// export random state before that step's files, and whether files were due
// (kPendingReleaseStep); only then are the files written. `continue` replays
// a pending step's exports: it writes the files a crash lost and, for those
// already on disk, draws what writing them drew, so later files match an
// uninterrupted run. The final save of a run clears the pending step.
#pragma once

#include <functional>
#include <vector>

#include "core/stream/run_engine.h"

namespace streamsynth::cli {

// Session setting: the step whose release files were due when the session
// was saved (0: none pending, the export random state is after every write).
inline constexpr const char* kPendingReleaseStep = "pending-release-step";

// Fault injection for the crash tests: with STREAMSYNTH_FAULT set to
// "after-session-save:<step>", exits the process at once (code 75, no
// cleanup) right after the session save of that step, before its releases.
void faultAfterSessionSave(int step);

// The ordering itself: add() the releases due at a step as the series report
// them; endStep() saves the session (told the pending step, or 0 when none is
// due), passes the fault point, then writes them.
class WriteAheadReleases {
public:
    using SaveSession = std::function<void(int pendingStep)>;
    using WriteRelease = std::function<void(const stream::SeriesStepResult&)>;
    WriteAheadReleases(SaveSession save, WriteRelease write) : save_(std::move(save)), write_(std::move(write)) {}

    void add(const stream::SeriesStepResult& r) { pending_.push_back(r); }
    void endStep(int step);

private:
    SaveSession save_;
    WriteRelease write_;
    std::vector<stream::SeriesStepResult> pending_;
};

}  // namespace streamsynth::cli
