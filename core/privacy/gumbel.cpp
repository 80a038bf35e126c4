// Gumbel sampler by inversion.
#include "core/privacy/gumbel.h"

#include <cmath>

namespace streamsynth::privacy {

double sampleGumbel(Rng& rng, double scale) {
    return -scale * std::log(-std::log(rng.uniformOpen01()));
}

}  // namespace streamsynth::privacy
