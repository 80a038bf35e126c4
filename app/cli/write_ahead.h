// Write-ahead releases, shared by `run --session --autosave` and `continue`:
// at the end of a step the session is saved first, recording the step, the
// export random state before that step's files, and whether files were due
// (kPendingReleaseStep); only then are the files written. `continue` replays
// a pending step's exports: it writes the files a crash lost and, for those
// already on disk, draws what writing them drew, so later files match an
// uninterrupted run. The final save of a run clears the pending step.
#pragma once

namespace streamsynth::cli {

// Session setting: the step whose release files were due when the session
// was saved (0: none pending, the export random state is after every write).
inline constexpr const char* kPendingReleaseStep = "pending-release-step";

// Fault injection for the crash tests: with STREAMSYNTH_FAULT set to
// "after-session-save:<step>", exits the process at once (code 75, no
// cleanup) right after the session save of that step, before its releases.
void faultAfterSessionSave(int step);

}  // namespace streamsynth::cli
