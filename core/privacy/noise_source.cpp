// The two production noise sources.
#include "core/privacy/noise_source.h"

#include "core/privacy/discrete_laplace.h"

namespace streamsynth::privacy {

NoiseSource::~NoiseSource() = default;

namespace {

class LaplaceSource final : public NoiseSource {
public:
    void fill(std::span<double> out, double scale, long long, Rng& rng) override {
        for (double& x : out) x = sampleLaplace(rng, scale);
    }
};

class DiscreteLaplaceSource final : public NoiseSource {
public:
    void fill(std::span<double> out, double scale, long long, Rng& rng) override {
        const RationalScale r = snapDiscreteScale(scale);  // once per fill, not per cell
        for (double& x : out) x = static_cast<double>(sampleDiscreteLaplace(rng, r));
    }
};

}  // namespace

std::shared_ptr<NoiseSource> makeNoiseSource(NoiseKind kind) {
    if (kind == NoiseKind::Laplace) return std::make_shared<LaplaceSource>();
    return std::make_shared<DiscreteLaplaceSource>();
}

}  // namespace streamsynth::privacy
