// Gumbel noise, for the Gumbel-max form of the exponential mechanism.
#pragma once

#include "core/privacy/rng.h"

namespace streamsynth::privacy {

// One draw of Gumbel(0, scale): -scale·log(-log(u)), u uniform on (0,1). scale > 0.
double sampleGumbel(Rng& rng, double scale = 1.0);

}  // namespace streamsynth::privacy
