// Junction tree of a clique set (PGM.md §2): the smaller of two greedy
// elimination orders (min weight over hyper-edges, the reference's; weighted
// min fill), triangulation, maximal cliques, maximum spanning
// tree on separator cardinality, DFS preorder and a collect/distribute schedule.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/pgm/factor.h"

namespace streamsynth::pgm {

struct JunctionTree {
    std::vector<int> eliminationOrder;          // all attributes
    double eliminationCost = 0;                 // Σ cells of the cliques the order forms
    std::vector<std::vector<int>> cliques;      // maximal cliques, attrs increasing, DFS preorder
    std::vector<int> parent;                    // tree parent in the DFS from cliques[0]; -1 for the root
    std::vector<std::pair<int, int>> messages;  // (from, to): collect (post-order) then distribute (preorder)
    std::vector<double> cells;                  // cells per maximal clique
    double size = 0;                            // Σ cells (PGM.md §2.7), separators excluded
    // The reference order's tree (min weight, PGM.md §2.2): the size every cap
    // and bound is stated in (model cells, the fit-work bound, the selection's
    // size limit), so a smaller tree speeds fits without changing a decision.
    std::vector<std::vector<int>> referenceCliques;
    double referenceSize = 0;
};

// names[a] is used only to sort cliques like the reference (tuples of names).
// Input cliques may repeat, be permuted or empty; attributes in no clique
// become singleton maximal cliques.
// Smaller: the smaller of the two orders' trees (the default); Reference:
// the min-weight order's tree, the only one before 2026-11-30 (what a model
// saved before then was calibrated on).
enum class TreeOrder { Smaller, Reference };
JunctionTree buildJunctionTree(const Sizes& sizes, const std::vector<std::string>& names,
                               const std::vector<std::vector<int>>& cliques,
                               TreeOrder order = TreeOrder::Smaller);

// buildJunctionTree(…, Reference).size without the tree: the cells of the
// reference order's maximal cliques, for the selection's many size checks
// (no names, no spanning tree, no numbering). The same value: the cells are
// whole numbers, so their sum does not depend on the order it is taken in
// below 2^53 cells (and far above any cap there).
double referenceTreeSize(const Sizes& sizes, const std::vector<std::vector<int>>& cliques);

// Greedy elimination order only (§2.2), with its total cost.
std::vector<int> greedyEliminationOrder(const Sizes& sizes, const std::vector<std::vector<int>>& cliques,
                                        double* totalCost = nullptr);

// Weighted min-fill elimination order (Kjærulff 1990): each step eliminates
// the attribute whose remaining neighbours need the fill edges of least total
// weight (an edge weighs the product of its two sizes); ties by the cells of
// the clique it forms, then by index.
std::vector<int> weightedMinFillOrder(const Sizes& sizes, const std::vector<std::vector<int>>& cliques);

// The maximal subset of cliques: each sorted increasing, sorted by size
// descending (stable), dropping any contained in an already kept one.
std::vector<std::vector<int>> maximalSubset(std::vector<std::vector<int>> cliques);

}  // namespace streamsynth::pgm
