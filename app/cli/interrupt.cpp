// Ctrl+C and SIGTERM as a stop between steps (interrupt.h). The handler does
// only what a signal handler may: store a lock-free atomic, write(2) a fixed
// text, restore the default action and raise the signal again.
#include "interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <utility>

namespace streamsynth::cli {

namespace {
std::atomic<bool> stopAsked{false};
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler may only touch lock-free atomics");
struct sigaction previousInt {
}, previousTerm{};

void say(const char* text) {
    const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
    (void)ignored;  // nothing to do in a handler when stderr is gone
}

extern "C" void onStopSignal(int sig) {
    if (!stopAsked.exchange(true)) {
        say("\nstopping once the step under way is released and saved (press Ctrl+C again to stop at once; "
            "`continue` then resumes the stream)\n");
        return;
    }
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
    ::raise(sig);
}
}  // namespace

StopRequests::StopRequests() {
    stopAsked.store(false);
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;  // reads and writes under way go on
    ::sigaction(SIGINT, &sa, &previousInt);
    ::sigaction(SIGTERM, &sa, &previousTerm);
}

StopRequests::~StopRequests() {
    ::sigaction(SIGINT, &previousInt, nullptr);
    ::sigaction(SIGTERM, &previousTerm, nullptr);
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

bool reportStop(const StopRequests& stops, int released, int lastStep, const std::string& sessionPath) {
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
            "--session %s --data TABLE` runs steps %d..%d (TABLE: the same table, or the grown one)\n",
            released, lastStep, done.c_str(), sessionPath.c_str(), sessionPath.c_str(), released + 1,
            lastStep);
    return true;
}

}  // namespace streamsynth::cli
