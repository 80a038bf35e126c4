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
    // Looked up by (big, sub) without copying them into a key; hashed, since
    // a query makes several lookups and ordered keys of two vectors cost
    // two comparisons of each at every node (MarginalCache::map was 2% of
    // Adult bs-50).
    using MapKey = std::pair<std::vector<int>, std::vector<int>>;
    using MapRef = std::pair<const std::vector<int>*, const std::vector<int>*>;
    struct MapKeyHash {
        using is_transparent = void;
        static std::size_t hash(const std::vector<int>& big, const std::vector<int>& sub);
        std::size_t operator()(const MapKey& k) const { return hash(k.first, k.second); }
        std::size_t operator()(const MapRef& r) const { return hash(*r.first, *r.second); }
    };
    struct MapKeyEqual {
        using is_transparent = void;
        bool operator()(const MapKey& x, const MapKey& y) const { return x == y; }
        bool operator()(const MapKey& x, const MapRef& y) const {
            return x.first == *y.first && x.second == *y.second;
        }
        bool operator()(const MapRef& x, const MapKey& y) const { return operator()(y, x); }
    };
    std::unordered_map<MapKey, std::shared_ptr<const std::vector<std::int32_t>>, MapKeyHash, MapKeyEqual>
        maps_;
    double mapCells_ = 0;
};

// A query's answer before its last scaling; `scale`: it is still to be
// scaled so that it sums to the total (not for a projection of one clique).
struct RawMarginal {
    std::vector<double> values;
    bool scale = false;
};

// queryMarginal without the scaling, for callers that scale several answers
// at once (scaleToTotal); the same bits as queryMarginal once scaled.
RawMarginal queryMarginalRaw(const Sizes& sizes, const JunctionTree& tree,
                             const std::vector<std::vector<double>>& mu, std::span<const int> attrs,
                             MarginalCache* cache = nullptr);

// Multiplies each answer still to be scaled by total / (the sum of its
// cells), exactly as queryMarginal does one answer: the sums of up to four
// answers run side by side, each in cell order.
void scaleToTotal(std::span<RawMarginal> answers, double total);

// attrs strictly increasing. Returns counts (row-major over attrs) summing to
// total. mu[c] are calibrated marginals of tree.cliques[c].
std::vector<double> queryMarginal(const Sizes& sizes, const JunctionTree& tree,
                                  const std::vector<std::vector<double>>& mu, std::span<const int> attrs,
                                  double total, MarginalCache* cache = nullptr);

}  // namespace streamsynth::pgm
