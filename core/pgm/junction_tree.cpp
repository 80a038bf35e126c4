// Junction-tree construction as in PGM.md §2 (v0/HEAD junction_tree.py).
#include "core/pgm/junction_tree.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <numeric>

namespace streamsynth::pgm {

namespace {
std::vector<int> sortedUnique(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}
bool contains(const std::vector<int>& sortedSet, int a) {
    return std::binary_search(sortedSet.begin(), sortedSet.end(), a);
}
bool subsetSorted(const std::vector<int>& a, const std::vector<int>& b) {
    return std::includes(b.begin(), b.end(), a.begin(), a.end());
}
}  // namespace

namespace {
// greedyEliminationOrder on up to 64 attributes, cliques as bit masks: the
// same choices (first of the least costly) and the same costs, each a
// product over the attributes in increasing order as below. The selection's
// size checks call it for every candidate workload of every round.
std::vector<int> greedyEliminationOrderSmall(const Sizes& sizes, const std::vector<std::vector<int>>& input,
                                             double* totalCost) {
    const int d = static_cast<int>(sizes.size());
    std::vector<std::uint64_t> cl;
    auto addUnique = [&](std::uint64_t m) {
        if (std::find(cl.begin(), cl.end(), m) == cl.end()) cl.push_back(m);
    };
    for (const auto& c : input) {
        std::uint64_t m = 0;
        for (int a : c) m |= std::uint64_t{1} << a;
        addUnique(m);
    }
    std::uint64_t unmarked = d == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << d) - 1;
    std::vector<int> order;
    double total = 0;
    while (unmarked != 0) {
        double best = 0;
        int bestAttr = -1;
        std::uint64_t bestUnion = 0;
        for (std::uint64_t u = unmarked; u != 0; u &= u - 1) {
            const int a = std::countr_zero(u);
            const std::uint64_t bit = std::uint64_t{1} << a;
            std::uint64_t uni = 0;
            for (std::uint64_t c : cl)
                if (c & bit) uni |= c;
            double cost = 1;
            for (std::uint64_t x = uni; x != 0; x &= x - 1)
                cost *= sizes[static_cast<size_t>(std::countr_zero(x))];
            if (bestAttr < 0 || cost < best) {
                best = cost;
                bestAttr = a;
                bestUnion = uni;
            }
        }
        const std::uint64_t bit = std::uint64_t{1} << bestAttr;
        unmarked &= ~bit;
        order.push_back(bestAttr);
        total += best;
        cl.erase(std::remove_if(cl.begin(), cl.end(), [&](std::uint64_t c) { return (c & bit) != 0; }),
                 cl.end());
        addUnique(bestUnion & ~bit);
    }
    if (totalCost) *totalCost = total;
    return order;
}
}  // namespace

std::vector<int> greedyEliminationOrder(const Sizes& sizes, const std::vector<std::vector<int>>& input,
                                        double* totalCost) {
    const int d = static_cast<int>(sizes.size());
    if (d <= 64) return greedyEliminationOrderSmall(sizes, input, totalCost);
    std::vector<std::vector<int>> cl;
    auto addUnique = [&](std::vector<int> c) {
        if (std::find(cl.begin(), cl.end(), c) == cl.end()) cl.push_back(std::move(c));
    };
    for (const auto& c : input) addUnique(sortedUnique(c));
    std::vector<int> unmarked(static_cast<size_t>(d));
    std::iota(unmarked.begin(), unmarked.end(), 0);
    std::vector<int> order;
    double total = 0;
    std::vector<char> inUnion(static_cast<size_t>(d));
    while (!unmarked.empty()) {
        double best = 0;
        size_t bestPos = 0;
        for (size_t u = 0; u < unmarked.size(); ++u) {
            const int a = unmarked[u];
            std::fill(inUnion.begin(), inUnion.end(), 0);
            inUnion[static_cast<size_t>(a)] = 0;
            bool any = false;
            for (const auto& c : cl)
                if (contains(c, a)) {
                    any = true;
                    for (int x : c) inUnion[static_cast<size_t>(x)] = 1;
                }
            double cost = 1;
            if (any)
                for (int x = 0; x < d; ++x)
                    if (inUnion[static_cast<size_t>(x)]) cost *= sizes[static_cast<size_t>(x)];
            if (u == 0 || cost < best) {
                best = cost;
                bestPos = u;
            }
        }
        const int a = unmarked[bestPos];
        unmarked.erase(unmarked.begin() + static_cast<long>(bestPos));
        order.push_back(a);
        total += best;
        std::vector<int> uni;
        std::vector<std::vector<int>> rest;
        for (auto& c : cl) {
            if (contains(c, a))
                uni.insert(uni.end(), c.begin(), c.end());
            else
                rest.push_back(std::move(c));
        }
        cl = std::move(rest);
        uni = sortedUnique(std::move(uni));
        uni.erase(std::remove(uni.begin(), uni.end(), a), uni.end());
        if (std::find(cl.begin(), cl.end(), uni) == cl.end()) cl.push_back(std::move(uni));
    }
    if (totalCost) *totalCost = total;
    return order;
}

