// Out-of-clique marginals by sum-product on the minimal subtree that covers
// the query: rooted at a clique holding the largest query attribute, with the
// root marginal and the conditionals P(C | S) = μ_C / μ_S (0/0 := 0), carrying
// the query attributes up the tree (Koller & Friedman 10.3.2).
#include "core/pgm/marginal_query.h"

#include <Eigen/Core>
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>

#include "core/pgm/factor.h"
#include "core/values/error.h"

namespace streamsynth::pgm {

namespace {
bool inside(const std::vector<int>& big, const std::vector<int>& small) {
    return std::includes(big.begin(), big.end(), small.begin(), small.end());
}
constexpr double kMaxTableCells = 2e8;  // refuse pathological queries instead of exhausting memory

// Index maps depend only on the attributes and their sizes, not on a model:
// the streamers fit a new model every round and ask it the same workloads,
// so one process-wide memo saves rebuilding the same maps for every model
// (they were 5% of an Adult run in batches of 50). Bounded like the
// per-model memo; holders keep a cleared map alive.
std::shared_ptr<const std::vector<std::int32_t>> sharedIndexMap(const Sizes& sizes,
                                                                const std::vector<int>& big,
                                                                const std::vector<int>& sub) {
    static std::mutex mutex;
    static std::map<std::vector<int>, std::shared_ptr<const std::vector<std::int32_t>>> memo;
    static double cells = 0;
    std::vector<int> key{static_cast<int>(big.size())};
    key.insert(key.end(), big.begin(), big.end());
    key.insert(key.end(), sub.begin(), sub.end());
    for (int a : big) key.push_back(sizes[static_cast<size_t>(a)]);
    std::lock_guard lock(mutex);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    auto m = std::make_shared<const std::vector<std::int32_t>>(indexMap(sizes, big, sub));
    if (cells > 3e7) {
        memo.clear();
        cells = 0;
    }
    cells += static_cast<double>(m->size());
    return memo.emplace(std::move(key), std::move(m)).first->second;
}
}  // namespace

MarginalCache::MarginalCache(const Sizes& sizes, const JunctionTree& tree,
                             const std::vector<std::vector<double>>& mu)
    : sizes_(sizes), tree_(tree), mu_(mu) {}

const Factor& MarginalCache::clique(int c) {
    auto it = cliques_.find(c);
    if (it == cliques_.end())
        it = cliques_.emplace(c, Factor{tree_.cliques[static_cast<size_t>(c)], mu_[static_cast<size_t>(c)]})
                 .first;
    return it->second;
}

std::size_t MarginalCache::MapKeyHash::hash(const std::vector<int>& big, const std::vector<int>& sub) {
    // FNV-1a over the lengths and the attributes of both lists.
    constexpr std::uint64_t kPrime = 0x100000001b3ull;
    std::uint64_t h = 0xcbf29ce484222325ull;
    auto mix = [&](std::uint64_t v) { h = (h ^ v) * kPrime; };
    mix(big.size());
    for (int a : big) mix(static_cast<std::uint32_t>(a));
    mix(sub.size());
    for (int a : sub) mix(static_cast<std::uint32_t>(a));
    return static_cast<std::size_t>(h);
}

const std::vector<std::int32_t>& MarginalCache::map(const std::vector<int>& big,
                                                    const std::vector<int>& sub) {
    auto it = maps_.find(MapRef{&big, &sub});
    if (it != maps_.end()) return *it->second;
    if (mapCells_ > 3e7) {  // bound the memo (~120 MB of maps)
        maps_.clear();
        mapCells_ = 0;
    }
    auto m = sharedIndexMap(sizes_, big, sub);
    mapCells_ += static_cast<double>(m->size());
    return *maps_.emplace(std::make_pair(big, sub), std::move(m)).first->second;
}

void MarginalCache::buildEdges() {
    const auto k = tree_.cliques.size();
    neighbours_.assign(k, {});
    childSeparator_.assign(k, {});
    for (size_t c = 1; c < k; ++c) {
        const int p = tree_.parent[c];
        neighbours_[c].push_back(p);
        neighbours_[static_cast<size_t>(p)].push_back(static_cast<int>(c));
        const auto& C = tree_.cliques[c];
        const auto& P = tree_.cliques[static_cast<size_t>(p)];
        std::set_intersection(C.begin(), C.end(), P.begin(), P.end(), std::back_inserter(childSeparator_[c]));
    }
    edgesBuilt_ = true;
}

const std::vector<std::vector<int>>& MarginalCache::neighbours() {
    if (!edgesBuilt_) buildEdges();
    return neighbours_;
}

const std::vector<int>& MarginalCache::separator(int a, int b) {
    if (!edgesBuilt_) buildEdges();
    // The edge is stored at its child: the clique whose parent is the other.
    const bool aIsChild = a >= 1 && tree_.parent[static_cast<size_t>(a)] == b;
    return childSeparator_[static_cast<size_t>(aIsChild ? a : b)];
}

bool MarginalCache::onSide(int c, int p, int a) {
    if (below_.empty()) {
        // Cliques are in DFS preorder: c's subtree is the run [c, end[c]).
        const auto k = tree_.cliques.size();
        std::vector<size_t> end(k);
        for (size_t c2 = 0; c2 < k; ++c2) end[c2] = c2 + 1;
        for (size_t c2 = k; c2-- > 1;) {
            const auto par = static_cast<size_t>(tree_.parent[c2]);
            end[par] = std::max(end[par], end[c2]);
        }
        below_.assign(k, std::vector<char>(sizes_.size(), 0));
        above_.assign(k, std::vector<char>(sizes_.size(), 0));
        for (size_t c2 = 0; c2 < k; ++c2)
            for (size_t x = 0; x < k; ++x)
                for (int attr : tree_.cliques[x])
                    ((x >= c2 && x < end[c2]) ? below_ : above_)[c2][static_cast<size_t>(attr)] = 1;
    }
    // The edge's child is the clique whose parent is the other one.
    const bool cIsChild = c >= 1 && tree_.parent[static_cast<size_t>(c)] == p;
    const auto& side = cIsChild ? below_[static_cast<size_t>(c)] : above_[static_cast<size_t>(p)];
    return side[static_cast<size_t>(a)] != 0;
}

std::uint64_t MarginalCache::messageKey(int c, int p, std::span<const int> query) {
    constexpr int kField = 0xffff;  // 16 bits per packed index (+1, so that 0 means none)
    if (c >= kField - 1 || p >= kField - 1) return 0;
    std::uint64_t key = static_cast<std::uint64_t>(c + 1) | static_cast<std::uint64_t>(p + 1) << 16;
    int shift = 32;
    for (int a : query) {
        if (!onSide(c, p, a)) continue;
        if (shift > 48 || a >= kField - 1) return 0;
        key |= static_cast<std::uint64_t>(a + 1) << shift;
        shift += 16;
    }
    return key;
}

std::shared_ptr<const Factor> MarginalCache::message(std::uint64_t key) {
    auto it = messages_.find(key);
    if (it == messages_.end()) return nullptr;
    ++messageHits_;
    return it->second;
}

std::shared_ptr<const Factor> MarginalCache::keepMessage(std::uint64_t key, Factor m) {
    // A message of more than 2^20 cells (8 MB) is not kept: it would outlive
    // its query for little gain. Each kept one counts 16 cells more for its
    // node and allocation, so the bound (4·10^6 cells, ~32 MB a model) holds
    // for many small messages too.
    constexpr double kMemoCells = 4e6, kEntryCells = 16;
    constexpr size_t kLargestKept = size_t{1} << 20;
    auto f = std::make_shared<const Factor>(std::move(m));
    if (key == 0 || f->values.size() > kLargestKept) return f;
    const double cells = static_cast<double>(f->values.size()) + kEntryCells;
    if (messageCells_ + cells > kMemoCells) {  // holders keep theirs alive
        messages_.clear();
        messageCells_ = 0;
    }
    messageCells_ += cells;
    messages_.emplace(key, f);
    return f;
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

namespace {

// One out-of-clique query (steps 1-4 below), as small phases sharing the tree.
class MarginalQuery {
public:
    MarginalQuery(const Sizes& sizes, const JunctionTree& tree, MarginalCache& cache,
                  std::span<const int> attrs)
        : sizes_(sizes),
          tree_(tree),
          cache_(cache),
          k_(static_cast<int>(tree.cliques.size())),
          q_(attrs.begin(), attrs.end()),
          nb_(cache.neighbours()) {}

    RawMarginal run();

private:
    // Projection through a cached map; the result is laid out in `to` order.
    Factor projectC(const Factor& f, const std::vector<int>& to) {
        // Onto its own layout: a copy (the sums 0 + v would give v; the
        // values are never −0).
        if (f.attrs == to) return f;
        const auto& mp = cache_.map(f.attrs, to);
        Factor out{to, std::vector<double>(static_cast<size_t>(cellCount(sizes_, to)), 0.0)};
        for (size_t i = 0; i < mp.size(); ++i) out.values[static_cast<size_t>(mp[i])] += f.values[i];
        return out;
    }
    const std::vector<int>& sepWith(int a, int b) const { return cache_.separator(a, b); }
    bool isQueryAttr(int a) const { return std::binary_search(q_.begin(), q_.end(), a); }
    int smallestContaining() const;
    void pruneToSubtree();
    bool prunable(int c) const;
    Factor mulSumOut(const Factor& f, const Factor& m, const std::vector<int>& keepF);
    std::vector<int> rootsByLargestAttr() const;
    std::vector<int> componentOrder(int root, std::vector<char>& done);
    Factor absorbChildren(int c, int root, std::size_t idx, const std::vector<int>& order);
    std::vector<double> outerProduct(const std::vector<Factor>& results) const;

    const Sizes& sizes_;
    const JunctionTree& tree_;
    MarginalCache& cache_;
    const int k_;
    std::vector<int> q_;
    const std::vector<std::vector<int>>& nb_;
    std::vector<char> alive_;
    std::vector<int> par_;
    std::vector<std::shared_ptr<const Factor>> msg_;  // per clique: its message to par_
    std::vector<char> covered_;                       // per clique: inside the subtree of a memoised message
    void takeMemoised(const std::vector<int>& order, int root);
};

// 1. Inside one clique: the smallest containing one (-1: none).
int MarginalQuery::smallestContaining() const {
    int best = -1;
    for (int c = 0; c < k_; ++c)
        if (inside(tree_.cliques[static_cast<size_t>(c)], q_) &&
            (best < 0 || tree_.cells[static_cast<size_t>(c)] < tree_.cells[static_cast<size_t>(best)]))
            best = c;
    return best;
}

// A leaf whose query attributes are all in its separator, or a component
// with no query attribute, adds nothing.
bool MarginalQuery::prunable(int c) const {
    int deg = 0, other = -1;
    for (int n : nb_[static_cast<size_t>(c)])
        if (alive_[static_cast<size_t>(n)]) {
            ++deg;
            other = n;
        }
    if (deg > 1) return false;
    // Prunable when every query attribute of C is in the separator (alone:
    // when C has none).
    const std::vector<int>* s = deg == 1 ? &sepWith(c, other) : nullptr;
    for (int a : tree_.cliques[static_cast<size_t>(c)])
        if (isQueryAttr(a) && (!s || !std::binary_search(s->begin(), s->end(), a))) return false;
    return true;
}

// 2. Minimal subtree: prune such leaves until none is left.
void MarginalQuery::pruneToSubtree() {
    alive_.assign(static_cast<size_t>(k_), 1);
    for (bool changed = true; changed;) {
        changed = false;
        for (int c = 0; c < k_; ++c) {
            if (!alive_[static_cast<size_t>(c)] || !prunable(c)) continue;
            alive_[static_cast<size_t>(c)] = 0;
            changed = true;
        }
    }
}

// f · m summed down to keepF ∪ (m's attrs outside f), without materialising
// the product: |f| × (cells of the new attrs) multiply-adds.
Factor MarginalQuery::mulSumOut(const Factor& f, const Factor& m, const std::vector<int>& keepF) {
    std::vector<int> shared, fresh;
    for (int a : m.attrs)
        (std::find(f.attrs.begin(), f.attrs.end(), a) != f.attrs.end() ? shared : fresh).push_back(a);
    std::vector<int> mt = shared;
    mt.insert(mt.end(), fresh.begin(), fresh.end());
    const bool inOrder = m.attrs == mt;
    Factor laidOut;  // m in (shared, fresh) order, when it is not already
    if (!inOrder) laidOut = projectC(m, mt);
    const Factor& mm = inOrder ? m : laidOut;
    const auto bq = static_cast<size_t>(cellCount(sizes_, fresh));
    if (cellCount(sizes_, keepF) * static_cast<double>(bq) > kMaxTableCells)
        throw settingError("marginal", "the requested marginal needs a table too large to compute");
    const auto& mapM = cache_.map(f.attrs, shared);
    const auto& mapO = cache_.map(f.attrs, keepF);
    Factor out{keepF, std::vector<double>(static_cast<size_t>(cellCount(sizes_, keepF)) * bq, 0.0)};
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
}

// Root each component at a clique holding the query attribute with the most
// codes, so that the attributes carried up the tree are small (then every
// other alive clique, for components without that attribute).
std::vector<int> MarginalQuery::rootsByLargestAttr() const {
    int bigAttr = q_.front();
    for (int a : q_)
        if (sizes_[static_cast<size_t>(a)] > sizes_[static_cast<size_t>(bigAttr)]) bigAttr = a;
    std::vector<int> roots;
    for (int c = 0; c < k_; ++c) {
        const auto& C = tree_.cliques[static_cast<size_t>(c)];
        if (alive_[static_cast<size_t>(c)] && std::binary_search(C.begin(), C.end(), bigAttr))
            roots.push_back(c);
    }
    for (int c = 0; c < k_; ++c)
        if (alive_[static_cast<size_t>(c)]) roots.push_back(c);
    return roots;
}

// Depth-first order of root's component (parents before children).
std::vector<int> MarginalQuery::componentOrder(int root, std::vector<char>& done) {
    std::vector<int> order, stack{root};
    done[static_cast<size_t>(root)] = 1;
    while (!stack.empty()) {
        const int p = stack.back();
        stack.pop_back();
        order.push_back(p);
        for (int c : nb_[static_cast<size_t>(p)])
            if (alive_[static_cast<size_t>(c)] && !done[static_cast<size_t>(c)]) {
                done[static_cast<size_t>(c)] = 1;
                par_[static_cast<size_t>(c)] = p;
                stack.push_back(c);
            }
    }
    return order;
}

// Clique c's factor (μ at the root, μ_C/μ_S elsewhere) times its children's
// messages, projected onto (separator ∪ query attrs present).
Factor MarginalQuery::absorbChildren(int c, int root, std::size_t idx, const std::vector<int>& order) {
    static const std::vector<int> kNone;  // the root has no parent
    const std::vector<int>& up =
        c != root ? sepWith(c, par_[static_cast<size_t>(c)]) : kNone;  // separator with the parent
    const Factor& base = c != root ? cache_.conditional(c, par_[static_cast<size_t>(c)]) : cache_.clique(c);
    Factor owned;
    const Factor* fp = &base;
    std::vector<const Factor*> expanding;
    for (size_t j = idx + 1; j < order.size(); ++j) {
        const int ch = order[j];
        if (par_[static_cast<size_t>(ch)] != c) continue;
        const Factor& m = *msg_[static_cast<size_t>(ch)];
        if (!isSubset(m.attrs, fp->attrs)) {
            expanding.push_back(&m);
            continue;
        }
        const auto& map = cache_.map(fp->attrs, m.attrs);
        if (fp == &base) {  // the first product written straight from base (no copy of it)
            owned.attrs = base.attrs;
            owned.values.reserve(map.size());
            for (size_t i = 0; i < map.size(); ++i)
                owned.values.push_back(base.values[i] * m.values[static_cast<size_t>(map[i])]);
            fp = &owned;
            continue;
        }
        for (size_t i = 0; i < map.size(); ++i) owned.values[i] *= m.values[static_cast<size_t>(map[i])];
    }
    for (size_t e = 0; e < expanding.size(); ++e) {
        std::vector<int> keepF;
        for (int a : fp->attrs) {
            bool need = std::find(up.begin(), up.end(), a) != up.end() || isQueryAttr(a);
            for (size_t e2 = e + 1; e2 < expanding.size() && !need; ++e2)
                need = std::find(expanding[e2]->attrs.begin(), expanding[e2]->attrs.end(), a) !=
                       expanding[e2]->attrs.end();
            if (need) keepF.push_back(a);
        }
        Factor next = mulSumOut(*fp, *expanding[e], keepF);
        owned = std::move(next);
        fp = &owned;
    }
    std::vector<int> keep;
    for (int a : fp->attrs)
        if (std::find(up.begin(), up.end(), a) != up.end() || isQueryAttr(a)) keep.push_back(a);
    std::sort(keep.begin(), keep.end());
    if (fp == &owned && owned.attrs == keep) return owned;  // (projectC would copy it)
    return projectC(*fp, keep);
}

// The product of the components' results laid out over the query (row-major
// over q_), straight from the results: each cell is 1·f1·f2·… in result
// order, the same products the pairwise multiply-then-transpose formed, so
// the same bits, without its index maps and intermediate factors.
std::vector<double> MarginalQuery::outerProduct(const std::vector<Factor>& results) const {
    std::vector<int> covered;
    for (const auto& f : results) covered.insert(covered.end(), f.attrs.begin(), f.attrs.end());
    std::sort(covered.begin(), covered.end());
    if (q_.empty() || covered != q_) {  // not a partition of the query: the general route
        Factor prod{{}, {1.0}};
        for (const auto& f : results) prod = multiply(sizes_, prod, f);
        return project(sizes_, prod, q_).values;
    }
    const size_t k = q_.size(), r = results.size();
    std::vector<size_t> stride(r * k, 0);  // stride[j·k + axis]: result j's step along query axis
    for (size_t j = 0; j < r; ++j) {
        size_t s = 1;
        for (size_t a = results[j].attrs.size(); a-- > 0;) {
            const int attr = results[j].attrs[a];
            const auto axis = static_cast<size_t>(std::lower_bound(q_.begin(), q_.end(), attr) - q_.begin());
            stride[j * k + axis] = s;
            s *= static_cast<size_t>(sizes_[static_cast<size_t>(attr)]);
        }
    }
    // Rows along the last query axis, an odometer over the others. A
    // result runs along the row contiguously (stride 1), stays constant on
    // it (stride 0, not in the last axis) or strides: the first two as
    // whole-row array operations, the same product per cell either way.
    // Each row is appended with the first result's values (1·f1), so the
    // table is never cleared first.
    const auto cells = static_cast<size_t>(cellCount(sizes_, q_));
    std::vector<double> out;
    out.reserve(cells);
    const auto row = static_cast<size_t>(sizes_[static_cast<size_t>(q_[k - 1])]);
    std::vector<int> digit(k, 0);
    std::vector<size_t> at(r, 0);
    for (size_t i = 0; i < cells; i += row) {
        const double* f0 = results[0].values.data() + at[0];
        const size_t st0 = stride[k - 1];
        if (st0 == 0) {
            out.insert(out.end(), row, 1.0 * f0[0]);
        } else if (st0 == 1) {
            out.insert(out.end(), f0, f0 + row);  // 1·v is v
        } else {
            for (size_t x = 0; x < row; ++x) out.push_back(1.0 * f0[x * st0]);
        }
        double* o = out.data() + i;
        Eigen::Map<Eigen::ArrayXd> orow(o, static_cast<Eigen::Index>(row));
        for (size_t j = 1; j < r; ++j) {
            const double* f = results[j].values.data() + at[j];
            const size_t st = stride[j * k + k - 1];
            if (st == 0) {
                orow *= f[0];
            } else if (st == 1) {
                orow *= Eigen::Map<const Eigen::ArrayXd>(f, static_cast<Eigen::Index>(row));
            } else {
                for (size_t x = 0; x < row; ++x) o[x] *= f[x * st];
            }
        }
        for (size_t axis = k - 1; axis-- > 0;) {
            const auto n = static_cast<size_t>(sizes_[static_cast<size_t>(q_[axis])]);
            for (size_t j = 0; j < r; ++j) at[j] += stride[j * k + axis];
            if (static_cast<size_t>(++digit[axis]) < n) break;
            for (size_t j = 0; j < r; ++j) at[j] -= stride[j * k + axis] * n;
            digit[axis] = 0;
        }
    }
    return out;
}

// Parents first: a message an earlier query of this model computed stands
// for its clique's whole subtree, which then needs no work.
void MarginalQuery::takeMemoised(const std::vector<int>& order, int root) {
    for (int c : order) {
        if (c == root) continue;
        const auto p = static_cast<size_t>(par_[static_cast<size_t>(c)]);
        if (covered_[p] || msg_[p]) {
            covered_[static_cast<size_t>(c)] = 1;
            continue;
        }
        msg_[static_cast<size_t>(c)] = cache_.message(cache_.messageKey(c, par_[static_cast<size_t>(c)], q_));
    }
}

RawMarginal MarginalQuery::run() {
    const int best = smallestContaining();
    if (best >= 0) return {projectC(cache_.clique(best), q_).values, false};
    pruneToSubtree();
    // 3. Sum-product over each alive component, leaves to root, carrying the
    // query attributes. Cost per clique ≈ |C| × cells of the carried query attrs.
    std::vector<Factor> results;
    std::vector<char> done(static_cast<size_t>(k_), 0);
    par_.assign(static_cast<size_t>(k_), -1);
    msg_.assign(static_cast<size_t>(k_), nullptr);
    covered_.assign(static_cast<size_t>(k_), 0);
    for (int r : rootsByLargestAttr()) {
        if (done[static_cast<size_t>(r)]) continue;
        const std::vector<int> order = componentOrder(r, done);
        takeMemoised(order, r);
        for (size_t idx = order.size(); idx-- > 0;) {
            const int c = order[idx];
            if (covered_[static_cast<size_t>(c)] || msg_[static_cast<size_t>(c)]) continue;
            Factor out = absorbChildren(c, r, idx, order);
            if (c == r)
                results.push_back(std::move(out));
            else
                msg_[static_cast<size_t>(c)] = cache_.keepMessage(
                    cache_.messageKey(c, par_[static_cast<size_t>(c)], q_), std::move(out));
        }
    }
    // 4. Components are independent: outer product (each result sums to total).
    // One component laid out as the query is its own product (1·v is v).
    // (Scaled to the total by scaleToTotal, so that several answers' sums
    // can run side by side.)
    return {
        results.size() == 1 && results[0].attrs == q_ ? std::move(results[0].values) : outerProduct(results),
        true};
}

// The sums of n ≤ 4 answers' cells, side by side: each is std::accumulate's
// chain (cell 0 first, one addition at a time, so the same bits), and a
// chain waits on its last addition, so four independent ones take about the
// time of one (the sum was half of the queries' own time on Adult bs-50).
void sumsSideBySide(RawMarginal* const* a, std::size_t n, double* z) {
    if (n == 1) {  // one answer (queryMarginal): its own chain, not four copies of it
        z[0] = std::accumulate(a[0]->values.begin(), a[0]->values.end(), 0.0);
        return;
    }
    const double* p[4];
    std::size_t common = a[0]->values.size();
    for (std::size_t j = 0; j < 4; ++j) {
        p[j] = a[std::min(j, n - 1)]->values.data();
        common = std::min(common, a[std::min(j, n - 1)]->values.size());
    }
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    for (std::size_t i = 0; i < common; ++i) {
        s0 += p[0][i];
        s1 += p[1][i];
        s2 += p[2][i];
        s3 += p[3][i];
    }
    const double s[4] = {s0, s1, s2, s3};
    for (std::size_t j = 0; j < n; ++j) {
        double t = s[j];
        const auto& v = a[j]->values;
        for (std::size_t i = common; i < v.size(); ++i) t += v[i];
        z[j] = t;
    }
}
}  // namespace

void scaleToTotal(std::span<RawMarginal> answers, double total) {
    std::vector<RawMarginal*> due;
    for (auto& a : answers)
        if (a.scale && !a.values.empty()) due.push_back(&a);
    // Answers of like length side by side: the common part is the fast one.
    std::stable_sort(due.begin(), due.end(), [](const RawMarginal* x, const RawMarginal* y) {
        return x->values.size() > y->values.size();
    });
    for (std::size_t g = 0; g < due.size(); g += 4) {
        const std::size_t n = std::min<std::size_t>(4, due.size() - g);
        double z[4];
        sumsSideBySide(due.data() + g, n, z);
        for (std::size_t j = 0; j < n; ++j) {
            auto& v = due[g + j]->values;
            if (z[j] > 0)
                Eigen::Map<Eigen::ArrayXd>(v.data(), static_cast<Eigen::Index>(v.size())) *= total / z[j];
        }
    }
    for (auto& a : answers) a.scale = false;
}

RawMarginal queryMarginalRaw(const Sizes& sizes, const JunctionTree& tree,
                             const std::vector<std::vector<double>>& mu, std::span<const int> attrs,
                             MarginalCache* externalCache) {
    std::optional<MarginalCache> ownCache;
    if (!externalCache) ownCache.emplace(sizes, tree, mu);
    MarginalCache& cache = externalCache ? *externalCache : *ownCache;
    return MarginalQuery(sizes, tree, cache, attrs).run();
}

std::vector<double> queryMarginal(const Sizes& sizes, const JunctionTree& tree,
                                  const std::vector<std::vector<double>>& mu, std::span<const int> attrs,
                                  double total, MarginalCache* externalCache) {
    RawMarginal r = queryMarginalRaw(sizes, tree, mu, attrs, externalCache);
    scaleToTotal({&r, 1}, total);
    return std::move(r.values);
}

}  // namespace streamsynth::pgm
