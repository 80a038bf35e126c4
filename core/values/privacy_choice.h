// The value types of core/api/privacy_choice.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

#include "core/values/privacy_model.h"

namespace streamsynth::api {

// A registered counter kind as a front end lists it, in the registry's order.
struct CounterChoice {
    enum class Args {
        None,
        BlockSize,
        Horizon,
        ArityHorizon
    };                 // "simple", "block:B", "tree:T", "elders:K:T"
    std::string name;  // "elders"
    Args args = Args::None;
    bool pureDp = true;  // admitted under pure ε-DP (every kind is under zCDP)
    // English words, translated by the GUI in the context "CounterKind".
    std::string title, about;
};

}  // namespace streamsynth::api
