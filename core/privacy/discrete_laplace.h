// The discrete Laplace (two-sided geometric) distribution on the integers,
// sampled exactly with integer arithmetic only (Canonne, Kamath, Steinke,
// "The Discrete Gaussian for Differential Privacy", 2020, Algorithms 1-2):
// no floating point touches the sampling path, so the output has none of the
// floating-point leakage of a rounded continuous Laplace (Mironov 2012).
#pragma once

#include <cstdint>

#include "core/privacy/rng.h"

namespace streamsynth::privacy {

// A rational scale t/s (t, s >= 1, reduced).
struct RationalScale {
    std::uint64_t numerator = 1;    // t
    std::uint64_t denominator = 1;  // s
    double value() const { return static_cast<double>(numerator) / static_cast<double>(denominator); }
};

// Granularity of the snap: a real scale b becomes t/s with s = 2^20 / gcd and
// t = ceil(b·2^20), i.e. b is rounded UP to the next multiple of 2^-20 (about
// 1e-6). Rounding up only adds noise, so the ε-DP guarantee of scale b holds
// for the snapped scale. b must be finite, > 0 and below 2^30.
inline constexpr std::uint64_t kDiscreteScaleDenominator = std::uint64_t{1} << 20;
RationalScale snapDiscreteScale(double scale);

// P(k) ∝ exp(-|k|/scale) on the integers. A non-rational scale is snapped by
// snapDiscreteScale first (documented above); the exact variance of what is
// drawn is discreteLaplaceVariance(scale).
long long sampleDiscreteLaplace(Rng& rng, double scale);
long long sampleDiscreteLaplace(Rng& rng, RationalScale scale);

// Exact variance of sampleDiscreteLaplace(rng, scale) (of the snapped scale).
double discreteLaplaceVariance(double scale);

// Bernoulli(exp(-n/d)) for integers n >= 0, d >= 1, exactly (CKS Algorithm 1).
bool bernoulliExpMinus(Rng& rng, std::uint64_t n, std::uint64_t d);

}  // namespace streamsynth::privacy
