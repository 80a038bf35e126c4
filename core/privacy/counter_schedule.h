// Data-independent noise schedules shared by the counter engines and the exact
// variance formulas (internal to the privacy library): block boundaries, tree
// levels and per-term scales. Times are 1-based feed counts.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "core/privacy/counter.h"

namespace streamsynth::privacy::detail {

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
inline int lowestSetBit(long long t) { return std::countr_zero(static_cast<std::uint64_t>(t)); }
inline int floorLog2(long long t) { return static_cast<int>(std::bit_width(static_cast<std::uint64_t>(t))) - 1; }

// Honaker bottom-up weights in units of the node noise variance: precision
// w_j = 2 − 2^{−j}; z_j = a_j·own + b_j·(z_left + z_right).
inline double honakerPrecision(int j) { return 2.0 - std::ldexp(1.0, -j); }
inline double honakerOwnWeight(int j) { return 1.0 / honakerPrecision(j); }
inline double honakerChildWeight(int j) { return j == 0 ? 0.0 : 0.5 * honakerPrecision(j - 1) / honakerPrecision(j); }

}  // namespace streamsynth::privacy::detail
