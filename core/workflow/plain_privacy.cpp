// The figures of ε in plain words (see plain_privacy.h).
#include "core/workflow/plain_privacy.h"

#include <cmath>

#include "core/privacy/budget_split.h"
#include "core/privacy/counter.h"
#include "core/privacy/laplace.h"
#include "core/stream/one_way_share.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/unit_noise.h"
#include "core/values/workload_choice.h"
#include "core/values/zcdp_conversion.h"
#include "core/workflow/accuracy_plan.h"

namespace streamsynth::workflow {
namespace {

constexpr double kThinnestMeasured = 13;  // movies by month: the thinnest calibration stream

GuaranteeStrength strengthOf(double epsilon) {
    if (epsilon <= 1) return GuaranteeStrength::Strong;
    if (epsilon <= 3) return GuaranteeStrength::Moderate;
    if (epsilon <= 7) return GuaranteeStrength::Weak;
    return GuaranteeStrength::VeryWeak;
}

const PublishedBudget& describedSeries(const std::vector<PublishedBudget>& published) {
    for (const PublishedBudget& b : published)
        if (b.proposed) return b;
    return published.front();
}

// True when the workloads hold a small workload the proposed streamer counts
// beside its rounds (no domain: assumed, so the split shows the share).
bool hasSmallWorkloads(const PlanRequest& p) {
    if (!(p.accuracy.smallShare > 0)) return false;
    if (p.domain.attributeCount() == 0) return true;
    return !stream::trackedWorkloads(makeWorkloadSet(p.domain, p.workloads), p.accuracy).empty();
}

// The series' budget after a whole-stream charge, divided as its streamer spends it at each step.
double splitBudget(const PlainPrivacyRequest& r, const PublishedBudget& s, PlainPrivacy& out) {
    const PlanRequest& p = r.plan;
    double after = s.budget;
    if (r.wholeStreamCharge > 0) {
        out.split.push_back({BudgetPart::Kind::Coarsening, r.wholeStreamCharge});
        after -= r.wholeStreamCharge;
    }
    double rounds = after;
    if (s.proposed) {
        const double share =
            stream::oneWayShareFor(p.accuracy, p.privacy, after, p.rowsArePublic ? p.rowsPerStep : 0);
        const double small = hasSmallWorkloads(p) ? p.accuracy.smallShare : 0;
        if (share > 0) out.split.push_back({BudgetPart::Kind::OneWay, share * after});
        if (small > 0) out.split.push_back({BudgetPart::Kind::SmallWorkloads, small * after});
        rounds = after * (1 - share - small);
    } else if (p.accuracy.baselineOneWayShare > 0) {
        out.split.push_back({BudgetPart::Kind::OneWay, p.accuracy.baselineOneWayShare * after});
        rounds = after * (1 - p.accuracy.baselineOneWayShare);
    }
    const privacy::BudgetSplit split(p.privacy, rounds, p.rounds);
    double selection = 0, measurement = 0;
    for (int k = 1; k <= p.rounds; ++k) {
        selection += split.selection(k);
        measurement += split.measurement(k);
    }
    out.split.push_back({BudgetPart::Kind::Selection, selection});
    out.split.push_back({BudgetPart::Kind::Measurement, measurement});
    return split.smallestMeasurement();
}

void addCounterFigures(const PlainPrivacyRequest& r, double counterBudget, PlainPrivacy& out) {
    const PlanRequest& p = r.plan;
    privacy::CounterSpec spec = privacy::parseCounterSpec(p.counter, p.privacy);
    spec.noise = privacy::noiseKindFor(p.privacy, r.discreteNoise);
    out.hasCounters = true;
    out.counterEpsilon = counterBudget;
    out.steps = std::max<long long>(1, p.steps);
    // The noise the run draws: for one row, or with a unit, for all of one unit's rows (unit_noise.h).
    const double unitFactor =
        p.unit ? stream::unitCounterVarianceFactor(p.privacy, spec, {p.unit->maxRows, p.unit->maxRowsPerStep},
                                                   stream::CounterFeeds::WhenSelected)
               : 1.0;
    out.marginalSeOnce = std::sqrt(privacy::theoreticalVariance(spec, counterBudget, 1) * unitFactor);
    out.marginalSeAll = std::sqrt(privacy::theoreticalVariance(spec, counterBudget, out.steps) * unitFactor);
}

void addShareFigure(const PlainPrivacyRequest& r, const PublishedBudget& s, PlainPrivacy& out) {
    PlanRequest p = r.plan;
    out.shareNeedsRows = p.domain.attributeCount() > 0 && !(p.rowsPerStep > 0);
    if (p.domain.attributeCount() == 0 || !(p.rowsPerStep > 0) || p.steps < 1) return;
    p.checkEvery = p.steps;                                     // the last step
    if (p.privacy == privacy::PrivacyModel::ZCdp) p.delta = 0;  // the budget is ρ itself
    const AccuracyPrediction prediction = expectedAccuracy(p, s.budget - r.wholeStreamCharge);
    out.hasShareFigure = true;
    out.shareWidening = shareFigureWidening(p.rowsPerStep);
    out.shareErrorPoints = 100 * prediction.worstOneWay() * out.shareWidening;
    out.shareOptimistic = prediction.oneWayFromRounds;
    out.shareUnmeasured = p.rowsPerStep < kThinnestMeasured;
}

}  // namespace

double shareFigureWidening(double rowsPerStep) {
    if (rowsPerStep < 50) return 2.3;
    if (rowsPerStep < 200) return 1.6;
    return 1.0;
}

bool shareFigureOptimistic(double rowsPerStep) {
    return rowsPerStep < 200;
}

PlainPrivacy describePrivacy(const PlainPrivacyRequest& request) {
    PlainPrivacy out;
    out.model = request.plan.privacy;
    out.unit = request.plan.unit;
    out.published =
        request.published.empty() ? std::vector<PublishedBudget>{{"proposed", true, 1.0}} : request.published;
    for (const PublishedBudget& b : out.published) out.total += b.budget;
    if (out.model == privacy::PrivacyModel::ZCdp) {
        out.delta = request.plan.delta > 0 ? request.plan.delta : 1e-6;
        out.epsilon = privacy::zcdpEpsilon(out.total, out.delta);
    } else {
        out.epsilon = out.total;
    }
    out.likelihood = std::exp(out.epsilon);
    double all = out.total;
    for (const PublishedBudget& b : request.others) all += b.budget;
    out.allSeries = static_cast<int>(out.published.size() + request.others.size());
    out.allEpsilon = out.model == privacy::PrivacyModel::ZCdp ? privacy::zcdpEpsilon(all, out.delta) : all;
    out.strength = strengthOf(out.epsilon);
    const PublishedBudget& s = describedSeries(out.published);
    out.splitSeries = s.name;
    out.splitBudget = s.budget;
    const double counterBudget = splitBudget(request, s, out);
    if (s.proposed) {
        addCounterFigures(request, counterBudget, out);
        addShareFigure(request, s, out);
    }
    return out;
}

}  // namespace streamsynth::workflow
