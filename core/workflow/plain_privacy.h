// The workflow behind core/api/plain_privacy.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/plain_privacy.h"
#include "core/values/plain_privacy_request.h"
#include "core/values/plan_result.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

double shareFigureWidening(double rowsPerStep);
bool shareFigureOptimistic(double rowsPerStep);
PlainPrivacy describePrivacy(const PlainPrivacyRequest& request);

}  // namespace streamsynth::workflow
