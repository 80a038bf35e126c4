// Marginals of any attribute set from calibrated clique marginals (PGM.md
// §5.1, decision 9): a projection when the set is inside a clique, otherwise
// exact elimination over the minimal covering subtree Π μ_C / Π μ_S.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/pgm/factor.h"
#include "core/pgm/junction_tree.h"

namespace streamsynth::pgm {

// Per-model memo of the pieces every query reuses: clique factors, the
// conditionals μ_C/μ_S per directed tree edge, and index maps. Not
// thread-safe; one per fitted model, used under the model's lock.
class MarginalCache {
public:
    MarginalCache(const Sizes& sizes, const JunctionTree& tree, const std::vector<std::vector<double>>& mu);
    const Factor& clique(int c);
    const Factor& conditional(int c, int parent);  // μ_c / μ_(c∩parent), 0/0 := 0
    const std::vector<std::int32_t>& map(const std::vector<int>& big, const std::vector<int>& sub);
    // The tree's adjacency, and the separator of two adjacent cliques: built
    // once per model, not per query.
    const std::vector<std::vector<int>>& neighbours();
    const std::vector<int>& separator(int a, int b);
    // Whether attribute a occurs on c's side of the tree edge c–p.
    bool onSide(int c, int p, int a);
    // Messages of earlier queries: clique c's message to its neighbour p
    // depends on the query only through the query attributes on c's side of
    // the edge (they decide which cliques there are pruned and what is
    // carried), so it is computed once per model for every query with those
    // attributes there. The key packs (c, p, up to two such attributes); 0:
    // not memoised (more attributes, or indices too large to pack).
    std::uint64_t messageKey(int c, int p, std::span<const int> query);
    std::shared_ptr<const Factor> message(std::uint64_t key);
    std::shared_ptr<const Factor> keepMessage(std::uint64_t key, Factor m);
    // How many messages the memo has handed out (for the tests).
    std::size_t messageHits() const { return messageHits_; }

private:
    void buildEdges();
    const Sizes& sizes_;
    const JunctionTree& tree_;
    const std::vector<std::vector<double>>& mu_;
    std::map<int, Factor> cliques_;
    std::map<std::pair<int, int>, Factor> conditionals_;
    std::vector<std::vector<int>> neighbours_;
    std::vector<std::vector<int>> childSeparator_;  // per clique c ≥ 1: c ∩ parent[c]
    bool edgesBuilt_ = false;
    // Per clique c: the attributes of its subtree (below) and of the rest of
    // the tree (above), one flag per attribute; built on first use.
    std::vector<std::vector<char>> below_, above_;
    std::unordered_map<std::uint64_t, std::shared_ptr<const Factor>> messages_;
    double messageCells_ = 0;
    std::size_t messageHits_ = 0;
    // Looked up by (big, sub) without copying them into a key.
    struct MapKeyLess {
        using is_transparent = void;
        using Key = std::pair<std::vector<int>, std::vector<int>>;
        using Ref = std::pair<const std::vector<int>*, const std::vector<int>*>;
        static bool less(const std::vector<int>& a1, const std::vector<int>& b1, const std::vector<int>& a2,
                         const std::vector<int>& b2) {
            return a1 != a2 ? a1 < a2 : b1 < b2;
        }
        bool operator()(const Key& x, const Key& y) const {
            return less(x.first, x.second, y.first, y.second);
        }
        bool operator()(const Key& x, const Ref& y) const {
            return less(x.first, x.second, *y.first, *y.second);
        }
        bool operator()(const Ref& x, const Key& y) const {
            return less(*x.first, *x.second, y.first, y.second);
        }
    };
    std::map<MapKeyLess::Key, std::shared_ptr<const std::vector<std::int32_t>>, MapKeyLess> maps_;
    double mapCells_ = 0;
};

// attrs strictly increasing. Returns counts (row-major over attrs) summing to
// total. mu[c] are calibrated marginals of tree.cliques[c].
std::vector<double> queryMarginal(const Sizes& sizes, const JunctionTree& tree,
                                  const std::vector<std::vector<double>>& mu, std::span<const int> attrs,
                                  double total, MarginalCache* cache = nullptr);

}  // namespace streamsynth::pgm
