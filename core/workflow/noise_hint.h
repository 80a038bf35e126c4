// The workflow behind core/api/noise_hint.h (which documents each function):
// the facade forwards to these.
#pragma once

#include "core/values/noise_hint.h"
#include "core/values/privacy_model.h"
#include "core/values/privacy_unit.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

// With a privacy unit (issue 49) the count pays for one unit's rows: its
// sensitivity is scaled by m (pure) or m·K (zCDP, Δ₂²), as the baseline's
// measurements are (core/stream/unit_noise.h).
double countNoiseStd(privacy::PrivacyModel model, double budget, int rounds,
                     const privacy::UnitBound& unit = {});
NoiseLevel noiseLevel(double noiseStd, double rowsPerStep);

}  // namespace streamsynth::workflow
