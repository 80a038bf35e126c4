// Junction tree of a clique set (PGM.md §2): greedy min-weight elimination
// order over hyper-edges, triangulation, maximal cliques, maximum spanning
// tree on separator cardinality, DFS preorder and a collect/distribute schedule.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/pgm/factor.h"

namespace streamsynth::pgm {

struct JunctionTree {
    std::vector<int> eliminationOrder;          // all attributes
    double eliminationCost = 0;                 // Σ greedy costs (cells)
    std::vector<std::vector<int>> cliques;      // maximal cliques, attrs increasing, DFS preorder
    std::vector<int> parent;                    // tree parent in the DFS from cliques[0]; -1 for the root
    std::vector<std::pair<int, int>> messages;  // (from, to): collect (post-order) then distribute (preorder)
    std::vector<double> cells;                  // cells per maximal clique
    double size = 0;                            // Σ cells (PGM.md §2.7), separators excluded
};

// names[a] is used only to sort cliques like the reference (tuples of names).
// Input cliques may repeat, be permuted or empty; attributes in no clique
// become singleton maximal cliques.
JunctionTree buildJunctionTree(const Sizes& sizes, const std::vector<std::string>& names,
                               const std::vector<std::vector<int>>& cliques);

// Greedy elimination order only (§2.2), with its total cost.
std::vector<int> greedyEliminationOrder(const Sizes& sizes, const std::vector<std::vector<int>>& cliques,
                                        double* totalCost = nullptr);

// The maximal subset of cliques: each sorted increasing, sorted by size
// descending (stable), dropping any contained in an already kept one.
std::vector<std::vector<int>> maximalSubset(std::vector<std::vector<int>> cliques);

}  // namespace streamsynth::pgm