std::vector<std::vector<int>> maximalSubset(std::vector<std::vector<int>> cliques) {
    for (auto& c : cliques) c = sortedUnique(std::move(c));
    std::stable_sort(cliques.begin(), cliques.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    std::vector<std::vector<int>> kept;
    for (auto& c : cliques) {
        if (c.empty()) continue;
        bool inside = false;
        for (const auto& k : kept)
            if (subsetSorted(c, k)) {
                inside = true;
                break;
            }
        if (!inside) kept.push_back(std::move(c));
    }
    return kept;
}

namespace {

// Interaction graph and triangulation (§2.1, §2.3); the candidate cliques of
// a perfect elimination order are {v} ∪ remaining neighbours (§2.4).
std::vector<std::vector<int>> eliminationCliques(int d, const std::vector<std::vector<int>>& input,
                                                 const std::vector<int>& order) {
    std::vector<std::vector<char>> adj(static_cast<size_t>(d), std::vector<char>(static_cast<size_t>(d), 0));
    for (const auto& c : input)
        for (int x : c)
            for (int y : c)
                if (x != y) adj[static_cast<size_t>(x)][static_cast<size_t>(y)] = 1;
    std::vector<char> removed(static_cast<size_t>(d), 0);
    std::vector<std::vector<int>> candidates;
    for (int v : order) {
        std::vector<int> nb;
        for (int u = 0; u < d; ++u)
            if (!removed[static_cast<size_t>(u)] && adj[static_cast<size_t>(v)][static_cast<size_t>(u)])
                nb.push_back(u);
        for (int x : nb)
            for (int y : nb)
                if (x != y) adj[static_cast<size_t>(x)][static_cast<size_t>(y)] = 1;
        removed[static_cast<size_t>(v)] = 1;
        nb.push_back(v);
        candidates.push_back(sortedUnique(std::move(nb)));
    }
    return candidates;
}

// Whether another candidate contains candidate i (of two equal ones, the
// later one is dropped).
bool dominated(const std::vector<std::vector<int>>& candidates, size_t i) {
    for (size_t j = 0; j < candidates.size(); ++j) {
        if (i == j) continue;
        if (subsetSorted(candidates[i], candidates[j]) &&
            (candidates[i].size() < candidates[j].size() || j < i))
            return true;
    }
    return false;
}

// The candidates no other contains, in the reference's order: lexicographic
// over tuples of attribute names.
std::vector<std::vector<int>> maximalCandidates(const std::vector<std::vector<int>>& candidates,
                                                const std::vector<std::string>& names) {
    std::vector<std::vector<int>> maximal;
    for (size_t i = 0; i < candidates.size(); ++i)
        if (!dominated(candidates, i)) maximal.push_back(candidates[i]);
    auto nameKey = [&](const std::vector<int>& c) {
        std::vector<std::string> k;
        for (int a : c) k.push_back(names[static_cast<size_t>(a)]);
        return k;
    };
    std::sort(maximal.begin(), maximal.end(),
              [&](const auto& a, const auto& b) { return nameKey(a) < nameKey(b); });
    return maximal;
}

// Maximum spanning tree on |Ci ∩ Cj| (Kruskal, stable over i<j order): the
// neighbours of each clique.
std::vector<std::vector<int>> spanningTree(const std::vector<std::vector<int>>& maximal) {
    const int k = static_cast<int>(maximal.size());
    struct Edge {
        int i, j, w;
    };
    std::vector<Edge> edges;
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j) {
            std::vector<int> inter;
            std::set_intersection(maximal[static_cast<size_t>(i)].begin(),
                                  maximal[static_cast<size_t>(i)].end(),
                                  maximal[static_cast<size_t>(j)].begin(),
                                  maximal[static_cast<size_t>(j)].end(), std::back_inserter(inter));
            edges.push_back({i, j, static_cast<int>(inter.size())});
        }
    std::stable_sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) { return a.w > b.w; });
    std::vector<int> uf(static_cast<size_t>(k));
    std::iota(uf.begin(), uf.end(), 0);
    std::function<int(int)> find = [&](int x) {
        return uf[static_cast<size_t>(x)] == x
                   ? x
                   : uf[static_cast<size_t>(x)] = find(uf[static_cast<size_t>(x)]);
    };
    std::vector<std::vector<int>> nbrs(static_cast<size_t>(k));
    for (const Edge& e : edges) {
        const int a = find(e.i), b = find(e.j);
        if (a == b) continue;
        uf[static_cast<size_t>(a)] = b;
        nbrs[static_cast<size_t>(e.i)].push_back(e.j);
        nbrs[static_cast<size_t>(e.j)].push_back(e.i);
    }
    return nbrs;
}

