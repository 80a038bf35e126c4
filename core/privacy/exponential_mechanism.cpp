// Exponential mechanism (Gumbel-max), permute-and-flip, exact probabilities.
#include "core/privacy/exponential_mechanism.h"

#include <cmath>
#include <limits>
#include <numeric>

#include "core/privacy/gumbel.h"
#include "core/privacy/laplace.h"
#include "core/values/error.h"

namespace streamsynth::privacy {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// Validates the inputs and returns max u over the finite utilities.
double checkedMax(std::span<const double> utilities, double epsilon, double sensitivity) {
    laplaceScale(epsilon, sensitivity);  // validates ε and Δ
    double best = kNegInf;
    for (double u : utilities) {
        if (std::isnan(u) || u == std::numeric_limits<double>::infinity())
            throw settingError("utility", "selection utilities must be finite or -inf");
        best = std::max(best, u);
    }
    if (best == kNegInf) throw Error(ErrorKind::Setting, "no candidate to select from");
    return best;
}

}  // namespace

std::size_t exponentialMechanism(std::span<const double> utilities, double epsilon, double sensitivity,
                                 Rng& rng) {
    const double best = checkedMax(utilities, epsilon, sensitivity);
    const double factor = epsilon / (2.0 * sensitivity);
    std::size_t chosen = 0;
    double chosenKey = kNegInf;
    for (std::size_t i = 0; i < utilities.size(); ++i) {
        if (utilities[i] == kNegInf) continue;  // no Gumbel draw: P = 0 exactly
        const double key = factor * (utilities[i] - best) + sampleGumbel(rng);
        if (key > chosenKey) {
            chosenKey = key;
            chosen = i;
        }
    }
    return chosen;
}

std::size_t permuteAndFlip(std::span<const double> utilities, double epsilon, double sensitivity, Rng& rng) {
    const double best = checkedMax(utilities, epsilon, sensitivity);
    const double factor = epsilon / (2.0 * sensitivity);
    std::vector<std::size_t> order(utilities.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Lazy Fisher-Yates: draw the next candidate only when needed.
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t j = k + static_cast<std::size_t>(rng.uniformBelow(order.size() - k));
        std::swap(order[k], order[j]);
        const double u = utilities[order[k]];
        if (u == kNegInf) continue;
        if (u == best || rng.uniform01() < std::exp(factor * (u - best))) return order[k];
    }
    // Unreachable: the maximum is accepted with probability 1.
    throw Error(ErrorKind::Setting, "no candidate to select from");
}

std::vector<double> exponentialMechanismProbabilities(std::span<const double> utilities, double epsilon,
                                                      double sensitivity) {
    const double best = checkedMax(utilities, epsilon, sensitivity);
    const double factor = epsilon / (2.0 * sensitivity);
    std::vector<double> p(utilities.size(), 0.0);
    double total = 0.0;
    for (std::size_t i = 0; i < utilities.size(); ++i) {
        if (utilities[i] == kNegInf) continue;
        p[i] = std::exp(factor * (utilities[i] - best));
        total += p[i];
    }
    for (double& x : p) x /= total;
    return p;
}

}  // namespace streamsynth::privacy
