// The session workflow shared by the CLI and the GUI (SPEC §7): building a
// session from a run, saving it after steps (also automatically after every
// step), and continuing a saved session with a grown table: the digest check
// of released steps, re-planning of batches, and a run resuming at the next step.
#pragma once

#include <memory>
#include <string>

#include "core/api/run.h"
#include "core/values/continue_check.h"
#include "core/values/schema.h"
#include "core/values/session_settings.h"
#include "core/values/time_end.h"

namespace streamsynth::api {

// A session continued with a grown table (SessionFile::continueWithFile,
// continueFromDatabase): the check of its released steps, the session's
// schema with its stream settings (never re-derived), and the run resuming
// at check.releasedSteps + 1 (null when refused).
struct Continuation {
    ContinueCheck check;
    data::Schema schema;
    std::unique_ptr<Run> run;
};

// True when the file starts with the session magic ("STRMSYNS").
bool isSessionFile(const std::string& path);

}  // namespace streamsynth::api
