// core/api/budget_input.h over the workflow of core/workflow/budget_input.h.
#include "core/api/budget_input.h"

#include <utility>

#include "core/workflow/budget_input.h"

namespace streamsynth::api {

ParsedBudgets readBudgets(const BudgetInput& input) {
    return workflow::readBudgets(input);
}

std::vector<privacy::Budget> parseBudgets(const BudgetInput& input, const std::string& prefix) {
    return workflow::parseBudgets(input, prefix);
}

ParsedBudgets parseTypedBudgets(const BudgetInput& input, const std::string& prefix) {
    return workflow::parseTypedBudgets(input, prefix);
}

double parseDelta(const std::string& typed, const std::string& prefix) {
    return workflow::parseDelta(typed, prefix);
}

const char* typedUnit(const BudgetInput& input) {
    return workflow::typedUnit(input);
}

}  // namespace streamsynth::api
