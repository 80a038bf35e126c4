// The privacy model of a run: pure ε-DP (Laplace / discrete
// Laplace noise, the paper's model) or ρ-zero-concentrated DP (Bun & Steinke
// 2016; Gaussian / discrete Gaussian noise). A run's budget, every ledger
// charge and every counter's budget are numbers in the run's model: ε for
// `pure`, ρ for `zcdp`. Both compose additively over the mechanisms that read
// the same rows, which is all the ledger needs (ledger.h).
#pragma once

#include <string>

namespace streamsynth::privacy {

enum class PrivacyModel { Pure, ZCdp };

const char* privacyModelName(PrivacyModel model);  // "pure" | "zcdp"
// "pure" | "zcdp" (also "zCDP", "rho"); settingError("privacy") otherwise.
PrivacyModel parsePrivacyModel(const std::string& text);
// Name of the budget's unit: "epsilon" | "rho" (settings, JSON keys).
const char* budgetName(PrivacyModel model);
// "ε" | "ρ" for tables the steward reads (the stream ledger).
const char* budgetSymbol(PrivacyModel model);

// A budget of the model is a finite number > 0; settingError(budgetName(model))
// naming the value otherwise. The one validation of every ε and ρ.
void requireBudget(PrivacyModel model, double budget);

}  // namespace streamsynth::privacy
