// The privacy loss of a stream over all of its published series. The series
// of one stream read the same rows, so their guarantees compose
// sequentially: ε₁ + ε₂ + … under ε-DP, ρ₁ + ρ₂ + … under zCDP (Bun &
// Steinke 2016, Lemma 2.3), which implies (ε, δ)-DP by the conversion of
// Canonne, Kamath & Steinke 2020 (privacy/zcdp_conversion.h). Each series'
// own guarantee holds for the whole stream (event level, privacy/ledger.h).
#pragma once

#include <string>
#include <vector>

namespace streamsynth::registry {

struct SeriesBudget {
    std::string series;
    double budget = 0;  // ε, or ρ under zcdp
};

struct StreamTotal {
    std::string model = "pure";  // "pure" | "zcdp"
    std::vector<SeriesBudget> series;
    double sum = 0;      // Σ budgets: ε (pure) or ρ (zcdp), exact as stored
    double delta = 0;    // zcdp: the δ of epsilon
    double epsilon = 0;  // pure: sum; zcdp: the ε at delta that sum implies (0 when delta is 0)
};

// The total of the given series (each counted once; sum in the given order).
StreamTotal streamTotal(const std::string& model, const std::vector<SeriesBudget>& series, double delta);

// A number for people: at most `digits` significant digits, trailing zeros
// dropped ("1", not "0.9999999999999998"; "0.35"); the exact value belongs in
// tooltips and JSON.
std::string roundedText(double value, int digits = 4);
// "ε = 3" or "ρ = 0.15 (ε = 2.1 at δ = 1e-06)", rounded for people.
std::string totalText(const StreamTotal& total);

}  // namespace streamsynth::registry
