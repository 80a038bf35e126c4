// Monte-Carlo comparison of a counter with its own variance formula: feeds R
// independent copies random 0/1 increments for T steps and reports, per step,
// the empirical RMSE of the released value against the true count and the
// theoretical standard deviation. Used by `streamsynth-cli counters` and the
// GUI's counter comparison view.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/values/counter_spec.h"

namespace streamsynth::privacy {

struct CounterSimulationSettings {
    CounterSpec spec;
    double budget = 1.0;     // the counter's budget: ε (pure) or ρ (zCDP, Gaussian spec.noise), finite > 0
    long long steps = 100;   // >= 1 (<= horizon for tree types)
    long long reps = 100;    // >= 1 independent repetitions
    std::uint64_t seed = 1;  // reproduces the rows bit for bit
    double onesProbability = 0.5;  // P(increment = 1) per step, in [0, 1]
};

struct CounterSimulationRow {
    long long step = 0;    // 1-based
    double rmse = 0;       // sqrt(mean over reps of (released − true)²)
    double theoryStd = 0;  // sqrt(theoreticalVariance(spec, ε, step))
};

// Runs the simulation (settingError on bad settings). progress, if set, is
// called after each step with (step, steps) and may return false to cancel
// (the rows so far are returned).
std::vector<CounterSimulationRow> simulateCounter(
    const CounterSimulationSettings& settings,
    const std::function<bool(long long, long long)>& progress = {});

}  // namespace streamsynth::privacy
