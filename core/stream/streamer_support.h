// Pieces both streamers share: the model-size candidate filter, the model's
// answers for scoring, the ledger charge helper and the release bookkeeping.
// Internal to core/stream.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/privacy/budget_split.h"
#include "core/privacy/laplace.h"
#include "core/privacy/noise_source.h"
#include "core/stream/streamer.h"

namespace streamsynth::stream::detail {

inline bool cancelled(const std::atomic<bool>* cancel) {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

// Workloads not yet measured at this step whose addition keeps the model
// within the size cap (a test on public structure only, PGM.md decision 7).
std::vector<int> sizeCappedCandidates(const StreamerEnv& env, const fit::Model& model,
                                      const std::vector<bool>& measuredThisStep);

// The series' budget split (privacy::BudgetSplit) in the run's model.
privacy::BudgetSplit budgetSplit(const StreamerEnv& env);
// The noise kind of measurements: the model's, discrete when asked.
privacy::NoiseKind measurementNoise(const StreamerEnv& env);
// env.noise, or the production source of that kind.
std::shared_ptr<privacy::NoiseSource> noiseSource(const StreamerEnv& env);

// Records one charge (kind, amount in the run's model) for series/step/round
// on workload w; mechanism names what drew the noise, for people.
void charge(const StreamerEnv& env, privacy::ChargeKind kind, const std::string& mechanism, double amount,
            int step, int round, int workload);
// The same on what `label` names: an attribute's 1-way, or a workload's label.
void charge(const StreamerEnv& env, privacy::ChargeKind kind, const std::string& mechanism, double amount,
            int step, int round, const std::string& label);

// Picks one of candidates by the configured score and mechanism, run at the
// ε that round's selection share buys (BudgetSplit::selectionEpsilon);
// expectedAbsNoise[c] is E|noise per cell| of measuring candidates[c] now.
// Charges the selection share right after the mechanism ran. Returns the
// workload index.
int selectWorkload(const StreamerEnv& env, const privacy::BudgetSplit& split, const fit::Model& model,
                   const std::vector<int>& candidates, const std::vector<marginals::Marginal>& target,
                   const std::vector<double>& expectedAbsNoise, int step, int round);

// q_i(rows) for every workload.
// n for a release: the inverse-variance weighted total of this step's
// measurements (the total of measurement m has variance σ_m²·|q_m|; a
// noise-free one alone decides), rounded, clamped to [0, maxRows] (post-
// processing; maxRows is public). 0 when there is no measurement.
long long releaseRowCount(const std::vector<fit::Measurement>& measurements, long long maxRows);

// The public bound on a release's rows (issue 45; docs/bad-inputs.md,
// "Hardening round"): with public rows per step r (batches), at most kReleaseRowFactor·r
// new rows at a step (steps = 1) or kReleaseRowFactor·r·t in g_t (steps = t);
// always at most maxReleaseRows. The noisy total follows the noise, not the
// input: at ε = 1e-6 it once asked for 13 million rows of a 5,000-row table.
inline constexpr double kReleaseRowFactor = 4;
long long releaseRowCap(const RunConfig& settings, int steps);

std::vector<marginals::Marginal> answersOf(const StreamerEnv& env, const data::Table& rows);

// A model of a public release's answers (a recovery stream's g_0): from
// uniform with g_0's total, the workload it fits worst (L1) is added and the
// model refitted, round after round, while the model stays within a tenth of
// the size cap. Post-processing of a public release: no budget.
std::shared_ptr<const fit::Model> modelOfAnswers(const StreamerEnv& env,
                                                 const std::vector<marginals::Marginal>& answers,
                                                 double total);

// Session helpers: a table as column-major codes and back (Error(Session)
// when the columns do not fit the domain), and a check that answers have the
// workload set's shape.
std::vector<std::vector<data::Code>> tableColumns(const data::Table& table);
data::Table tableFromColumns(const data::Domain& domain, const std::vector<std::vector<data::Code>>& columns);
void checkAnswerShape(const StreamerEnv& env, const std::vector<marginals::Marginal>& answers,
                      bool allowEmptyEntries);

}  // namespace streamsynth::stream::detail
