// Re-gauging log-potentials toward the root (potential_gauge.h).
#include "core/pgm/potential_gauge.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace streamsynth::pgm {

bool linearUnderflowRisk(const std::vector<std::vector<double>>& theta) {
    for (const auto& t : theta) {
        if (t.empty()) continue;
        const auto [lo, hi] = std::minmax_element(t.begin(), t.end());
        if (*lo - *hi < kLinearUnderflowNats) return true;
    }
    return false;
}

void regaugeToParents(const Sizes& sizes, const JunctionTree& tree, std::vector<std::vector<double>>& theta) {
    // Cliques are numbered in DFS preorder (a parent before its children), so
    // walking backwards moves every child's share before its parent moves its own.
    for (std::size_t c = tree.cliques.size(); c-- > 0;) {
        const int p = tree.parent[c];
        if (p < 0) continue;
        const auto& C = tree.cliques[c];
        const auto& P = tree.cliques[static_cast<std::size_t>(p)];
        std::vector<int> sep;
        std::set_intersection(C.begin(), C.end(), P.begin(), P.end(), std::back_inserter(sep));
        const auto toSepC = indexMap(sizes, C, sep);
        const auto toSepP = indexMap(sizes, P, sep);
        std::vector<double> h(static_cast<std::size_t>(cellCount(sizes, sep)),
                              -std::numeric_limits<double>::infinity());
        auto& tc = theta[c];
        for (std::size_t i = 0; i < tc.size(); ++i) {
            auto& m = h[static_cast<std::size_t>(toSepC[i])];
            m = std::max(m, tc[i]);
        }
        for (double& m : h)
            if (!std::isfinite(m)) m = 0.0;  // a slice of impossible cells stays as it is
        for (std::size_t i = 0; i < tc.size(); ++i) tc[i] -= h[static_cast<std::size_t>(toSepC[i])];
        auto& tp = theta[static_cast<std::size_t>(p)];
        for (std::size_t i = 0; i < tp.size(); ++i) tp[i] += h[static_cast<std::size_t>(toSepP[i])];
    }
}

}  // namespace streamsynth::pgm
