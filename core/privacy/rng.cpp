// Derived draws shared by every Rng: uniform doubles and bounded integers.
#include "core/privacy/rng.h"

namespace streamsynth::privacy {

double Rng::uniform01() {
    return static_cast<double>(nextU64() >> 11) * 0x1.0p-53;
}

double Rng::uniformOpen01() {
    // (k + 0.5) / 2^53 for k in [0, 2^53): symmetric, never 0 or 1.
    return (static_cast<double>(nextU64() >> 11) + 0.5) * 0x1.0p-53;
}

std::uint64_t Rng::uniformBelow(std::uint64_t n) {
    // Lemire, "Fast random integer generation in an interval" (2019):
    // multiply-shift with rejection of the biased low region.
    if (n <= 1) return 0;
    __extension__ typedef unsigned __int128 u128;
    u128 m = static_cast<u128>(nextU64()) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) {
        const std::uint64_t threshold = (0 - n) % n;
        while (low < threshold) {
            m = static_cast<u128>(nextU64()) * n;
            low = static_cast<std::uint64_t>(m);
        }
    }
    return static_cast<std::uint64_t>(m >> 64);
}

bool Rng::bit() {
    return (nextU64() >> 63) != 0;
}

}  // namespace streamsynth::privacy
