// The mirror-descent trials (mirror_descent_fit.h): measurements assigned
// to cliques, the linear working state and its rescaling, a trial's
// potential products (fused into belief propagation's passes; threaded
// tasks on the fallback path, with a log-space last resort), and the loss
// and gradient.
#include <Eigen/Core>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

#include "core/pgm/belief_propagation.h"
#include "core/pgm/block_kernels.h"
#include "core/pgm/loss_chunks.h"
#include "core/pgm/mirror_descent_fit.h"
#include "core/pgm/parallel_kernels.h"
#include "core/pgm/potential_gauge.h"
#include "core/values/error.h"

namespace streamsynth::pgm {

namespace {
const double kLogRescaleBelow = std::log(1e-100), kLogRescaleAbove = std::log(1e100);

void project(const std::vector<double>& mu, Assigned& a, std::vector<double>& out) {
    if (a.identity) {
        out = mu;
        return;
    }
    std::fill(out.begin(), out.end(), 0.0);
    scatterAdd(a.blocks, mu.data(), out.data());
}
}  // namespace

int MirrorDescentFit::fitThreads(int requested, const JunctionTree& tree) {
    std::size_t most = 1;
    for (double cells : tree.cells) most = std::max(most, maxPassSegments(static_cast<std::size_t>(cells)));
    return requested > 1 ? static_cast<int>(std::min(static_cast<std::size_t>(requested), most)) : 1;
}

void MirrorDescentFit::assign(std::span<const MeasurementView> measurements) {
    for (const auto& m : measurements) {
        Assigned a;
        a.m = &m;
        a.clique = bp_.smallestContaining(m.attrs);
        const auto& C = r_.tree.cliques[static_cast<size_t>(a.clique)];
        a.identity = std::equal(C.begin(), C.end(), m.attrs.begin(), m.attrs.end());
        if (!a.identity) a.blocks = blockMap(sizes_, C, m.attrs);
        a.weight = 1.0 / m.variance;
        const size_t n = m.values.size();
        a.x.resize(n);
        a.x0.resize(n);
        a.g.resize(n);
        a.g0.resize(n);
        a.stepSum.assign(n, 0.0);
        minVar_ = std::min(minVar_, m.variance);
        ms_.push_back(std::move(a));
    }
    for (size_t j = 0; j < ms_.size(); ++j) {
        const auto& a = ms_[j];
        measurementCells_ += static_cast<double>(a.x.size());
        projectedCells_ += static_cast<double>(r_.tree.cells[static_cast<size_t>(a.clique)]);
        for (size_t lo = 0; lo < a.x.size(); lo += kCellChunk)
            cellTasks_.push_back({static_cast<int>(j), lo, std::min(a.x.size(), lo + kCellChunk)});
    }
    planCellPairs();
    chunkSs_.resize(cellTasks_.size());
    chunkDot_.resize(cellTasks_.size());
    chunkMax_.resize(cellTasks_.size());
}

// The chunks in pairs of neighbours by size, largest first (a pair's
// shorter chunk runs beside the longer one in the loss, loss_chunks.h), and
// the pairs laid out for runPinned (pair i on thread i mod threads): each
// in turn to the thread with the fewest cells so far (longest first), a
// thread's pairs at its own positions, a pair (−1, −1) where a thread has
// fewer. The same pairs run on the same thread in every loop of every trial.
void MirrorDescentFit::planCellPairs() {
    auto cells = [&](int t) {
        return t < 0 ? 0 : cellTasks_[static_cast<size_t>(t)].hi - cellTasks_[static_cast<size_t>(t)].lo;
    };
    std::vector<int> bySize(cellTasks_.size());  // largest first, ties in order
    std::iota(bySize.begin(), bySize.end(), 0);
    std::stable_sort(bySize.begin(), bySize.end(), [&](int x, int y) { return cells(x) > cells(y); });
    std::vector<std::pair<int, int>> pairs;
    for (size_t i = 0; i < bySize.size(); i += 2)
        pairs.push_back({bySize[i], i + 1 < bySize.size() ? bySize[i + 1] : -1});
    const auto threads = static_cast<size_t>(pool_.threads());
    std::vector<std::vector<std::pair<int, int>>> byThread(threads);
    std::vector<size_t> load(threads, 0);
    for (const auto& p : pairs) {
        const auto least = static_cast<size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        byThread[least].push_back(p);
        load[least] += cells(p.first) + cells(p.second);
    }
    size_t rounds = 0;
    for (const auto& list : byThread) rounds = std::max(rounds, list.size());
    cellPairs_.clear();
    for (size_t r = 0; r < rounds; ++r)
        for (const auto& list : byThread) cellPairs_.push_back(r < list.size() ? list[r] : std::pair{-1, -1});
}

// Linear-space working state (§3.4 taken one step further): E0_C =
// exp(θ_C − max) once; a trial step multiplies in exp(−α g_m) gathered
// from each measurement, so a trial costs no exp per clique cell.
void MirrorDescentFit::linearState() {
    std::vector<std::vector<double>> theta = expandPotentials(sizes_, r_.tree, r_.potentials);
    // Only where a cell would underflow: elsewhere the linear state stays bit
    // for bit what it was (potential_gauge.h).
    if (linearUnderflowRisk(theta)) regaugeToParents(sizes_, r_.tree, theta);
    e0_.resize(static_cast<size_t>(k_));
    et_.resize(static_cast<size_t>(k_));
    for (int c = 0; c < k_; ++c) {
        const auto& t = theta[static_cast<size_t>(c)];
        double mx = -std::numeric_limits<double>::infinity();
        for (double v : t) mx = std::max(mx, v);
        if (!std::isfinite(mx))
            throw settingError("model", "the model assigns probability 0 to every record");
        auto& e = e0_[static_cast<size_t>(c)];
        e.resize(t.size());
        // exp(0) is 1 exactly: a cold start (θ = 0) skips libm's exp, which
        // took 13 of a 100,000-cell fit's first 18 ms on this VM (issue 50).
        for (size_t i = 0; i < t.size(); ++i) {
            const double d = t[i] - mx;
            e[i] = d == 0 ? 1.0 : std::exp(d);
        }
        et_[static_cast<size_t>(c)].resize(t.size());
    }
    byClique_.resize(static_cast<size_t>(k_));
    for (size_t j = 0; j < ms_.size(); ++j)
        byClique_[static_cast<size_t>(ms_[j].clique)].push_back(static_cast<int>(j));
    ones_.assign(static_cast<size_t>(k_), 0);
    for (int c = 0; c < k_; ++c) {
        const auto& e = e0_[static_cast<size_t>(c)];
        ones_[static_cast<size_t>(c)] = byClique_[static_cast<size_t>(c)].empty() &&
                                        std::all_of(e.begin(), e.end(), [](double v) { return v == 1.0; });
    }
    factor_.resize(ms_.size());
    for (size_t j = 0; j < ms_.size(); ++j) factor_[j].resize(ms_[j].x.size());
    scale_.assign(static_cast<size_t>(k_), 1.0);
    logMaxLo_.assign(static_cast<size_t>(k_), 0.0);  // E0 = exp(θ − max θ): its max is 1
    logMaxHi_.assign(static_cast<size_t>(k_), 0.0);
    pot_.assign(static_cast<size_t>(k_), nullptr);
    r_.mu.resize(static_cast<size_t>(k_));
    partLoss_.resize(ms_.size());
    partPlain_.resize(ms_.size());
    partDot_.resize(ms_.size());
}

// A trial's potential products as tasks: each moved clique split into
// contiguous cell ranges (aligned to the largest block of its maps, so every
// map's blocks fall wholly in one range). Each cell is written by one task,
// so the split never changes the result.
void MirrorDescentFit::planProducts() {
    for (int c = 0; c < k_; ++c) {
        const auto& list = byClique_[static_cast<size_t>(c)];
        if (list.empty()) continue;
        const size_t n = e0_[static_cast<size_t>(c)].size();
        movedCells_ += static_cast<double>(n);
        size_t unit = 1;
        for (int j : list)
            if (!ms_[static_cast<size_t>(j)].identity)
                unit = std::max(unit, ms_[static_cast<size_t>(j)].blocks.block);
        // Blocks are products of trailing clique axes (or 1), so they divide
        // each other and every map's blocks fall wholly inside one range.
        for ([[maybe_unused]] int j : list)
            assert(ms_[static_cast<size_t>(j)].identity ||
                   unit % ms_[static_cast<size_t>(j)].blocks.block == 0);
        const size_t units = n / unit;
        const size_t parts =
            n >= kParallelMinCells ? std::min(units, static_cast<size_t>(pool_.threads())) : 1;
        for (size_t p = 0; p < parts; ++p)
            productTasks_.push_back(
                {c, splitPoint(units, parts, p) * unit, splitPoint(units, parts, p + 1) * unit});
    }
}

// The factors exp(−step·g0_m) on every measurement's cells, after the
// last accepted step's sums (acceptStep) where one is pending.
void MirrorDescentFit::trialFactors(double step) {
    const bool sums = pendingDir_ != nullptr;
    runCellTasks([&](int t) {
        if (sums) addStepSums(static_cast<size_t>(t));
        const auto& ct = cellTasks_[static_cast<size_t>(t)];
        const auto& g0 = ms_[static_cast<size_t>(ct.m)].g0;
        blockKernels().expScaled(g0.data() + ct.lo, factor_[static_cast<size_t>(ct.m)].data() + ct.lo, -step,
                                 ct.hi - ct.lo);
    });
    pendingDir_ = nullptr;
}

// et = E0 ⊙ Π_m exp(−step·g0_m) on every moved clique (after trialFactors).
void MirrorDescentFit::trialProducts() {
    runTasks(movedCells_, static_cast<int>(productTasks_.size()), [&](int t) {
        const auto& task = productTasks_[static_cast<size_t>(t)];
        const auto& list = byClique_[static_cast<size_t>(task.clique)];
        const double* src = e0_[static_cast<size_t>(task.clique)].data();
        double* dst = et_[static_cast<size_t>(task.clique)].data();
        const auto len = static_cast<Eigen::Index>(task.hi - task.lo);
        for (size_t l = 0; l < list.size(); ++l) {
            const auto& a = ms_[static_cast<size_t>(list[l])];
            const double* fv = factor_[static_cast<size_t>(list[l])].data();
            const double* in = l == 0 ? src : dst;
            if (a.identity) {
                Eigen::Map<Eigen::ArrayXd>(dst + task.lo, len) =
                    Eigen::Map<const Eigen::ArrayXd>(in + task.lo, len) *
                    Eigen::Map<const Eigen::ArrayXd>(fv + task.lo, len);
            } else {
                gatherMulIntoBlocks(a.blocks, in, dst, fv, task.lo / a.blocks.block,
                                    task.hi / a.blocks.block);
            }
        }
    });
    for (int c = 0; c < k_; ++c)
        if (!byClique_[static_cast<size_t>(c)].empty())
            pot_[static_cast<size_t>(c)] = et_[static_cast<size_t>(c)].data();
}

// Underflow in linear space: redo the trial in log space.
void MirrorDescentFit::logSpaceTrial(double step) {
    std::vector<std::vector<double>> th(static_cast<size_t>(k_));
    for (int c = 0; c < k_; ++c) {
        const bool moved = step != 0 && !byClique_[static_cast<size_t>(c)].empty();
        const auto& src = moved ? et_[static_cast<size_t>(c)] : e0_[static_cast<size_t>(c)];
        th[static_cast<size_t>(c)].resize(src.size());
        for (size_t i = 0; i < src.size(); ++i)
            th[static_cast<size_t>(c)][i] =
                src[i] > 0 ? std::log(src[i]) : -std::numeric_limits<double>::infinity();
    }
    bp_.calibrateLog(th, r_.total, r_.mu);
    std::fill(scale_.begin(), scale_.end(), 1.0);
}

// The trial's products (into et) and the measurements' projections (into
// x) taken inside belief propagation's passes, no belief written. False on
// underflow (the caller then takes the products, beliefs and projections
// one at a time: trialProducts, propagate and project).
bool MirrorDescentFit::fusedTrial(double step) {
    if (step != 0) trialFactors(step);
    work_.resize(static_cast<size_t>(k_));
    for (int c = 0; c < k_; ++c) {
        auto& w = work_[static_cast<size_t>(c)];
        w.products.clear();
        w.projections.clear();
        w.product = et_[static_cast<size_t>(c)].data();
        w.onesPotential = ones_[static_cast<size_t>(c)] != 0;
        for (int j : byClique_[static_cast<size_t>(c)]) {
            auto& a = ms_[static_cast<size_t>(j)];
            const BlockMap* map = a.identity ? nullptr : &a.blocks;
            if (step != 0) w.products.push_back({map, factor_[static_cast<size_t>(j)].data()});
            w.projections.push_back({map, a.x.data(), a.x.size()});  // cleared by the walk
        }
    }
    muFresh_ = false;
    projected_ = bp_.propagateWith(pot_, work_, r_.mu, false, r_.total, scale_);
    return projected_;
}

// Beliefs for potentials E0 ⊙ Π exp(−α g0_m) (α = 0: E0), calibrated.
void MirrorDescentFit::trial(double step) {
    // A trial without factors would overwrite the gradient that holds the
    // pending step's direction (lossAndGrad): its sums first.
    if (step == 0) flushStepSums();
    rescaleMoved();
    ++r_.bpCalls;
    for (int c = 0; c < k_; ++c) pot_[static_cast<size_t>(c)] = e0_[static_cast<size_t>(c)].data();
    if (fusedTrial(step)) return;
    projected_ = false;
    muFresh_ = true;
    if (step != 0) {
        trialFactors(step);
        trialProducts();
    }
    if (!bp_.propagate(pot_, r_.mu, r_.total, scale_)) logSpaceTrial(step);
}

// Loss, gradient and the Armijo inner product g0·(x0 − x), one task per
// chunk of a measurement's cells (cellTasks_); the chunks' sums are added in
// chunk order, then the measurements' in measurement order. The chunks also
// take max |g| (the trust region's and the rescaling bound's input).
double MirrorDescentFit::lossAndGrad(double& plainOut) {
    if (!projected_)
        runTasks(projectedCells_, static_cast<int>(ms_.size()), [&](int j) {
            auto& a = ms_[static_cast<size_t>(j)];
            project(r_.mu[static_cast<size_t>(a.clique)], a, a.x);
        });
    // Chunks in pairs, walked side by side (loss_chunks.h): each chunk's
    // sums in its own cell order, so the same bits on any thread.
    auto chunk = [&](int t) {
        const auto& ct = cellTasks_[static_cast<size_t>(t)];
        auto& a = ms_[static_cast<size_t>(ct.m)];
        LossChunk c{a.x.data() + ct.lo, a.g.data() + ct.lo, a.m->values.data() + ct.lo, a.g0.data() + ct.lo,
                    a.x0.data() + ct.lo};
        c.sc = scale_[static_cast<size_t>(a.clique)];
        c.w = a.weight;
        c.n = ct.hi - ct.lo;
        return c;
    };
    auto finishChunk = [&](int t, const LossChunk& c) {
        chunkSs_[static_cast<size_t>(t)] = c.ss;
        chunkDot_[static_cast<size_t>(t)] = c.dot;
        chunkMax_[static_cast<size_t>(t)] = maxAbsFold(c.g, c.n, 0.0);
    };
    runCellPairs([&](int first, int second) {
        LossChunk a = chunk(first);
        LossChunk b = second < 0 ? LossChunk{} : chunk(second);  // an empty chunk: nothing to sum
        lossChunks(a, &b);
        finishChunk(first, a);
        if (second >= 0) finishChunk(second, b);
    });
    for (size_t t = 0; t < cellTasks_.size();) {
        const int j = cellTasks_[t].m;
        auto& a = ms_[static_cast<size_t>(j)];
        double ss = 0, dot = 0, mx = 0;
        for (; t < cellTasks_.size() && cellTasks_[t].m == j; ++t) {
            ss += chunkSs_[t];
            dot += chunkDot_[t];
            mx = std::max(mx, chunkMax_[t]);
        }
        a.gMax = mx;
        partPlain_[static_cast<size_t>(j)] = 0.5 * ss;
        partLoss_[static_cast<size_t>(j)] = 0.5 * a.weight * ss;
        partDot_[static_cast<size_t>(j)] = dot;
    }
    double loss = 0;
    plainOut = 0;
    lastDot_ = 0;
    for (size_t j = 0; j < ms_.size(); ++j) {
        plainOut += partPlain_[j];
        loss += partLoss_[j];
        lastDot_ += partDot_[j];
    }
    return loss;
}

// Before the trial after an accepted step (not at its end, so that the
// final beliefs are those of the accepted trial on every path):
void MirrorDescentFit::rescaleMoved() {
    if (!rescaleDue_) return;
    rescaleDue_ = false;
    runTasks(movedCells_, k_, [&](int c) {
        if (byClique_[static_cast<size_t>(c)].empty()) return;
        auto& e = e0_[static_cast<size_t>(c)];
        // Keep the linear potentials away from over/underflow after every
        // accepted step: one step moves a cell by up to kMaxLogStep nats
        // per measurement, so a fixed period (it was 50 iterations) lets
        // them pass 1e308 (seen on Adult: inf → NaN → a dead model). The
        // max is taken only when the bounds no longer rule out a rescaling
        // (a margin of one nat covers the rounding of the products), so the
        // rescalings are exactly those of taking it after every step.
        auto& lo = logMaxLo_[static_cast<size_t>(c)];
        auto& hi = logMaxHi_[static_cast<size_t>(c)];
        if (lo > kLogRescaleBelow + 1 && hi < kLogRescaleAbove - 1) return;
        const double mx = maxFold(e.data(), e.size(), 0.0);
        if (mx > 0 && (mx < 1e-100 || mx > 1e100)) {
            for (double& v : e) v /= mx;
            lo = hi = 0;
        } else {
            lo = hi = std::log(mx);
        }
    });
}

}  // namespace streamsynth::pgm
