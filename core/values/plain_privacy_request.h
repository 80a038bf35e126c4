// What ε in plain words is asked about (core/api/plain_privacy.h): the
// published series and their budgets, the run's public settings, and the
// whole-stream charge. A run (api::Run::privacyRequest) makes one of its own.
#pragma once

#include <string>
#include <vector>

#include "core/values/plan_request.h"

namespace streamsynth::api {

// A published series and its budget for the whole stream (ε, or ρ under zCDP).
struct PublishedBudget {
    std::string name;
    bool proposed = true;  // the proposed streamer (else the baseline)
    double budget = 1;
};

struct PlainPrivacyRequest {
    // The settings of the proposed streamer and the stream (model, δ,
    // counter, rounds, shares, rows per step, steps). With a domain and
    // workloads (domain.attributeCount() > 0) and rows per step, the
    // synthetic shares' figure is computed too.
    PlanRequest plan;
    std::vector<PublishedBudget> published;  // empty: one proposed series at budget 1
    // Series of the run not (yet) published: each would add its budget if it were.
    std::vector<PublishedBudget> others;
    double wholeStreamCharge = 0;  // per series: the DP choice of kept labels (coarsening)
    bool discreteNoise = false;    // release mode's discrete samplers
    // Who is protected: plan.unit (its figures and its words).
};

}  // namespace streamsynth::api
