// The counter simulation: R repetitions run as the R cells of one vector
// counter, so a 1,000-step, 500-rep run is a few milliseconds of loops.
#include "core/values/counter_simulation.h"

#include <cmath>
#include <string>

#include "core/privacy/seed_streams.h"
#include "core/privacy/vector_counter.h"
#include "core/values/error.h"

namespace streamsynth::privacy {

std::vector<CounterSimulationRow> simulateCounter(const CounterSimulationSettings& s,
                                                  const std::function<bool(long long, long long)>& progress) {
    requireBudget(privacyModelOf(s.spec.noise), s.budget);
    validateCounterSpec(s.spec);
    if (s.steps < 1 || s.steps > 100'000'000) throw settingError("steps", "steps must be between 1 and 10^8");
    if (s.reps < 1 || s.reps > 10'000'000) throw settingError("reps", "reps must be between 1 and 10^7");
    if (s.steps * s.reps > 2'000'000'000LL) throw settingError("reps", "steps x reps must be at most 2·10^9");
    if (hasHorizon(s.spec) && s.steps > s.spec.horizon)
        throw settingError("steps", "steps (" + std::to_string(s.steps) + ") exceed the counter's horizon " +
                                        std::to_string(s.spec.horizon));
    if (!(s.onesProbability >= 0.0 && s.onesProbability <= 1.0))
        throw settingError("ones-probability", "must be in [0, 1]");

    auto rng = makeSeededRng(s.seed, seedstream::kCounterSimulation);
    const auto reps = static_cast<std::size_t>(s.reps);
    VectorCounter counter(s.spec, s.budget, reps);
    std::vector<double> truth(reps, 0.0), increments(reps, 0.0);
    std::vector<CounterSimulationRow> rows;
    rows.reserve(static_cast<std::size_t>(s.steps));
    // Threshold on 53-bit uniforms: increment 1 with probability onesProbability.
    for (long long t = 1; t <= s.steps; ++t) {
        for (std::size_t r = 0; r < reps; ++r) {
            increments[r] = rng->uniform01() < s.onesProbability ? 1.0 : 0.0;
            truth[r] += increments[r];
        }
        counter.feed(increments, *rng);
        const auto values = counter.values();
        double squared = 0.0;
        for (std::size_t r = 0; r < reps; ++r) {
            const double e = values[r] - truth[r];
            squared += e * e;
        }
        rows.push_back({t, std::sqrt(squared / static_cast<double>(reps)), std::sqrt(counter.variance())});
        if (progress && !progress(t, s.steps)) break;
    }
    return rows;
}

}  // namespace streamsynth::privacy
