// Marginals of any attribute set from calibrated clique marginals (PGM.md
// §5.1, decision 9): a projection when the set is inside a clique, otherwise
// exact elimination over the minimal covering subtree Π μ_C / Π μ_S.
#pragma once

#include <span>
#include <vector>

#include "core/pgm/junction_tree.h"

namespace streamsynth::pgm {

// attrs strictly increasing. Returns counts (row-major over attrs) summing to
// total. mu[c] are calibrated marginals of tree.cliques[c].
std::vector<double> queryMarginal(const Sizes& sizes, const JunctionTree& tree,
                                  const std::vector<std::vector<double>>& mu, std::span<const int> attrs,
                                  double total);

}  // namespace streamsynth::pgm
