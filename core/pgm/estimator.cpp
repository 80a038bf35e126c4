// Mirror descent on the marginal polytope. The working state is θ on the
// junction-tree cliques (so a trial step is one fused pass plus BP); the
// per-measurement step sums are folded back onto the measured cliques at the
// end so the returned potentials live on measured cliques.
#include "core/pgm/estimator.h"

#include <Eigen/Core>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/common/task_pool.h"
#include "core/pgm/belief_propagation.h"
#include "core/pgm/block_kernels.h"
#include "core/pgm/parallel_kernels.h"
#include "core/values/error.h"

namespace streamsynth::pgm {

namespace {
constexpr double kMaxLogStep = 25.0;  // nats per cell per trial (the trust region in estimate())
const double kLogRescaleBelow = std::log(1e-100), kLogRescaleAbove = std::log(1e100);
}  // namespace

double estimateTotal(std::span<const MeasurementView> measurements, const Sizes& sizes) {
    double wsum = 0, esum = 0;
    for (const auto& m : measurements) {
        const double v = m.variance * cellCount(sizes, m.attrs);
        double e = 0;
        for (double y : m.values) e += y;
        wsum += 1.0 / v;
        esum += e / v;
    }
    if (wsum <= 0) return 1.0;
    return std::max(1.0, esum / wsum);
}

std::vector<std::vector<double>> expandPotentials(const Sizes& sizes, const JunctionTree& tree,
                                                  const Potentials& potentials) {
    std::vector<std::vector<double>> theta(tree.cliques.size());
    for (size_t c = 0; c < tree.cliques.size(); ++c) theta[c].assign(static_cast<size_t>(tree.cells[c]), 0.0);
    for (size_t d = 0; d < potentials.cliques.size(); ++d) {
        const auto& D = potentials.cliques[d];
        size_t c = 0;
        while (c < tree.cliques.size() &&
               !std::includes(tree.cliques[c].begin(), tree.cliques[c].end(), D.begin(), D.end()))
            ++c;
        if (c == tree.cliques.size())
            throw settingError("model", "a potential clique is outside the junction tree");
        const auto map = indexMap(sizes, tree.cliques[c], D);
        const auto& src = potentials.theta[d];
        auto& dst = theta[c];
        for (size_t i = 0; i < map.size(); ++i) dst[i] += src[static_cast<size_t>(map[i])];
    }
    return theta;
}

namespace {
struct Assigned {
    const MeasurementView* m;
    int clique;             // junction-tree clique used for loss/gradient
    bool identity = false;  // the measurement is the whole clique
    BlockMap blocks;        // clique cell -> measurement cell
    double weight;          // 1/σ²
    std::vector<double> x, x0, g, g0, stepSum;
};

void project(const std::vector<double>& mu, Assigned& a, std::vector<double>& out) {
    if (a.identity) {
        out = mu;
        return;
    }
    std::fill(out.begin(), out.end(), 0.0);
    scatterAdd(a.blocks, mu.data(), out.data());
}
}  // namespace

namespace {

// Warm start (§4.6, HEAD): the structure is maximalSubset(old ∪ measured)
// cliques, each old clique's θ added into the first new clique holding it.
Potentials warmStartPotentials(const Sizes& sizes, std::span<const MeasurementView> measurements,
                               const Potentials* init) {
    std::vector<std::vector<int>> all;
    if (init) all = init->cliques;
    for (const auto& m : measurements) {
        if (!(m.variance > 0)) throw settingError("variance", "a measurement's noise variance must be > 0");
        if (m.values.size() != static_cast<size_t>(cellCount(sizes, m.attrs)))
            throw settingError("measurement",
                               "a measurement's value count does not match its attributes' cells");
        all.emplace_back(m.attrs.begin(), m.attrs.end());
    }
    Potentials p;
    p.cliques = maximalSubset(all);
    for (const auto& D : p.cliques) p.theta.emplace_back(static_cast<size_t>(cellCount(sizes, D)), 0.0);
    if (!init) return p;
    for (size_t o = 0; o < init->cliques.size(); ++o) {
        const auto& O = init->cliques[o];
        size_t d = 0;
        while (!std::includes(p.cliques[d].begin(), p.cliques[d].end(), O.begin(), O.end())) ++d;
        const auto map = indexMap(sizes, p.cliques[d], O);
        for (size_t i = 0; i < map.size(); ++i) p.theta[d][i] += init->theta[o][static_cast<size_t>(map[i])];
    }
    return p;
}

// One fit: entropic mirror descent (McKenna et al. 2019) with v0's adaptive
// Armijo step, run in linear space on the junction-tree cliques. Phases:
// assign measurements to cliques, the linear state E0 = exp(θ − max), the
// trial products, then iterate (trial, loss/gradient, accept), and fold the
// accepted steps back onto the measured cliques.
class MirrorDescentFit {
public:
    MirrorDescentFit(const Sizes& sizes, const MirrorDescentOptions& options, EstimateResult& r)
        : sizes_(sizes),
          options_(options),
          r_(r),
          // Threads only pay on large models: every parallel region wakes a worker
          // (microseconds), and the streamers' capped models are fitted thousands
          // of times. Below the threshold no worker is even started. The choice
          // never changes a result (parallel_kernels.h).
          pool_(options.threads > 1 && r.tree.size >= 4.0 * kParallelMinCells ? options.threads : 1),
          bp_(sizes, r.tree, &pool_),
          k_(bp_.cliqueCount()) {}

