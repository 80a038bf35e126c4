// Shared helpers of the privacy test suites: critical values derived from
// theory (no tuning), and a recording noise source (PGM.md §11 item 9).
#pragma once

#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

#include "core/privacy/noise_source.h"

#if defined(__SANITIZE_ADDRESS__)
#define STREAMSYNTH_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STREAMSYNTH_TEST_SANITIZED 1
#endif
#endif

namespace privacy_test {

#ifdef STREAMSYNTH_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// Counters for an empirical-variance check: a quarter under the sanitizers
// (scripts/asan-tests.sh), which run the same code 5–10× slower to find memory
// and undefined-behaviour errors, not to test the statistics again (the plain
// build does, at the full count). The tolerance is always derived from the
// count used, so the sanitized check is as sound, only looser.
constexpr std::size_t empiricalCount(std::size_t full) {
    return kSanitized ? full / 4 : full;
}

// Upper quantile of chi-square with df degrees of freedom (Wilson–Hilferty;
// accurate to ~1% for df >= 2). z = 3.09 is the standard normal 99.9% point.
inline double chiSquareCritical(int df, double z = 3.09) {
    const double d = static_cast<double>(df);
    const double a = 2.0 / (9.0 * d);
    return d * std::pow(1.0 - a + z * std::sqrt(a), 3.0);
}

// Kolmogorov–Smirnov critical value for n samples at α = 0.001:
// sqrt(-ln(α/2)/2)/sqrt(n) = 1.949/sqrt(n) (asymptotic Kolmogorov distribution).
inline double ksCritical(long long n) {
    return 1.949 / std::sqrt(static_cast<double>(n));
}

// Relative tolerance for a sample variance of n draws of a variable with
// excess kurtosis ≤ kurtosis: sd(s²)/σ² = sqrt(2/(n−1) + κ/n) (for a Gaussian,
// κ = 0, this is the chi-square sd of (n−1)s²/σ²). Laplace sums have κ ≤ 3.
inline double varianceTolerance(long long n, double z = 4.5, double kurtosis = 3.0) {
    const double d = static_cast<double>(n);
    return z * std::sqrt(2.0 / (d - 1.0) + kurtosis / d);
}

// Returns a constant for every draw and records (scale, time, count) per fill.
class RecordingNoise final : public streamsynth::privacy::NoiseSource {
public:
    struct Call {
        double scale;  // the typed scale's value
        long long time;
        std::size_t count;
        streamsynth::privacy::PrivacyModel model;  // the model it was calibrated in
    };
    explicit RecordingNoise(double constant = 0.0) : constant_(constant) {}
    void fill(std::span<double> out, streamsynth::privacy::NoiseScale scale, long long time,
              streamsynth::privacy::Rng&) override {
        for (double& x : out) x = constant_;
        calls.push_back({scale.value(), time, out.size(), scale.model()});
    }
    std::vector<Call> calls;

private:
    double constant_;
};

}  // namespace privacy_test
