// Out-of-clique marginals by variable elimination on the minimal subtree that
// covers the query: root it, take μ_root and the conditionals P(C | S) =
// μ_C / μ_S (0/0 := 0), and sum out the non-query attributes greedily.
#include "core/pgm/marginal_query.h"

#include <algorithm>
#include <numeric>

#include "core/common/error.h"
#include "core/pgm/factor.h"

namespace streamsynth::pgm {

namespace {
bool inside(const std::vector<int>& big, std::span<const int> small) {
    return std::includes(big.begin(), big.end(), small.begin(), small.end());
}
constexpr double kMaxTableCells = 2e8;  // refuse pathological queries instead of exhausting memory
}  // namespace

std::vector<double> queryMarginal(const Sizes& sizes, const JunctionTree& tree,
                                  const std::vector<std::vector<double>>& mu, std::span<const int> attrs,
                                  double total) {
    const int k = static_cast<int>(tree.cliques.size());
    std::vector<int> q(attrs.begin(), attrs.end());
    // 1. Inside one clique: project the smallest containing one.
    int best = -1;
    for (int c = 0; c < k; ++c)
        if (inside(tree.cliques[static_cast<size_t>(c)], attrs) &&
            (best < 0 || tree.cells[static_cast<size_t>(c)] < tree.cells[static_cast<size_t>(best)]))
            best = c;
    if (best >= 0) {
        Factor f{tree.cliques[static_cast<size_t>(best)], mu[static_cast<size_t>(best)]};
        return project(sizes, f, q).values;
    }
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
    // 3. Factors: each alive component rooted at its first alive node.
    std::vector<Factor> factors;
    std::vector<char> done(static_cast<size_t>(k), 0);
    for (int r = 0; r < k; ++r) {
        if (!alive[static_cast<size_t>(r)] || done[static_cast<size_t>(r)]) continue;
        std::vector<int> stack{r};
        done[static_cast<size_t>(r)] = 1;
        factors.push_back(Factor{tree.cliques[static_cast<size_t>(r)], mu[static_cast<size_t>(r)]});
        while (!stack.empty()) {
            const int p = stack.back();
            stack.pop_back();
            for (int c : nb[static_cast<size_t>(p)]) {
                if (!alive[static_cast<size_t>(c)] || done[static_cast<size_t>(c)]) continue;
                done[static_cast<size_t>(c)] = 1;
                stack.push_back(c);
                const auto s = sepWith(c, p);
                Factor fc{tree.cliques[static_cast<size_t>(c)], mu[static_cast<size_t>(c)]};
                const Factor fs = project(sizes, fc, s);
                const auto map = indexMap(sizes, fc.attrs, s);
                for (size_t i = 0; i < map.size(); ++i) {
                    const double den = fs.values[static_cast<size_t>(map[i])];
                    fc.values[i] = den > 0 ? fc.values[i] / den : 0.0;
                }
                factors.push_back(std::move(fc));
            }
        }
    }
    // The product of components' tables scales by total^(components-1); fixed by normalising.
    // 4. Greedy elimination of the non-query attributes.
    std::vector<int> elim;
    for (const auto& f : factors)
        for (int a : f.attrs)
            if (!std::binary_search(q.begin(), q.end(), a) && std::find(elim.begin(), elim.end(), a) == elim.end())
                elim.push_back(a);
    auto sortedUnion = [](const std::vector<int>& a, const std::vector<int>& b) {
        std::vector<int> u;
        std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(u));
        return u;
    };
    while (!elim.empty()) {
        size_t bestPos = 0;
        double bestCost = 0;
        for (size_t e = 0; e < elim.size(); ++e) {
            std::vector<int> u;
            for (const auto& f : factors)
                if (std::find(f.attrs.begin(), f.attrs.end(), elim[e]) != f.attrs.end()) u = sortedUnion(u, f.attrs);
            const double cost = cellCount(sizes, u);
            if (e == 0 || cost < bestCost) { bestCost = cost; bestPos = e; }
        }
        if (bestCost > kMaxTableCells) throw settingError("marginal", "the requested marginal needs a table too large to compute");
        const int z = elim[bestPos];
        elim.erase(elim.begin() + static_cast<long>(bestPos));
        std::vector<Factor> rest;
        Factor prod{{}, {1.0}};
        for (auto& f : factors) {
            if (std::find(f.attrs.begin(), f.attrs.end(), z) != f.attrs.end()) prod = multiply(sizes, prod, f);
            else rest.push_back(std::move(f));
        }
        std::vector<int> keep;
        for (int a : prod.attrs)
            if (a != z) keep.push_back(a);
        std::sort(keep.begin(), keep.end());
        rest.push_back(project(sizes, prod, keep));
        factors = std::move(rest);
    }
    Factor prod{{}, {1.0}};
    for (const auto& f : factors) prod = multiply(sizes, prod, f);  // all on subsets of q: at most |q| cells
    std::vector<double> out = project(sizes, prod, q).values;
    const double z = std::accumulate(out.begin(), out.end(), 0.0);
    if (z > 0)
        for (double& v : out) v *= total / z;
    return out;
}

}  // namespace streamsynth::pgm
