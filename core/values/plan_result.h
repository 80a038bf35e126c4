// The value types of core/api/accuracy_plan.h (ε from a target accuracy) (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

#include "core/values/accuracy_plan.h"
#include "core/values/domain.h"
#include "core/values/plan_request.h"
#include "core/values/privacy_model.h"
#include "core/values/workload_choice.h"

namespace streamsynth::api {

using stream::AccuracyGoal;
using stream::AccuracyPrediction;
using stream::AccuracyTarget;
using stream::StepAccuracy;

struct PlanResult {
    bool reachable = false;
    double budget = 0;  // the user's budget: ε (pure, or zCDP at request.delta), or ρ (zCDP, delta 0)
    double rho = 0;     // zCDP: the ρ the run would use (0 under pure ε-DP)
    std::string why;    // when not reachable
    AccuracyPrediction prediction;  // at budget
};

}  // namespace streamsynth::api
