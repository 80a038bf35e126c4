// The crash tests' seam: named points of a release-mode run (after a step's
// session save, after its journal record, after its registry claim) where a
// test may stop the process as a crash would. Product code only reports that
// it reached a point; nothing happens unless a test-only executable
// (tests/cli/cli_with_faults.cpp) installed a hook.
#pragma once

#include <string_view>

namespace streamsynth::api {

// Called with the point's name ("session-save", "journal", "claim") and the step.
using FaultHook = void (*)(std::string_view point, int step);

// Installs the hook (nullptr removes it). Not thread-safe: install it before any run starts.
void setFaultHook(FaultHook hook);

// Reports that the run reached point at step: calls the installed hook, if any.
void reachedFaultPoint(std::string_view point, int step);

}  // namespace streamsynth::api
