// Exact discrete Laplace sampling (CKS 2020): Bernoulli(exp(-γ)) for rational
// γ from unbiased integer draws, then a geometric, then a sign.
#include "core/privacy/discrete_laplace.h"

#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "core/values/error.h"

namespace streamsynth::privacy {
namespace {

// Bernoulli(n/d), 0 <= n <= d, d >= 1: exact, via an unbiased uniform integer.
bool bernoulliRational(Rng& rng, std::uint64_t n, std::uint64_t d) {
    return rng.uniformBelow(d) < n;
}

// Bernoulli(exp(-n/d)) for 0 <= n/d <= 1 (CKS Algorithm 1, first branch):
// K counts successes of Bernoulli(γ/K); the result is "K is odd".
bool bernoulliExpMinusAtMostOne(Rng& rng, std::uint64_t n, std::uint64_t d) {
    std::uint64_t k = 1;
    for (;;) {
        if (d > std::numeric_limits<std::uint64_t>::max() / k)
            // Reaching K > 2^14 with d < 2^50 has probability below 1/(2^14)!.
            throw Error(ErrorKind::Privacy, "discrete Laplace sampler: denominator overflow");
        if (!bernoulliRational(rng, n, d * k)) break;
        ++k;
    }
    return (k % 2) == 1;
}

}  // namespace

bool bernoulliExpMinus(Rng& rng, std::uint64_t n, std::uint64_t d) {
    // exp(-n/d) = exp(-1)^floor(n/d) · exp(-(n mod d)/d).
    for (std::uint64_t i = 0; i < n / d; ++i)
        if (!bernoulliExpMinusAtMostOne(rng, 1, 1)) return false;
    return bernoulliExpMinusAtMostOne(rng, n % d, d);
}

RationalScale snapDiscreteScale(double scale) {
    if (!(std::isfinite(scale) && scale > 0.0 && scale < 0x1.0p30))
        throw settingError(
            "epsilon", "discrete Laplace scale must be finite, > 0 and < 2^30, got " + std::to_string(scale));
    const double scaled = std::ceil(scale * static_cast<double>(kDiscreteScaleDenominator));
    std::uint64_t t = static_cast<std::uint64_t>(scaled);
    if (t == 0) t = 1;
    std::uint64_t s = kDiscreteScaleDenominator;
    const std::uint64_t g = std::gcd(t, s);
    return RationalScale{t / g, s / g};
}

long long sampleDiscreteLaplace(Rng& rng, RationalScale scale) {
    const std::uint64_t t = scale.numerator, s = scale.denominator;
    for (;;) {
        // X = U + t·V is geometric with P(X = x) ∝ exp(-x/t).
        const std::uint64_t u = rng.uniformBelow(t);
        if (!bernoulliExpMinus(rng, u, t)) continue;
        std::uint64_t v = 0;
        while (bernoulliExpMinus(rng, 1, 1)) ++v;
        const std::uint64_t x = u + t * v;
        // Y = floor(X/s) is geometric with P(Y = y) ∝ exp(-y·s/t).
        const auto y = static_cast<long long>(x / s);
        const bool negative = rng.bit();
        if (negative && y == 0) continue;  // so that 0 is not counted twice
        return negative ? -y : y;
    }
}

long long sampleDiscreteLaplace(Rng& rng, double scale) {
    return sampleDiscreteLaplace(rng, snapDiscreteScale(scale));
}

double discreteLaplaceVariance(double scale) {
    const double b = snapDiscreteScale(scale).value();
    // p = exp(-1/b); Var = 2p/(1-p)^2, with 1-p = -expm1(-1/b) for accuracy at large b.
    const double p = std::exp(-1.0 / b);
    const double q = -std::expm1(-1.0 / b);
    return 2.0 * p / (q * q);
}

}  // namespace streamsynth::privacy
