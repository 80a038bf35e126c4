// The workflow behind core/api/evaluation.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/evaluation.h"
#include "core/values/problem.h"
#include "core/values/step_result.h"
#include "core/values/stream_request.h"
#include "core/values/workload_choice.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

Evaluation evaluateReleases(const EvaluationRequest& request);

}  // namespace streamsynth::workflow
