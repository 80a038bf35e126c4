// The proposed streamer's 1-way share of each step's budget, chosen per
// series from public inputs only (AccuracyOptions::oneWayShareRule): the
// rule, the series' per-step budget and the stream's public rows per step R
// (a batched stream's batch size). Nothing private is read, so the choice is
// made before any data is touched and the ledger stays exact (the privacy
// argument: docs/streamers.md, "The 1-way share chosen from public inputs").
// Every reader of the share (the run engine through seriesAccuracy, the
// support check, the accuracy planner, the coarsening preview, the release
// manifests) resolves it here.
#pragma once

#include <vector>

#include "core/values/accuracy_options.h"
#include "core/values/privacy_model.h"

namespace streamsynth::stream {

// The rule Auto (measured on adult.csv and adult-liu.csv: docs/history.md,
// "Low budgets on adult.csv"): the band share where R·ε lies in the band
// (edges inclusive), the outside share elsewhere and when R is unknown.
inline constexpr double kOneWayShareOutsideBand = 0.2;
inline constexpr double kOneWayShareInBand = 0.5;
inline constexpr double kOneWayBandLow = 50;    // R·ε
inline constexpr double kOneWayBandHigh = 200;  // R·ε

// The ε whose Laplace noise has the scale of the budget's noise: ε itself
// under pure ε-DP, √(2ρ) under ρ-zCDP (the Gaussian of a sensitivity-1
// query has σ = 1/√(2ρ), the Laplace b = 1/ε).
double noiseEquivalentEpsilon(privacy::PrivacyModel model, double budget);

// The share: oneWayShare under Fixed; under Auto kOneWayShareInBand when
// publicRowsPerStep > 0 and R·ε ∈ [kOneWayBandLow, kOneWayBandHigh], else
// kOneWayShareOutsideBand; in both minus options.smallFromOneWay (at least 0). epsilonPerStep is the
// (noise-equivalent) ε the series' streamer spends per step; publicRowsPerStep ≤ 0 means R is not public
// (time steps: a period's row count is private).
double oneWayShareFor(const AccuracyOptions& options, double epsilonPerStep, double publicRowsPerStep);
// The same for a budget in its model's units (ε, or ρ under zCDP).
double oneWayShareFor(const AccuracyOptions& options, privacy::PrivacyModel model, double budgetPerStep,
                      double publicRowsPerStep);

// The budgets (ε, or ρ under zCDP) at which the Auto rule's share may change
// for this R, in increasing order (the band's edges); empty under Fixed or
// when R is not public. For searches over the budget (the accuracy planner).
std::vector<double> oneWayShareBreaks(const AccuracyOptions& options, privacy::PrivacyModel model,
                                      double publicRowsPerStep);

}  // namespace streamsynth::stream
