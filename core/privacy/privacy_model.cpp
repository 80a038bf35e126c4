// Names and validation of the two privacy models.
#include "core/values/privacy_model.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/values/error.h"
#include "core/values/number_text.h"

namespace streamsynth::privacy {

const char* privacyModelName(PrivacyModel model) {
    return model == PrivacyModel::ZCdp ? "zcdp" : "pure";
}

PrivacyModel parsePrivacyModel(const std::string& text) {
    std::string s = text;
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (s == "pure" || s == "epsilon" || s == "dp") return PrivacyModel::Pure;
    if (s == "zcdp" || s == "rho") return PrivacyModel::ZCdp;
    throw settingError("privacy", "unknown privacy model '" + text + "' (pure or zcdp)");
}

const char* budgetName(PrivacyModel model) {
    return model == PrivacyModel::ZCdp ? "rho" : "epsilon";
}

const char* budgetSymbol(PrivacyModel model) {
    return model == PrivacyModel::ZCdp ? "ρ" : "ε";
}

void requireBudget(PrivacyModel model, double budget) {
    if (!(std::isfinite(budget) && budget > 0.0))
        throw settingError(budgetName(model), std::string(budgetName(model)) +
                                                  " must be a finite number > 0, got " +
                                                  shortestNumberText(budget));
}

}  // namespace streamsynth::privacy
