// Continuous Laplace sampler, scale validation and per-term noise variance.
#include "core/privacy/laplace.h"

#include <cmath>
#include <string>

#include "core/privacy/discrete_laplace.h"
#include "core/privacy/gaussian.h"
#include "core/values/error.h"

namespace streamsynth::privacy {

double sampleLaplace(Rng& rng, double scale) {
    const std::uint64_t r = rng.nextU64();
    // 52 low-order-independent bits -> (k + 0.5)/2^52 in (0, 1), never 0 or 1.
    const double u = (static_cast<double>((r >> 11) & ((std::uint64_t{1} << 52) - 1)) + 0.5) * 0x1.0p-52;
    const double magnitude = -scale * std::log(u);
    return (r >> 63) ? -magnitude : magnitude;
}

void requireEpsilon(double epsilon) {
    requireBudget(PrivacyModel::Pure, epsilon);
}

bool isDiscrete(NoiseKind kind) {
    return kind == NoiseKind::DiscreteLaplace || kind == NoiseKind::DiscreteGaussian;
}

PrivacyModel privacyModelOf(NoiseKind kind) {
    return kind == NoiseKind::Gaussian || kind == NoiseKind::DiscreteGaussian ? PrivacyModel::ZCdp
                                                                              : PrivacyModel::Pure;
}

NoiseKind noiseKindFor(PrivacyModel model, bool discrete) {
    if (model == PrivacyModel::ZCdp) return discrete ? NoiseKind::DiscreteGaussian : NoiseKind::Gaussian;
    return discrete ? NoiseKind::DiscreteLaplace : NoiseKind::Laplace;
}

double laplaceScale(double epsilon, double sensitivity) {
    requireEpsilon(epsilon);
    if (!(std::isfinite(sensitivity) && sensitivity > 0.0))
        throw settingError("epsilon",
                           "sensitivity must be a finite number > 0, got " + std::to_string(sensitivity));
    return sensitivity / epsilon;
}

double noiseVariance(NoiseKind kind, double scale) {
    switch (kind) {
        case NoiseKind::Laplace:
            return 2.0 * scale * scale;
        case NoiseKind::DiscreteLaplace:
            return discreteLaplaceVariance(scale);
        case NoiseKind::Gaussian:
            return scale * scale;
        case NoiseKind::DiscreteGaussian:
            return discreteGaussianVariance(scale);
    }
    return 0.0;
}

const char* noiseKindName(NoiseKind kind) {
    switch (kind) {
        case NoiseKind::Laplace:
            return "laplace";
        case NoiseKind::DiscreteLaplace:
            return "discrete-laplace";
        case NoiseKind::Gaussian:
            return "gaussian";
        case NoiseKind::DiscreteGaussian:
            return "discrete-gaussian";
    }
    return "";
}

}  // namespace streamsynth::privacy