// DFS preorder from clique 0, renumbered; messages leaves-to-root then back.
void renumberFromRoot(const Sizes& sizes, const std::vector<std::vector<int>>& maximal,
                      const std::vector<std::vector<int>>& nbrs, JunctionTree& jt) {
    const int k = static_cast<int>(maximal.size());
    std::vector<int> pre, par(static_cast<size_t>(k), -1);
    std::vector<char> seen(static_cast<size_t>(k), 0);
    std::function<void(int)> dfs = [&](int v) {
        seen[static_cast<size_t>(v)] = 1;
        pre.push_back(v);
        for (int w : nbrs[static_cast<size_t>(v)])
            if (!seen[static_cast<size_t>(w)]) {
                par[static_cast<size_t>(w)] = v;
                dfs(w);
            }
    };
    if (k > 0) dfs(0);
    std::vector<int> pos(static_cast<size_t>(k));
    for (int i = 0; i < k; ++i) pos[static_cast<size_t>(pre[static_cast<size_t>(i)])] = i;
    for (int i = 0; i < k; ++i) {
        const int old = pre[static_cast<size_t>(i)];
        jt.cliques.push_back(maximal[static_cast<size_t>(old)]);
        jt.parent.push_back(
            par[static_cast<size_t>(old)] < 0 ? -1 : pos[static_cast<size_t>(par[static_cast<size_t>(old)])]);
    }
    for (int i = k; i-- > 1;) jt.messages.emplace_back(i, jt.parent[static_cast<size_t>(i)]);
    for (int i = 1; i < k; ++i) jt.messages.emplace_back(jt.parent[static_cast<size_t>(i)], i);
    for (const auto& c : jt.cliques) {
        jt.cells.push_back(cellCount(sizes, c));
        jt.size += jt.cells.back();
    }
}

}  // namespace

std::vector<int> weightedMinFillOrder(const Sizes& sizes, const std::vector<std::vector<int>>& input) {
    const auto d = sizes.size();
    std::vector<std::vector<char>> adj(d, std::vector<char>(d, 0));
    for (const auto& c : input)
        for (int x : c)
            for (int y : c)
                if (x != y) adj[static_cast<size_t>(x)][static_cast<size_t>(y)] = 1;
    std::vector<char> removed(d, 0);
    std::vector<int> order, nb;
    for (size_t step = 0; step < d; ++step) {
        int best = -1;
        double bestFill = 0, bestCells = 0;
        for (size_t v = 0; v < d; ++v) {
            if (removed[v]) continue;
            nb.clear();
            for (size_t u = 0; u < d; ++u)
                if (!removed[u] && adj[v][u]) nb.push_back(static_cast<int>(u));
            double fill = 0, cells = static_cast<double>(sizes[v]);
            for (size_t i = 0; i < nb.size(); ++i) {
                const auto x = static_cast<size_t>(nb[i]);
                cells *= static_cast<double>(sizes[x]);
                for (size_t j = i + 1; j < nb.size(); ++j) {
                    const auto y = static_cast<size_t>(nb[j]);
                    if (!adj[x][y]) fill += static_cast<double>(sizes[x]) * static_cast<double>(sizes[y]);
                }
            }
            if (best < 0 || fill < bestFill || (fill == bestFill && cells < bestCells)) {
                best = static_cast<int>(v);
                bestFill = fill;
                bestCells = cells;
            }
        }
        const auto b = static_cast<size_t>(best);
        for (size_t x = 0; x < d; ++x)
            for (size_t y = 0; y < d; ++y)
                if (x != y && !removed[x] && !removed[y] && adj[b][x] && adj[b][y]) adj[x][y] = 1;
        removed[b] = 1;
        order.push_back(best);
    }
    return order;
}

