// Belief propagation on a junction tree (PGM.md §3) in the scaled-linear form
// of §3.4: one exp per cell, sum-product in linear space with messages
// renormalised by their max; falls back to log space when linear underflows.
// Index maps (clique -> separator) are built once and reused for every call.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <tuple>
#include <vector>

#include "core/pgm/block_kernels.h"
#include "core/pgm/junction_tree.h"
#include "core/pgm/parallel_kernels.h"

namespace streamsynth {
class TaskPool;
}

namespace streamsynth::pgm {

// Work that rides on the passes of propagateWith() for one
// clique (the mirror-descent trial of mirror_descent_trial.cpp): the trial potential
// and the projections of the calibrated beliefs onto measurements.
struct CliqueWork {
    // A product's map may be null: elementwise (msg has the clique's cells).
    using Product = GatherOp;
    struct Projection {
        const BlockMap* map;  // null: a copy of the clique (dst has its cells)
        double* dst;          // dst[map(i)] += belief[i]; zeroed by the caller
        std::size_t cells;    // dst's cells
    };
    // The potential times products[0], products[1], … in this order,
    // written into `product` (cells(c) values) and used as the potential.
    std::vector<Product> products;
    double* product = nullptr;
    // Of the calibrated unnormalised beliefs, each summed in block order
    // within each of the walk's segments, the segments added in order.
    std::vector<Projection> projections;
    // The potential is all ones (and there are no products): the walks read
    // ones from a cache-resident tile instead of the clique's memory.
    bool onesPotential = false;
    // The walks' unit over this clique (the least common multiple of its
    // own and the maps' blocks), memoised by the first walk: a 64-bit
    // division per map and walk was 2% of Adult bs-50. A caller that
    // changes the maps (not only drops the products) sets it back to 0.
    mutable std::size_t unit = 0;
};

class BeliefPropagation {
public:
    // pool (may be null; not owned, must outlive the calls) runs the
    // segments of the walks over large cliques side by side; the result is
    // bitwise the same for any pool (passSegments() in parallel_kernels.h).
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
    // propagate() with work[c] (empty, or one per clique)
    // fused into the passes: clique c's potential is potentials[c] times
    // work[c].products (stored in work[c].product), and work[c]'s
    // projections are taken from its calibrated beliefs while they are in
    // cache. keep false: `beliefs` is only scratch and holds no calibrated
    // belief afterwards (one write of every clique saved, when only the
    // projections and scales are needed). The same bits as propagate() on
    // the products.
    bool propagateWith(const std::vector<const double*>& potentials, const std::vector<CliqueWork>& work,
                       std::vector<std::vector<double>>& beliefs, bool keep, double total,
                       std::vector<double>& scale);
    // The plain log-space algorithm of §3.1 (the fallback; also a test oracle).
    void calibrateLog(const std::vector<std::vector<double>>& theta, double total,
                      std::vector<std::vector<double>>& mu);

    // Smallest (by cells) maximal clique containing attrs, first on ties; -1 if none.
    int smallestContaining(std::span<const int> attrs) const;

private:
    // A message product applied to a clique, and a sum out of it.
    using Gather = GatherOp;
    struct Scatter {
        const BlockMap* map;
        double* dst;
        std::size_t cells;  // dst's
    };
    // One walk over a clique in cache-sized tiles: the potential `base`
    // times the work's products (stored in work->product), times the
    // messages gathers_ in order (into `out`, or a tile buffer when out is
    // null), then scatters_ and the projections (when `project`) of the
    // result; the walk clears every sum's destination first (its first
    // segment does, beside the others clearing their partial sums; a
    // destination the segments reach in disjoint ranges, each its own range,
    // SinkSplit in parallel_kernels.h).
    struct Walk {
        const double* base;
        const CliqueWork* work;  // may be null
        bool products, project;
        double* out;
        bool ones = false;        // base is a potential of all ones (CliqueWork::onesPotential)
        double* total = nullptr;  // when set: += the sum of the walk's result (a clique with no separator)
    };
    void fusedPass(int c, const Walk& w);
    void walkSegment(const Walk& w, std::size_t lo, std::size_t hi, std::size_t t, double* tile,
                     double* part) const;
    static void gatherAll(const GatherOp* ops, std::size_t n, const double* cur, double* dst, std::size_t lo,
                          std::size_t hi);
    std::size_t walkUnit(int c, const CliqueWork* work) const;
    void prepare(const std::vector<const double*>& potentials, std::vector<std::vector<double>>* beliefs);
    bool distributeFused(const std::vector<const double*>& potentials, const std::vector<CliqueWork>& work,
                         std::vector<std::vector<double>>& beliefs, bool keep);
    void collectGathers(int c);
    bool finishUp(int c);
    bool finishDown(int c, int p);
    bool finishScales(const std::vector<const double*>& potentials, std::vector<std::vector<double>>* beliefs,
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
    TaskPool* pool_ = nullptr;
    std::vector<std::vector<double>> up_, down_, tmp_;
    std::vector<double> upMax_, z_;
    std::vector<char> zKnown_, touched_;
    // Fused passes: children with a separator (increasing), the least
    // multiple of every block of each clique's maps, the scratch lists,
    // the potentials in use (after products), the tile buffers (one per
    // segment), the sums' destinations with their offsets in a segment's
    // partial sums, and those partial sums (segments 1.. of a walk).
    std::vector<std::vector<int>> kids_;
    std::vector<int> twin_;  // an earlier sibling with the same separator (the same distribute sums), or -1
    std::vector<std::size_t> unit_;
    std::vector<Gather> gathers_;
    std::vector<Scatter> scatters_;
    std::vector<const double*> cur_;
    std::vector<double> tileBuf_, onesTile_;
    std::vector<double*> sinkDst_;
    std::vector<std::size_t> sinkLen_, sinkOff_;
    std::vector<const BlockMap*> sinkMap_;      // null: no map (a walk's total)
    std::vector<const std::size_t*> sinkFrom_;  // a direct sink's SinkSplit::from, else null
    std::map<std::tuple<const BlockMap*, std::size_t, std::size_t>, SinkSplit>
        splits_;  // (map, unit, segments)
    std::size_t planSinks(std::size_t segs, std::size_t unit);
    std::vector<double> partials_;
};

}  // namespace streamsynth::pgm
