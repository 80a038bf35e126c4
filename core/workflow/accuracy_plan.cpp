// ε from a target accuracy; see accuracy_plan.h.
#include "core/workflow/accuracy_plan.h"

#include <cmath>
#include <cstdio>

#include "core/privacy/counter.h"
#include "core/values/error.h"
#include "core/values/zcdp_conversion.h"

namespace streamsynth::workflow {

namespace {

stream::PlanSettings settingsOf(const PlanRequest& r) {
    stream::PlanSettings s;
    s.privacy = r.privacy;
    s.counter = privacy::parseCounterSpec(r.counter, r.privacy);
    s.rounds = r.rounds;
    s.accuracy = r.accuracy;
    s.rowsPerStep = r.rowsPerStep;
    s.rowsArePublic = r.rowsArePublic;
    s.steps = r.steps;
    s.checkEvery = r.checkEvery;
    if (r.unit) s.unit = {r.unit->maxRows, r.unit->maxRowsPerStep};
    return s;
}

bool usesDelta(const PlanRequest& r) {
    return r.privacy == privacy::PrivacyModel::ZCdp && r.delta > 0;
}

// The model's budget (ε or ρ) for the user's.
double modelBudget(const PlanRequest& r, double epsilon) {
    return usesDelta(r) ? privacy::zcdpRhoFor(epsilon, r.delta) : epsilon;
}

double parseNumber(const std::string& text, const std::string& what) {
    std::size_t used = 0;
    double v = 0;
    try {
        v = std::stod(text, &used);
    } catch (...) {
        used = 0;
    }
    if (text.empty() || used != text.size() || !std::isfinite(v) || !(v > 0))
        throw settingError("target-accuracy", what + " must be a number > 0, got '" + text + "'");
    return v;
}

}  // namespace

AccuracyTarget parseAccuracyTarget(const std::string& text) {
    const auto colon = text.find(':');
    const std::string kind = text.substr(0, colon);
    std::string value = colon == std::string::npos ? "" : text.substr(colon + 1);
    AccuracyTarget t;
    if (kind == "avgwe") {
        t.goal = AccuracyGoal::AvgWE;
        t.bound = parseNumber(value, "the AvgWE bound");
        return t;
    }
    if (kind != "1-way")
        throw settingError("target-accuracy",
                           "expected 1-way:POINTS[@PROBABILITY] (e.g. 1-way:2@0.95) or avgwe:X "
                           "(e.g. avgwe:0.01), got '" +
                               text + "'");
    t.goal = AccuracyGoal::OneWayShare;
    const auto at = value.find('@');
    if (at != std::string::npos) {
        t.probability = parseNumber(value.substr(at + 1), "the probability");
        if (!(t.probability < 1)) throw settingError("target-accuracy", "the probability must be below 1");
        value = value.substr(0, at);
    }
    if (!value.empty() && value.back() == '%') value.pop_back();
    t.bound = parseNumber(value, "the points") / 100.0;
    return t;
}

std::string accuracyTargetText(const AccuracyTarget& target) {
    char buf[128];
    if (target.goal == AccuracyGoal::AvgWE)
        std::snprintf(buf, sizeof buf, "AvgWE <= %.4g", target.bound);
    else
        std::snprintf(buf, sizeof buf, "1-way shares within +-%.3g points (probability %.3g)",
                      100 * target.bound, target.probability);
    return buf;
}

PlanResult planEpsilon(const PlanRequest& request, const AccuracyTarget& target) {
    const marginals::WorkloadSet ws = makeWorkloadSet(request.domain, request.workloads);
    const stream::BudgetPlan plan = stream::smallestBudget(ws, settingsOf(request), target);
    PlanResult out;
    out.reachable = plan.reachable;
    out.why = plan.why;
    if (!plan.reachable) return out;
    out.prediction = plan.prediction;
    if (request.privacy == privacy::PrivacyModel::Pure) {
        out.budget = plan.budget;
        return out;
    }
    out.rho = plan.budget;
    out.budget = usesDelta(request) ? privacy::zcdpEpsilon(plan.budget, request.delta) : plan.budget;
    return out;
}

AccuracyPrediction expectedAccuracy(const PlanRequest& request, double epsilon, double probability) {
    const marginals::WorkloadSet ws = makeWorkloadSet(request.domain, request.workloads);
    return stream::predictAccuracy(ws, settingsOf(request), modelBudget(request, epsilon), probability);
}

double rowsPerStepFor(const PlanRequest& request, const AccuracyTarget& target, double epsilon) {
    const marginals::WorkloadSet ws = makeWorkloadSet(request.domain, request.workloads);
    return stream::rowsPerStepFor(ws, settingsOf(request), target, modelBudget(request, epsilon));
}

}  // namespace streamsynth::workflow
