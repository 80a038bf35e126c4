// xoshiro256** (Blackman & Vigna 2018) seeded through splitmix64: fast,
// 256-bit state, passes BigCrush; state serialises as four hex words.
#include <array>
#include <cstdio>
#include <sstream>

#include "core/privacy/rng.h"
#include "core/values/error.h"

namespace streamsynth::privacy {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

// FNV-1a, to turn a stream label into seed material.
std::uint64_t hashLabel(const std::string& s) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : s) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

class SeededRng final : public Rng {
public:
    SeededRng(std::uint64_t seed, std::string label) : seed_(seed), label_(std::move(label)) {
        std::uint64_t x = seed ^ (label_.empty() ? 0 : rotl(hashLabel(label_), 17));
        for (auto& w : s_) w = splitmix64(x);
    }

    std::uint64_t nextU64() override {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    bool isSecure() const noexcept override { return false; }

    std::string saveState() const override {
        char buf[4 * 17 + 8];
        std::snprintf(buf, sizeof buf, "x256:%016llx%016llx%016llx%016llx",
                      static_cast<unsigned long long>(s_[0]), static_cast<unsigned long long>(s_[1]),
                      static_cast<unsigned long long>(s_[2]), static_cast<unsigned long long>(s_[3]));
        return buf;
    }

    void loadState(const std::string& state) override {
        if (state.size() != 5 + 64 || state.compare(0, 5, "x256:") != 0)
            throw Error(ErrorKind::Session, "the random generator state is not a seeded xoshiro256** state");
        std::array<std::uint64_t, 4> s{};
        for (int i = 0; i < 4; ++i) {
            const std::string word = state.substr(5 + 16 * static_cast<size_t>(i), 16);
            std::size_t used = 0;
            s[static_cast<size_t>(i)] = std::stoull(word, &used, 16);
            if (used != 16) throw Error(ErrorKind::Session, "the random generator state is damaged");
        }
        s_ = s;
    }

    std::string describe() const override {
        std::ostringstream o;
        o << "seeded xoshiro256** (seed " << seed_;
        if (!label_.empty()) o << ", stream '" << label_ << "'";
        o << ")";
        return o.str();
    }

private:
    std::uint64_t seed_;
    std::string label_;
    std::array<std::uint64_t, 4> s_{};
};

}  // namespace

std::unique_ptr<Rng> makeSeededRng(std::uint64_t seed) {
    return std::make_unique<SeededRng>(seed, std::string());
}

std::unique_ptr<Rng> makeSeededRng(std::uint64_t seed, const std::string& streamLabel) {
    return std::make_unique<SeededRng>(seed, streamLabel);
}

}  // namespace streamsynth::privacy
