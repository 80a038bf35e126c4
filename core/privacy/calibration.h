// The one calibration of StreamSynth's noise: a mechanism's budget (its
// share of the series' ε or ρ) and its sensitivity → the scale of its noise,
// typed by the model it was calibrated for, which the noise sources check.
// Pure ε-DP: the Laplace b = Δ₁/ε (Dwork, McSherry, Nissim & Smith 2006).
// ρ-zCDP: the Gaussian σ = Δ₂/√(2ρ) (Bun & Steinke 2016, Prop. 1.6).
// Every counter term, baseline measurement, noise hint and support check
// goes through calibrate(); the budget is validated there (requireBudget).
#pragma once

#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

// How far one row moves a mechanism's true answers. Counts move one cell by
// one (Δ₁ = Δ₂ = 1); a counter term sum holding one item in n of its terms
// (0/1 columns) has Δ₁ = Δ₂² = n, and the factorisation counters give their
// column norm squared. The square, where it is what is known, is kept so the
// square root is taken once (σ = √(Δ₂²/(2ρ))).
struct Sensitivity {
    double l1 = 1;
    double l2 = 1;  // Δ₂, or Δ₂² when l2IsSquared
    bool l2IsSquared = false;

    static Sensitivity ofCount() { return {1, 1, false}; }
    static Sensitivity ofTerms(double n) { return {n, n, true}; }
};

// A noise scale and the model it was calibrated in: a Laplace b (Pure) or a
// Gaussian σ (ZCdp). Only calibrate() and scaledBy() make one.
class NoiseScale {
public:
    PrivacyModel model() const { return model_; }
    double value() const { return value_; }
    // The same noise drawn in units of 1/factor (the factorisation counters'
    // lattice draws integers of scale 2^m·σ).
    NoiseScale scaledBy(double factor) const { return NoiseScale(model_, value_ * factor); }
    bool operator==(const NoiseScale&) const = default;

private:
    friend NoiseScale calibrate(PrivacyModel, double, Sensitivity);
    NoiseScale(PrivacyModel model, double value) : model_(model), value_(value) {}
    PrivacyModel model_;
    double value_;
};

// budget: ε (Pure) or ρ (ZCdp), finite and > 0 (requireBudget); the
// sensitivity's norms finite and > 0. Error(Setting) otherwise.
NoiseScale calibrate(PrivacyModel model, double budget, Sensitivity sensitivity);

}  // namespace streamsynth::privacy
