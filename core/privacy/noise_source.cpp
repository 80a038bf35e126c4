// The two production noise sources.
#include "core/privacy/noise_source.h"

#include "core/privacy/discrete_laplace.h"
#include "core/privacy/gaussian.h"

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

class GaussianSource final : public NoiseSource {
public:
    void fill(std::span<double> out, double scale, long long, Rng& rng) override {
        for (double& x : out) x = sampleGaussian(rng, scale);
    }
};

class DiscreteGaussianSource final : public NoiseSource {
public:
    void fill(std::span<double> out, double scale, long long, Rng& rng) override {
        const RationalVariance v = snapDiscreteGaussianVariance(scale);  // once per fill
        for (double& x : out) x = static_cast<double>(sampleDiscreteGaussian(rng, v));
    }
};

}  // namespace

std::shared_ptr<NoiseSource> makeNoiseSource(NoiseKind kind) {
    switch (kind) {
        case NoiseKind::Laplace:
            return std::make_shared<LaplaceSource>();
        case NoiseKind::DiscreteLaplace:
            return std::make_shared<DiscreteLaplaceSource>();
        case NoiseKind::Gaussian:
            return std::make_shared<GaussianSource>();
        case NoiseKind::DiscreteGaussian:
            return std::make_shared<DiscreteGaussianSource>();
    }
    return std::make_shared<LaplaceSource>();
}

}  // namespace streamsynth::privacy
