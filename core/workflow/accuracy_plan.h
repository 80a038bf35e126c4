// The workflow behind core/api/accuracy_plan.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/domain.h"
#include "core/values/plan_request.h"
#include "core/values/plan_result.h"
#include "core/values/privacy_model.h"
#include "core/values/workload_choice.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

AccuracyTarget parseAccuracyTarget(const std::string& text);
std::string accuracyTargetText(const AccuracyTarget& target);
PlanResult planEpsilon(const PlanRequest& request, const AccuracyTarget& target);
AccuracyPrediction expectedAccuracy(const PlanRequest& request, double epsilon, double probability = 0.95);
double rowsPerStepFor(const PlanRequest& request, const AccuracyTarget& target, double epsilon);

}  // namespace streamsynth::workflow
