// Continual counters (SPEC §3, PGM.md §8): one scalar stream of integer
// increments -> a released running sum after every feed, ε-DP for the whole
// input stream when one increment changes by ±1. Released value at time t is
// S_t (the exact prefix sum) plus a sum of independent noise terms; which
// terms depends only on t (never on the data), so every variance below is an
// exact function of (type, ε, noise kind, times). No counter clamps or rounds
// anything (PGM.md decision 6): that is post-processing for the caller.
//
// Types (b(x) = a noise term of scale x; σ²(x) its variance: 2x² for Laplace):
//  Simple          every feed adds b(1/ε); value = S_t + Σ_{s≤t} terms. Var = t·σ²(1/ε).
//  Block(B)        CSS two-level. Feed t: if B | t, one b(2/ε) on the block sum
//                  (β, kept forever) and the within-block terms are dropped;
//                  else one b(2/ε) on the item (α). Var = (⌊t/B⌋ + t mod B)·σ²(2/ε).
//  UnboundedBlock  segments of length k² (k = 2, 3, …), segment k a Block(k);
//                  finished segments keep their β's. Var = (#β + #α)·σ²(2/ε).
//  BinaryTree(T)   CSS binary mechanism with the CORRECT calibration: each item
//                  is in ≤ L = ⌊log2 T⌋+1 p-sums, so each p-sum gets b(L/ε) (the
//                  reference's log2(T)/ε under-noises, PGM.md §8.5). Release
//                  = the popcount(t) p-sums of t's set bits. Feeding past T throws.
//  Hybrid          CSS hybrid: a logarithmic counter with ε/2 (b(2/ε) at t = 2^k,
//                  k+1 terms at 2^k) plus, inside epoch k (2^k < t < 2^{k+1}), a
//                  binary tree over the 2^k − 1 items with levels 0..k−1, b(2k/ε).
//  HonakerTree(T)  better than the paper: the FULL dyadic tree (every node,
//                  left and right children, b(L/ε) each, L = ⌊log2 T⌋+1 —
//                  still one p-sum per level per item, so still ε-DP) and
//                  each completed node replaced by Honaker's (2015) bottom-up
//                  inverse-variance estimate z = (own + w_{j−1}/2·(z_left +
//                  z_right))/w_j. In units of σ² = σ²(L/ε) its precision is
//                  w_j = 2 − 2^{−j}, so a level-j node has variance σ²/(2 − 2^{−j})
//                  (σ² at the leaves, → σ²/2 high up) instead of σ². Release = Σ
//                  over t's set bits of those z's: Var = σ²·Σ_{j∈bits(t)} 1/(2 − 2^{−j})
//                  against σ²·popcount(t) for the binary tree with the same ε:
//                  never worse, ratio → 1/2 for bits at high levels, 2/3 at
//                  t = 2, 1 at t = 1 (a leaf cannot be improved online); the
//                  average ratio over t ≤ 1024 is 0.58.
//                  Only bottom-up (online): the top-down half of Honaker needs nodes not yet complete.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/privacy/laplace.h"
#include "core/privacy/rng.h"

namespace streamsynth::privacy {

class NoiseSource;

struct CounterSpec {
    enum class Type { Simple, Block, UnboundedBlock, BinaryTree, Hybrid, HonakerTree };
    Type type = Type::Simple;
    long long blockSize = 0;  // Block only, >= 1
    long long horizon = 0;    // BinaryTree / HonakerTree only, >= 1: the most feeds allowed
    NoiseKind noise = NoiseKind::Laplace;
    bool operator==(const CounterSpec&) const = default;
};

// "simple", "block:B", "unbounded-block", "tree:T", "hybrid", "honaker:T", each
// optionally followed by "+discrete" (discrete Laplace noise). settingError("counter", …) otherwise.
CounterSpec parseCounterSpec(const std::string& text);
std::string counterSpecToString(const CounterSpec& spec);
// Validates the spec's parameters (settingError("counter", …)).
void validateCounterSpec(const CounterSpec& spec);

// Plain state for sessions: everything a counter needs to resume exactly.
struct CounterState {
    CounterSpec spec;
    double epsilon = 0;
    std::size_t cells = 0;
    long long time = 0;
    std::vector<std::vector<double>> arrays;  // engine-specific arrays, cells-major per array
};
// Boost binary archive of a CounterState (see counter_state.cpp).
std::string saveCounterState(const CounterState& state);
CounterState loadCounterState(const std::string& bytes);  // Error(Session) when damaged

class Counter {
public:
    virtual ~Counter();
    // Time advances by one; increment is the step's true count change (may be < 0).
    virtual void feed(long long increment, Rng& rng) = 0;
    // Released running count after the last feed (0 before any feed).
    virtual double value() const = 0;
    // Number of feeds so far.
    virtual long long time() const = 0;
    // Exact noise variance of value() now (0 at time 0).
    virtual double variance() const = 0;
    // Exact variance of value(now) − value(at earlierTime), 0 <= earlierTime <=
    // time(); shared noise terms cancel. earlierTime = 0 gives variance().
    virtual double varianceSince(long long earlierTime) const = 0;
    virtual std::unique_ptr<Counter> clone() const = 0;
    // counterSpecToString of its spec.
    virtual std::string name() const = 0;
    virtual CounterSpec spec() const = 0;
    virtual double epsilon() const = 0;
    virtual CounterState state() const = 0;
};

// epsilon finite > 0 (settingError("epsilon")), spec valid.
std::unique_ptr<Counter> makeCounter(const CounterSpec& spec, double epsilon);
// Same with a substitute noise source (tests: recording/zero noise). Variances
// still follow spec.noise.
std::unique_ptr<Counter> makeCounter(const CounterSpec& spec, double epsilon, std::shared_ptr<NoiseSource> noise);
// Resumes a saved counter (Error(Session) when the state is inconsistent).
std::unique_ptr<Counter> restoreCounter(const CounterState& state);

// Exact variance of the release at time t >= 0 (for the charts' theory lines).
double theoreticalVariance(const CounterSpec& spec, double epsilon, long long t);
// Exact variance of release(t) − release(s), 0 <= s <= t.
double theoreticalVarianceSince(const CounterSpec& spec, double epsilon, long long s, long long t);
// Number of noise terms with coefficient one in the release at t (Simple, Block,
// UnboundedBlock, BinaryTree, Hybrid); for HonakerTree the number of tree nodes
// whose estimates are summed. For tests and the UI.
long long releaseNoiseTerms(const CounterSpec& spec, long long t);

}  // namespace streamsynth::privacy
