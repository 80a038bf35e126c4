// The accepted range of a user's budget; see epsilon_range.h.
#include "core/values/epsilon_range.h"

#include <cmath>

#include "core/values/error.h"
#include "core/values/number_text.h"

namespace streamsynth::privacy {

void checkUserBudget(PrivacyModel model, double budget, const std::string& setting, const std::string& who) {
    const std::string name = budgetName(model);
    const std::string of = who.empty() ? std::string() : " of " + who;
    const double low = model == PrivacyModel::ZCdp ? kMinUserRho : kMinUserEpsilon;
    const std::string range = "choose " + name + " between " + shortestNumberText(low) + " and " +
                              shortestNumberText(kMaxUserBudget);
    if (!std::isfinite(budget) || budget <= 0)
        throw settingError(setting, name + of + " must be a finite number > 0");
    if (budget < low)
        throw settingError(setting, name + of + " = " + shortestNumberText(budget) + " is below " +
                                        shortestNumberText(low) +
                                        ": the noise would bury every count under about a million times its "
                                        "sensitivity (and overflow the samplers); " +
                                        range);
    if (budget > kMaxUserBudget)
        throw settingError(
            setting, name + of + " = " + shortestNumberText(budget) + " is above " +
                         shortestNumberText(kMaxUserBudget) +
                         ": that is no privacy guarantee, and the discrete noise would vanish; " + range);
}

}  // namespace streamsynth::privacy
