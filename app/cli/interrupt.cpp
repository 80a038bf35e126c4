// Ctrl+C and SIGTERM as a stop between steps (interrupt.h). The handler does
// only what a signal handler may: store a lock-free atomic, write(2) a fixed
// text, restore the default action and raise the signal again.
#include "interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

namespace streamsynth::cli {

namespace {
std::atomic<bool> stopAsked{false};
// The words of the first signal, chosen before the handler is installed.
constexpr const char* kResumableWords =
    "\nstopping once the step under way is released and saved (press Ctrl+C again to stop at once; "
    "`continue` then resumes the stream)\n";
constexpr const char* kOnceWords =
    "\nstopping once the step under way is released and saved (press Ctrl+C again to stop at once, "
    "leaving no session to continue from)\n";
std::atomic<const char*> firstWords{kResumableWords};
static_assert(std::atomic<const char*>::is_always_lock_free, "read in a signal handler");
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler may only touch lock-free atomics");
struct sigaction previousInt {
}, previousTerm{}, previousPipe{};

void say(const char* text) {
    const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
    (void)ignored;  // nothing to do in a handler when stderr is gone
}

extern "C" void onStopSignal(int sig) {
    const int savedErrno = errno;  // the interrupted code may be about to read it
    if (!stopAsked.exchange(true)) {
        say(firstWords.load());
        errno = savedErrno;
        return;
    }
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
    ::raise(sig);
}

// Catches sig unless it is ignored: a job started in the background of a
// script inherits SIGINT ignored, and the script's Ctrl+C is not for it.
void catchUnlessIgnored(int sig, struct sigaction& previous) {
    ::sigaction(sig, nullptr, &previous);
    if (previous.sa_handler == SIG_IGN) return;
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;  // reads and writes under way go on
    ::sigaction(sig, &sa, nullptr);
}
}  // namespace

StopRequests::StopRequests(bool resumable) {
    stopAsked.store(false);
    firstWords.store(resumable ? kResumableWords : kOnceWords);
    catchUnlessIgnored(SIGINT, previousInt);
    catchUnlessIgnored(SIGTERM, previousTerm);
    // `run … 2>&1 | tee log`: Ctrl+C stops tee too, and the next line on
    // stderr would kill the run by SIGPIPE in the middle of a step. Ignored,
    // a write to the closed pipe fails instead (stderr's failures are not
    // errors), and the run stops as asked.
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(SIGPIPE, &ignore, &previousPipe);
}

StopRequests::~StopRequests() {
    ::sigaction(SIGINT, &previousInt, nullptr);
    ::sigaction(SIGTERM, &previousTerm, nullptr);
    ::sigaction(SIGPIPE, &previousPipe, nullptr);
}

bool StopRequests::requested() const {
    return stopAsked.load();
}

void StopRequests::betweenSteps() {
    if (stopAsked.load()) cancel_.store(true);
}

api::RunCallbacks stoppable(api::RunCallbacks cb, StopRequests& stops) {
    cb.onProgress = [print = std::move(cb.onProgress), &stops](int step, int count) {
        if (print) print(step, count);
        stops.betweenSteps();
    };
    return cb;
}

bool reportStop(const StopRequests& stops, int released, int lastStep, int streamSteps,
                const std::string& sessionPath, bool database) {
    if (!stops.requested() || released >= lastStep) return false;
    const std::string done = released == 0   ? std::string("no step was released")
                             : released == 1 ? std::string("step 1 is released")
                                             : "steps 1.." + std::to_string(released) + " are released";
    if (sessionPath.empty())
        std::fprintf(
            stderr,
            "stopped on request after step %d of %d: %s; the metrics, summary and ledger cover them. "
            "No session was kept (--session), so this stream cannot be continued\n",
            released, lastStep, done.c_str());
    else
        std::fprintf(
            stderr,
            "stopped on request after step %d of %d: %s and saved in %s; `streamsynth-cli continue "
            "--session %s%s` runs steps %d..%d%s\n",
            released, lastStep, done.c_str(), sessionPath.c_str(), sessionPath.c_str(),
            database ? "" : " --data TABLE", released + 1, streamSteps,
            database ? " (the session knows its table)" : " (TABLE: the same table, or the grown one)");
    return true;
}

}  // namespace streamsynth::cli
