// Internal: the lower-triangular Toeplitz factorisation counters (counter.h:
// sqrt:T and sqrt-unbounded). The counting matrix A (all ones on and below
// the diagonal) is factorised as A = L·R with L, R lower-triangular Toeplitz,
// R's first column r, L's first column c (generating functions: C(z)·R(z) =
// 1/(1−z)). The counter keeps one noise term z_j per feed and releases
// S_t + Σ_{j≤t} c_{t−j}·z_j = (L·(R·x + z))_t: post-processing of the
// Gaussian mechanism on R·x, whose sensitivity is the largest L2 norm of a
// column of R (every column is a prefix of r).
//
// Discrete noise (release mode). Adding integer noise to a vector R·x with
// real entries is NOT private: the fractional parts of the releases would give
// away the data (with c_1 = 1/2, release 2 reveals z_1 mod 2, and with
// release 1 = x_1 + z_1 the parity of x_1). So under a discrete kind R is
// quantised to the lattice 2^−m·ℤ (r̃_k = ⌊2^m·r_k⌋·2^−m, r̃_0 = 1), L is
// the exact inverse factor of that R̃, and each term is z_j = 2^−m·w_j with w_j
// an exact discrete Gaussian of scale 2^m·σ: 2^m·R̃·x is an integer vector,
// ‖2^m·R̃·e_s‖² ≤ 4^m·‖R·e_s‖² (0 ≤ r̃_k ≤ r_k), so the discrete Gaussian
// mechanism (Canonne, Kamath & Steinke 2020, Thm 4) gives the same ρ as the
// continuous one. m = min(20, ⌊log2(2^24/σ)⌋) ≥ 0 keeps 2^m·σ inside the
// exact sampler's range (gaussian.h); σ = 30 gives m = 19.
#pragma once

#include <vector>

#include "core/privacy/counter.h"
#include "core/privacy/counter_builtins.h"

namespace streamsynth::privacy::detail {

bool isToeplitzType(Builtin type);

// Square root (sqrt:T): f_0 = 1, f_k = (1 − 1/(2k))·f_{k−1}; Σ_{k<n} f_k²
// (memoised per n; thread-safe).
double sqrtColumnNormSquared(long long n);

// sqrt-unbounded's damping: r_k = f_k·(1 + β·ln(1 + k/c))^{−γ}.
struct UnboundedSqrtShape {
    static constexpr double gamma = 1.5;
    static constexpr double beta = 0.3;
    static constexpr double shift = 256.0;              // c
    static constexpr long long exactTerms = 1LL << 20;  // K: Σ r_k² summed exactly for k ≤ K
};
// C̄ ≥ Σ_{k≥0} r_k² (counter.h's bound: exact head plus an integral tail),
// computed once.
double unboundedSqrtColumnNormBound();

// How a Toeplitz counter with budget ρ draws its noise.
struct ToeplitzPlan {
    double columnNormSquared = 0;  // C ≥ ‖R·e_s‖² for every s (and, for sqrt-unbounded, every horizon)
    int latticeBits = -1;     // m of the lattice 2^−m·ℤ (discrete kinds); −1: real R, continuous noise
    double drawScale = 0;     // the sampler's scale: σ = √(C/(2ρ)), or 2^m·σ (integer draws)
    double unit = 1;          // z_j = unit·draw: 1 or 2^−m
    double termVariance = 0;  // Var(z_j), exact (the discrete sampler's own variance times 4^−m)
};
ToeplitzPlan toeplitzPlan(const CounterSpec& spec, double rho);

// The release coefficients c_0..c_{n−1} (L's first column) of the counter
// type for latticeBits (−1 = real R), memoised and thread-safe. Continuous
// sqrt:T: c = f (L = R). Otherwise the positive recurrence
// c_0 = 1, c_n = Σ_{k=1..n} (r_{k−1} − r_k)·c_{n−k}, from (1−z)·R(z)·C(z) = 1.
std::vector<double> toeplitzReleaseCoefficients(Builtin type, int latticeBits, long long n);

// Exact Var(release t − release s) / Var(z_j) = Σ_{j≤t} (c_{t−j} − [j≤s]·c_{s−j})², 0 ≤ s ≤ t.
double toeplitzVarianceSinceUnits(Builtin type, int latticeBits, long long s, long long t);

}  // namespace streamsynth::privacy::detail
