// Expected noise per step (see noise_hint.h).
#include "core/workflow/noise_hint.h"

#include <cmath>

#include "core/privacy/budget_split.h"
#include "core/privacy/calibration.h"
#include "core/privacy/unit_sensitivity.h"

namespace streamsynth::workflow {

double countNoiseStd(privacy::PrivacyModel model, double budget, int rounds, const privacy::UnitBound& unit) {
    const privacy::BudgetSplit split(model, budget, rounds);
    const privacy::Sensitivity sensitivity = privacy::unitSensitivity(model, privacy::Sensitivity::ofCount(),
                                                                      privacy::unitFreshFactor(model, unit));
    const double scale = privacy::calibrate(model, split.smallestMeasurement(), sensitivity).value();
    // Laplace(b) has variance 2b²; the Gaussian's scale is its std.
    return model == privacy::PrivacyModel::Pure ? std::sqrt(2.0) * scale : scale;
}

NoiseLevel noiseLevel(double noiseStd, double rowsPerStep) {
    if (!(rowsPerStep > 0) || noiseStd > 0.10 * rowsPerStep) return NoiseLevel::High;
    if (noiseStd > 0.02 * rowsPerStep) return NoiseLevel::Noticeable;
    return NoiseLevel::Low;
}

}  // namespace streamsynth::workflow
