// The value types of core/api/budget_input.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

#include "core/values/budget.h"

namespace streamsynth::api {

// The δ at which a typed ρ is stated when the user gives none (public).
inline constexpr double kDefaultStatedDelta = 1e-6;

struct BudgetInput {
    privacy::PrivacyModel model = privacy::PrivacyModel::Pure;
    // As typed: one number or a comma-separated list ("0.5, 1, 2"), one
    // series each: ε (pure ε-DP, or zCDP with fromEpsilonDelta) or ρ.
    std::string values;
    // zCDP only: the values are ε's, each converted at delta to a ρ.
    bool fromEpsilonDelta = false;
    // zCDP only, as typed: δ of the conversion (required with ε) or of the
    // statement of a typed ρ (empty: kDefaultStatedDelta). Ignored under pure.
    std::string delta;
};

// Why a budget text was refused, for a front end that words it itself (the
// GUI translates the first three; the others keep the core's sentence).
enum class BudgetProblem { None, NoValue, NotANumber, NotPositive, OutOfRange, Delta };

struct ParsedBudgets {
    std::vector<privacy::Budget> budgets;  // one per typed value, in order; empty unless ok()
    std::vector<double> typed;             // the values as typed (ε or ρ), when they are numbers
    BudgetProblem problem = BudgetProblem::None;
    std::string setting;  // "epsilon", "rho" or "delta": what was refused
    std::string message;  // the refusal in English, for the CLI and logs
    bool ok() const { return problem == BudgetProblem::None; }
};

}  // namespace streamsynth::api
