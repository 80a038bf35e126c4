// Belief propagation as one pass per clique and direction. A split
// schedule would walk a large clique once per kernel: the potential copy,
// one product per child message, the collect sum, the distribute product
// and one sum per child. Here each clique is walked in tiles of a few
// thousand cells that stay in L1 while every kernel of the pass runs on
// them, so the memory traffic is small.
//
// Threads: a walk over a large clique is cut into segments
// (passSegments(), parallel_kernels.h) that the pool runs side by side.
// Every cell gets its products in a fixed order; every separator or
// measurement cell sums its segment's cells in block order, and the
// segments' sums are added in segment order (a destination whose cells
// each get sums from one segment only is summed in place by that segment:
// SinkSplit, parallel_kernels.h; 0 + p = p, the same bits). The segments depend on the
// clique and its maps only, so the beliefs are bitwise the same for any
// thread count.
//
// Work of the caller rides on the walks (CliqueWork, propagateWith): a
// trial potential's products (mirror descent, McKenna et al. 2019) are taken
// in the clique's first walk and stored there, and the measurements'
// projections are taken from the calibrated beliefs tile by tile in the
// distribute walk, which then need not write the beliefs out at all.
// Several message products on one tile run as one sweep (gatherMulMany),
// and children with the same separator share one distribute sum.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/common/task_pool.h"
#include "core/pgm/belief_propagation.h"

