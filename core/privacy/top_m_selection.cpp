// One-shot Gumbel top-m (see top_m_selection.h) and its exact peeling probabilities.
#include "core/privacy/top_m_selection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/privacy/gumbel.h"
#include "core/values/error.h"
#include "core/values/number_text.h"

namespace streamsynth::privacy {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

void checkScale(double epsilonPerPick, double sensitivity) {
    if (!(std::isfinite(epsilonPerPick) && epsilonPerPick > 0))
        throw settingError("coarsen-share",
                           "the selection's budget per label must be a finite number > 0, got " +
                               shortestNumberText(epsilonPerPick));
    if (!(std::isfinite(sensitivity) && sensitivity > 0))
        throw settingError("sensitivity", "the sensitivity must be a finite number > 0");
}

std::size_t finiteCount(std::span<const double> utilities) {
    std::size_t n = 0;
    for (double u : utilities) {
        if (std::isnan(u) || u == std::numeric_limits<double>::infinity())
            throw settingError("utility", "selection utilities must be finite or -inf");
        if (u != kNegInf) ++n;
    }
    return n;
}

}  // namespace

double topMEpsilonPerPick(PrivacyModel model, double budget, int m) {
    if (!(std::isfinite(budget) && budget > 0))
        throw settingError(budgetName(model), "the selection's budget must be a finite number > 0");
    if (m < 1) throw settingError("coarsen", "keep at least one label");
    if (model == PrivacyModel::ZCdp) return std::sqrt(8.0 * budget / m);
    return budget / m;
}

std::vector<std::size_t> gumbelTopM(std::span<const double> utilities, int m, double epsilonPerPick,
                                    double sensitivity, Rng& rng) {
    checkScale(epsilonPerPick, sensitivity);
    const std::size_t finite = finiteCount(utilities);
    if (m < 1 || static_cast<std::size_t>(m) > finite)
        throw settingError("coarsen",
                           "cannot keep " + std::to_string(m) + " of " + std::to_string(finite) + " labels");
    const double factor = epsilonPerPick / (2.0 * sensitivity);
    std::vector<double> key(utilities.size(), kNegInf);
    for (std::size_t i = 0; i < utilities.size(); ++i)
        if (utilities[i] != kNegInf) key[i] = factor * utilities[i] + sampleGumbel(rng);
    std::vector<std::size_t> order(utilities.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Ties have probability 0; the index breaks them so the order is total.
    std::partial_sort(order.begin(), order.begin() + m, order.end(), [&](std::size_t a, std::size_t b) {
        return key[a] > key[b] || (key[a] == key[b] && a < b);
    });
    order.resize(static_cast<std::size_t>(m));
    return order;
}

double topMOrderProbability(std::span<const double> utilities, std::span<const std::size_t> order,
                            double epsilonPerPick, double sensitivity) {
    checkScale(epsilonPerPick, sensitivity);
    finiteCount(utilities);
    const double factor = epsilonPerPick / (2.0 * sensitivity);
    std::vector<bool> taken(utilities.size(), false);
    double p = 1.0;
    for (std::size_t chosen : order) {
        if (chosen >= utilities.size() || taken[chosen] || utilities[chosen] == kNegInf) return 0.0;
        double best = kNegInf;
        for (std::size_t i = 0; i < utilities.size(); ++i)
            if (!taken[i]) best = std::max(best, utilities[i]);
        double total = 0.0;
        for (std::size_t i = 0; i < utilities.size(); ++i)
            if (!taken[i] && utilities[i] != kNegInf) total += std::exp(factor * (utilities[i] - best));
        p *= std::exp(factor * (utilities[chosen] - best)) / total;
        taken[chosen] = true;
    }
    return p;
}

}  // namespace streamsynth::privacy
