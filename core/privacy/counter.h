// Continual counters (SPEC §3, PGM.md §8): one scalar stream of integer
// increments -> a released running sum after every feed, ε-DP (Laplace noise
// kinds) or ρ-zCDP (Gaussian kinds) for the whole input stream when
// one increment changes by ±1. The counter's "budget" is ε or ρ accordingly.
//
// Calibration in both models. Every counter releases S_t + Σ_j c_{t,j}·z_j
// for noise terms z_j; term j covers a set of items with coefficient r_j(s)
// (0/1 for trees and blocks, the Toeplitz coefficients for the square-root
// factorisation). One increment s changed by ±1 moves the terms by the column
// r(s): L1 norm N₁ (pure: Laplace scale b = N₁/ε) or L2 norm N₂ (zCDP: σ² =
// N₂²/(2ρ), Gaussian mechanism). For 0/1 columns N₁ = N₂² = the number of
// terms containing one item, written "terms" below: scale terms/ε under pure,
// σ = √(terms/(2ρ)) under zCDP. The whole release vector is a linear map of
// (terms' true sums + z), so it is post-processing of one ε-DP / ρ-zCDP
// mechanism (the matrix mechanism; Denisov et al. 2022 for adaptively chosen
// Gaussian inputs). Released value at time t is
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
//  SqrtFactor(T)   square-root factorisation of the counting matrix, A = L·R
//                  with L = R lower-triangular Toeplitz, coefficients f_0 = 1,
//                  f_k = (1 − 1/(2k))·f_{k−1} (Fichtenberger, Henzinger &
//                  Upadhyay 2023; Henzinger, Upadhyay & Upadhyay 2023). One
//                  z_j per feed; release = S_t + Σ_{j≤t} f_{t−j} z_j. Every
//                  column of R (horizon T) has L2 norm² C_T = Σ_{k<T} f_k², so
//                  σ² = C_T/(2ρ). Var(t) = σ²·Σ_{k<t} f_k² (about
//                  (1 + ln T/π)(1 + ln t/π)/(2ρ)). zCDP only (its L1 norm grows
//                  like √T). O(t) memory and time per cell.
//  SqrtUnbounded   square root with a log-damped R for streams of unknown
//                  length (in the spirit of Jacobsen & Fawaz 2025, who damp
//                  1/√(1−z) by logarithmic factors; this damping is ours, chosen
//                  so the bound below is elementary): r_k = f_k·d_k, d_k = (1 +
//                  β ln(1 + k/c))^{−γ}, γ = 1.5, β = 0.3, c = 256; L's column c
//                  from C(z)·R(z) = 1/(1−z). Privacy for EVERY horizon: a
//                  column of R is a prefix of r, so ‖R e_s‖₂² ≤ Σ_{k≥0} r_k² ≤ C̄
//                  = Σ_{k≤2^20} r_k² + 1/(πβ(2γ−1)(1 + β ln(2^20/c))^{2γ−1})
//                  (f_k ≤ 1/√(πk) and an integral tail; ≈ 3.09): σ² = C̄/(2ρ)
//                  never depends on how long the stream runs. Var(t) =
//                  σ²·Σ_{k<t} c_k², Var(t) − since s: σ²·Σ_j (c_{t−j} − [j≤s]
//                  c_{s−j})². r is positive and non-increasing, so c_k ∈ [0, 1]
//                  from a recurrence without cancellation. Its variance over
//                  that of sqrt:T at t = T (the best bounded square root for a
//                  known horizon): 1.27 at 100, 1.15 at 1000, 1.36 at 10^4,
//                  1.85 at 2^16 (docs/privacy-models.md); it grows like
//                  (ln t)^{2γ+1}. zCDP only. O(t) memory and time per cell.
//  Discrete noise for sqrt:T and sqrt-unbounded quantises R to a 2^−m grid
//  (counter_toeplitz.h): integer noise on a real-valued R·x would reveal the
//  data through the releases' fractional parts.
//  SmoothBinary(T) Andersson & Pagh 2023: a binary tree of even height h,
//                  the smallest with C(h, h/2) − 1 ≥ T, whose t-th input goes
//                  to the t-th leaf index with exactly h/2 one-bits (in
//                  increasing order). Release t = the dyadic decomposition of
//                  [0, leaf(t+1)): exactly h/2 nodes, all left children, so
//                  every release has the same noise. An item sits in a used
//                  node only at the h/2 levels where its leaf index has a 0
//                  bit: terms = h/2, Var = (h/2)·σ²(node) ≈ log²T/(8ρ).
//  Elders(K, T)    "Count on your elders" (Andersson, Pagh, Steiner &
//                  Torkamani, FORC 2025): a K-ary tree (K odd) read with the
//                  balanced digits d_i ∈ [−(K−1)/2, (K−1)/2] of t: level i adds
//                  d_i nodes right of the running position or subtracts |d_i|
//                  nodes left of it (a node may reach past t: its noise is
//                  data-independent and its future items cancel in the exact
//                  part, the matrix mechanism again). h levels, the smallest
//                  with (K^h − 1)/2 ≥ T; one node per level holds an item:
//                  terms = h, Var(t) = σ²·Σ|d_i(t)|. Pure or zCDP.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/privacy/laplace.h"
#include "core/privacy/rng.h"
#include "core/values/counter_spec.h"
#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

class NoiseSource;

// Plain state for sessions: everything a counter needs to resume exactly.
struct CounterState {
    CounterSpec spec;
    double budget = 0;  // the counter's budget: ε (pure noise kinds) or ρ (Gaussian kinds)
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
    // The counter's budget: ε (pure noise kinds) or ρ (Gaussian kinds).
    virtual double budget() const = 0;
    virtual CounterState state() const = 0;
};

// budget = the counter's budget (ε or ρ by spec.noise), finite > 0, spec valid.
std::unique_ptr<Counter> makeCounter(const CounterSpec& spec, double budget);
// Same with a substitute noise source (tests: recording/zero noise). Variances
// still follow spec.noise.
std::unique_ptr<Counter> makeCounter(const CounterSpec& spec, double budget,
                                     std::shared_ptr<NoiseSource> noise);
// Resumes a saved counter (Error(Session) when the state is inconsistent).
std::unique_ptr<Counter> restoreCounter(const CounterState& state);

// Exact variance of the release at time t >= 0 (for the charts' theory lines).
double theoreticalVariance(const CounterSpec& spec, double budget, long long t);
// Exact variance of release(t) − release(s), 0 <= s <= t.
double theoreticalVarianceSince(const CounterSpec& spec, double budget, long long s, long long t);
// Number of noise terms with coefficient one in the release at t (Simple, Block,
// UnboundedBlock, BinaryTree, Hybrid, SmoothBinary); for HonakerTree the
// number of tree nodes whose estimates are summed; for Elders the number of
// nodes added or subtracted; for SqrtFactor and SqrtUnbounded t. For tests and the UI.
long long releaseNoiseTerms(const CounterSpec& spec, long long t);

}  // namespace streamsynth::privacy
