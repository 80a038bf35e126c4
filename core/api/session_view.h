// A reopened session as the GUI shows it: a read-only run
// resumed from the session over no new rows, so the released steps' history,
// the ledger (with its selection/measurement split) and each series' latest
// release g_t (which the proposed streamer keeps to continue) are available
// for preview and export, plus a summary of the schema and of the released
// stream. Past steps' releases are not in a session: only the last one is.
#pragma once

#include <memory>
#include <string>

#include "core/api/run.h"
#include "core/api/workbench.h"

namespace streamsynth::api {

struct SessionView {
    // Resumed at the session's next step over an empty stream: stepCount()
    // is 0, so run() never releases anything; history(), ledger(),
    // release(id), exportLatest() and exportRelease() work as after a run.
    std::unique_ptr<Run> run;
    // file = the session; rows = rows of the released steps; steps = released
    // steps; rows per step over them; attributes from the session's schema.
    StreamSummary summary;
};

// Reads the session file (Error(Io/Session) naming it, as Workbench::openSession).
SessionView openSessionView(const std::string& path);

}  // namespace streamsynth::api
