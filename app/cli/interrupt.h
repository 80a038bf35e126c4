// Ctrl+C (SIGINT) and SIGTERM during `run` and `continue`: the first asks the
// run to stop once the step under way is released and saved (the release
// of that step is the full one: its rounds are not cut short), the second
// stops the process at once (its recovery is `continue`, as after a crash).
// SIGPIPE is ignored meanwhile (a `| tee` stopped by the same Ctrl+C).
#pragma once

#include <atomic>
#include <string>

#include "core/values/release_output.h"

namespace streamsynth::cli {

// While alive, SIGINT and SIGTERM are caught as above; the previous handlers
// come back when it goes. One at a time.
class StopRequests {
public:
    // resumable: a session is saved after every step (--session with
    // autosave), so the words of the first signal may promise that
    // `continue` resumes after a second.
    explicit StopRequests(bool resumable);
    ~StopRequests();
    StopRequests(const StopRequests&) = delete;
    StopRequests& operator=(const StopRequests&) = delete;

    // True once a signal asked for a stop.
    bool requested() const;
    // The cancel flag to give Run::run: it turns true only between steps
    // (betweenSteps(), from the progress callback), so a step never sees it.
    const std::atomic<bool>* cancel() const { return &cancel_; }
    // Called after each step: passes a pending request on to cancel().
    void betweenSteps();

private:
    std::atomic<bool> cancel_{false};
};

// cb, with stops.betweenSteps() after its onProgress.
api::RunCallbacks stoppable(api::RunCallbacks cb, StopRequests& stops);

// After Run::run: when a request stopped it before lastStep (the last step
// asked for), says on stderr what is released and saved and how to go on
// (`continue` runs every step up to streamSteps, the stream's length;
// sessionPath empty: none was kept; database: the session reads its rows
// from PostgreSQL) and returns true; else false.
bool reportStop(const StopRequests& stops, int released, int lastStep, int streamSteps,
                const std::string& sessionPath, bool database);

}  // namespace streamsynth::cli
