// Internal: the ten counters StreamSynth ships (counter.h describes each),
// as the registry's built-in kinds (counter_kinds.cpp). Their engines live in
// counter_engines.cpp, their variances and noise terms in counter_variance.cpp.
// The enum's values are the kinds' state codes: sessions store them, so they
// never change.
#pragma once

#include <cstddef>
#include <memory>

#include "core/privacy/counter.h"

namespace streamsynth::privacy::detail {

class CounterEngine;

enum class Builtin {
    Simple,
    Block,
    UnboundedBlock,
    BinaryTree,
    Hybrid,
    HonakerTree,
    SqrtFactor,
    SmoothBinary,
    Elders,
    SqrtUnbounded
};

// The built-in a spec names (Error(Setting) when its kind is not a built-in).
Builtin builtin(const CounterSpec& spec);

std::unique_ptr<CounterEngine> builtinEngine(const CounterSpec& spec, double budget, std::size_t cells,
                                             std::shared_ptr<NoiseSource> noise);
double builtinVarianceSince(const CounterSpec& spec, double budget, long long s, long long t);
long long builtinNoiseTerms(const CounterSpec& spec, long long t);
// The built-ins' own limits (sqrt:T's memory, elders' odd arity).
void checkBuiltin(const CounterSpec& spec);

}  // namespace streamsynth::privacy::detail
