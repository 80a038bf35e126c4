// A workload: a sorted tuple of attribute indices whose full contingency
// table is one query (SPEC §2). Its answer has L1 sensitivity 1.
#pragma once

#include <vector>

namespace streamsynth::marginals {

struct Workload {
    std::vector<int> attrs;  // strictly increasing attribute indices of the domain
    bool operator==(const Workload&) const = default;
};

// A marginal (workload answer): counts, row-major over the workload's
// attributes in attribute order, FIRST attribute slowest:
// flat = Σ_i x_i · Π_{j>i} n_j (PGM.md §0), so for (A,B) flat = a*|B| + b.
using Marginal = std::vector<double>;

}  // namespace streamsynth::marginals
