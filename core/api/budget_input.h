// The one parser of a user's privacy budget, shared by the GUI (the privacy
// fields of the experiment panel and the counter comparison) and the CLI
// (--privacy with --epsilon, --rho and --delta): the text typed becomes
// privacy::Budget values (core/privacy/budget.h), validated here once and
// carried by value from here to the noise draw. Pure ε-DP takes ε; ρ-zCDP
// takes ρ (stated at δ, 1e-6 when none is given) or (ε, δ), converted to the
// largest ρ that implies it (privacy/zcdp_conversion.h).
#pragma once

#include <string>
#include <vector>

#include "core/values/budget.h"
#include "core/values/budget_input.h"

namespace streamsynth::api {

// Parses and validates: every value a finite number (no empty item: "1,,2"
// and "1," are refused), > 0 and inside the range a user may ask for
// (privacy/epsilon_range.h); under zCDP δ strictly between 0 and 1. Never
// throws: a refusal is returned with its reason.
ParsedBudgets readBudgets(const BudgetInput& input);

// The same, throwing: settingError(prefix + setting, message) on a refusal
// (the CLI passes "--", so the error names the option).
std::vector<privacy::Budget> parseBudgets(const BudgetInput& input, const std::string& prefix = {});

// The same, keeping the values as typed beside the budgets (the CLI's `plan`
// shows its errors at the ε typed, not at the ρ it converts to).
ParsedBudgets parseTypedBudgets(const BudgetInput& input, const std::string& prefix = {});

// A zCDP δ as readBudgets reads one (empty: kDefaultStatedDelta), for an
// input that states δ without a budget (the CLI's `plan` proposing ε at δ):
// settingError(prefix + "delta", …) unless a finite number in (0, 1).
double parseDelta(const std::string& typed, const std::string& prefix = {});

// The typed unit of an input: "epsilon" (pure, or zCDP from (ε, δ)) or "rho".
const char* typedUnit(const BudgetInput& input);

}  // namespace streamsynth::api
