// ε from a target accuracy, for the CLI's `plan` and the GUI's Target
// accuracy dialog: the smallest budget with which the proposed streamer is
// expected to reach "every 1-way share within ±p with probability q" or
// "AvgWE ≤ x" at the checked steps, the rows per step that would reach it at
// a chosen ε, and the expected errors at any ε (stream/accuracy_plan.h has
// the model, its assumptions and what is calibrated). Uses public settings
// only: the domain, the workloads, the series' settings, the number of steps
// and a rows-per-step figure that is public for batches (the batch size) and
// an expectation the steward supplies for time streams (a period's row count
// is private). Nothing is drawn, nothing is charged.
#pragma once

#include <string>
#include <vector>

#include "core/values/domain.h"
#include "core/values/plan_request.h"
#include "core/values/plan_result.h"
#include "core/values/privacy_model.h"
#include "core/values/workload_choice.h"

namespace streamsynth::api {

// "1-way:P[@Q]" (every 1-way share within ±P points, e.g. "1-way:2@0.95"
// or with a percent sign; Q the probability, default 0.95) or "avgwe:X"
// (AvgWE ≤ X). settingError("target-accuracy", …) otherwise.
AccuracyTarget parseAccuracyTarget(const std::string& text);

// "1-way shares within ±2 points (probability 0.95)" or "AvgWE ≤ 0.01".
std::string accuracyTargetText(const AccuracyTarget& target);

PlanResult planEpsilon(const PlanRequest& request, const AccuracyTarget& target);

// Expected errors at the user's budget `epsilon` (same units as PlanResult::budget).
AccuracyPrediction expectedAccuracy(const PlanRequest& request, double epsilon, double probability = 0.95);

// The fewest rows per step with which `epsilon` reaches the target (+inf: none).
double rowsPerStepFor(const PlanRequest& request, const AccuracyTarget& target, double epsilon);

}  // namespace streamsynth::api
