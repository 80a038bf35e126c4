// The workflow behind core/api/measurement_fit.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/measurement_fit.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

FixtureFitResult fitFixture(const FixtureFitRequest& request);

}  // namespace streamsynth::workflow
