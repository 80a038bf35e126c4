// Typed budget text -> privacy::Budget values (budget_input.h).
#include "core/workflow/budget_input.h"

#include <QString>
#include <cmath>

#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"

namespace streamsynth::workflow {
namespace {

ParsedBudgets refused(ParsedBudgets out, BudgetProblem problem, std::string setting, std::string message) {
    out.budgets.clear();
    out.problem = problem;
    out.setting = std::move(setting);
    out.message = std::move(message);
    return out;
}

// A number as both front ends have always read one (QString::toDouble, the
// C locale: a comma separates values, it is never a decimal point).
bool readNumber(const std::string& text, double& value) {
    bool ok = false;
    value = QString::fromStdString(text).trimmed().toDouble(&ok);
    return ok && std::isfinite(value);
}

std::string trimmedItem(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// The items of a comma-separated list, trimmed (empty items kept, to be refused).
std::vector<std::string> listItems(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        out.push_back(
            trimmedItem(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

// δ as typed (empty: kDefaultStatedDelta); false with the reason when refused.
bool readDelta(const std::string& typed, double& delta, std::string& why) {
    const std::string d = trimmedItem(typed);
    if (d.empty()) {
        delta = kDefaultStatedDelta;
        return true;
    }
    if (!readNumber(d, delta)) {
        why = quotedText(d) + " is not a finite number";
        return false;
    }
    if (!(delta > 0 && delta < 1)) {
        why = "delta must be strictly between 0 and 1";
        return false;
    }
    return true;
}

}  // namespace

const char* typedUnit(const BudgetInput& input) {
    const bool rho = input.model == privacy::PrivacyModel::ZCdp && !input.fromEpsilonDelta;
    return privacy::budgetName(rho ? privacy::PrivacyModel::ZCdp : privacy::PrivacyModel::Pure);
}

ParsedBudgets readBudgets(const BudgetInput& input) {
    ParsedBudgets out;
    const std::string unit = typedUnit(input);
    if (trimmedItem(input.values).empty())
        return refused(out, BudgetProblem::NoValue, unit, unit + " is missing");
    for (const std::string& item : listItems(input.values)) {
        double v = 0;
        if (item.empty() || !readNumber(item, v)) {
            out.typed.clear();  // not a list of numbers
            if (item.empty())
                return refused(out, BudgetProblem::NoValue, unit,
                               "an empty value in " + quotedText(input.values));
            return refused(out, BudgetProblem::NotANumber, unit,
                           quotedText(item) + " is not a finite number");
        }
        out.typed.push_back(v);
    }
    for (double v : out.typed)
        if (!(v > 0))
            return refused(out, BudgetProblem::NotPositive, unit,
                           unit + " must be a finite number > 0, got " + shortestNumberText(v));
    double delta = 0;
    if (input.model == privacy::PrivacyModel::ZCdp) {
        if (trimmedItem(input.delta).empty() && input.fromEpsilonDelta)
            return refused(out, BudgetProblem::Delta, "delta",
                           "converting epsilon to rho needs delta (the rho is the one that implies "
                           "(epsilon, delta)-DP)");
        std::string why;
        if (!readDelta(input.delta, delta, why)) return refused(out, BudgetProblem::Delta, "delta", why);
    }
    try {
        for (double v : out.typed)
            out.budgets.push_back(input.fromEpsilonDelta && input.model == privacy::PrivacyModel::ZCdp
                                      ? privacy::Budget::requestedFor(v, delta, unit)
                                      : privacy::Budget::requested(input.model, v, delta, unit));
    } catch (const Error& e) {
        return refused(out, BudgetProblem::OutOfRange, e.context().setting, e.message());
    }
    return out;
}

ParsedBudgets parseTypedBudgets(const BudgetInput& input, const std::string& prefix) {
    ParsedBudgets p = readBudgets(input);
    if (!p.ok()) throw settingError(prefix + p.setting, p.message);
    return p;
}

std::vector<privacy::Budget> parseBudgets(const BudgetInput& input, const std::string& prefix) {
    return parseTypedBudgets(input, prefix).budgets;
}

double parseDelta(const std::string& typed, const std::string& prefix) {
    double delta = 0;
    std::string why;
    if (!readDelta(typed, delta, why)) throw settingError(prefix + "delta", why);
    return delta;
}

}  // namespace streamsynth::workflow
