// The session workflow shared by the CLI and the GUI (SPEC §7), below the
// facade (core/api/session_workflow.h, session_file.h and the workbench): building a
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

#include "core/io/session_data.h"
#include "core/steps/step_hash_order.h"
#include "core/steps/step_plan.h"
#include "core/steps/step_source.h"
#include "core/values/continue_check.h"
#include "core/values/release_output.h"
#include "core/values/session_settings.h"
#include "core/values/time_end.h"
#include "core/values/workload_set.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::data {
struct RawTable;
}

namespace streamsynth::workflow {

// The key ranges of a hash-order session's segments, in order.
std::vector<stream::KeyRange> hashRanges(const io::SessionData& d);
// The key ranges of a grown hash-order stream: the session's, then (when
// keys at or above the last range's end exist: keyEnd = one past the largest
// key) a new range for them, appended to d.segments starting at firstNewStep.
std::vector<stream::KeyRange> grownHashRanges(io::SessionData& d, long long keyEnd, int firstNewStep);
// One past the largest whole-number key of a file's key column.
long long hashKeyEnd(const std::vector<std::string>& keyValues);

// The batch plan over a grown table: each saved segment re-planned as it was,
// plus (when rows were appended) a new segment of the new rows, which is
// appended to d.segments. Throws Error(Privacy) when the table has fewer rows
// than the session has seen.
stream::StepPlan continuedBatchPlan(io::SessionData& d, const data::Table& table,
                                    const data::BatchSettings& batch);

// Compares every released step's digest with what `source` gives it (a
// session made from a file keeps digests of rows, one made from a database
// digests of answers: the source must give the session's kind).
// Fills everything but `problems`; never throws for a refusal.
ContinueCheck checkContinuation(const io::SessionData& d, const stream::StepSource& source, bool batchMode);

// A grown table checked against a session; `run` is set only when accepted.
struct Continuation {
    ContinueCheck check;
    data::Schema schema;              // the session's schema with its stream settings (never re-derived)
    std::unique_ptr<RunMachine> run;  // continues at check.releasedSteps + 1
    stream::StepPlan plan;            // the plan of the grown table (batch: saved segments + new rows)
    // A database session (continueDatabaseSession): the grown stream as
    // planned on the server (its figures for the document's summary; the
    // run holds the step source).
};

// The time settings of a continued stream: the session's, with the new
// public end of `end` when one is given (setting Errors for conflicting
// options).
data::TimeSettings continuedTime(data::TimeSettings settings, const TimeEnd& end);

// Reads the grown table under the session's schema and checks it. Errors
// reading or encoding the table throw (Input/Io); refusals (changed or
// removed rows of released steps, no new rows, an interrupted step, a time
// stream whose end would be read from the data without confirmation) are
// returned in check.refusal. resumeWhenUpToDate: resume the run also when
// the only refusal is "nothing new" (check.upToDate; the run must not be run).
// `end`: a new public end for a time stream (replaces the session's; saved
// with the session from then on); setting Error for a batch stream.
Continuation continueSession(io::SessionData session, const data::RawTable& grown,
                             const std::string& sessionName, bool resumeWhenUpToDate = false,
                             const TimeEnd& end = {});
Continuation continueSession(io::SessionData session, const std::string& grownTablePath, char delimiter = 0,
                             const std::string& sessionName = "session", bool resumeWhenUpToDate = false,
                             const TimeEnd& end = {});

}  // namespace streamsynth::workflow
