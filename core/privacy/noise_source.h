// Where counters and measurements get their noise: one virtual call fills a whole array of
// cells with independent draws of one scale, so vector counters stay a tight
// loop. Tests substitute a recording source (returns 0 or 1 and logs each
// call's scale and time), as PGM.md §11 item 9 asks.
#pragma once

#include <functional>
#include <memory>
#include <span>

#include "core/privacy/calibration.h"
#include "core/privacy/laplace.h"
#include "core/privacy/rng.h"

namespace streamsynth::privacy {

class NoiseSource {
public:
    virtual ~NoiseSource();
    // Overwrites out with out.size() independent noise draws of this scale
    // (calibrate(): a sampler refuses a scale calibrated in another model).
    // time = the counter's time (1-based) at which they are drawn.
    virtual void fill(std::span<double> out, NoiseScale scale, long long time, Rng& rng) = 0;
};

// The sampler of a kind: Laplace (scale b), discrete Laplace (exact integer
// sampler), Gaussian (scale σ), discrete Gaussian (exact integer sampler).
// While a test has set a factory, its source instead (see below).
std::shared_ptr<NoiseSource> makeNoiseSource(NoiseKind kind);

// Tests only (the NoiseSource seam at the level of a whole run): while set,
// makeNoiseSource returns the factory's source, so a test can record every
// draw of a run started from the GUI (tests/ui/test_epsilon_path.cpp); an
// empty function restores the samplers. Never set by the product: the sealed
// api library keeps this symbol local, so the GUI and the CLI cannot call it.
using NoiseSourceFactory = std::function<std::shared_ptr<NoiseSource>(NoiseKind)>;
void setNoiseSourceFactoryForTests(NoiseSourceFactory factory);

}  // namespace streamsynth::privacy
