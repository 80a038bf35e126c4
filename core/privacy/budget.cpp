// The budget value type (see budget.h).
#include "core/values/budget.h"

#include "core/values/epsilon_range.h"
#include "core/values/error.h"
#include "core/values/number_text.h"
#include "core/values/zcdp_conversion.h"

namespace streamsynth::privacy {
namespace {

// δ of a zCDP statement: 0 (not stated) or strictly between 0 and 1.
void requireDelta(PrivacyModel model, double delta) {
    if (model == PrivacyModel::Pure) {
        if (delta != 0.0) throw settingError("delta", "pure epsilon-DP has no delta");
        return;
    }
    if (!(delta == 0.0 || (delta > 0.0 && delta < 1.0)))
        throw settingError("delta", "delta must be strictly between 0 and 1");
}

}  // namespace

Budget Budget::requested(PrivacyModel model, double amount, double delta, const std::string& setting) {
    checkUserBudget(model, amount, setting.empty() ? std::string(budgetName(model)) : setting);
    requireDelta(model, delta);
    return Budget(model, amount, delta);
}

Budget Budget::requestedFor(double epsilon, double delta, const std::string& setting) {
    checkUserBudget(PrivacyModel::Pure, epsilon, setting);
    if (!(delta > 0.0 && delta < 1.0)) throw settingError("delta", "delta must be strictly between 0 and 1");
    const double rho = zcdpRhoFor(epsilon, delta);
    // A tiny ε at a small δ gives a ρ below the range of ρ: refused as if typed.
    checkUserBudget(PrivacyModel::ZCdp, rho, setting);
    return Budget(PrivacyModel::ZCdp, rho, delta);
}

Budget Budget::of(PrivacyModel model, double amount, double delta) {
    requireBudget(model, amount);
    requireDelta(model, delta);
    return Budget(model, amount, delta);
}

double Budget::epsilonAtDelta() const {
    if (model_ == PrivacyModel::Pure) return amount_;
    return delta_ > 0.0 ? zcdpEpsilon(amount_, delta_) : 0.0;
}

std::string Budget::describe() const {
    if (model_ == PrivacyModel::Pure) return "pure epsilon-DP, epsilon = " + shortestNumberText(amount_);
    std::string out = "zCDP, rho = " + shortestNumberText(amount_);
    if (delta_ > 0.0)
        out += " (implies (" + shortestNumberText(epsilonAtDelta()) + ", " + shortestNumberText(delta_) +
               ")-DP)";
    return out;
}

}  // namespace streamsynth::privacy
