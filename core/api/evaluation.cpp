// core/api/evaluation.h over the workflow of core/workflow/evaluation.h.
#include "core/api/evaluation.h"

#include <utility>

#include "core/workflow/evaluation.h"

namespace streamsynth::api {

Evaluation evaluateReleases(const EvaluationRequest& request) {
    return workflow::evaluateReleases(request);
}

}  // namespace streamsynth::api
