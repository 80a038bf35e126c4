// The estimator's entry points (estimator.h): the inverse-variance total,
// θ expanded onto the junction tree, the warm start's structure and the
// iteration bound; estimate() runs one MirrorDescentFit (mirror_descent_fit.h:
// its loop in mirror_descent_loop.cpp, its trials in mirror_descent_trial.cpp).
#include "core/pgm/estimator.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/pgm/mirror_descent_fit.h"
#include "core/values/error.h"

namespace streamsynth::pgm {

double estimateTotal(std::span<const MeasurementView> measurements, const Sizes& sizes) {
    double wsum = 0, esum = 0;
    for (const auto& m : measurements) {
        const double v = m.variance * cellCount(sizes, m.attrs);
        double e = 0;
        for (double y : m.values) e += y;
        wsum += 1.0 / v;
        esum += e / v;
    }
    if (wsum <= 0) return 1.0;
    return std::max(1.0, esum / wsum);
}

std::vector<std::vector<double>> expandPotentials(const Sizes& sizes, const JunctionTree& tree,
                                                  const Potentials& potentials) {
    std::vector<std::vector<double>> theta(tree.cliques.size());
    for (size_t c = 0; c < tree.cliques.size(); ++c) theta[c].assign(static_cast<size_t>(tree.cells[c]), 0.0);
    for (size_t d = 0; d < potentials.cliques.size(); ++d) {
        const auto& D = potentials.cliques[d];
        size_t c = 0;
        while (c < tree.cliques.size() &&
               !std::includes(tree.cliques[c].begin(), tree.cliques[c].end(), D.begin(), D.end()))
            ++c;
        if (c == tree.cliques.size())
            throw settingError("model", "a potential clique is outside the junction tree");
        const auto map = indexMap(sizes, tree.cliques[c], D);
        const auto& src = potentials.theta[d];
        auto& dst = theta[c];
        for (size_t i = 0; i < map.size(); ++i) dst[i] += src[static_cast<size_t>(map[i])];
    }
    return theta;
}

namespace {

// Warm start (§4.6, HEAD): the structure is maximalSubset(old ∪ measured)
// cliques, each old clique's θ added into the first new clique holding it.
Potentials warmStartPotentials(const Sizes& sizes, std::span<const MeasurementView> measurements,
                               const Potentials* init) {
    std::vector<std::vector<int>> all;
    if (init) all = init->cliques;
    for (const auto& m : measurements) {
        if (!(m.variance > 0)) throw settingError("variance", "a measurement's noise variance must be > 0");
        if (m.values.size() != static_cast<size_t>(cellCount(sizes, m.attrs)))
            throw settingError("measurement",
                               "a measurement's value count does not match its attributes' cells");
        all.emplace_back(m.attrs.begin(), m.attrs.end());
    }
    Potentials p;
    p.cliques = maximalSubset(all);
    for (const auto& D : p.cliques) p.theta.emplace_back(static_cast<size_t>(cellCount(sizes, D)), 0.0);
    if (!init) return p;
    for (size_t o = 0; o < init->cliques.size(); ++o) {
        const auto& O = init->cliques[o];
        size_t d = 0;
        while (!std::includes(p.cliques[d].begin(), p.cliques[d].end(), O.begin(), O.end())) ++d;
        const auto map = indexMap(sizes, p.cliques[d], O);
        for (size_t i = 0; i < map.size(); ++i) p.theta[d][i] += init->theta[o][static_cast<size_t>(map[i])];
    }
    return p;
}

}  // namespace

int boundedIterations(const MirrorDescentOptions& options, double cells) {
    if (!(options.maxCellIterations > 0) || !(cells > 0)) return options.maxIterations;
    const double bound = std::ceil(options.maxCellIterations / cells);
    return bound >= static_cast<double>(options.maxIterations) ? options.maxIterations
                                                               : std::max(1, static_cast<int>(bound));
}

EstimateResult estimate(const Sizes& sizes, const std::vector<std::string>& names,
                        std::span<const MeasurementView> measurements, const Potentials* init, double total,
                        const MirrorDescentOptions& options, const JunctionTree* tree) {
    EstimateResult r;
    r.potentials = warmStartPotentials(sizes, measurements, init);
    r.tree = tree ? *tree : buildJunctionTree(sizes, names, r.potentials.cliques);
    assert(!tree ||
           tree->referenceCliques == buildJunctionTree(sizes, names, r.potentials.cliques).referenceCliques);
    r.total = total > 0 ? total : estimateTotal(measurements, sizes);
    MirrorDescentFit(sizes, options, r).run(measurements);
    return r;
}

}  // namespace streamsynth::pgm
