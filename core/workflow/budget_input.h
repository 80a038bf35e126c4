// The workflow behind core/api/budget_input.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/budget.h"
#include "core/values/budget_input.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

ParsedBudgets readBudgets(const BudgetInput& input);
std::vector<privacy::Budget> parseBudgets(const BudgetInput& input, const std::string& prefix = {});
ParsedBudgets parseTypedBudgets(const BudgetInput& input, const std::string& prefix = {});
double parseDelta(const std::string& typed, const std::string& prefix = {});
const char* typedUnit(const BudgetInput& input);

}  // namespace streamsynth::workflow
