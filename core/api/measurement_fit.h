// Fitting the graphical model (or the MW reference) to noisy two-way
// measurements in the pgm-adult-15 fixture format (tests/data/pgm-adult-15),
// the engine's benchmark against the reference library (CLI `fit`): the
// junction tree, the loss in the reference's convention, L1/N against the
// true counts, timing, and the fitted marginals in the file's layout.
#pragma once

#include <string>
#include <vector>

#include "core/values/measurement_fit.h"

namespace streamsynth::api {

// Errors name the file and line (bad measurements) or the setting.
FixtureFitResult fitFixture(const FixtureFitRequest& request);

}  // namespace streamsynth::api
