// The range of a budget a user may ask for (a run's per-stream ε or ρ, the
// counter simulation's), checked where a setting enters so the refusal names
// the budget (unchecked, ε = 1e-300 would fail deep inside a fit, ε =
// 1e300 give a zero noise variance, and `counters` would print inf).
//
// Why these bounds. A run splits its budget into 2k shares and the tree
// counters split a share over ⌊log2 T⌋+1 levels, so a noise scale is c/ε
// (Laplace) or c/√(2ρ) (Gaussian) with c between 1 and about 2k·levels.
//  - Above ε = 1000 (ρ = 1000) the discrete samplers' e^{-1/b} (e^{-1/(2σ²)})
//    underflows for the largest share, the noise variance becomes exactly 0
//    and the fit refuses the measurement mid-run; and e^1000 is no
//    guarantee anyone can mean.
//  - Below ε = 1e-6 every count is buried under noise a million times its
//    sensitivity and the discrete Laplace scales approach the sampler's 2^30
//    limit (at 1e-300 they overflow). For ρ the same noise (σ ≈ 1e6) is
//    reached at ρ = 1e-12 (σ = 1/√(2ρ)).
// ε-DP implies ε²/2-zCDP, so the two ranges describe comparable noise at
// their lower ends; the upper end is the same number for the reason above.
#pragma once

#include <string>

#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

inline constexpr double kMinUserEpsilon = 1e-6;
inline constexpr double kMinUserRho = 1e-12;
inline constexpr double kMaxUserBudget = 1000.0;

// Setting Error naming `setting` (e.g. "epsilon", "--rho") and `who` (e.g.
// "series 'baseline'", may be empty) when `budget` is not a finite number
// inside the model's range.
void checkUserBudget(PrivacyModel model, double budget, const std::string& setting,
                     const std::string& who = {});

}  // namespace streamsynth::privacy
