// Tail and quantiles of Laplace sums and Gaussians; see noise_quantile.h.
#include "core/privacy/noise_quantile.h"

#include <cmath>
#include <map>
#include <mutex>
#include <utility>

#include "core/values/error.h"

namespace streamsynth::privacy {

namespace {

// Bisection for the x ≥ 0 with tail(x) = target, tail decreasing from 1/2.
template <class Tail>
double solveTail(Tail tail, double target) {
    double lo = 0, hi = 1;
    while (tail(hi) > target) hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (tail(mid) > target ? lo : hi) = mid;
    }
    return hi;
}

void requireProbability(double probability) {
    if (!(probability > 0 && probability < 1))
        throw settingError("probability", "the probability must be between 0 and 1 (exclusive)");
}

// The quantile of unit scale for (terms, probability), terms 0 meaning the
// standard Gaussian, computed once per process: the accuracy planner asks for
// the same few pairs at every step, attribute and candidate budget, and one
// Laplace-sum bisection costs about 10⁵ exp/lgamma calls (a plan on Adult took
// over a minute before; issue 51). Scaling the stored value gives bitwise the
// figure the bisection gives, since scale·q is all the bisection's caller did.
template <class Solve>
double unitQuantile(int terms, double probability, Solve solve) {
    static std::mutex mutex;
    static std::map<std::pair<int, double>, double> known;
    const std::pair<int, double> key{terms, probability};
    {
        std::lock_guard lock(mutex);
        if (auto it = known.find(key); it != known.end()) return it->second;
    }
    const double q = solve();
    std::lock_guard lock(mutex);
    known.emplace(key, q);
    return q;
}

}  // namespace

double laplaceSumTail(int terms, double x) {
    if (terms < 1 || terms > kLaplaceSumExactTerms)
        throw settingError("terms", "Laplace sums of 1..64 terms only");
    if (x <= 0) return 0.5;
    const int m = terms;
    const double logPairs = 2.0 * std::lgamma(static_cast<double>(m));
    double total = 0;
    for (int i = 0; i < m; ++i) {
        // log(a_i · i!): the i! of ∫_x^∞ y^i e^{−y} dy = i!·e^{−x}·Σ_{l≤i} x^l/l!.
        const double logA = std::lgamma(m) - std::lgamma(m - i) + std::lgamma(2.0 * m - 1 - i) -
                            (2.0 * m - 1 - i) * std::log(2.0) - logPairs;
        double inner = 0;
        for (int l = 0; l <= i; ++l) inner += std::exp(l * std::log(x) - std::lgamma(l + 1.0) - x);
        total += std::exp(logA) * inner;
    }
    return total;
}

double gaussianQuantile(double sd, double probability) {
    requireProbability(probability);
    // Φ⁻¹ by bisection on erfc: P(|Z| > z) = erfc(z/√2).
    const double z = unitQuantile(0, probability, [&] {
        return solveTail([](double v) { return 0.5 * std::erfc(v / std::sqrt(2.0)); }, (1 - probability) / 2);
    });
    return sd * z;
}

double laplaceSumQuantile(int terms, double scale, double probability) {
    requireProbability(probability);
    if (!(scale > 0) || terms < 1)
        throw settingError("scale", "a Laplace sum needs a scale > 0 and at least one term");
    if (terms > kLaplaceSumExactTerms) return gaussianQuantile(scale * std::sqrt(2.0 * terms), probability);
    return scale * unitQuantile(terms, probability, [&] {
               return solveTail([terms](double v) { return laplaceSumTail(terms, v); },
                                (1 - probability) / 2);
           });
}

}  // namespace streamsynth::privacy
