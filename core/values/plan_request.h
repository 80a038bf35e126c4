// What the accuracy planner and the privacy wording are asked about a run
// before it exists (core/api/accuracy_plan.h, plain_privacy.h): public
// settings only (the domain, the workloads, the model, the counter, the
// rounds, the rows per step and the steps).
#pragma once

#include <string>

#include "core/values/accuracy_options.h"
#include "core/values/domain.h"
#include "core/values/privacy_model.h"
#include "core/values/stream_settings.h"
#include "core/values/workload_choice.h"

namespace streamsynth::api {

struct PlanRequest {
    data::Domain domain;
    WorkloadChoice workloads;
    privacy::PrivacyModel privacy = privacy::PrivacyModel::Pure;
    // zCDP: budgets are (ε, δ) at this δ (the run converts with
    // privacy::zcdpRhoFor); 0 = budgets are ρ itself. Unused under pure ε-DP.
    double delta = 1e-6;
    std::string counter = "simple";  // privacy::parseCounterSpec text of the proposed series
    int rounds = 5;
    stream::AccuracyOptions accuracy;
    double rowsPerStep = 0;  // public batch size, or the steward's expected rows per step
    // rowsPerStep is the batch size: the 1-way share's rule auto reads it, as
    // the run does (an estimate on a time stream is not: the run spends the
    // share of an unknown R there; stream::PlanSettings).
    bool rowsArePublic = false;
    long long steps = 0;
    long long checkEvery = 1;  // see stream::PlanSettings::checkEvery
    // Who is protected (issue 49): none, each row; else each unit of a key
    // column within its public bounds, whose noise every figure then carries
    // (pure ε: m times the scale; zCDP: the counter's factor) and whose words
    // say "one unit" for "one row".
    std::optional<data::UnitSettings> unit;
};

}  // namespace streamsynth::api
