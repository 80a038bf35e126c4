// The accuracy planner: the smallest budget (ε, or ρ under zCDP) with which
// the proposed streamer is expected to reach an accuracy the steward asks
// for, and the expected error at any budget. The same noise model as the
// support check (support_check.h): each tracked item's continual counter has
// the exact per-cell variance of its type (privacy::theoreticalVariance) at
// the budget the run would give it (oneWayBudgetSplit, trackedWorkloads, the
// rounds' share (1 − s − s₂)·B/(2k)).
//
// 1-way shares. Attribute a's share error at step t is modelled from what
// is fed for a, divided by the rows so far t·R: its 1-way counter (variance
// V₁ per code), each small workload w of c_w cells that holds a (V_w summed
// over the c_w/n_a cells behind one code) and the smallest workload holding
// a as if a round measured it at every step (an assumption: the selection
// picks k workloads a step), combined by inverse variance as a fit would,
// 1/V = Σ 1/V_j. Its q-quantile is that of a sum of m equal Laplace terms
// (m = the counter's noise terms at t; exact for the simple, block, tree and
// smooth-binary counters; privacy/noise_quantile.h) under pure ε-DP, of a
// Gaussian under zCDP. To it is added the largest bias the shrinkage toward
// flat can cause (shrinkTowardFlat: a column of signal ‖x‖ is moved by
// (1 − λ)·|x_v| ≤ n·σ²·‖x‖/(‖x‖² + n·σ²) ≤ σ·√n/2 counts, σ² = V₁, for any
// data), so the bound holds whatever the column looks like. Not modelled:
// the fit's own error, and the sampling error of a drawn table (sd ≤
// 0.5/√(t·R) per share; the metrics and this model describe the release's
// expected answers). On Adult the bound is conservative: at the proposed ε
// every share was within ±p in every run, at a quarter of it not
// (tests/core/api/test_accuracy_plan_adult.cpp, docs/streamers.md).
//
// AvgWE. Its noise part follows the per-workload noise: workload i's answer
// if fed at every step by its own counter (a tracked small workload's, else
// a round's) has E|noise| per cell √(2/π)·√V_i(t) (normal approximation), so
// per cell of the normalised answer n_i(t) = √(2/π)·√V_i(t)/(t·R). The fit
// infers most workloads instead of measuring them, so AvgWE is modelled as
// floor + slope·(mean_i n_i(t))^power, with the floor (the fit's error with
// little noise), slope and power CALIBRATED on Adult (kAvgWEModel; the
// measurements in docs/streamers.md). On other data it is a guide, not a
// bound: the floor depends on the data.
//
// Counters fed in blocks (stream/tracked_blocks.h: batched streams at
// R·ε ≤ 50). Each tracked counter gets the run's own B at the budget; at step
// t it has had 1 + ⌊t/B⌋ feeds and holds the rows of steps 1..e (e its last
// block's end), so its variance is that of 1 + ⌊t/B⌋ feeds over e·R rows,
// calibrated for a unit's rows in one feed (blockUnitBound). It lags the
// stream by (t − e)/t of the steps, which moves a share by at most that
// much for any data; the lag is added to the 1-way figure weighted as the fit
// weighs the counter. Tracked counters are calibrated for a unit as the
// run's tracker calibrates them, for feeds at every step (CounterFeeds::
// EveryStep; the rounds' workload counters: WhenSelected). Before 2026-12-03
// they took WhenSelected too, which under zCDP with a unit differs for tree
// and Honaker counters (tree:24, a unit of 24 rows: ρ 0.608 → 0.513).
//
// Scaling, which makes the solves exact where no counter is fed in blocks:
// every counter's variance is (its variance at budget 1)/b² under pure ε-DP
// and /b under zCDP, every budget is a fixed fraction of B, so every noise
// figure above is its value at B = 1 times B^−γ (γ = 1 pure, 1/2 zCDP) and
// times 1/R in the rows. Where counters are fed in blocks B is a step
// function of the budget (and of R): between two of its steps the figures
// fall (the same scaling, the lag fixed), across a step they jump either way
// (more feeds: up; the lag (t mod B)/t: either), so more budget can miss
// where less met. The planner then proposes a steady budget (smallestBudget).
//
// Rows per step: R is private on time streams (a period's row count); the
// caller passes a public R (the batch size) or the steward's expected count.
#pragma once

#include <string>
#include <vector>

#include "core/values/accuracy_options.h"
#include "core/values/counter_spec.h"
#include "core/values/privacy_model.h"
#include "core/values/privacy_unit.h"
#include "core/values/workload_set.h"

