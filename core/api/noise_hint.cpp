// core/api/noise_hint.h over the workflow of core/workflow/noise_hint.h.
#include "core/api/noise_hint.h"

#include <utility>

#include "core/workflow/noise_hint.h"

namespace streamsynth::api {

double countNoiseStd(privacy::PrivacyModel model, double budget, int rounds) {
    return workflow::countNoiseStd(std::move(model), budget, rounds);
}

NoiseLevel noiseLevel(double noiseStd, double rowsPerStep) {
    return workflow::noiseLevel(noiseStd, rowsPerStep);
}

}  // namespace streamsynth::api