    void run(std::span<const MeasurementView> measurements);

private:
    // Runs fn(0..n-1) on the pool when the region touches enough cells to pay
    // for waking a worker, else inline (same order of every sum either way).
    template <class F>
    void runTasks(double cellsTouched, int n, F&& fn) {
        if (cellsTouched >= 2.0 * kParallelMinCells) {
            pool_.run(n, fn);
        } else {
            for (int i = 0; i < n; ++i) fn(i);
        }
    }
    void assign(std::span<const MeasurementView> measurements);
    void linearState();
    void planProducts();
    void trial(double step);
    bool fusedTrial(double step);
    void trialFactors(double step);
    void trialProducts();
    void rescaleMoved();
    void logSpaceTrial(double step);
    double lossAndGrad(double& plainOut);
    bool iterate(int t, double& alpha, double& loss, double& plain, StepSchedule& schedule);
    void acceptStep(double used);
    void finish();
    void foldSteps();

    struct ProductTask {
        int clique;
        size_t lo, hi;  // cell range
    };

    const Sizes& sizes_;
    const MirrorDescentOptions& options_;
    EstimateResult& r_;
    TaskPool pool_;
    BeliefPropagation bp_;
    const int k_;
    std::vector<Assigned> ms_;
    double minVar_ = std::numeric_limits<double>::infinity();
    double measurementCells_ = 0, projectedCells_ = 0, movedCells_ = 0;
    std::vector<std::vector<double>> e0_, et_, factor_;
    std::vector<std::vector<int>> byClique_;
    std::vector<double> scale_;
    std::vector<const double*> pot_;
    std::vector<ProductTask> productTasks_;
    std::vector<double> partLoss_, partPlain_, partDot_;
    double lastDot_ = 0;
    // One thread (bp_.fusedSchedule()): the trial products and the loss's
    // projections ride on belief propagation's passes (work_), which then
    // writes no belief: projected_ says the x hold this trial's projections,
    // muFresh_ whether r_.mu holds the current beliefs (finish() makes them).
    std::vector<CliqueWork> work_;
    std::vector<char> ones_;  // never moved and E0 all ones (θ = 0: a cold start's unmeasured cliques)
    bool projected_ = false, muFresh_ = true;
    bool rescaleDue_ = false;  // an accepted step may have moved E0 out of range
    // Per clique, bounds on log max E0 (exact after each max taken): while
    // they stay well inside the rescaling range the max need not be taken.
    std::vector<double> logMaxLo_, logMaxHi_;
};

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
    for (const auto& a : ms_) {
        measurementCells_ += static_cast<double>(a.x.size());
        projectedCells_ += static_cast<double>(r_.tree.cells[static_cast<size_t>(a.clique)]);
    }
}

// Linear-space working state (§3.4 taken one step further): E0_C =
// exp(θ_C − max) once; a trial step multiplies in exp(−α g_m) gathered
// from each measurement, so a trial costs no exp per clique cell.
void MirrorDescentFit::linearState() {
    std::vector<std::vector<double>> theta = expandPotentials(sizes_, r_.tree, r_.potentials);
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
        for (size_t i = 0; i < t.size(); ++i) e[i] = std::exp(t[i] - mx);
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

// The factors exp(−step·g0_m) on every measurement's cells.
void MirrorDescentFit::trialFactors(double step) {
    runTasks(measurementCells_, static_cast<int>(ms_.size()), [&](int j) {
        auto& f = factor_[static_cast<size_t>(j)];
        const auto& g0 = ms_[static_cast<size_t>(j)].g0;
        blockKernels().expScaled(g0.data(), f.data(), -step, g0.size());
    });
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

// One thread: the trial's products (into et) and the measurements'
// projections (into x) taken inside belief propagation's passes, no belief
// written. The same products and sums in the same order as trialProducts,
// propagate and project, so the same bits. False on underflow.
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
            if (map) std::fill(a.x.begin(), a.x.end(), 0.0);
            w.projections.push_back({map, a.x.data()});
        }
    }
    muFresh_ = false;
    projected_ = bp_.propagateWith(pot_, work_, r_.mu, false, r_.total, scale_);
    return projected_;
}

