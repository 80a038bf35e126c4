// A continual counter's specification as a value (core/privacy/counter.h
// holds the counters; core/privacy/counter_kinds.h the registry of kinds;
// implemented in core/privacy/counter_spec_text.cpp): its kind, parameters
// and noise, in text and back.
#pragma once

#include <string>

#include "core/values/noise_kind.h"
#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

struct CounterSpec {
    // A registered kind's name (counter_kinds.h): "simple", "elders", …
    std::string kind = "simple";
    long long blockSize = 0;               // block-size kinds (block:B), >= 1
    long long horizon = 0;                 // bounded kinds (hasHorizon), >= 1: the most feeds allowed
    int arity = 0;                         // arity kinds (elders:K:T): K, odd, 3..63
    NoiseKind noise = NoiseKind::Laplace;  // its model is the counter's privacy model
    bool operator==(const CounterSpec&) const = default;
};

// Kinds fed at most `horizon` times (tree:T, honaker:T, sqrt:T, smooth-binary:T, elders:K:T).
bool hasHorizon(const CounterSpec& spec);
// Kinds usable in a model: sqrt:T and sqrt-unbounded only under zCDP; every other kind in both.
bool supportsModel(const CounterSpec& spec, PrivacyModel model);

// A registered kind's grammar (counter_kinds.h: "simple", "block:B",
// "unbounded-block", "tree:T", "hybrid", "honaker:T", "sqrt:T", "sqrt-unbounded",
// "smooth-binary:T", "elders:K:T", …), each optionally followed by
// "+discrete" (the model's discrete noise). The noise kind follows the model:
// Laplace / discrete Laplace for pure, Gaussian / discrete Gaussian for zcdp.
// settingError("counter", …) on unknown text or a type the model cannot use.
CounterSpec parseCounterSpec(const std::string& text, PrivacyModel model = PrivacyModel::Pure);
std::string counterSpecToString(const CounterSpec& spec);  // without the model (it is the run's)
// Validates the spec's parameters (settingError("counter", …)).
void validateCounterSpec(const CounterSpec& spec);

}  // namespace streamsynth::privacy
