// The fit interface shared by the streamers: noisy workload measurements in,
// an immutable fitted Model out (marginals, synthetic rows, structure size).
// Two engines: "pgm" (Private-PGM junction-tree model, PGM.md) and "mw"
// (explicit distribution, multiplicative weights; the brute-force reference).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/pgm/step_schedule.h"
#include "core/privacy/rng.h"
#include "core/values/domain.h"
#include "core/values/error.h"
#include "core/values/table.h"

namespace streamsynth {
class TaskPool;
}

namespace streamsynth::fit {

struct Measurement {
    std::vector<int> attrs;  // strictly increasing attribute indices (a workload)
    std::vector<double>
        values;           // noisy answers, row-major over attrs, FIRST attribute slowest (flat = a*|B| + b)
    double variance = 1;  // σ² of each cell's noise (> 0)
};

struct FitOptions {
    int maxIterations = 1000;
    double tolerance = 1e-6;  // relative loss change over a window of 10 iterations; <= 0 disables
    int threads =
        1;  // threads of one fit (<= 0: all hardware threads); results are bitwise the same for any value
    double maxModelCells = 1e5;  // fit throws a setting Error when the junction tree would exceed this
    // PGM: bound on one fit's work in cell-iterations (at most
    // ⌈maxCellIterations / model cells⌉ iterations); 0 = none. The mw engine ignores it.
    double maxCellIterations = 0;
    // Extension: first mirror-descent trial step on the 1/σ²-weighted loss;
    // 0 = min σ²/N (decision 3). The reference's 2/N² on its unweighted loss
    // corresponds to 2σ²/N² here (equal σ). Ignored on a warm start with a carried step.
    double firstStep = 0;
    // The model's total N is estimated from the measurements (estimateTotal,
    // the inverse-variance weighted mean of their totals), and not below
    // this floor (0: none; the proposed streamer's tracked counters fed in
    // blocks: the warm start's total, rows never leaving a stream).
    double minTotal = 0;
    // Doubling: v0's schedule (twice the last accepted step every iteration,
    // the reference's exact path); Patient (default): grow only after
    // iterations accepted on their first trial (core/pgm/step_schedule.h).
    pgm::StepRule stepRule = pgm::StepRule::Patient;
};

struct FitReport {
    int iterations = 0;
    int bpCalls = 0;
    double finalLoss = 0;     // reference convention Σ_k 0.5·||mu_k − y_k||²
    double weightedLoss = 0;  // Σ_k 0.5·||mu_k − y_k||²/σ_k² (the objective)
    // pgm: finalLoss's convention before iteration 1 and after each
    std::vector<double> lossHistory;
    double total = 0;
    double seconds = 0;  // wall time of the fit call
    double cpuSeconds =
        0;  // CPU time of the calling thread plus the fit's worker threads (robust on a loaded machine)
};

// Everything needed to rebuild a fitted model exactly (sessions): the
// engine's name, the structure cliques, per clique its log-potentials
// ("pgm") and calibrated marginals over the junction-tree cliques ("pgm"),
// the explicit probabilities ("mw"), the total and the last accepted
// mirror-descent step (carried into the next warm start).
struct ModelState {
    std::string engine;
    std::vector<std::vector<int>> cliques;
    std::vector<std::vector<double>> potentials;  // pgm: theta per clique of `cliques`
    std::vector<std::vector<double>> marginals;   // pgm: mu per junction-tree clique
    std::vector<double> probabilities;            // mw: the whole distribution
    double total = 0;
    double lastStep = 0;
};

class Model {  // immutable fitted model; marginal() is safe to call from several threads
public:
    virtual ~Model();
    virtual const data::Domain& domain() const = 0;
    virtual double total() const = 0;  // model total N (counts scale)
    // Counts summing to total(); attrs strictly increasing; any set (in-clique
    // projection, else exact elimination over calibrated marginals, cached).
    virtual std::vector<double> marginal(std::span<const int> attrs) const = 0;
    // marginal() of each set, side by side on `pool` where the model can
    // (each answer bit for bit what marginal() gives; null or one thread:
    // one after the other). The selection asks every candidate at once.
    // Answers are shared, not copied, with the model's own memo of them.
    using Answer = std::shared_ptr<const std::vector<double>>;
    virtual std::vector<Answer> marginals(std::span<const std::vector<int>> sets, TaskPool* pool) const;
    // Exactly `rows` synthetic rows (PGM.md decision 5).
    virtual data::Table sample(long long rows, privacy::Rng& rng) const = 0;
    // Junction-tree model size: Σ cells of the maximal cliques of cliques() (+ singletons)
    // on the reference order's tree (pgm/junction_tree.h: caps are stated in it).
    virtual double sizeCells() const = 0;
    // The maximal subset of the measured cliques carried by the model.
    virtual std::vector<std::vector<int>> cliques() const = 0;
    // Same distribution, new total.
    virtual std::unique_ptr<Model> withTotal(double total) const = 0;
    // Plain state for sessions; FitEngine::restore(domain, state()) gives a
    // model with bitwise identical marginals and samples.
    virtual ModelState state() const { throw Error(ErrorKind::Session, "this model cannot be saved"); }
};

class FitEngine {
public:
    virtual ~FitEngine();
    virtual std::string name() const = 0;  // "pgm" | "mw"
    // Uniform distribution over the whole domain scaled to `total` (a PUBLIC total; PGM.md decision 4).
    virtual std::unique_ptr<Model> uniform(const data::Domain&, double total) const = 0;
    // Fit to measurements. Structure = cliques of `init` (if any) ∪ measurement
    // cliques (the structure only grows); warm start from init's potentials
    // exactly (and its last step size) when init comes from the same engine;
    // an init from the other engine gives its cliques (pgm) or its joint
    // distribution (mw) as the start. Total = inverse-variance estimate from
    // measurements (§4.3), max(1,·). With no measurements: a copy of init, or
    // the uniform model with total 1.
    virtual std::unique_ptr<Model> fit(const data::Domain&, const std::vector<Measurement>&,
                                       const Model* init, const FitOptions&,
                                       FitReport* report = nullptr) const = 0;
    // Junction-tree size (cells) of structure cliques(model) ∪ {attrs}; cheap
    // when attrs is inside an existing clique; memoised. Thread-safe.
    virtual double hypotheticalSizeCells(const Model& model, std::span<const int> attrs) const = 0;
    // The model saved by Model::state() (same engine, same domain); throws
    // Error(Session) when the state is inconsistent.
    virtual std::unique_ptr<Model> restore(const data::Domain&, const ModelState&) const {
        throw Error(ErrorKind::Session, "the " + name() + " engine cannot restore models");
    }
};

std::unique_ptr<FitEngine> makePgmEngine();
// The junction tree's maximal cliques of a model's structure (attrs
// increasing, DFS preorder as in PGM.md §2.6); for display and tests.
std::vector<std::vector<int>> maximalCliquesOf(const Model& model);
// Explicit distribution, domains up to 2^24 cells (throws a setting Error
// above), multiplicative weights (the MWEM paper's update).
std::unique_ptr<FitEngine> makeMwEngine();

}  // namespace streamsynth::fit
