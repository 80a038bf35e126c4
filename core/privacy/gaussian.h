// Gaussian noise for ρ-zCDP (privacy_model.h): the continuous Gaussian
// (floating point, for experiments like the continuous Laplace) and the
// discrete Gaussian N_Z(0, σ²) on the integers, sampled EXACTLY with integer
// arithmetic (Canonne, Kamath & Steinke, "The Discrete Gaussian for
// Differential Privacy", NeurIPS 2020, Algorithm 3). Privacy (CKS 2020,
// Thm 4; Bun & Steinke 2016, Prop. 1.6): adding N(0, σ²) or N_Z(0, σ²) to a
// query of L2 sensitivity Δ is Δ²/(2σ²)-zCDP, so σ² = Δ²/(2ρ).
#pragma once

#include <cstdint>

#include "core/privacy/rng.h"

namespace streamsynth::privacy {

// One draw of N(0, σ²) by the Box–Muller transform from two open-(0,1)
// uniforms. σ > 0.
double sampleGaussian(Rng& rng, double sigma);

// σ² as an exact rational p/q (q a power of two) rounded UP so that p has
// about 30 significant bits: more noise than asked, never less, so the
// zCDP guarantee of σ holds for the snapped value. σ must be in [2^-7, 2^24].
struct RationalVariance {
    std::uint64_t numerator = 1;    // p
    std::uint64_t denominator = 1;  // q
    double value() const { return static_cast<double>(numerator) / static_cast<double>(denominator); }
};
RationalVariance snapDiscreteGaussianVariance(double sigma);

// One exact draw of N_Z(0, σ²), P(k) ∝ exp(−k²/(2σ²)), for the snapped σ².
long long sampleDiscreteGaussian(Rng& rng, RationalVariance variance);
long long sampleDiscreteGaussian(Rng& rng, double sigma);

// Exact variance of what sampleDiscreteGaussian(rng, σ) draws: the series
// Σ k² e^{−k²/2s} / Σ e^{−k²/2s} (s = snapped σ²) summed for σ < 64; for
// σ ≥ 64 it equals s to within s·e^{−2π²σ²}·O(σ²) (Poisson summation), far
// below one unit in the last place, so s itself is returned.
double discreteGaussianVariance(double sigma);

}  // namespace streamsynth::privacy
