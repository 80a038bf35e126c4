// The long sums of a run's evaluation and selection, over eight lanes: the
// selection's L1 distances (Σ|t − e| of every candidate, every round) and a
// workload's error sums (metrics, every step and series). Written out in one
// order (cell c into lane c mod 8, the lanes combined as a fixed tree, then
// the tail in order), in SSE2 and in AVX2 chosen once at run time, so both
// give bitwise the same results; the sums were 10% of a proposed series'
// time as one chain of additions and a division behind a branch per cell
// (docs/pgm.md, "The evaluation's sums in lanes").
#pragma once

#include <cstddef>

namespace streamsynth {

// Σ_c |t[c] − e[c]|.
double absDiffSum(const double* t, const double* e, std::size_t n);

// Over the cells, with a = truth·sa and b = release·sb: l1 = Σ|a − b|,
// l1Count = Σ|truth − release|, and over the cells with truth > 0 and
// a > 0: rel = Σ|a − b| / a and positive = their number.
struct ErrorSums {
    double l1 = 0, l1Count = 0, rel = 0, positive = 0;
};
ErrorSums errorSums(const double* truth, double sa, const double* release, double sb, std::size_t n);

// Which set is in use ("avx2", "sse2" or "scalar"), and the baseline set's
// own results (tests compare the two bit for bit).
const char* laneSumsName();
double absDiffSumBaseline(const double* t, const double* e, std::size_t n);
ErrorSums errorSumsBaseline(const double* truth, double sa, const double* release, double sb, std::size_t n);

}  // namespace streamsynth
