// MirrorDescentFit: one fit of the estimator (estimate() in estimator.cpp),
// mirror descent on the marginal polytope. The working state is θ on the
// junction-tree cliques (so a trial step is one fused pass plus BP); the
// per-measurement step sums are folded back onto the measured cliques at the
// end so the returned potentials live on measured cliques. The loop and its
// step rule are in mirror_descent_loop.cpp, the trials (linear state,
// products, belief propagation, loss and gradient) in
// mirror_descent_trial.cpp. Private to core/pgm.
#pragma once

#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "core/common/task_pool.h"
#include "core/pgm/belief_propagation.h"
#include "core/pgm/block_kernels.h"
#include "core/pgm/estimator.h"
#include "core/pgm/parallel_kernels.h"
#include "core/pgm/step_schedule.h"

namespace streamsynth::pgm {

struct Assigned {
    const MeasurementView* m;
    int clique;             // junction-tree clique used for loss/gradient
    bool identity = false;  // the measurement is the whole clique
    BlockMap blocks;        // clique cell -> measurement cell
    double weight;          // 1/σ²
    std::vector<double> x, x0, g, g0, stepSum;
    double gMax = 0, g0Max = 0;  // max |g|, max |g0| (taken with the gradient)
};

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
          // As many threads as the walks over the largest clique have
          // segments (parallel_kernels.h), at most those asked for: a model
          // of small cliques starts no worker at all, and no worker is started
          // that no walk could feed. Never changes a result.
          pool_(fitThreads(options.threads, r.tree)),
          bp_(sizes, r.tree, &pool_),
          k_(bp_.cliqueCount()) {}

    void run(std::span<const MeasurementView> measurements);

    // The threads a fit of `tree` can use when `requested` are allowed.
    static int fitThreads(int requested, const JunctionTree& tree);

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
    // fn(first, second) for every pair of cellTasks_'s chunks (cellPairs_;
    // second −1 when the pair has one): on the pool when the measurements
    // hold enough cells that a worker, awake from the last walk, saves more
    // than it costs. Chunks are fixed (kCellChunk cells), so the sums over
    // them never depend on the threads; every per-cell loop of a trial
    // (factors, loss, step sums) uses the same pairs on the same threads,
    // so a chunk's cells stay in one core's cache from loop to loop.
    template <class F>
    void runCellPairs(F&& fn) {
        auto pair = [&](int p) {
            const auto [first, second] = cellPairs_[static_cast<size_t>(p)];
            if (first >= 0) fn(first, second);
        };
        const int n = static_cast<int>(cellPairs_.size());
        if (measurementCells_ >= static_cast<double>(kCellChunk)) {
            pool_.runPinned(n, pair);
        } else {
            for (int p = 0; p < n; ++p) pair(p);
        }
    }
    // fn(t) for every chunk t of cellTasks_ (in pairs, runCellPairs).
    template <class F>
    void runCellTasks(F&& fn) {
        runCellPairs([&](int first, int second) {
            fn(first);
            if (second >= 0) fn(second);
        });
    }
    void assign(std::span<const MeasurementView> measurements);
    void planCellPairs();
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
    void addStepSums(std::size_t t);
    void flushStepSums();
    void finish();
    void foldSteps();

    struct ProductTask {
        int clique;
        size_t lo, hi;  // cell range
    };
    // Cells [lo, hi) of measurement m: the unit of the per-cell loops
    // (trial factors, loss and gradient, accepted steps).
    struct CellTask {
        int m;
        size_t lo, hi;
    };
    static constexpr size_t kCellChunk = 2048;

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
    std::vector<CellTask> cellTasks_;
    std::vector<std::pair<int, int>> cellPairs_;         // cell tasks walked together (planCellPairs)
    std::vector<double> chunkSs_, chunkDot_, chunkMax_;  // per cell task
    double lastDot_ = 0;
    // The trial products and the loss's projections ride on belief
    // propagation's passes (work_), which then
    // writes no belief: projected_ says the x hold this trial's projections,
    // muFresh_ whether r_.mu holds the current beliefs (finish() makes them).
    std::vector<CliqueWork> work_;
    std::vector<char> ones_;  // never moved and E0 all ones (θ = 0: a cold start's unmeasured cliques)
    bool projected_ = false, muFresh_ = true;
    bool rescaleDue_ = false;  // an accepted step may have moved E0 out of range
    // An accepted step's Σ α g is added to stepSum by the next trial's
    // factor tasks (one pool dispatch fewer per iteration): the step used and
    // which gradient buffer still holds its direction (g0 until the next
    // iteration swaps it into g), or none pending.
    double pendingUsed_ = 0;
    std::vector<double> Assigned::*pendingDir_ = nullptr;
    // Per clique, bounds on log max E0 (exact after each max taken): while
    // they stay well inside the rescaling range the max need not be taken.
    std::vector<double> logMaxLo_, logMaxHi_;
};

}  // namespace streamsynth::pgm
