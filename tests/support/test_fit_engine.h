// A fit engine kind of the tests' own, "test-mw" (the mw engine under another
// name), registered the way a new engine is (core/fit/fit_engine_kinds.h):
// the registry tests find it in the test CLI's help of `run`
// (tests/cli/cli_with_faults.cpp registers it), in the experiment panel's
// chooser (tests/ui/test_fit_engine_registry.cpp) and in the core's lists.
#pragma once

#include "core/fit/fit_engine_kinds.h"

namespace streamsynth::test {

inline constexpr const char* kTestFitEngine = "test-mw";

// Registers test-mw once per process (later calls do nothing).
inline void registerTestFitEngine() {
    if (fit::findFitEngineKind(kTestFitEngine)) return;
    fit::registerFitEngineKind({kTestFitEngine, "test engine",
                                "The mw engine under another name (a test's own fit engine).",
                                [] { return fit::makeFitEngine("mw"); }});
}

}  // namespace streamsynth::test
