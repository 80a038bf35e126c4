// The production noise sources (one per noise kind) and the tests' seam.
#include "core/privacy/noise_source.h"

#include <string>
#include <utility>

#include "core/privacy/discrete_laplace.h"
#include "core/privacy/gaussian.h"
#include "core/values/error.h"

namespace streamsynth::privacy {

NoiseSource::~NoiseSource() = default;

namespace {

// A typed scale's value for a sampler of `model` (Error(Setting) when it was calibrated in another).
double valueIn(NoiseScale scale, PrivacyModel model) {
    if (scale.model() != model)
        throw settingError("noise", std::string("a noise scale calibrated for ") +
                                        privacyModelName(scale.model()) + " was given to a " +
                                        privacyModelName(model) + " sampler");
    return scale.value();
}

class LaplaceSource final : public NoiseSource {
    static constexpr PrivacyModel kModel = PrivacyModel::Pure;

public:
    void fill(std::span<double> out, NoiseScale typed, long long, Rng& rng) override {
        const double scale = valueIn(typed, kModel);
        for (double& x : out) x = sampleLaplace(rng, scale);
    }
};

class DiscreteLaplaceSource final : public NoiseSource {
    static constexpr PrivacyModel kModel = PrivacyModel::Pure;

public:
    void fill(std::span<double> out, NoiseScale typed, long long, Rng& rng) override {
        const double scale = valueIn(typed, kModel);
        const RationalScale r = snapDiscreteScale(scale);  // once per fill, not per cell
        for (double& x : out) x = static_cast<double>(sampleDiscreteLaplace(rng, r));
    }
};

class GaussianSource final : public NoiseSource {
    static constexpr PrivacyModel kModel = PrivacyModel::ZCdp;

public:
    void fill(std::span<double> out, NoiseScale typed, long long, Rng& rng) override {
        const double scale = valueIn(typed, kModel);
        for (double& x : out) x = sampleGaussian(rng, scale);
    }
};

class DiscreteGaussianSource final : public NoiseSource {
    static constexpr PrivacyModel kModel = PrivacyModel::ZCdp;

public:
    void fill(std::span<double> out, NoiseScale typed, long long, Rng& rng) override {
        const double scale = valueIn(typed, kModel);
        const RationalVariance v = snapDiscreteGaussianVariance(scale);  // once per fill
        for (double& x : out) x = static_cast<double>(sampleDiscreteGaussian(rng, v));
    }
};

}  // namespace

namespace {
NoiseSourceFactory& testFactory() {
    static NoiseSourceFactory factory;
    return factory;
}
}  // namespace

void setNoiseSourceFactoryForTests(NoiseSourceFactory factory) {
    testFactory() = std::move(factory);
}

std::shared_ptr<NoiseSource> makeNoiseSource(NoiseKind kind) {
    if (const NoiseSourceFactory& factory = testFactory()) return factory(kind);
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
