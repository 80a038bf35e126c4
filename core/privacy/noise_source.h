// Where counters and measurements get their noise: one virtual call fills a whole array of
// cells with independent draws of one scale, so vector counters stay a tight
// loop. Tests substitute a recording source (returns 0 or 1 and logs each
// call's scale and time), as PGM.md §11 item 9 asks.
#pragma once

#include <memory>
#include <span>

#include "core/privacy/laplace.h"
#include "core/privacy/rng.h"

namespace streamsynth::privacy {

class NoiseSource {
public:
    virtual ~NoiseSource();
    // Overwrites out with out.size() independent noise draws of this scale.
    // time = the counter's time (1-based) at which they are drawn.
    virtual void fill(std::span<double> out, double scale, long long time, Rng& rng) = 0;
};

// The sampler of a kind: Laplace (scale b), discrete Laplace (exact integer
// sampler), Gaussian (scale σ), discrete Gaussian (exact integer sampler).
std::shared_ptr<NoiseSource> makeNoiseSource(NoiseKind kind);

}  // namespace streamsynth::privacy
