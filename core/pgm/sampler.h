// Synthetic rows from calibrated clique marginals (PGM.md §6, decision 5):
// columns in reverse elimination order, each drawn group-by-parent from a
// clique projection; floor of the scaled counts plus a systematic-sampling
// allocation of the remainder (unbiased per cell), shuffled.
#pragma once

#include <span>
#include <vector>

#include "core/pgm/junction_tree.h"
#include "core/privacy/rng.h"
#include "core/values/table.h"

namespace streamsynth::pgm {

// Integer counts summing exactly to total: floor(c_k) or floor(c_k)+1 where
// c = counts·total/Σcounts, with P(+1) = frac(c_k). Σcounts = 0 gives uniform.
std::vector<long long> roundCounts(std::span<const double> counts, long long total, privacy::Rng& rng);

// Exactly `rows` rows over domain; mu[c] calibrated marginals of tree.cliques[c].
data::Table sampleRows(const data::Domain& domain, const JunctionTree& tree,
                       const std::vector<std::vector<double>>& mu, long long rows, privacy::Rng& rng);

// Uniform in-place shuffle (Fisher–Yates).
template <class T>
void shuffle(std::vector<T>& v, privacy::Rng& rng) {
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.uniformBelow(i)]);
}

}  // namespace streamsynth::pgm
