// The noise kinds as values (implemented in core/privacy/laplace.cpp): which
// noise a counter or a measurement draws, its model, its name.
#pragma once

#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

// Which noise a counter or a measurement draws. Laplace kinds serve pure ε-DP
// (the "scale" of a draw is the Laplace b), Gaussian kinds ρ-zCDP (the
// "scale" is σ). The discrete kinds (exact integer samplers) are the default
// for counts in release mode.
enum class NoiseKind { Laplace, DiscreteLaplace, Gaussian, DiscreteGaussian };

bool isDiscrete(NoiseKind kind);
PrivacyModel privacyModelOf(NoiseKind kind);
NoiseKind noiseKindFor(PrivacyModel model, bool discrete);

// "laplace" | "discrete-laplace" | "gaussian" | "discrete-gaussian"
const char* noiseKindName(NoiseKind kind);

}  // namespace streamsynth::privacy
