// Brute-force helpers for the pgm tests: the explicit joint of a tiny domain
// from log-potentials, and its marginals (row-major over the given attrs).
#pragma once

#include <cmath>
#include <vector>

#include "core/pgm/estimator.h"
#include "core/pgm/factor.h"

namespace streamsynth::pgm::test {

inline std::vector<int> allAttrs(const Sizes& sizes) {
    std::vector<int> a;
    for (size_t i = 0; i < sizes.size(); ++i) a.push_back(static_cast<int>(i));
    return a;
}

// Joint counts summing to total (log-potentials may be -inf).
inline std::vector<double> bruteJoint(const Sizes& sizes, const Potentials& pot, double total) {
    const auto all = allAttrs(sizes);
    std::vector<double> logp(static_cast<size_t>(cellCount(sizes, all)), 0.0);
    for (size_t d = 0; d < pot.cliques.size(); ++d) {
        const auto map = indexMap(sizes, all, pot.cliques[d]);
        for (size_t i = 0; i < map.size(); ++i) logp[i] += pot.theta[d][static_cast<size_t>(map[i])];
    }
    double mx = -INFINITY;
    for (double v : logp) mx = std::max(mx, v);
    double z = 0;
    for (double& v : logp) {
        v = std::exp(v - mx);
        z += v;
    }
    for (double& v : logp) v *= total / z;
    return logp;
}

inline std::vector<double> bruteMarginal(const Sizes& sizes, const std::vector<double>& joint,
                                         const std::vector<int>& attrs) {
    return project(sizes, Factor{allAttrs(sizes), joint}, attrs).values;
}

}  // namespace streamsynth::pgm::test
