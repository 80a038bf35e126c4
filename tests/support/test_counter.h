// A counter kind of the tests' own, "test-echo" (the simple counter under
// another name and state code), registered the way a new counter is
// (core/privacy/counter_kinds.h): the registry test finds it in the test
// CLI's help (tests/cli/cli_with_faults.cpp registers it) and in both GUI
// lists (tests/ui/test_counter_registry.cpp).
#pragma once

#include "core/privacy/counter_engine.h"
#include "core/privacy/counter_kinds.h"

namespace streamsynth::test {

inline constexpr const char* kTestCounter = "test-echo";

// Registers test-echo once per process (later calls do nothing).
inline void registerTestCounter() {
    using namespace privacy;
    if (findCounterKind(kTestCounter)) return;
    const CounterKind* simple = findCounterKind("simple");
    const auto asSimple = [](CounterSpec spec) {
        spec.kind = "simple";
        return spec;
    };
    CounterKind k;
    k.name = kTestCounter;
    k.args = CounterArgs::None;
    k.pure = true;
    k.stateCode = 900;
    k.title = "test echo";
    k.about = "The simple counter under another name (a test's own counter kind).";
    k.engine = [simple, asSimple](const CounterSpec& spec, double budget, std::size_t cells,
                                  std::shared_ptr<NoiseSource> noise) {
        return simple->engine(asSimple(spec), budget, cells, std::move(noise));
    };
    k.varianceSince = [simple, asSimple](const CounterSpec& spec, double budget, long long s, long long t) {
        return simple->varianceSince(asSimple(spec), budget, s, t);
    };
    k.noiseTerms = [simple, asSimple](const CounterSpec& spec, long long t) {
        return simple->noiseTerms(asSimple(spec), t);
    };
    registerCounterKind(std::move(k));
}

}  // namespace streamsynth::test
