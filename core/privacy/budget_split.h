// One split of a series' per-step budget over the k rounds of a step, used by
// both streamers: round r spends one share on selection and
// one on measurement, in that order, 2k shares of budget/(2k) each (SPEC §3:
// half for selection, half for measurement, evenly over k rounds). The
// budget is ε (pure) or ρ (zCDP): both compose additively.
//
// Exact (a step spends its budget, never more): every share is budget/(2k) except the last
// round's selection share, which is the budget minus the others (the
// floating-point sum of the 2k−1 others, in charge order), moved by at most a
// few ulps so that the ledger's sum of a full step (the same additions in the
// same order) is the largest sum reachable that is not above the budget — the
// budget itself in most cases, else one or two ulps below; never above (the old ε/(2k)·2k gave
// 0.10000000000000002 at ε = 0.1, k = 7). The adjusted share is a selection,
// not a measurement, so every measurement share (and every continual
// counter's budget) stays budget/(2k), as in sessions written before. A step
// with skipped rounds sums fewer shares: floating-point addition is monotone
// (x ≤ y ⇒ fl(x + c) ≤ fl(y + c)), so it stays at or below the full sum.
#pragma once

#include <vector>

#include "core/values/budget.h"
#include "core/values/charge.h"
#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

class BudgetSplit {
public:
    // budget > 0 finite (requireBudget), 1 <= rounds <= 10^6 (settingError("rounds")).
    BudgetSplit(PrivacyModel model, double budget, int rounds);
    BudgetSplit(const Budget& budget, int rounds) : BudgetSplit(budget.model(), budget.amount(), rounds) {}

    PrivacyModel model() const { return model_; }
    double budget() const { return budget_; }
    int rounds() const { return rounds_; }
    // The share charged for one round's selection / measurement (1-based round).
    double share(ChargeKind kind, int round) const;
    double selection(int round) const { return share(ChargeKind::Selection, round); }
    double measurement(int round) const { return share(ChargeKind::Measurement, round); }
    // The measurement share (the same in every round): the budget of a
    // continual counter, which is fixed when the counter is made and may be
    // fed in any round.
    double smallestMeasurement() const;
    // The ε to run a selection mechanism with, from its share: the share
    // itself under pure DP; under zCDP √(8ρ) for the exponential mechanism
    // (bounded range, Cesar & Rogers 2021) and √(2ρ) for a mechanism only
    // known to be ε-DP (permute-and-flip; Bun & Steinke 2016).
    double selectionEpsilon(int round, bool boundedRange) const;

private:
    PrivacyModel model_;
    double budget_;
    int rounds_;
    std::vector<double> shares_;  // 2k shares in charge order: sel 1, meas 1, sel 2, …
};

}  // namespace streamsynth::privacy