namespace streamsynth::stream {

struct PlanSettings {
    privacy::PrivacyModel privacy = privacy::PrivacyModel::Pure;
    privacy::CounterSpec counter;  // the proposed series' counter (its noise kind follows `privacy`)
    int rounds = 5;
    // oneWayShare and its rule, oneWaySplit, smallShare, smallCells. The
    // 1-way share is resolved for each budget as the run resolves it
    // (one_way_share.h): with R = rowsPerStep when rowsArePublic, else as on
    // a time stream (R not public: the run cannot read it, so neither does
    // the plan); the search over budgets takes the rule's band into account.
    AccuracyOptions accuracy;
    double rowsPerStep = 0;      // R: the batch size, or the steward's expected rows per step (> 0)
    bool rowsArePublic = false;  // rowsPerStep is the batch size (public), not an estimate
    long long steps = 0;         // the stream's length (≥ 1)
    // The target holds at steps checkEvery, 2·checkEvery, … ≤ steps (12 for
    // "the end of each year" with monthly steps); ≤ 0 or > steps: the last step only.
    long long checkEvery = 1;
    // Who is protected: every counter's noise as the run calibrates it for
    // one unit (core/stream/unit_noise.h); event level by default.
    privacy::UnitBound unit;
};

enum class AccuracyGoal {
    OneWayShare,  // every 1-way share within ±bound (0.02 = 2 points) with probability `probability`, at each
                  // check
    AvgWE  // expected AvgWE ≤ bound at each check
};

struct AccuracyTarget {
    AccuracyGoal goal = AccuracyGoal::OneWayShare;
    double bound = 0.02;
    double probability = 0.95;  // OneWayShare only: per share
};

struct StepAccuracy {
    long long step = 0;
    double oneWayShare = 0;            // the worst attribute's q-quantile of |share error|
    double oneWaySd = 0;               // its standard deviation
    int worstAttribute = -1;           // -1 when no workload covers any attribute
    std::vector<double> perAttribute;  // each attribute's q-quantile (0 where no workload covers it)
    double avgWE = 0;                  // expected AvgWE (calibrated)
    double avgWENoise = 0;             // mean_i n_i(t), the noise part before calibration
};

struct AccuracyPrediction {
    double budget = 0;             // ε, or ρ under zCDP
    double oneWayBudgetShare = 0;  // the 1-way counters' share of the budget at it (the rule resolved)
    double probability = 0.95;
    std::vector<StepAccuracy> checks;  // one per checked step, in step order
    bool oneWayFromRounds = false;     // for some attribute the rounds' term (an assumption) dominates
    // The run at this budget feeds some tracked counter once per block of
    // steps (stream/tracked_blocks.h: batched streams at R·ε ≤ 50); the
    // figures follow it (above; docs/streamers.md, "The accuracy planner").
    bool countersInBlocks = false;
    double worstOneWay() const;
    double worstAvgWE() const;
};

// AvgWE ≈ floor + slope·(mean_i n_i(t))^power (see above; docs/streamers.md).
struct AvgWEModel {
    double floor = 0;
    double slope = 0;
    double power = 1;
};
extern const AvgWEModel kAvgWEModel;

// The range the model was validated in on Adult (docs/streamers.md): 1-way
// targets up to ±5 points (above, at small ε, the fit's own error exceeded
// the bound: at ε = 1 on 5 steps of 1,000 rows one share was 70 points off
// against a bound of 15), AvgWE targets up to 0.005 (the calibration's range).
inline constexpr double kValidatedOneWayBound = 0.05;
inline constexpr double kValidatedAvgWEBound = 0.005;
bool withinValidatedRange(const AccuracyTarget& target);

// The steps the target is checked at.
std::vector<long long> checkedSteps(const PlanSettings& settings);

// Expected errors at `budget` (> 0). settingError on invalid settings.
AccuracyPrediction predictAccuracy(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                                   double budget, double probability = 0.95);

struct BudgetPlan {
    bool reachable = false;
    double budget = 0;              // the smallest budget reaching the target (when reachable)
    std::string why;                // when not: in words
    AccuracyPrediction prediction;  // at `budget` (when reachable)
};
// The smallest budget whose prediction meets the target at every checked step.
// Where counters are fed in blocks, the smallest steady one: it and every
// budget up to 5% above it meet (the dialog rounds up to three digits, a
// steward may type a round number), found piece by piece between B's steps.
BudgetPlan smallestBudget(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                          const AccuracyTarget& target);

// The fewest rows per step (a larger batch, or a longer period holding about
// that many rows) with which `budget` meets the target, the steps and checks
// unchanged; +inf when no row count can (AvgWE at or below the floor). Where
// counters are fed in blocks, steady as above: every number of rows up to 5%
// (and at least the next whole number) above it meets too.
double rowsPerStepFor(const marginals::WorkloadSet& ws, const PlanSettings& settings,
                      const AccuracyTarget& target, double budget);

}  // namespace streamsynth::stream
