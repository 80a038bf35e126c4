// The one source of randomness. Every random draw of every mechanism,
// counter, streamer and sampler goes through an Rng, so that a seeded run
// reproduces bit for bit and a release can use the operating system's
// cryptographically secure entropy instead (SPEC §3).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace streamsynth::privacy {

class Rng {
public:
    virtual ~Rng() = default;

    // 64 uniformly random bits.
    virtual std::uint64_t nextU64() = 0;
    // True for the OS-entropy source (release mode).
    virtual bool isSecure() const noexcept = 0;
    // Opaque, portable state for sessions; loadState(saveState()) resumes the
    // exact sequence. The secure source saves nothing and ignores loads.
    virtual std::string saveState() const = 0;
    virtual void loadState(const std::string& state) = 0;
    // Short description for manifests ("seeded xoshiro256** seed=42", "os-entropy").
    virtual std::string describe() const = 0;

    // Uniform double in [0, 1) with 53 random bits.
    double uniform01();
    // Uniform double in (0, 1): never 0, safe for log().
    double uniformOpen01();
    // Unbiased uniform integer in [0, n); n >= 1 (Lemire's method).
    std::uint64_t uniformBelow(std::uint64_t n);
    // One fair bit.
    bool bit();
};

// A fast, seeded generator (xoshiro256**, seeded through splitmix64): for
// experiments and tests. Not for real releases.
std::unique_ptr<Rng> makeSeededRng(std::uint64_t seed);
// Independent stream for a (seed, label) pair, e.g. one per series: adding a
// series never changes another series' draws.
std::unique_ptr<Rng> makeSeededRng(std::uint64_t seed, const std::string& streamLabel);
// The operating system's cryptographically secure entropy (getrandom(2)).
std::unique_ptr<Rng> makeSecureRng();

}  // namespace streamsynth::privacy