namespace streamsynth::pgm {

namespace {
constexpr std::size_t kTileCells = 2048;  // about 16 KB, kept in L1 across a walk's kernels
}  // namespace

std::size_t BeliefPropagation::walkUnit(int c, const CliqueWork* work) const {
    if (work && work->unit) return work->unit;
    std::size_t unit = unit_[static_cast<size_t>(c)];
    if (work) {
        for (const auto& p : work->products)
            if (p.map) unit = std::lcm(unit, p.map->block);
        for (const auto& p : work->projections)
            if (p.map) unit = std::lcm(unit, p.map->block);
        work->unit = unit;
    }
    return unit;
}

// ops[0..n) from cur into dst over cells [lo, hi) (a tile): runs of two
// to four gathers whose blocks are long enough go through one sweep of
// gatherMulMany (the same products in the same order, one store per cell).
void BeliefPropagation::gatherAll(const GatherOp* ops, std::size_t n, const double* cur, double* dst,
                                  std::size_t lo, std::size_t hi) {
    constexpr std::size_t kMinRun = 8;  // shorter runs: the per-run bookkeeping costs more than a store
    for (std::size_t i = 0; i < n;) {
        std::size_t k = 0;
        while (k < 4 && i + k < n && ops[i + k].map->block >= kMinRun) ++k;
        if (k >= 2) {
            blockKernels().gatherMulMany(ops + i, k, cur, dst, lo, hi);
        } else {
            k = 1;
            const std::size_t b = ops[i].map->block;
            gatherMulIntoTile(*ops[i].map, cur, dst, ops[i].msg, lo / b, hi / b);
        }
        cur = dst;
        i += k;
    }
}

// One segment of a walk: cells [lo, hi) in tiles of t, the sums of segment
// 0 going into the sinks themselves and those of a later segment into its
// own partial buffers (part, laid out as sinkOff_), added afterwards.
void BeliefPropagation::walkSegment(const Walk& w, std::size_t lo, std::size_t hi, std::size_t t,
                                    double* tile, double* part) const {
    const bool products = w.products && w.work && !w.work->products.empty();
    const bool ones = w.ones && !products;
    const bool mappedProducts = products && std::all_of(w.work->products.begin(), w.work->products.end(),
                                                        [](const GatherOp& p) { return p.map != nullptr; });
    auto sink = [&](std::size_t k) { return part && !sinkFrom_[k] ? part + sinkOff_[k] : sinkDst_[k]; };
    for (; lo < hi; lo += t) {
        const std::size_t end = std::min(hi, lo + t);
        const auto len = static_cast<Eigen::Index>(end - lo);
        const double* cur = ones ? onesTile_.data() : w.base + lo;
        if (products) {
            double* dst = w.work->product + lo;
            if (mappedProducts) {
                gatherAll(w.work->products.data(), w.work->products.size(), cur, dst, lo, end);
            } else {
                for (const auto& p : w.work->products) {
                    if (p.map) {
                        gatherMulIntoTile(*p.map, cur, dst, p.msg, lo / p.map->block, end / p.map->block);
                    } else {
                        Eigen::Map<Eigen::ArrayXd>(dst, len) =
                            Eigen::Map<const Eigen::ArrayXd>(cur, len) *
                            Eigen::Map<const Eigen::ArrayXd>(p.msg + lo, len);
                    }
                    cur = dst;
                }
            }
            cur = dst;
        }
        if (!gathers_.empty()) {
            double* dst = w.out ? w.out + lo : tile;
            gatherAll(gathers_.data(), gathers_.size(), cur, dst, lo, end);
            cur = dst;
        }
        std::size_t k = 0;
        for (const auto& s : scatters_)
            scatterAddTile(*s.map, cur, sink(k++), lo / s.map->block, end / s.map->block);
        if (w.project && w.work)
            for (const auto& p : w.work->projections) {
                if (p.map) {
                    scatterAddTile(*p.map, cur, sink(k++), lo / p.map->block, end / p.map->block);
                } else {
                    std::copy(cur, cur + len, p.dst + lo);
                }
            }
        if (w.total) *sink(k) += Eigen::Map<const Eigen::ArrayXd>(cur, len).sum();
    }
}

// A walk over clique c, split into passSegments() segments whose sums are
// added in segment order: the segments depend on the clique and its maps
// only, so the sums (and every result) are the same for any thread count;
// the pool runs the segments side by side.
void BeliefPropagation::fusedPass(int c, const Walk& w) {
    const std::size_t n = cells_[static_cast<size_t>(c)];
    const std::size_t unit = walkUnit(c, w.work);
    const std::size_t t = std::min(n, (kTileCells + unit - 1) / unit * unit);
    sinkDst_.clear();
    sinkLen_.clear();
    sinkMap_.clear();
    auto addSink = [&](double* dst, std::size_t cells, const BlockMap* map) {
        sinkDst_.push_back(dst);
        sinkLen_.push_back(cells);
        sinkMap_.push_back(map);
    };
    for (const auto& s : scatters_) addSink(s.dst, s.cells, s.map);
    if (w.project && w.work)
        for (const auto& p : w.work->projections)
            if (p.map) addSink(p.dst, p.cells, p.map);
    if (w.total) addSink(w.total, 1, nullptr);
    const std::size_t combine = std::accumulate(sinkLen_.begin(), sinkLen_.end(), std::size_t{0});
    const std::size_t segs = passSegments(n, unit, combine);
    const std::size_t partCells = segs > 1 ? planSinks(segs, unit) : 0;  // one segment: no partial sums
    if (!w.out && tileBuf_.size() < segs * t) tileBuf_.resize(segs * t);
    if (w.ones && onesTile_.size() < t) onesTile_.assign(t, 1.0);
    if (partials_.size() < (segs - 1) * partCells) partials_.resize((segs - 1) * partCells);
    const std::size_t units = n / unit;
    auto segment = [&](int s) {
        const auto i = static_cast<std::size_t>(s);
        double* part = i == 0 ? nullptr : partials_.data() + (i - 1) * partCells;
        // Each segment clears what it sums into: segment 0 the shared sinks,
        // a later one its partial sums, each its own range of a direct sink.
        if (part) std::fill(part, part + partCells, 0.0);
        for (std::size_t k = 0; k < sinkDst_.size(); ++k) {
            if (const std::size_t* from = segs > 1 ? sinkFrom_[k] : nullptr) {
                std::fill(sinkDst_[k] + from[i], sinkDst_[k] + from[i + 1], 0.0);
            } else if (!part) {
                std::fill(sinkDst_[k], sinkDst_[k] + sinkLen_[k], 0.0);
            }
        }
        walkSegment(w, splitPoint(units, segs, i) * unit, splitPoint(units, segs, i + 1) * unit, t,
                    tileBuf_.data() + i * t, part);
    };
    if (segs > 1 && pool_ && pool_->threads() > 1) {
        pool_->runPinned(static_cast<int>(segs), segment);  // a segment stays in its thread's cache
    } else {
        for (std::size_t s = 0; s < segs; ++s) segment(static_cast<int>(s));
    }
    for (std::size_t s = 1; s < segs; ++s) {
        const double* part = partials_.data() + (s - 1) * partCells;
        for (std::size_t k = 0; k < sinkDst_.size(); ++k) {
            if (sinkFrom_[k]) continue;
            const auto cells = static_cast<Eigen::Index>(sinkLen_[k]);
            Eigen::Map<Eigen::ArrayXd>(sinkDst_[k], cells) +=
                Eigen::Map<const Eigen::ArrayXd>(part + sinkOff_[k], cells);
        }
    }
}

// Which sinks of a walk in `segs` segments each segment sums into directly
// (sinkSplit(), memoised per map: the maps of a BP's walks live as long as
// it does) and where the others' partial sums sit in a segment's buffer;
// returns that buffer's cells.
std::size_t BeliefPropagation::planSinks(std::size_t segs, std::size_t unit) {
    sinkFrom_.assign(sinkDst_.size(), nullptr);
    sinkOff_.assign(sinkDst_.size(), 0);
    std::size_t partCells = 0;
    for (std::size_t k = 0; k < sinkDst_.size(); ++k) {
        if (segs > 1 && sinkMap_[k]) {
            const auto key = std::make_tuple(sinkMap_[k], unit, segs);
            auto it = splits_.find(key);
            if (it == splits_.end())
                it = splits_.emplace(key, sinkSplit(*sinkMap_[k], sinkLen_[k], unit, segs)).first;
            if (it->second.direct && it->second.from.back() == sinkLen_[k]) {
                sinkFrom_[k] = it->second.from.data();
                continue;
            }
        }
        sinkOff_[k] = partCells;
        partCells += sinkLen_[k];
    }
    return partCells;
}

// The collect messages into c, in the order the split schedule multiplies
// them in (children by decreasing index).
void BeliefPropagation::collectGathers(int c) {
    const auto& kids = kids_[static_cast<size_t>(c)];
    for (auto it = kids.rbegin(); it != kids.rend(); ++it)
        gathers_.push_back({&parentBlocks_[static_cast<size_t>(*it)], up_[static_cast<size_t>(*it)].data()});
}

bool BeliefPropagation::propagateWith(const std::vector<const double*>& pot,
                                      const std::vector<CliqueWork>& work,
                                      std::vector<std::vector<double>>& beliefs, bool keep, double total,
                                      std::vector<double>& scale) {
    const int k = cliqueCount();
    auto* mu = &beliefs;
    prepare(pot, mu);
    auto workOf = [&](int c) { return work.empty() ? nullptr : &work[static_cast<size_t>(c)]; };
    // The potential in use: the product once the clique's first walk stored it.
    cur_.assign(pot.begin(), pot.end());
    auto firstWalk = [&](int c) -> Walk {
        const CliqueWork* w = workOf(c);
        if (w && !w->products.empty()) cur_[static_cast<size_t>(c)] = w->product;
        return {pot[static_cast<size_t>(c)], w, true, false, nullptr, w && w->onesPotential};
    };
    // Collect: a clique is walked once all its children have sent (they have
    // larger preorder indices): their messages multiplied in (the result
    // kept in its belief buffer for the distribute walk), its own summed out.
    for (int c = k - 1; c >= 1; --c) {
        if (sep_[static_cast<size_t>(c)].empty()) continue;
        gathers_.clear();
        collectGathers(c);
        auto& up = up_[static_cast<size_t>(c)];  // cleared by the walk (fusedPass)
        scatters_.assign(1, {&childBlocks_[static_cast<size_t>(c)], up.data(), up.size()});
        Walk w = firstWalk(c);
        if (!gathers_.empty()) {
            w.out = (*mu)[static_cast<size_t>(c)].data();
            touched_[static_cast<size_t>(c)] = 1;
        }
        fusedPass(c, w);
        if (!finishUp(c)) return false;
    }
    return distributeFused(pot, work, *mu, keep) && finishScales(cur_, keep ? mu : nullptr, total, scale);
}

// Distribute, parents first: a clique's walk takes its parent's message (or,
// at a root, its children's collect messages), the work's projections and
// every child's separator sums; the beliefs are written when `keep`.
bool BeliefPropagation::distributeFused(const std::vector<const double*>& pot,
                                        const std::vector<CliqueWork>& work,
                                        std::vector<std::vector<double>>& mu, bool keep) {
    const int k = cliqueCount();
    for (int p = 0; p < k; ++p) {
        const bool collected = p >= 1 && !sep_[static_cast<size_t>(p)].empty();
        const CliqueWork* w = work.empty() ? nullptr : &work[static_cast<size_t>(p)];
        gathers_.clear();
        if (collected) {
            gathers_.push_back({&childBlocks_[static_cast<size_t>(p)], down_[static_cast<size_t>(p)].data()});
        } else {
            collectGathers(p);
        }
        scatters_.clear();
        for (int ch : kids_[static_cast<size_t>(p)]) {
            if (twin_[static_cast<size_t>(ch)] >= 0) continue;  // copied below
            auto& down = down_[static_cast<size_t>(ch)];        // cleared by the walk
            scatters_.push_back({&parentBlocks_[static_cast<size_t>(ch)], down.data(), down.size()});
        }
        const bool products = !collected && w && !w->products.empty();
        if (products) cur_[static_cast<size_t>(p)] = w->product;
        const bool busy =
            !gathers_.empty() || !scatters_.empty() || products || (w && !w->projections.empty());
        if (!busy) continue;
        double* out = keep && !gathers_.empty() ? mu[static_cast<size_t>(p)].data() : nullptr;
        const double* base = touched_[static_cast<size_t>(p)] ? mu[static_cast<size_t>(p)].data()
                             : collected                      ? cur_[static_cast<size_t>(p)]
                                                              : pot[static_cast<size_t>(p)];
        // A clique without separators learns its normaliser from this walk
        // (its segments' sums, as every sum here) instead of another pass.
        const bool isolated = !collected && kids_[static_cast<size_t>(p)].empty();
        fusedPass(p,
                  {base, w, products, true, out, w && w->onesPotential && base == pot[static_cast<size_t>(p)],
                   isolated ? &z_[static_cast<size_t>(p)] : nullptr});
        if (isolated) zKnown_[static_cast<size_t>(p)] = 1;
        if (out) touched_[static_cast<size_t>(p)] = 1;
        // Children with the same separator get the same sums (same map, same
        // chunks, same order): computed once. Copied before any is finished.
        for (int ch : kids_[static_cast<size_t>(p)])
            if (twin_[static_cast<size_t>(ch)] >= 0)
                down_[static_cast<size_t>(ch)] = down_[static_cast<size_t>(twin_[static_cast<size_t>(ch)])];
        for (int ch : kids_[static_cast<size_t>(p)])
            if (!finishDown(ch, p)) return false;
    }
    return true;
}

}  // namespace streamsynth::pgm
