// The workflow behind core/api/noise_hint.h (which documents each function):
// the facade forwards to these.
#pragma once

#include "core/values/noise_hint.h"
#include "core/values/privacy_model.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

double countNoiseStd(privacy::PrivacyModel model, double budget, int rounds);
NoiseLevel noiseLevel(double noiseStd, double rowsPerStep);

}  // namespace streamsynth::workflow
