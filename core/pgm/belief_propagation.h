// Belief propagation on a junction tree (PGM.md §3) in the scaled-linear form
// of §3.4: one exp per cell, sum-product in linear space with messages
// renormalised by their max; falls back to log space when linear underflows.
// Index maps (clique -> separator) are built once and reused for every call.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/pgm/junction_tree.h"
#include "core/pgm/parallel_kernels.h"

namespace streamsynth {
class TaskPool;
}

namespace streamsynth::pgm {

class BeliefPropagation {
public:
    // pool (may be null; not owned, must outlive the calls) spreads the
    // linear-space messages of large cliques over its threads; the result
    // is bitwise the same for any pool (parallel_kernels.h).
    BeliefPropagation(Sizes sizes, JunctionTree tree, TaskPool* pool = nullptr);

    const JunctionTree& tree() const noexcept { return tree_; }
    const Sizes& sizes() const noexcept { return sizes_; }
    int cliqueCount() const noexcept { return static_cast<int>(tree_.cliques.size()); }
    std::size_t cells(int c) const { return cells_[static_cast<size_t>(c)]; }

    // theta[c]: log-potential of maximal clique c (cells(c) values, -inf
    // allowed for structural zeros). Writes mu[c]: the clique marginal in
    // counts, each summing to total. Reuses internal buffers (not
    // thread-safe for one object). Cells where the model has probability 0
    // come out exactly 0. Throws a setting Error if every cell is -inf.
    void calibrate(const std::vector<std::vector<double>>& theta, double total,
                   std::vector<std::vector<double>>& mu);
    // Linear-space core: potentials[c] points at cells(c) non-negative
    // potentials (any scale, not all zero; may alias beliefs[c]). Writes the
    // calibrated unnormalised beliefs (each clique is copied from its
    // potential on first touch, so no separate copy pass) and scale[c] so
    // that beliefs[c]·scale[c] are counts summing to total. The normalisers
    // come from separator sums. False on underflow (caller falls back).
    bool propagate(const std::vector<const double*>& potentials, std::vector<std::vector<double>>& beliefs,
                   double total, std::vector<double>& scale);
    // The plain log-space algorithm of §3.1 (the fallback; also a test oracle).
    void calibrateLog(const std::vector<std::vector<double>>& theta, double total,
                      std::vector<std::vector<double>>& mu);

    // Smallest (by cells) maximal clique containing attrs, first on ties; -1 if none.
    int smallestContaining(std::span<const int> attrs) const;

private:
    // A message product applied to a clique, and a sum out of it.
    struct Gather {
        const BlockMap* map;
        const double* msg;
    };
    struct Scatter {
        const BlockMap* map;
        ScatterPlan* plan;
        double* dst;
    };
    // One pass over clique c in cache-sized tiles: out = src·g1·g2·… (the
    // gathers in order; out untouched when there are none), then every
    // scatter of the result (dst zeroed by the caller).
    void fusedPass(int c, const double* src, double* out, const std::vector<Gather>& gathers,
                   std::vector<Scatter>& scatters);
    // propagate() as fused passes (one thread): the same products and sums
    // in the same order per cell as propagateSplit(), so the same bits.
    bool propagateFused(const std::vector<const double*>& potentials,
                        std::vector<std::vector<double>>& beliefs, double total, std::vector<double>& scale);
    // propagate() one kernel at a time, each split over the pool's threads.
    bool propagateSplit(const std::vector<const double*>& potentials,
                        std::vector<std::vector<double>>& beliefs, double total, std::vector<double>& scale);
    void collectGathers(int c);
    bool finishUp(int c);
    bool finishDown(int c, int p);
    bool finishScales(const std::vector<const double*>& potentials, std::vector<std::vector<double>>& beliefs,
                      double total, std::vector<double>& scale);
    bool calibrateLinear(const std::vector<std::vector<double>>& theta, double total,
                         std::vector<std::vector<double>>& mu);

    Sizes sizes_;
    JunctionTree tree_;
    std::vector<std::size_t> cells_;
    // Per non-root clique c (edge c - parent[c]): separator, maps of c and of
    // the parent onto the separator, and the up/down message buffers.
    std::vector<std::vector<int>> sep_;
    std::vector<std::vector<std::int32_t>> childMap_, parentMap_;  // full maps (log path)
    std::vector<BlockMap> childBlocks_, parentBlocks_;             // block maps (linear path)
    std::vector<ScatterPlan> upPlan_, downPlan_;                   // chunking of the two scatters per edge
    TaskPool* pool_ = nullptr;
    std::vector<std::vector<double>> up_, down_, tmp_;
    std::vector<double> upMax_, z_;
    std::vector<char> zKnown_, touched_;
    // Fused passes: children with a separator (increasing), the tile of
    // each clique (a multiple of every block of its maps), and scratch lists.
    std::vector<std::vector<int>> kids_;
    std::vector<std::size_t> tile_;
    std::vector<Gather> gathers_;
    std::vector<Scatter> scatters_;
};

}  // namespace streamsynth::pgm
