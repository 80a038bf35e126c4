// core/api/plain_privacy.h over the workflow of core/workflow/plain_privacy.h.
#include "core/api/plain_privacy.h"

#include <utility>

#include "core/workflow/plain_privacy.h"

namespace streamsynth::api {

double shareFigureWidening(double rowsPerStep) {
    return workflow::shareFigureWidening(rowsPerStep);
}

bool shareFigureOptimistic(double rowsPerStep) {
    return workflow::shareFigureOptimistic(rowsPerStep);
}

PlainPrivacy describePrivacy(const PlainPrivacyRequest& request) {
    return workflow::describePrivacy(request);
}

}  // namespace streamsynth::api
