// core/api/noise_hint.h over the workflow of core/workflow/noise_hint.h.
#include "core/api/noise_hint.h"

#include <utility>

#include "core/workflow/noise_hint.h"

namespace streamsynth::api {

double countNoiseStd(privacy::PrivacyModel model, double budget, int rounds, const privacy::UnitBound& unit) {
    return workflow::countNoiseStd(std::move(model), budget, rounds, unit);
}

NoiseLevel noiseLevel(double noiseStd, double rowsPerStep) {
    return workflow::noiseLevel(noiseStd, rowsPerStep);
}

}  // namespace streamsynth::api
