// zCDP <-> (ε, δ) conversions (zcdp_conversion.h): a golden-section search
// over log α for the infimum and bisections for the inverses.
#include "core/values/zcdp_conversion.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/values/error.h"
#include "core/values/number_text.h"
#include "core/values/privacy_model.h"

namespace streamsynth::privacy {
namespace {

// log δ at one α > 1 (CKS 2020, Corollary 13); log1p keeps (1 − 1/α) exact near α = 1.
double logDeltaAt(double rho, double epsilon, double alpha) {
    return (alpha - 1.0) * (alpha * rho - epsilon) - std::log(alpha) +
           (alpha - 1.0) * std::log1p(-1.0 / alpha);
}

void requireDelta(double delta) {
    if (!(delta > 0.0 && delta < 1.0))
        throw settingError(
            "delta", "delta must be a number strictly between 0 and 1, got " + shortestNumberText(delta));
}

}  // namespace

double zcdpDelta(double rho, double epsilon) {
    requireBudget(PrivacyModel::ZCdp, rho);
    if (!(std::isfinite(epsilon) && epsilon >= 0.0))
        throw settingError("epsilon", "epsilon must be finite and >= 0");
    // The exponent is convex in α near its minimum, found at α ≈ (ε + ρ)/(2ρ);
    // search log α in a bracket well around it.
    const double guess = std::max(1.0 + 1e-9, (epsilon + rho) / (2.0 * rho));
    double lo = std::log(1.0 + 1e-12), hi = std::log(guess) + 4.0;
    const double phi = (std::sqrt(5.0) - 1.0) / 2.0;
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    auto f = [&](double la) { return logDeltaAt(rho, epsilon, std::exp(la)); };
    double fa = f(a), fb = f(b);
    for (int i = 0; i < 200 && hi - lo > 1e-13; ++i) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - phi * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + phi * (hi - lo);
            fb = f(b);
        }
    }
    const double best = std::min({fa, fb, f(std::log(guess))});
    return std::min(1.0, std::exp(best));
}

double zcdpEpsilon(double rho, double delta) {
    requireBudget(PrivacyModel::ZCdp, rho);
    requireDelta(delta);
    // δ(ε) decreases in ε; the classic bound is an ε where δ(ε) ≤ δ already.
    double lo = 0.0, hi = zcdpEpsilonClassic(rho, delta);
    if (zcdpDelta(rho, lo) <= delta) return 0.0;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (zcdpDelta(rho, mid) <= delta ? hi : lo) = mid;
    }
    return hi;  // δ(hi) ≤ δ: the conservative end
}

double zcdpRhoFor(double epsilon, double delta) {
    requireBudget(PrivacyModel::Pure, epsilon);
    requireDelta(delta);
    // δ(ρ) increases in ρ; ρ = ε²/2 (pure ε-DP's zCDP) bounds it from above
    // only loosely, so grow hi until δ(hi) > δ.
    double lo = 0.0, hi = epsilon;
    while (zcdpDelta(hi, epsilon) <= delta) hi *= 2.0;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (zcdpDelta(mid, epsilon) <= delta ? lo : hi) = mid;
    }
    if (!(lo > 0.0))
        throw settingError("delta", "no rho > 0 gives epsilon " + shortestNumberText(epsilon) + " at delta " +
                                        shortestNumberText(delta));
    return lo;  // δ(lo) ≤ δ: the conservative end
}

double zcdpEpsilonClassic(double rho, double delta) {
    requireBudget(PrivacyModel::ZCdp, rho);
    requireDelta(delta);
    return rho + 2.0 * std::sqrt(rho * std::log(1.0 / delta));
}

double exponentialMechanismEpsilonForRho(double rho) {
    requireBudget(PrivacyModel::ZCdp, rho);
    return std::sqrt(8.0 * rho);
}

double pureEpsilonForRho(double rho) {
    requireBudget(PrivacyModel::ZCdp, rho);
    return std::sqrt(2.0 * rho);
}

}  // namespace streamsynth::privacy