// Beliefs for potentials E0 ⊙ Π exp(−α g0_m) (α = 0: E0), calibrated.
void MirrorDescentFit::trial(double step) {
    rescaleMoved();
    ++r_.bpCalls;
    for (int c = 0; c < k_; ++c) pot_[static_cast<size_t>(c)] = e0_[static_cast<size_t>(c)].data();
    if (bp_.fusedSchedule() && fusedTrial(step)) return;
    projected_ = false;
    muFresh_ = true;
    if (step != 0) {
        trialFactors(step);
        trialProducts();
    }
    if (!bp_.propagate(pot_, r_.mu, r_.total, scale_)) logSpaceTrial(step);
}

// Loss, gradient and the Armijo inner product g0·(x0 − x), one task per
// measurement; the per-measurement sums are added in measurement order.
double MirrorDescentFit::lossAndGrad(double& plainOut) {
    runTasks(projectedCells_, static_cast<int>(ms_.size()), [&](int j) {
        auto& a = ms_[static_cast<size_t>(j)];
        if (!projected_) project(r_.mu[static_cast<size_t>(a.clique)], a, a.x);
        const double sc = scale_[static_cast<size_t>(a.clique)];
        double ss = 0, dot = 0;
        for (size_t i = 0; i < a.x.size(); ++i) {
            a.x[i] *= sc;
            const double d = a.x[i] - a.m->values[i];
            ss += d * d;
            a.g[i] = a.weight * d;
        }
        // A separate pass: fused into the loop above it made the whole
        // fit ~9% slower (measured), the loop no longer vectorising.
        for (size_t i = 0; i < a.x.size(); ++i) dot += a.g0[i] * (a.x0[i] - a.x[i]);
        partPlain_[static_cast<size_t>(j)] = 0.5 * ss;
        partLoss_[static_cast<size_t>(j)] = 0.5 * a.weight * ss;
        partDot_[static_cast<size_t>(j)] = dot;
    });
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

// Accepts the trial made with step `used`: its products become E0.
void MirrorDescentFit::acceptStep(double used) {
    for (auto& a : ms_) {
        for (size_t i = 0; i < a.g0.size(); ++i) a.stepSum[i] += used * a.g0[i];
        // The step multiplied every cell of the clique by exp(−used·g) with
        // |used·g| ≤ drift, so its max moved by at most that many nats.
        const double drift = used * maxAbsFold(a.g0.data(), a.g0.size(), 0.0);
        logMaxLo_[static_cast<size_t>(a.clique)] -= drift;
        logMaxHi_[static_cast<size_t>(a.clique)] += drift;
    }
    for (int c = 0; c < k_; ++c)
        if (!byClique_[static_cast<size_t>(c)].empty())
            std::swap(e0_[static_cast<size_t>(c)], et_[static_cast<size_t>(c)]);
    rescaleDue_ = true;
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

// Iteration t: backtracking from twice the last step (Armijo, at most 25
// trials). False when no step size improves the loss any more (stop).
bool MirrorDescentFit::iterate(int t, double& alpha, double& loss, double& plain, StepSchedule& schedule) {
    for (auto& a : ms_) {
        std::swap(a.x0, a.x);
        std::swap(a.g0, a.g);
    }
    const double loss0 = loss;
    alpha = schedule.firstTrial(alpha);
    // Trust region: no trial may move a cell's log-potential by more than
    // kMaxLogStep nats per measurement. Without it a step carried across
    // warm starts (doubled after every easy fit) can reach exp(−α g) = 0
    // or inf, turning cells into hard zeros that no later step can undo
    // (seen on Adult after ~10 proposed-streamer steps).
    double gmax = 0;
    for (const auto& a : ms_) gmax = maxAbsFold(a.g0.data(), a.g0.size(), gmax);
    if (gmax > 0) alpha = std::min(alpha, kMaxLogStep / gmax);
    double used = alpha;
    bool accepted = false;
    int trials = 0;
    while (trials < 25) {
        used = alpha;
        ++trials;
        trial(alpha);
        loss = lossAndGrad(plain);
        if (std::isfinite(loss) && loss0 - loss >= 0.5 * alpha * lastDot_) {
            accepted = true;
            break;
        }
        alpha *= 0.5;
    }
    schedule.record(trials);
    if (!accepted && !(std::isfinite(loss) && loss <= loss0)) {
        // v0 keeps the 25th trial even when it failed; a failed trial can
        // be numerically degenerate (a clique's linear potentials lost to
        // underflow, an infinite loss), which would poison every later
        // warm start. Keep the last good state instead and stop: no step
        // size improves the loss any more.
        trial(0.0);
        loss = lossAndGrad(plain);
        r_.lastStep = alpha > 0 ? alpha : r_.lastStep;
        return false;
    }
    // Accept the last trial (after 25 failures too when it did not raise
    // the loss, as v0 does).
    acceptStep(used);
    r_.lastStep = alpha;
    r_.iterations = t;
    return true;
}

void MirrorDescentFit::finish() {
    if (!muFresh_) {
        // The fused trials wrote no beliefs: once more on the final
        // potentials (those of the last trial, bit for bit), not counted.
        for (int c = 0; c < k_; ++c) pot_[static_cast<size_t>(c)] = e0_[static_cast<size_t>(c)].data();
        if (!bp_.propagate(pot_, r_.mu, r_.total, scale_)) logSpaceTrial(0.0);
        muFresh_ = true;
    }
    r_.workerCpuSeconds = pool_.workerCpuSeconds();
    for (int c = 0; c < k_; ++c)
        for (double& v : r_.mu[static_cast<size_t>(c)]) v *= scale_[static_cast<size_t>(c)];
}

// Fold the steps back onto the measured cliques: θ_D -= expand(Σ_t α_t g_m).
void MirrorDescentFit::foldSteps() {
    for (auto& a : ms_) {
        size_t d = 0;
        const auto& P = r_.potentials.cliques;
        while (!std::includes(P[d].begin(), P[d].end(), a.m->attrs.begin(), a.m->attrs.end())) ++d;
        const auto map = indexMap(sizes_, P[d], a.m->attrs);
        auto& th = r_.potentials.theta[d];
        for (size_t i = 0; i < map.size(); ++i) th[i] -= a.stepSum[static_cast<size_t>(map[i])];
    }
}

void MirrorDescentFit::run(std::span<const MeasurementView> measurements) {
    assign(measurements);
    linearState();
    planProducts();
    trial(0.0);
    r_.bpCalls = 1;
    double plain = 0;
    double loss = lossAndGrad(plain);
    r_.weightedLoss = loss;
    r_.plainLoss = plain;
    double alpha = options_.carriedStep > 0 ? options_.carriedStep
                   : options_.firstStep > 0
                       ? 0.5 * options_.firstStep
                       : (std::isfinite(minVar_) ? 0.5 * minVar_ / r_.total : 0.5 / r_.total);
    r_.lastStep = options_.carriedStep;
    if (ms_.empty() || loss == 0 || options_.maxIterations <= 0) {
        finish();
        return;
    }
    std::vector<double> history;
    history.push_back(loss);
    r_.plainLossHistory.push_back(plain);
    StepSchedule schedule(options_.stepRule);
    const int cap = boundedIterations(options_, r_.tree.size);
    for (int t = 1; t <= cap; ++t) {
        if (!iterate(t, alpha, loss, plain, schedule)) break;
        history.push_back(loss);
        r_.plainLossHistory.push_back(plain);
        if (options_.tolerance > 0 && t >= kToleranceWindow) {
            const double before = history[history.size() - 1 - kToleranceWindow];
            if (before - loss <= options_.tolerance * std::abs(loss)) break;
        }
    }
    finish();
    r_.weightedLoss = loss;
    r_.plainLoss = plain;
    foldSteps();
}

}  // namespace

int boundedIterations(const MirrorDescentOptions& options, double cells) {
    if (!(options.maxCellIterations > 0) || !(cells > 0)) return options.maxIterations;
    const double bound = std::ceil(options.maxCellIterations / cells);
    return bound >= static_cast<double>(options.maxIterations) ? options.maxIterations
                                                               : std::max(1, static_cast<int>(bound));
}

EstimateResult estimate(const Sizes& sizes, const std::vector<std::string>& names,
                        std::span<const MeasurementView> measurements, const Potentials* init, double total,
                        const MirrorDescentOptions& options) {
    EstimateResult r;
    r.potentials = warmStartPotentials(sizes, measurements, init);
    r.tree = buildJunctionTree(sizes, names, r.potentials.cliques);
    r.total = total > 0 ? total : estimateTotal(measurements, sizes);
    MirrorDescentFit(sizes, options, r).run(measurements);
    return r;
}

}  // namespace streamsynth::pgm
