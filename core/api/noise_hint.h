// The noise a steward should expect per step: the
// standard deviation of the noise on one count measured at one step, from
// the run's budget split (privacy::BudgetSplit: 2k shares of budget/(2k)),
// set against the rows a step holds. Pure functions of public settings and
// a row count the steward sees; nothing is drawn.
#pragma once

#include "core/api/privacy.h"
#include "core/values/noise_hint.h"
#include "core/values/privacy_unit.h"

namespace streamsynth::api {

// Std of the noise on one marginal cell measured at one step with the
// measurement share budget/(2k) and sensitivity 1 (one row moves one cell by
// one): Laplace b = 1/share, std = √2·b (pure ε-DP; Dwork et al. 2006);
// Gaussian σ = 1/√(2·share) (ρ-zCDP; Bun & Steinke 2016). Settings as BudgetSplit.
// With a privacy unit (issue 49) the count pays for one unit's rows: its
// sensitivity is scaled by m (pure) or m·K (zCDP, Δ₂²), as the baseline's
// measurements are (core/stream/unit_noise.h).
double countNoiseStd(privacy::PrivacyModel model, double budget, int rounds,
                     const privacy::UnitBound& unit = {});

// High when the noise std exceeds 10% of the rows of a step, Noticeable
// above 2%, else Low. A cell holds at most all of a step's rows, so these are
// the most favourable ratios: cells with fewer rows are noisier still.
NoiseLevel noiseLevel(double noiseStd, double rowsPerStep);

}  // namespace streamsynth::api
