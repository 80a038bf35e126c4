// Belief propagation as one pass per clique and direction (one thread).
// The split schedule (belief_propagation.cpp) walks a large clique once per
// kernel: the potential copy, one product per child message, the collect sum,
// the distribute product and one sum per child. Here each clique is walked in
// tiles of a few thousand cells that stay in L1 while every kernel of the
// pass runs on them. Every cell still gets the same products in the same
// order, and every separator cell the same sums in the same order (the
// kernels are the block kernels of factor.h over block ranges, chunked by
// the same ScatterPlan), so the beliefs are bitwise those of the split
// schedule; only the memory traffic is smaller.
#include <algorithm>
#include <cmath>

#include "core/pgm/belief_propagation.h"

namespace streamsynth::pgm {

void BeliefPropagation::fusedPass(int c, const double* src, double* out, const std::vector<Gather>& gathers,
                                  std::vector<Scatter>& scatters) {
    const std::size_t n = cells_[static_cast<size_t>(c)];
    const std::size_t t = tile_[static_cast<size_t>(c)];
    const double* cur = gathers.empty() ? src : out;
    for (auto& s : scatters) s.plan->begin();
    for (std::size_t lo = 0; lo < n; lo += t) {
        const std::size_t hi = std::min(n, lo + t);
        for (std::size_t g = 0; g < gathers.size(); ++g) {
            const std::size_t b = gathers[g].map->block;
            gatherMulIntoBlocks(*gathers[g].map, g == 0 ? src : out, out, gathers[g].msg, lo / b, hi / b);
        }
        for (auto& s : scatters) {
            const std::size_t b = s.map->block;
            s.plan->addBlocks(*s.map, cur, s.dst, lo / b, hi / b);
        }
    }
    for (auto& s : scatters) s.plan->end(s.dst);
}

// The collect messages into c, in the order the split schedule multiplies
// them in (children by decreasing index).
void BeliefPropagation::collectGathers(int c) {
    const auto& kids = kids_[static_cast<size_t>(c)];
    for (auto it = kids.rbegin(); it != kids.rend(); ++it)
        gathers_.push_back({&parentBlocks_[static_cast<size_t>(*it)], up_[static_cast<size_t>(*it)].data()});
}

bool BeliefPropagation::propagateFused(const std::vector<const double*>& pot,
                                       std::vector<std::vector<double>>& mu, double, std::vector<double>&) {
    const int k = cliqueCount();
    auto src = [&](int c) {
        return touched_[static_cast<size_t>(c)] ? mu[static_cast<size_t>(c)].data()
                                                : pot[static_cast<size_t>(c)];
    };
    // Collect: a clique is walked once all its children have sent (they have
    // larger preorder indices): their messages multiplied in, its own summed out.
    for (int c = k - 1; c >= 1; --c) {
        if (sep_[static_cast<size_t>(c)].empty()) continue;
        gathers_.clear();
        collectGathers(c);
        auto& up = up_[static_cast<size_t>(c)];
        std::fill(up.begin(), up.end(), 0.0);
        scatters_.assign(
            1, {&childBlocks_[static_cast<size_t>(c)], &upPlan_[static_cast<size_t>(c)], up.data()});
        fusedPass(c, src(c), mu[static_cast<size_t>(c)].data(), gathers_, scatters_);
        if (!gathers_.empty()) touched_[static_cast<size_t>(c)] = 1;
        if (!finishUp(c)) return false;
    }
    // Distribute, parents first: a clique's walk takes its parent's message
    // (or, at a root, its children's collect messages) and sums out every
    // child's separator.
    for (int p = 0; p < k; ++p) {
        const bool collected = p >= 1 && !sep_[static_cast<size_t>(p)].empty();
        gathers_.clear();
        if (collected) {
            gathers_.push_back({&childBlocks_[static_cast<size_t>(p)], down_[static_cast<size_t>(p)].data()});
        } else {
            collectGathers(p);
        }
        scatters_.clear();
        for (int ch : kids_[static_cast<size_t>(p)]) {
            auto& down = down_[static_cast<size_t>(ch)];
            std::fill(down.begin(), down.end(), 0.0);
            scatters_.push_back(
                {&parentBlocks_[static_cast<size_t>(ch)], &downPlan_[static_cast<size_t>(ch)], down.data()});
        }
        if (gathers_.empty() && scatters_.empty()) continue;
        fusedPass(p, src(p), mu[static_cast<size_t>(p)].data(), gathers_, scatters_);
        if (!gathers_.empty()) touched_[static_cast<size_t>(p)] = 1;
        for (int ch : kids_[static_cast<size_t>(p)])
            if (!finishDown(ch, p)) return false;
    }
    return true;
}

}  // namespace streamsynth::pgm
