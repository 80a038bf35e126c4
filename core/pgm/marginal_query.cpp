// Out-of-clique marginals by sum-product on the minimal subtree that covers
// the query: rooted at a clique holding the largest query attribute, with the
// root marginal and the conditionals P(C | S) = μ_C / μ_S (0/0 := 0), carrying
// the query attributes up the tree (Koller & Friedman 10.3.2).
#include "core/pgm/marginal_query.h"

#include <Eigen/Core>
#include <algorithm>
#include <numeric>
#include <optional>

#include "core/common/error.h"
#include "core/pgm/factor.h"

namespace streamsynth::pgm {

namespace {
bool inside(const std::vector<int>& big, std::span<const int> small) {
    return std::includes(big.begin(), big.end(), small.begin(), small.end());
}
constexpr double kMaxTableCells = 2e8;  // refuse pathological queries instead of exhausting memory
}  // namespace

MarginalCache::MarginalCache(const Sizes& sizes, const JunctionTree& tree, const std::vector<std::vector<double>>& mu)
    : sizes_(sizes), tree_(tree), mu_(mu) {}

const Factor& MarginalCache::clique(int c) {
    auto it = cliques_.find(c);
    if (it == cliques_.end())
        it = cliques_.emplace(c, Factor{tree_.cliques[static_cast<size_t>(c)], mu_[static_cast<size_t>(c)]}).first;
    return it->second;
}

const std::vector<std::int32_t>& MarginalCache::map(const std::vector<int>& big, const std::vector<int>& sub) {
    auto key = std::make_pair(big, sub);
    auto it = maps_.find(key);
    if (it != maps_.end()) return it->second;
    if (mapCells_ > 3e7) {  // bound the memo (~120 MB of maps)
        maps_.clear();
        mapCells_ = 0;
    }
    auto m = indexMap(sizes_, big, sub);
    mapCells_ += static_cast<double>(m.size());
    return maps_.emplace(std::move(key), std::move(m)).first->second;
}

const Factor& MarginalCache::conditional(int c, int parent) {
    const auto key = std::make_pair(c, parent);
    auto it = conditionals_.find(key);
    if (it != conditionals_.end()) return it->second;
    const auto& C = tree_.cliques[static_cast<size_t>(c)];
    const auto& P = tree_.cliques[static_cast<size_t>(parent)];
    std::vector<int> s;
    std::set_intersection(C.begin(), C.end(), P.begin(), P.end(), std::back_inserter(s));
    Factor f = clique(c);
    const auto& mp = map(f.attrs, s);
    std::vector<double> den(static_cast<size_t>(cellCount(sizes_, s)), 0.0);
    for (size_t i = 0; i < mp.size(); ++i) den[static_cast<size_t>(mp[i])] += f.values[i];
    for (size_t i = 0; i < mp.size(); ++i) {
        const double d = den[static_cast<size_t>(mp[i])];
        f.values[i] = d > 0 ? f.values[i] / d : 0.0;
    }
    return conditionals_.emplace(key, std::move(f)).first->second;
}

std::vector<double> queryMarginal(const Sizes& sizes, const JunctionTree& tree,
                                  const std::vector<std::vector<double>>& mu, std::span<const int> attrs,
                                  double total, MarginalCache* externalCache) {
    std::optional<MarginalCache> ownCache;
    if (!externalCache) ownCache.emplace(sizes, tree, mu);
    MarginalCache& cache = externalCache ? *externalCache : *ownCache;
    // Projection through a cached map; the result is laid out in `to` order.
    auto projectC = [&](const Factor& f, const std::vector<int>& to) {
        const auto& mp = cache.map(f.attrs, to);
        Factor out{to, std::vector<double>(static_cast<size_t>(cellCount(sizes, to)), 0.0)};
        for (size_t i = 0; i < mp.size(); ++i) out.values[static_cast<size_t>(mp[i])] += f.values[i];
        return out;
    };
    const int k = static_cast<int>(tree.cliques.size());
    std::vector<int> q(attrs.begin(), attrs.end());
    // 1. Inside one clique: project the smallest containing one.
    int best = -1;
    for (int c = 0; c < k; ++c)
        if (inside(tree.cliques[static_cast<size_t>(c)], attrs) &&
            (best < 0 || tree.cells[static_cast<size_t>(c)] < tree.cells[static_cast<size_t>(best)]))
            best = c;
    if (best >= 0) return projectC(cache.clique(best), q).values;
    // 2. Minimal subtree: prune leaves whose query attributes are all in their separator.
    std::vector<std::vector<int>> nb(static_cast<size_t>(k));
    for (int c = 1; c < k; ++c) {
        nb[static_cast<size_t>(c)].push_back(tree.parent[static_cast<size_t>(c)]);
        nb[static_cast<size_t>(tree.parent[static_cast<size_t>(c)])].push_back(c);
    }
    std::vector<char> alive(static_cast<size_t>(k), 1);
    auto sepWith = [&](int a, int b) {
        std::vector<int> s;
        const auto& A = tree.cliques[static_cast<size_t>(a)];
        const auto& B = tree.cliques[static_cast<size_t>(b)];
        std::set_intersection(A.begin(), A.end(), B.begin(), B.end(), std::back_inserter(s));
        return s;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (int c = 0; c < k; ++c) {
            if (!alive[static_cast<size_t>(c)]) continue;
            int deg = 0, other = -1;
            for (int n : nb[static_cast<size_t>(c)])
                if (alive[static_cast<size_t>(n)]) { ++deg; other = n; }
            if (deg > 1) continue;
            const auto& C = tree.cliques[static_cast<size_t>(c)];
            std::vector<int> cq;
            std::set_intersection(C.begin(), C.end(), q.begin(), q.end(), std::back_inserter(cq));
            const std::vector<int> s = deg == 1 ? sepWith(c, other) : std::vector<int>{};
            if (deg == 1 && std::includes(s.begin(), s.end(), cq.begin(), cq.end())) {
                alive[static_cast<size_t>(c)] = 0;
                changed = true;
            } else if (deg == 0 && cq.empty()) {
                alive[static_cast<size_t>(c)] = 0;  // a component with no query attribute
                changed = true;
            }
        }
    }
    // 3. Sum-product over each alive component, leaves to root, carrying the
    // query attributes: a clique's factor (μ at the root, μ_C/μ_S elsewhere)
    // times its children's messages, projected onto (separator ∪ query attrs
    // present). Cost per clique ≈ |C| × cells of the carried query attrs.
    // f · m summed down to keepF ∪ (m's attrs outside f), without
    // materialising the product: |f| × (cells of the new attrs) multiply-adds.
    auto mulSumOut = [&](const Factor& f, const Factor& m, const std::vector<int>& keepF) {
        std::vector<int> shared, fresh;
        for (int a : m.attrs) (std::find(f.attrs.begin(), f.attrs.end(), a) != f.attrs.end() ? shared : fresh).push_back(a);
        std::vector<int> mt = shared;
        mt.insert(mt.end(), fresh.begin(), fresh.end());
        const Factor mm = projectC(m, mt);
        const auto bq = static_cast<size_t>(cellCount(sizes, fresh));
        if (cellCount(sizes, keepF) * static_cast<double>(bq) > kMaxTableCells)
            throw settingError("marginal", "the requested marginal needs a table too large to compute");
        const auto& mapM = cache.map(f.attrs, shared);
        const auto& mapO = cache.map(f.attrs, keepF);
        Factor out{keepF, std::vector<double>(static_cast<size_t>(cellCount(sizes, keepF)) * bq, 0.0)};
        out.attrs.insert(out.attrs.end(), fresh.begin(), fresh.end());
        for (size_t x = 0; x < f.values.size(); ++x) {
            const double fx = f.values[x];
            if (fx == 0) continue;
            const double* mrow = mm.values.data() + static_cast<size_t>(mapM[x]) * bq;
            double* orow = out.values.data() + static_cast<size_t>(mapO[x]) * bq;
            if (bq >= 8) {
                Eigen::Map<Eigen::ArrayXd>(orow, static_cast<Eigen::Index>(bq)) +=
                    fx * Eigen::Map<const Eigen::ArrayXd>(mrow, static_cast<Eigen::Index>(bq));
            } else {
                for (size_t y = 0; y < bq; ++y) orow[y] += fx * mrow[y];
            }
        }
        return out;
    };
    // Root each component at a clique holding the query attribute with the
    // most codes, so that the attributes carried up the tree are small.
    int bigAttr = q.front();
    for (int a : q)
        if (sizes[static_cast<size_t>(a)] > sizes[static_cast<size_t>(bigAttr)]) bigAttr = a;
    std::vector<Factor> results;
    std::vector<char> done(static_cast<size_t>(k), 0);
    std::vector<int> par(static_cast<size_t>(k), -1);
    std::vector<Factor> msg(static_cast<size_t>(k));
    std::vector<int> roots;
    for (int c = 0; c < k; ++c)
        if (alive[static_cast<size_t>(c)] && std::binary_search(tree.cliques[static_cast<size_t>(c)].begin(), tree.cliques[static_cast<size_t>(c)].end(), bigAttr))
            roots.push_back(c);
    for (int c = 0; c < k; ++c)
        if (alive[static_cast<size_t>(c)]) roots.push_back(c);
    for (int r : roots) {
        if (done[static_cast<size_t>(r)]) continue;
        std::vector<int> order, stack{r};
        done[static_cast<size_t>(r)] = 1;
        while (!stack.empty()) {
            const int p = stack.back();
            stack.pop_back();
            order.push_back(p);
            for (int c : nb[static_cast<size_t>(p)])
                if (alive[static_cast<size_t>(c)] && !done[static_cast<size_t>(c)]) {
                    done[static_cast<size_t>(c)] = 1;
                    par[static_cast<size_t>(c)] = p;
                    stack.push_back(c);
                }
        }
        for (size_t idx = order.size(); idx-- > 0;) {
            const int c = order[idx];
            std::vector<int> up;  // separator with the parent
            if (c != r) up = sepWith(c, par[static_cast<size_t>(c)]);
            const Factor& base = c != r ? cache.conditional(c, par[static_cast<size_t>(c)]) : cache.clique(c);
            Factor owned;
            const Factor* fp = &base;
            std::vector<const Factor*> expanding;
            for (size_t j = idx + 1; j < order.size(); ++j) {
                const int ch = order[j];
                if (par[static_cast<size_t>(ch)] != c) continue;
                const Factor& m = msg[static_cast<size_t>(ch)];
                if (!isSubset(m.attrs, fp->attrs)) {
                    expanding.push_back(&m);
                    continue;
                }
                if (fp == &base) {
                    owned = base;
                    fp = &owned;
                }
                const auto& map = cache.map(owned.attrs, m.attrs);
                for (size_t i = 0; i < map.size(); ++i) owned.values[i] *= m.values[static_cast<size_t>(map[i])];
            }
            for (size_t e = 0; e < expanding.size(); ++e) {
                std::vector<int> keepF;
                for (int a : fp->attrs) {
                    bool need = std::find(up.begin(), up.end(), a) != up.end() || std::binary_search(q.begin(), q.end(), a);
                    for (size_t e2 = e + 1; e2 < expanding.size() && !need; ++e2)
                        need = std::find(expanding[e2]->attrs.begin(), expanding[e2]->attrs.end(), a) != expanding[e2]->attrs.end();
                    if (need) keepF.push_back(a);
                }
                Factor next = mulSumOut(*fp, *expanding[e], keepF);
                owned = std::move(next);
                fp = &owned;
            }
            std::vector<int> keep;
            for (int a : fp->attrs)
                if (std::find(up.begin(), up.end(), a) != up.end() || std::binary_search(q.begin(), q.end(), a)) keep.push_back(a);
            std::sort(keep.begin(), keep.end());
            Factor out = projectC(*fp, keep);
            if (c == r) results.push_back(std::move(out));
            else msg[static_cast<size_t>(c)] = std::move(out);
        }
    }
    // 4. Components are independent: outer product (each result sums to total).
    Factor prod{{}, {1.0}};
    for (const auto& f : results) prod = multiply(sizes, prod, f);
    std::vector<double> out = project(sizes, prod, q).values;
    const double z = std::accumulate(out.begin(), out.end(), 0.0);
    if (z > 0)
        for (double& v : out) v *= total / z;
    return out;
}

}  // namespace streamsynth::pgm
