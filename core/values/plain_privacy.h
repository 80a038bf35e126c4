// The value types of core/api/plain_privacy.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

#include "core/values/plain_privacy_request.h"
#include "core/values/plan_result.h"

namespace streamsynth::api {

// How strong the bound e^ε is, for the words around it: ε ≤ 1 strong,
// ≤ 3 moderate (e^ε ≤ 20), ≤ 7 weak (≤ 1,100), above very weak.
enum class GuaranteeStrength { Strong, Moderate, Weak, VeryWeak };

// One part of a series' budget (the run's unit: ε, or ρ under zCDP).
struct BudgetPart {
    enum class Kind { Coarsening, OneWay, SmallWorkloads, Selection, Measurement };
    Kind kind = Kind::Measurement;
    double amount = 0;
};

struct PlainPrivacy {
    privacy::PrivacyModel model = privacy::PrivacyModel::Pure;
    std::optional<data::UnitSettings> unit;  // who is protected (the request's); none: each row
    double delta = 0;                        // the δ of the ε statement (0 under pure ε-DP)
    double total = 0;       // Σ published budgets (ε, or ρ under zCDP): they read the same rows
    double epsilon = 0;     // the whole release's ε (zCDP: at delta)
    double likelihood = 0;  // e^ε (inf beyond the double range)
    GuaranteeStrength strength = GuaranteeStrength::Strong;
    std::vector<PublishedBudget> published;
    // With the others published too: their number and the whole release's ε then.
    int allSeries = 0;
    double allEpsilon = 0;

    // The first published proposed series (none: the baseline's split only).
    bool hasCounters = false;
    double counterEpsilon = 0;  // each workload counter's budget (ε, or ρ under zCDP)
    long long steps = 0;
    // A noisy marginal cell's exact standard error in rows (the counter's
    // variance): measured once, and after `steps` measurements. For each
    // number separately; its 95% interval is about ±1.96·SE.
    double marginalSeOnce = 0;
    double marginalSeAll = 0;

    // The synthetic 1-way shares: the worst attribute's 95% bound in points
    // at the last step (api::expectedAccuracy, a model calibrated on Adult,
    // times shareWidening); for each share separately (the planner's claim).
    bool hasShareFigure = false;
    double shareErrorPoints = 0;
    double shareWidening = 1;      // applied to the model's figure (shareFigureWidening)
    bool shareOptimistic = false;  // the rounds' term, an assumption, dominates
    bool shareUnmeasured = false;  // fewer rows per step than any calibration stream had
    bool shareNeedsRows = false;   // no figure: the rows per step are not known (else: no domain yet)

    std::string splitSeries;  // whose budget `split` divides
    double splitBudget = 0;
    std::vector<BudgetPart> split;
};

}  // namespace streamsynth::api
