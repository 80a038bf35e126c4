// Gaussian samplers; the discrete one follows CKS 2020 Algorithm 3 with
// 128-bit integer arithmetic for the rejection step (see gaussian.h).
#include "core/privacy/gaussian.h"

#include <bit>
#include <cmath>
#include <numbers>
#include <string>

#include "core/privacy/discrete_laplace.h"
#include "core/values/error.h"
#include "core/values/number_text.h"

namespace streamsynth::privacy {
namespace {

__extension__ typedef unsigned __int128 u128;

// Unbiased uniform integer in [0, n), n >= 1, for 128-bit n: masked rejection.
u128 uniformBelow128(Rng& rng, u128 n) {
    if (n <= 1) return 0;
    const u128 top = n - 1;
    const int bits = (top >> 64) != 0 ? 128 - std::countl_zero(static_cast<std::uint64_t>(top >> 64))
                                      : 64 - std::countl_zero(static_cast<std::uint64_t>(top));
    const u128 mask = bits >= 128 ? ~u128{0} : ((u128{1} << bits) - 1);
    for (;;) {
        const u128 x = ((static_cast<u128>(rng.nextU64()) << 64) | rng.nextU64()) & mask;
        if (x < n) return x;
    }
}

// Bernoulli(exp(−n/d)) for 0 <= n <= d (CKS Algorithm 1): K = first k with
// a failed Bernoulli(n/(d·k)); the result is "K is odd".
bool bernoulliExpMinusAtMostOne128(Rng& rng, u128 n, u128 d) {
    std::uint64_t k = 1;
    for (;;) {
        if (d > (~u128{0}) / k)
            // Needs K beyond 2^20 with d < 2^107: probability below 1/(2^20)!.
            throw Error(ErrorKind::Privacy, "discrete Gaussian sampler: denominator overflow");
        if (uniformBelow128(rng, d * k) >= n) break;
        ++k;
    }
    return (k % 2) == 1;
}

// Bernoulli(exp(−n/d)), exactly: exp(−1)^⌊n/d⌋ · exp(−(n mod d)/d).
bool bernoulliExpMinus128(Rng& rng, u128 n, u128 d) {
    for (u128 i = 0, whole = n / d; i < whole; ++i)
        if (!bernoulliExpMinus(rng, 1, 1)) return false;
    return bernoulliExpMinusAtMostOne128(rng, n % d, d);
}

}  // namespace

double sampleGaussian(Rng& rng, double sigma) {
    const double u1 = rng.uniformOpen01(), u2 = rng.uniform01();
    return sigma * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

RationalVariance snapDiscreteGaussianVariance(double sigma) {
    if (!(std::isfinite(sigma) && sigma >= 0x1.0p-7 && sigma <= 0x1.0p24))
        throw settingError(
            "rho", "discrete Gaussian sigma must be between 2^-7 and 2^24, got " + shortestNumberText(sigma));
    const double s2 = sigma * sigma;
    // q = 2^k with p = ceil(s2·q) in [2^30, 2^31): 30 significant bits, rounded up.
    int k = 30 - std::ilogb(s2);
    if (k < 0) k = 0;
    const double q = std::ldexp(1.0, k);
    const auto p = static_cast<std::uint64_t>(std::ceil(s2 * q));
    return RationalVariance{p, static_cast<std::uint64_t>(q)};
}

long long sampleDiscreteGaussian(Rng& rng, RationalVariance v) {
    const std::uint64_t p = v.numerator, q = v.denominator;
    // t = ⌊σ⌋ + 1 (any integer t >= 1 is correct; this one keeps the loop short).
    const auto t = static_cast<std::uint64_t>(std::floor(std::sqrt(v.value()))) + 1;
    // Above this |Y| the product |Y|·t·q would not fit 64 bits; there
    // exp(−γ(|Y|)) <= exp(−γ(limit)) < e^{-2^20}, see below.
    const std::uint64_t limit = (std::uint64_t{1} << 62) / (t * q);
    for (;;) {
        const long long y = sampleDiscreteLaplace(rng, RationalScale{t, 1});
        const std::uint64_t a = static_cast<std::uint64_t>(y < 0 ? -y : y);
        // Accept with probability exp(−(|y| − σ²/t)²/(2σ²)) = exp(−(|y|tq − p)²/(2pqt²)).
        const std::uint64_t ay = std::min(a, limit);
        const u128 scaled = static_cast<u128>(ay) * t * q;
        const u128 diff = scaled >= p ? scaled - p : p - scaled;
        const u128 num = diff * diff, den = static_cast<u128>(2) * p * q * t * t;
        const bool accept = bernoulliExpMinus128(rng, num, den);
        if (!accept) continue;
        // For |y| above the limit the test used γ(limit) <= γ(|y|): passing it
        // has probability < e^{-2^20}, and we cannot finish exactly, so refuse.
        if (a > limit) throw Error(ErrorKind::Privacy, "discrete Gaussian sampler: value out of exact range");
        return y;
    }
}

long long sampleDiscreteGaussian(Rng& rng, double sigma) {
    return sampleDiscreteGaussian(rng, snapDiscreteGaussianVariance(sigma));
}

double discreteGaussianVariance(double sigma) {
    const double s2 = snapDiscreteGaussianVariance(sigma).value();
    if (sigma >= 64.0) return s2;
    double num = 0.0, den = 1.0;  // k = 0 term of the denominator
    const long long kmax = static_cast<long long>(std::ceil(40.0 * std::sqrt(s2))) + 20;
    for (long long k = 1; k <= kmax; ++k) {
        const double w = std::exp(-static_cast<double>(k * k) / (2.0 * s2));
        num += 2.0 * static_cast<double>(k * k) * w;
        den += 2.0 * w;
    }
    return num / den;
}

}  // namespace streamsynth::privacy
