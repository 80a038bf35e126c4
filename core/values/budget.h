// A stream's privacy budget as one value: pure ε-DP (ε), or ρ-zCDP with the
// δ at which ρ is stated as (ε, δ)-DP. Made once where the user's input is
// parsed (api::parseBudgets, core/api/budget_input.h: the GUI's privacy
// fields and the CLI's --privacy/--epsilon/--rho/--delta) and carried by
// value from there to the noise draw (the series' SeriesSpec, its ledger and
// its BudgetSplit), so no field named epsilon ever holds a ρ: amount() is
// the number in the model, epsilonAtDelta() the ε it states.
//
// Two ways to make one. requested(): a user's budget, inside the range a
// user may ask for (epsilon_range.h, with its reasons). of(): a budget
// already accepted once (a session's, a test's), checked only for what
// every budget is: a finite number > 0 in its model, with δ = 0 (not
// stated) or 0 < δ < 1 under zCDP and δ = 0 under pure ε-DP.
#pragma once

#include <string>

#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

class Budget {
public:
    // Pure ε = 1: the default budget of a run.
    Budget() = default;

    // A user's budget: amount is ε (pure) or ρ (zCDP). Setting Error named
    // `setting` (default: budgetName(model)) outside the user's range, or
    // "delta" when δ is not in (0, 1) under zCDP (δ = 0 allowed: not stated).
    static Budget requested(PrivacyModel model, double amount, double delta = 0,
                            const std::string& setting = {});
    // A user's (ε, δ) under zCDP: the largest ρ that implies (ε, δ)-DP
    // (Canonne, Kamath & Steinke 2020; zcdp_conversion.h), stated at δ. ε is
    // checked in the pure range and named `setting`; 0 < δ < 1 ("delta").
    static Budget requestedFor(double epsilon, double delta, const std::string& setting = "epsilon");
    // A budget accepted before (a session's): finite > 0, δ as above;
    // setting Error naming budgetName(model) or "delta" otherwise.
    static Budget of(PrivacyModel model, double amount, double delta = 0);

    PrivacyModel model() const { return model_; }
    // What a step may spend and the ledger charges: ε (pure) or ρ (zCDP).
    double amount() const { return amount_; }
    // zCDP: the δ at which ρ is stated as (ε, δ)-DP (public; 0 = not
    // stated). Always 0 under pure ε-DP.
    double delta() const { return delta_; }
    // The ε of the guarantee: ε itself (pure), or the smallest ε with
    // (ε, δ)-DP at delta() (zCDP; 0 when δ is not stated).
    double epsilonAtDelta() const;
    // "epsilon" | "rho": the unit of amount() (privacy_model.h).
    const char* unit() const { return budgetName(model_); }
    // For people: "pure epsilon-DP, epsilon = 1" or
    // "zCDP, rho = 0.05 (implies (1.54, 1e-06)-DP)" (δ stated).
    std::string describe() const;

    friend bool operator==(const Budget&, const Budget&) = default;

private:
    Budget(PrivacyModel model, double amount, double delta) : model_(model), amount_(amount), delta_(delta) {}

    PrivacyModel model_ = PrivacyModel::Pure;
    double amount_ = 1.0;
    double delta_ = 0.0;
};

}  // namespace streamsynth::privacy