namespace {
// referenceTreeSize on up to 64 attributes with bit masks: the triangulation
// by the same order, the same candidates and dominance, each clique's cells
// a product over its attributes in increasing order as cellCount takes it.
double referenceTreeSizeSmall(const Sizes& sizes, const std::vector<std::vector<int>>& input) {
    const auto d = sizes.size();
    std::vector<std::uint64_t> adj(d, 0);
    for (const auto& c : input) {
        std::uint64_t m = 0;
        for (int a : c) m |= std::uint64_t{1} << a;
        for (int a : c) adj[static_cast<size_t>(a)] |= m & ~(std::uint64_t{1} << a);
    }
    std::vector<std::uint64_t> candidates;
    std::uint64_t removed = 0;
    for (int v : greedyEliminationOrder(sizes, input)) {
        const std::uint64_t nb = adj[static_cast<size_t>(v)] & ~removed;
        for (std::uint64_t x = nb; x != 0; x &= x - 1) {
            const int a = std::countr_zero(x);
            adj[static_cast<size_t>(a)] |= nb & ~(std::uint64_t{1} << a);
        }
        removed |= std::uint64_t{1} << v;
        candidates.push_back(nb | std::uint64_t{1} << v);
    }
    double total = 0;
    for (size_t i = 0; i < candidates.size(); ++i) {
        const std::uint64_t c = candidates[i];
        bool inside = false;
        for (size_t j = 0; j < candidates.size() && !inside; ++j)
            inside = j != i && (c & ~candidates[j]) == 0 &&
                     (std::popcount(c) < std::popcount(candidates[j]) || j < i);
        if (inside) continue;
        double n = 1.0;
        for (std::uint64_t x = c; x != 0; x &= x - 1) n *= sizes[static_cast<size_t>(std::countr_zero(x))];
        total += n;
    }
    return total;
}
}  // namespace

double referenceTreeSize(const Sizes& sizes, const std::vector<std::vector<int>>& input) {
    if (sizes.size() <= 64) return referenceTreeSizeSmall(sizes, input);
    const auto candidates =
        eliminationCliques(static_cast<int>(sizes.size()), input, greedyEliminationOrder(sizes, input));
    double total = 0;
    for (size_t i = 0; i < candidates.size(); ++i)
        if (!dominated(candidates, i)) total += cellCount(sizes, candidates[i]);
    return total;
}

JunctionTree buildJunctionTree(const Sizes& sizes, const std::vector<std::string>& names,
                               const std::vector<std::vector<int>>& input, TreeOrder which) {
    const int d = static_cast<int>(sizes.size());
    auto cellsOf = [&](const std::vector<std::vector<int>>& cliques) {
        double total = 0;
        for (const auto& c : cliques) total += cellCount(sizes, c);
        return total;
    };
    // Two greedy orders (min weight, the reference's; weighted min fill) and
    // the one whose maximal cliques hold fewer cells: neither is always the
    // smaller (on pgm-adult-15 min weight gives 471,505 cells and weighted
    // min fill 307,165), and ties keep the reference's tree.
    JunctionTree jt;
    jt.eliminationOrder = greedyEliminationOrder(sizes, input, &jt.eliminationCost);
    const auto candidates = eliminationCliques(d, input, jt.eliminationOrder);
    auto maximal = maximalCandidates(candidates, names);
    jt.referenceCliques = maximal;
    jt.referenceSize = cellsOf(maximal);
    if (which == TreeOrder::Smaller) {
        std::vector<int> fillOrder = weightedMinFillOrder(sizes, input);
        auto fillCandidates = eliminationCliques(d, input, fillOrder);
        auto fillMaximal = maximalCandidates(fillCandidates, names);
        if (cellsOf(fillMaximal) < jt.referenceSize) {
            jt.eliminationOrder = std::move(fillOrder);
            jt.eliminationCost = cellsOf(fillCandidates);
            maximal = std::move(fillMaximal);
        }
    }
    renumberFromRoot(sizes, maximal, spanningTree(maximal), jt);
    return jt;
}

}  // namespace streamsynth::pgm
