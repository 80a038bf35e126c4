// core/api/accuracy_plan.h over the workflow of core/workflow/accuracy_plan.h.
#include "core/api/accuracy_plan.h"

#include <utility>

#include "core/workflow/accuracy_plan.h"

namespace streamsynth::api {

AccuracyTarget parseAccuracyTarget(const std::string& text) {
    return workflow::parseAccuracyTarget(text);
}

std::string accuracyTargetText(const AccuracyTarget& target) {
    return workflow::accuracyTargetText(target);
}

PlanResult planEpsilon(const PlanRequest& request, const AccuracyTarget& target) {
    return workflow::planEpsilon(request, target);
}

AccuracyPrediction expectedAccuracy(const PlanRequest& request, double epsilon, double probability) {
    return workflow::expectedAccuracy(request, epsilon, probability);
}

double rowsPerStepFor(const PlanRequest& request, const AccuracyTarget& target, double epsilon) {
    return workflow::rowsPerStepFor(request, target, epsilon);
}

}  // namespace streamsynth::api
