// Continuous Laplace noise (the paper's mechanism) and the variance of one noise term of any kind. The
// discrete sampler lives in discrete_laplace.h, the Gaussians in gaussian.h, Gumbel in gumbel.h.
#pragma once

#include "core/privacy/rng.h"
#include "core/values/noise_kind.h"
#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

// One draw of Laplace(0, scale): density exp(-|x|/scale)/(2 scale). scale > 0.
// Uses one 64-bit word: the top bit is the sign, 52 bits give an open-(0,1)
// uniform u and |x| = -scale·log(u) (an exponential), so no 0 or 1 reaches log.
double sampleLaplace(Rng& rng, double scale);

// The Laplace scale Δ/ε for privacy ε and L1 sensitivity Δ. Throws
// settingError("epsilon", ...) unless both are finite and > 0.
double laplaceScale(double epsilon, double sensitivity);

// Checks ε finite and > 0; throws settingError("epsilon", ...) otherwise
// (requireBudget(PrivacyModel::Pure, ε)).
void requireEpsilon(double epsilon);

// Exact variance of one noise term of this kind with this scale: 2·scale² for
// Laplace; for the discrete Laplace the variance of the sampler's (snapped)
// scale, 2e^{-1/b}/(1-e^{-1/b})²; σ² for the Gaussian; the exact series of
// the discrete Gaussian (gaussian.h). scale > 0.
double noiseVariance(NoiseKind kind, double scale);

}  // namespace streamsynth::privacy
