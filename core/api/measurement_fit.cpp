// core/api/measurement_fit.h over the workflow of core/workflow/measurement_fit.h.
#include "core/api/measurement_fit.h"

#include <utility>

#include "core/workflow/measurement_fit.h"

namespace streamsynth::api {

FixtureFitResult fitFixture(const FixtureFitRequest& request) {
    return workflow::fitFixture(request);
}

}  // namespace streamsynth::api
