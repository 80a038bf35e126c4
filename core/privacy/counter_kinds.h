// The registry of continual counter kinds: everything the rest of the program
// knows about a counter type (name, spec grammar, which privacy models admit
// it, the words the GUI and the CLI show, its engine, its exact variance and
// its noise terms). The CLI's help, the GUI's series chooser and counter
// comparison, the spec parser and the session's counter state all read this
// list, so a new counter is one file of its own plus one line in
// counter_kinds.cpp's list of built-ins (docs/architecture.md "Variation
// points"). Kinds are registered before any run starts (registration is not
// synchronised with readers); the built-ins are there from the first call.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/privacy/counter.h"

namespace streamsynth::privacy {

namespace detail {
class CounterEngine;
}

// The parameters a kind's spec carries after its name: "simple", "block:B",
// "tree:T", "elders:K:T".
enum class CounterArgs { None, BlockSize, Horizon, ArityHorizon };

struct CounterKind {
    std::string name;  // the spec's head, lower case: "elders"
    CounterArgs args = CounterArgs::None;
    bool pure = true;    // has a pure ε-DP calibration (every kind has a zCDP one)
    int stateCode = -1;  // its number in saved counter states: fixed for ever, unique, >= 100 when registered
    // English words (the GUI translates them in the context "CounterKind"):
    // the chooser's label and the one-line explanation used by the tooltips
    // and the CLI's help.
    std::string title, about;
    std::function<std::unique_ptr<detail::CounterEngine>(const CounterSpec&, double budget, std::size_t cells,
                                                         std::shared_ptr<NoiseSource> noise)>
        engine;
    // Exact Var(release t − release s) (counter.h), s ≤ t within the horizon.
    std::function<double(const CounterSpec&, double budget, long long s, long long t)> varianceSince;
    // The number of noise terms in release t (the accuracy planner's tails).
    std::function<long long(const CounterSpec&, long long t)> noiseTerms;
    // Checks beyond the grammar's (Error(Setting) with the reason); may be empty.
    std::function<void(const CounterSpec&)> check;
};

// Adds a kind after the built-ins. Error(Setting) when its name or state
// code is taken, or a function is missing.
void registerCounterKind(CounterKind kind);
// Every kind: the built-ins in the order the GUI lists them, then the
// registered. A deque: a registration never moves the kinds already listed,
// so the references below stay valid.
const std::deque<CounterKind>& counterKinds();
// The kind of a name; nullptr when there is none.
const CounterKind* findCounterKind(const std::string& name);
// The kind of a spec (Error(Setting) "unknown counter" when not registered).
const CounterKind& kindOf(const CounterSpec& spec);
// "elders:K:T", "block:B", "simple".
std::string counterGrammar(const CounterKind& kind);
// The spec text for parameters (the GUI's fields): "elders:7:977", "block:16".
std::string counterText(const CounterKind& kind, long long blockSize, int arity, long long horizon);
// Every kind's grammar for help and error texts: "simple, block:B, …, sqrt:T
// (zcdp), …, optionally +discrete".
std::string counterGrammarList();

}  // namespace streamsynth::privacy
