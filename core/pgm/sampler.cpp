// Group-by-parent sampling: rows are bucketed by their values of the relevant
// already-generated columns; each bucket gets a rounded conditional slice.
#include "core/pgm/sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/pgm/factor.h"
#include "core/values/error.h"

namespace streamsynth::pgm {

std::vector<long long> roundCounts(std::span<const double> counts, long long total, privacy::Rng& rng) {
    const size_t n = counts.size();
    std::vector<long long> out(n, 0);
    if (n == 0 || total <= 0) return out;
    double sum = 0;
    for (double c : counts) sum += std::max(0.0, c);
    std::vector<double> frac(n);
    long long base = 0;
    for (size_t k = 0; k < n; ++k) {
        const double c = sum > 0 ? std::max(0.0, counts[k]) * static_cast<double>(total) / sum
                                 : static_cast<double>(total) / static_cast<double>(n);
        const double f = std::floor(c);
        out[k] = static_cast<long long>(f);
        frac[k] = c - f;
        base += out[k];
    }
    long long extra = total - base;
    // Floating-point drift: fix a surplus by removing from the largest cells.
    while (extra < 0) {
        const auto it = std::max_element(out.begin(), out.end());
        --*it;
        ++extra;
    }
    if (extra == 0) return out;
    // Systematic sampling on frac: cell k is chosen iff a point u + j falls in
    // its interval [F_{k-1}, F_k); length frac_k < 1, so P(chosen) = frac_k.
    const double fsum = std::accumulate(frac.begin(), frac.end(), 0.0);
    const double scale = fsum > 0 ? static_cast<double>(extra) / fsum : 0.0;  // corrects rounding drift
    long long given = 0;
    if (scale > 0) {
        double u = rng.uniform01();
        double cum = 0;
        for (size_t k = 0; k < n && given < extra; ++k) {
            cum += frac[k] * scale;
            if (u < cum) {
                ++out[k];
                ++given;
                u += 1.0;
            }
        }
    }
    // Residual (only through floating-point error): uniform cells.
    while (given < extra) {
        ++out[rng.uniformBelow(n)];
        ++given;
    }
    return out;
}

namespace {

// The attributes already sampled that share a clique with `a` (into rel, in
// order) and the smallest clique holding them and `a`: a's values are drawn
// from that clique's marginal conditioned on rel.
int samplingClique(const JunctionTree& tree, const std::vector<char>& used, int a, std::vector<int>& rel) {
    const int d = static_cast<int>(used.size());
    // relevant = used ∩ (∪ cliques containing a); relevant ∪ {a} lies in one clique.
    std::vector<char> near(static_cast<size_t>(d), 0);
    for (const auto& C : tree.cliques)
        if (std::binary_search(C.begin(), C.end(), a))
            for (int x : C) near[static_cast<size_t>(x)] = 1;
    rel.clear();
    for (int x = 0; x < d; ++x)
        if (used[static_cast<size_t>(x)] && near[static_cast<size_t>(x)]) rel.push_back(x);
    std::vector<int> q = rel;
    q.push_back(a);
    std::sort(q.begin(), q.end());
    int clique = -1;
    for (size_t c = 0; c < tree.cliques.size(); ++c)
        if (std::includes(tree.cliques[c].begin(), tree.cliques[c].end(), q.begin(), q.end()) &&
            (clique < 0 || tree.cells[c] < tree.cells[static_cast<size_t>(clique)]))
            clique = static_cast<int>(c);
    if (clique < 0) throw settingError("model", "sampling order is not a perfect elimination order");
    return clique;
}

}  // namespace

data::Table sampleRows(const data::Domain& domain, const JunctionTree& tree,
                       const std::vector<std::vector<double>>& mu, long long rows, privacy::Rng& rng) {
    if (rows < 0) throw settingError("rows", "the number of synthetic rows must be >= 0");
    const int d = domain.attributeCount();
    Sizes sizes;
    for (int a = 0; a < d; ++a) sizes.push_back(domain.size(a));
    const auto nrows = static_cast<size_t>(rows);
    std::vector<std::vector<data::Code>> cols(static_cast<size_t>(d), std::vector<data::Code>(nrows, 0));
    std::vector<char> used(static_cast<size_t>(d), 0);
    std::vector<int> order(tree.eliminationOrder.rbegin(), tree.eliminationOrder.rend());
    for (int a : order) {
        std::vector<int> rel;
        const int clique = samplingClique(tree, used, a, rel);
        std::vector<int> layout = rel;  // rel slowest, a fastest
        layout.push_back(a);
        const Factor m =
            project(sizes, Factor{tree.cliques[static_cast<size_t>(clique)], mu[static_cast<size_t>(clique)]},
                    layout);
        const int na = sizes[static_cast<size_t>(a)];
        const Factor ma = project(sizes, m, std::vector<int>{a});
        auto& out = cols[static_cast<size_t>(a)];
        auto fill = [&](const std::vector<size_t>& idx, std::span<const double> slice) {
            double s = 0;
            for (double v : slice) s += v;
            std::span<const double> use = s > 0 ? slice : std::span<const double>(ma.values);
            const auto cnt = roundCounts(use, static_cast<long long>(idx.size()), rng);
            std::vector<data::Code> vals;
            vals.reserve(idx.size());
            for (int v = 0; v < na; ++v)
                vals.insert(vals.end(), static_cast<size_t>(cnt[static_cast<size_t>(v)]),
                            static_cast<data::Code>(v));
            shuffle(vals, rng);
            for (size_t i = 0; i < idx.size(); ++i) out[idx[i]] = vals[i];
        };
        if (rel.empty()) {
            std::vector<size_t> all(nrows);
            std::iota(all.begin(), all.end(), size_t{0});
            fill(all, m.values);
        } else {
            // Bucket rows by their flat index over rel (row-major, rel order).
            const auto groups = static_cast<size_t>(cellCount(sizes, rel));
            std::vector<std::vector<size_t>> bucket(groups);
            for (size_t r = 0; r < nrows; ++r) {
                size_t key = 0;
                for (int x : rel)
                    key = key * static_cast<size_t>(sizes[static_cast<size_t>(x)]) +
                          cols[static_cast<size_t>(x)][r];
                bucket[key].push_back(r);
            }
            for (size_t g = 0; g < groups; ++g)
                if (!bucket[g].empty())
                    fill(bucket[g], std::span<const double>(m.values).subspan(g * static_cast<size_t>(na),
                                                                              static_cast<size_t>(na)));
        }
        used[static_cast<size_t>(a)] = 1;
    }
    // Final uniform row shuffle (decision 5).
    std::vector<size_t> perm(nrows);
    std::iota(perm.begin(), perm.end(), size_t{0});
    shuffle(perm, rng);
    // Row i of the result is row perm[i], as Table::selectRows would give,
    // but permuted one column at a time: a 10^7-row release then needs one
    // column's copy beside the table, not a second table (the export's
    // memory).
    std::vector<data::Code> moved(nrows);
    for (auto& col : cols) {
        for (size_t i = 0; i < nrows; ++i) moved[i] = col[perm[i]];
        col.swap(moved);
    }
    return data::Table(domain, std::move(cols));
}

}  // namespace streamsynth::pgm
