// calibrate(): (budget, sensitivity) → the typed noise scale (calibration.h).
#include "core/privacy/calibration.h"

#include <cmath>

#include "core/values/error.h"

namespace streamsynth::privacy {

NoiseScale calibrate(PrivacyModel model, double budget, Sensitivity s) {
    requireBudget(model, budget);
    const double norm = model == PrivacyModel::Pure ? s.l1 : s.l2;
    if (!(std::isfinite(norm) && norm > 0.0)) throw settingError("sensitivity", "must be finite and > 0");
    if (model == PrivacyModel::Pure) return NoiseScale(model, s.l1 / budget);
    return NoiseScale(model,
                      s.l2IsSquared ? std::sqrt(s.l2 / (2.0 * budget)) : s.l2 / std::sqrt(2.0 * budget));
}

}  // namespace streamsynth::privacy
