// ρ-zCDP -> (ε, δ)-DP, and back, with the tight conversion of Canonne, Kamath
// & Steinke ("The Discrete Gaussian for Differential Privacy", 2020,
// Corollary 13; the same bound as Asoodeh et al. 2021 for Rényi DP): a
// ρ-zCDP mechanism is (ε, δ)-DP for
//   δ(ε) = inf_{α>1} exp((α−1)(αρ − ε)) / α · (1 − 1/α)^{α−1}.
// Any single α gives a valid δ, so a numerical minimiser that misses the
// exact infimum only reports a larger δ (a weaker claim, never a false one);
// the inverses below bisect on that δ and return the conservative end.
// The classic ε = ρ + 2·√(ρ·ln(1/δ)) (Bun & Steinke 2016) is looser; it is
// kept for comparison in tests and docs.
#pragma once

namespace streamsynth::privacy {

// δ of a ρ-zCDP mechanism at ε ≥ 0 (ρ > 0).
double zcdpDelta(double rho, double epsilon);
// Smallest ε (within 1e-12 relative, rounded up) with zcdpDelta(ρ, ε) ≤ δ; 0 < δ < 1.
double zcdpEpsilon(double rho, double delta);
// Largest ρ (within 1e-12 relative, rounded down) with zcdpDelta(ρ, ε) ≤ δ:
// the ρ-zCDP budget that implies (ε, δ)-DP. settingError on bad ε, δ.
double zcdpRhoFor(double epsilon, double delta);
// Bun & Steinke 2016, Proposition 1.3: ε = ρ + 2·√(ρ·ln(1/δ)).
double zcdpEpsilonClassic(double rho, double delta);

// The exponential mechanism with parameter ε is ε²/8-zCDP (Cesar & Rogers
// 2021, "bounded range"), so ρ buys ε = √(8ρ). Any ε-DP mechanism is
// ε²/2-zCDP (Bun & Steinke 2016, Prop. 1.4): ρ buys ε = √(2ρ) (used for
// permute-and-flip, which is not known to be bounded-range).
double exponentialMechanismEpsilonForRho(double rho);
double pureEpsilonForRho(double rho);

}  // namespace streamsynth::privacy
