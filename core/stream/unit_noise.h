// The noise a streamer's mechanisms need for the run's privacy unit (issue 49;
// docs/privacy-models.md "Person-level privacy"). Event level (m = K = 1, the
// default) changes nothing: every function returns its event-level input
// unchanged, so event-level runs stay bit for bit what they were.
//
// The ledger charges what the steward's split says (ε or ρ); the noise is
// calibrated so that those charges pay for one unit's rows instead of one
// row (the unit-level invariant in core/privacy/ledger.h):
//  - a fresh measurement per step (the baseline's rounds and 1-way start):
//    the count's sensitivity scaled by m (pure) or m·K (zCDP, Δ₂²);
//  - a selection per step (exponential mechanism, permute-and-flip): the
//    score's sensitivity times m (pure) or √(m·K) (zCDP: Σ_t (r_t·ε')²/8 ≤
//    m·K·ε'²/8, so scaling by √(m·K) leaves the charged ρ);
//  - a continual counter (the proposed streamer's workload counters, the
//    1-way and small-workload counters): calibrated with its budget divided
//    by the counter's factor F (unit_sensitivity.h: m under pure ε; under
//    zCDP m·K, the tree programme or m²). calibrate(model, b/F, Δ) is
//    calibrate(model, b, Δ scaled by F): Δ/(ε/m) = m·Δ/ε, and
//    Δ/√(2ρ/F) = √F·Δ/√(2ρ) (tests/core/stream/test_unit_noise_budget.cpp
//    checks it against unitTermScale). The counter then keeps every formula
//    it has (scales, variances, the square roots' lattice) for its noise budget.
#pragma once

#include "core/privacy/calibration.h"
#include "core/values/counter_spec.h"
#include "core/values/privacy_unit.h"
#include "core/values/run_config.h"

namespace streamsynth::stream {

// How a counter is fed: at every step (the 1-way and small-workload
// counters: its tree runs over the stream's steps), or only at the steps its
// workload is selected (the proposed streamer's k workload counters: each
// tree over its own feeds; unitL2SquaredFactorWhenSelected).
enum class CounterFeeds { EveryStep, WhenSelected };

// F for a counter of `spec` (unit_sensitivity.h): m under pure ε; under zCDP
// m·K, the tree programme (F' for counters fed when selected) or m² (the
// factor of Δ₂²). 1 at event level.
double unitCounterFactor(privacy::PrivacyModel model, const privacy::CounterSpec& spec,
                         const privacy::UnitBound& unit, CounterFeeds feeds);

// The budget a counter of `spec` is calibrated with so that `budget` (what
// the ledger charges for it) pays for one unit: budget / F. budget itself at
// event level.
double unitCounterNoiseBudget(const RunConfig& config, const privacy::CounterSpec& spec, double budget,
                              CounterFeeds feeds);

// What a unit multiplies the counter's noise variance by at a given budget
// (the planner's and the plain words' figures): F² under pure ε (variance ∝
// 1/b²), F under zCDP (∝ 1/ρ). 1 at event level.
double unitCounterVarianceFactor(privacy::PrivacyModel model, const privacy::CounterSpec& spec,
                                 const privacy::UnitBound& unit, CounterFeeds feeds);

// A fresh per-step measurement's sensitivity for one unit (eventLevel: the
// count's, Sensitivity::ofCount()).
privacy::Sensitivity unitFreshSensitivity(const RunConfig& config, const privacy::Sensitivity& eventLevel);

// A per-step selection's score sensitivity for one unit.
double unitSelectionSensitivity(const RunConfig& config, double eventLevel);

}  // namespace streamsynth::stream
