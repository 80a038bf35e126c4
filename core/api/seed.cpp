// One draw of the OS entropy source; see seed.h.
#include "core/api/seed.h"

#include "core/privacy/rng.h"

namespace streamsynth::api {

std::uint64_t seedFromOsEntropy() {
    return privacy::makeSecureRng()->nextU64();
}

}  // namespace streamsynth::api
