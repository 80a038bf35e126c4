// Private-PGM estimation (PGM.md §4): potentials on the maximal subset of the
// measured cliques (decision 1), L2 loss with 1/σ² weights (decision 2),
// entropic mirror descent with the v0 adaptive Armijo schedule (decision 3),
// the inverse-variance total (§4.3) and exact warm start (§4.6).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/pgm/junction_tree.h"
#include "core/pgm/step_schedule.h"

namespace streamsynth::pgm {

struct MeasurementView {
    std::span<const int> attrs;      // strictly increasing
    std::span<const double> values;  // row-major over attrs
    double variance = 1;             // σ² per cell, > 0
};

// Log-potentials on cliques (attrs increasing); the model is
// p(x) ∝ exp(Σ_D theta_D(x_D)).
struct Potentials {
    std::vector<std::vector<int>> cliques;
    std::vector<std::vector<double>> theta;
};

struct MirrorDescentOptions {
    int maxIterations = 1000;
    double tolerance =
        1e-6;  // stop when (loss[t-W] - loss[t]) <= tol·loss[t], W = kToleranceWindow; <= 0 disables
    double firstStep = 0;    // first trial step on the weighted loss; 0 = min σ²/N (decision 3)
    double carriedStep = 0;  // > 0: last accepted step of the warm-start model (first trial = 2× it)
    int threads =
        1;  // threads for BP, trial potentials and the loss; results are bitwise the same for any value
    // > 0: a bound on the fit's work in cell-iterations (iterations × the
    // junction tree's cells, which is what one iteration's belief
    // propagation costs): at most ⌈maxCellIterations / cells⌉ iterations
    // (and never more than maxIterations). 0: no bound.
    double maxCellIterations = 0;
    StepRule stepRule = StepRule::Patient;  // the first trial of each iteration (step_schedule.h)
};

// The iteration cap of a fit over a junction tree of `cells` cells.
int boundedIterations(const MirrorDescentOptions& options, double cells);
inline constexpr int kToleranceWindow = 10;

struct EstimateResult {
    Potentials potentials;  // on maximalSubset(init cliques ∪ measured cliques)
    JunctionTree tree;
    std::vector<std::vector<double>> mu;  // calibrated marginals per tree.cliques, counts summing to total
    double total = 1;
    double lastStep = 0;  // last accepted step (carry to the next warm start)
    int iterations = 0;
    int bpCalls = 0;
    double weightedLoss = 0;      // Σ 0.5·||x−y||²/σ²
    double plainLoss = 0;         // Σ 0.5·||x−y||² (reference convention)
    double workerCpuSeconds = 0;  // CPU of the worker threads (threads > 1), not the caller's
    int threads = 1;  // the threads the fit ran on: at most those asked for, as many as its walks can feed
    // plainLoss before the first iteration and after each
    std::vector<double> plainLossHistory;
};

// §4.3 for identity queries: inverse-variance weighted Σy, at least 1; 1 when none.
double estimateTotal(std::span<const MeasurementView> measurements, const Sizes& sizes);

// Fits potentials to measurements; init (may be null) gives the warm start,
// whose cliques are kept in the structure. total <= 0 means estimate it.
// tree: buildJunctionTree(sizes, names, C) for the warm start's cliques C =
// maximalSubset(init's cliques, then the measurements' attributes), when the
// caller has it already (copied); null: built here.
EstimateResult estimate(const Sizes& sizes, const std::vector<std::string>& names,
                        std::span<const MeasurementView> measurements, const Potentials* init, double total,
                        const MirrorDescentOptions& options, const JunctionTree* tree = nullptr);

// θ on the junction-tree cliques: each potential clique added into the first
// maximal clique containing it.
std::vector<std::vector<double>> expandPotentials(const Sizes& sizes, const JunctionTree& tree,
                                                  const Potentials& potentials);

}  // namespace streamsynth::pgm
