// streamsynth-cli-faults: streamsynth-cli for the tests only (never
// installed), with the tests' own counter kind "test-echo" registered
// (support/test_counter.h: the counter-registry test finds it in the help). With
// STREAMSYNTH_FAULT=after-<point>:<step> ("after-claim:2", "after-journal:3", "after-session-save:4") the
// process stops at once, without cleanup (exit code 75), when the run reaches that point of that step
// (core/values/fault_seam.h), as a crash or a power cut would.
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/command.h"
#include "core/values/fault_seam.h"
#include "support/test_counter.h"
#include "support/test_fit_engine.h"

namespace {
void stopAtTheNamedPoint(std::string_view point, int step) {
    const char* fault = std::getenv("STREAMSYNTH_FAULT");
    if (fault && "after-" + std::string(point) + ":" + std::to_string(step) == fault) std::_Exit(75);
}
}  // namespace

int main(int argc, char** argv) {
    streamsynth::api::setFaultHook(&stopAtTheNamedPoint);
    streamsynth::test::registerTestCounter();
    streamsynth::test::registerTestFitEngine();
    return streamsynth::cli::runCommandLine(argc, argv);
}
