// Data-independent noise schedules shared by the counter engines and the exact
// variance formulas (internal to the privacy library): block boundaries, tree
// levels and per-term scales. Times are 1-based feed counts.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "core/privacy/calibration.h"
#include "core/privacy/counter.h"

namespace streamsynth::privacy::detail {

// Scale of a noise term (counter.h "Calibration"): one item lies in `terms`
// terms (L1 = L2² = terms for 0/1 columns; for the square-root factorisation
// terms = its column norm²), paid with `fraction` of the counter's budget:
// calibrate() gives the Laplace b = terms/(fraction·ε), or the Gaussian
// σ = √(terms/(2·fraction·ρ)).
inline NoiseScale termScale(const CounterSpec& spec, double budget, double terms, double fraction) {
    return calibrate(privacyModelOf(spec.noise), fraction * budget, Sensitivity::ofTerms(terms));
}

// Block-type counters: number of block boundaries in [1, t] and the last one (0 if none).
struct BlockPosition {
    long long boundaries = 0;
    long long lastBoundary = 0;
};
BlockPosition blockPosition(const CounterSpec& spec, long long t);

// L = ⌊log2 T⌋ + 1: the most p-sums (tree levels) one item can be in.
inline int treeLevels(long long horizon) {
    return static_cast<int>(std::bit_width(static_cast<std::uint64_t>(horizon)));
}
inline int lowestSetBit(long long t) {
    return std::countr_zero(static_cast<std::uint64_t>(t));
}
inline int floorLog2(long long t) {
    return static_cast<int>(std::bit_width(static_cast<std::uint64_t>(t))) - 1;
}

// Honaker bottom-up weights in units of the node noise variance: precision
// w_j = 2 − 2^{−j}; z_j = a_j·own + b_j·(z_left + z_right).
inline double honakerPrecision(int j) {
    return 2.0 - std::ldexp(1.0, -j);
}
inline double honakerOwnWeight(int j) {
    return 1.0 / honakerPrecision(j);
}
inline double honakerChildWeight(int j) {
    return j == 0 ? 0.0 : 0.5 * honakerPrecision(j - 1) / honakerPrecision(j);
}

// Smooth binary: the tree height h (even) for horizon T, and the leaf index
// (h bits, h/2 ones) of the t-th input (t >= 1, 1-based rank in increasing order).
int smoothBinaryHeight(long long horizon);
std::uint64_t smoothBinaryLeaf(int height, long long t);

// Elders: levels h for (K, T), and the signed nodes of the release at t:
// (level, index) -> coefficient ±1; node (i, j) covers ((j−1)K^i, jK^i].
int eldersLevels(int arity, long long horizon);
std::map<std::pair<int, long long>, int> eldersNodes(int arity, int levels, long long t);

// Nodes in exactly one of the dyadic decompositions of [0, a) and [0, b).
long long dyadicSymmetricDifference(std::uint64_t a, std::uint64_t b);

}  // namespace streamsynth::privacy::detail
