// PrivacyChoice -> the run's budgets (privacy_choice.h).
#include "core/api/privacy_choice.h"

#include <algorithm>
#include <cmath>

#include "core/common/error.h"
#include "core/privacy/counter.h"
#include "core/privacy/epsilon_range.h"
#include "core/privacy/zcdp_conversion.h"

namespace streamsynth::api {

PrivacyBudgets resolvePrivacy(const PrivacyChoice& choice) {
    PrivacyBudgets out;
    out.model = choice.model;
    const bool zcdp = choice.model == privacy::PrivacyModel::ZCdp;
    // The typed values are ε's unless ρ was typed under zCDP.
    const privacy::PrivacyModel typed =
        zcdp && !choice.fromEpsilonDelta ? privacy::PrivacyModel::ZCdp : privacy::PrivacyModel::Pure;
    if (choice.values.empty())
        throw settingError(privacy::budgetName(typed),
                           std::string(privacy::budgetName(typed)) + " is missing");
    // The range a user may ask for (privacy/epsilon_range.h), as the CLI checks it.
    for (double v : choice.values) privacy::checkUserBudget(typed, v, privacy::budgetName(typed));
    if (!zcdp) {
        out.budgets = choice.values;
        return out;
    }
    if (!(choice.delta > 0 && choice.delta < 1))
        throw settingError("delta", "delta must be strictly between 0 and 1");
    out.delta = choice.delta;
    for (double v : choice.values) {
        const double rho = choice.fromEpsilonDelta ? privacy::zcdpRhoFor(v, choice.delta) : v;
        out.budgets.push_back(rho);
        out.epsilons.push_back(privacy::zcdpEpsilon(rho, choice.delta));
    }
    return out;
}

bool counterSupportsModel(const std::string& counter, privacy::PrivacyModel model) {
    try {
        // Parsed under zCDP, where every type exists, then asked about the model.
        return privacy::supportsModel(privacy::parseCounterSpec(counter, privacy::PrivacyModel::ZCdp).type,
                                      model);
    } catch (const Error&) {
        return false;
    }
}

std::string defaultCounter(privacy::PrivacyModel, long long) {
    return "simple";
}

std::string bestRunningCounter(privacy::PrivacyModel model, long long steps) {
    const std::string t = std::to_string(std::max(1LL, steps));
    return model == privacy::PrivacyModel::ZCdp ? "sqrt:" + t : "elders:7:" + t;
}

}  // namespace streamsynth::api
