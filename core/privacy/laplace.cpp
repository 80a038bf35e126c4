// Continuous Laplace sampler, scale validation and per-term noise variance.
#include "core/privacy/laplace.h"

#include <cmath>
#include <string>

#include "core/common/error.h"
#include "core/privacy/discrete_laplace.h"

namespace streamsynth::privacy {

double sampleLaplace(Rng& rng, double scale) {
    const std::uint64_t r = rng.nextU64();
    // 52 low-order-independent bits -> (k + 0.5)/2^52 in (0, 1), never 0 or 1.
    const double u = (static_cast<double>((r >> 11) & ((std::uint64_t{1} << 52) - 1)) + 0.5) * 0x1.0p-52;
    const double magnitude = -scale * std::log(u);
    return (r >> 63) ? -magnitude : magnitude;
}

void requireEpsilon(double epsilon) {
    if (!(std::isfinite(epsilon) && epsilon > 0.0))
        throw settingError("epsilon", "epsilon must be a finite number > 0, got " + std::to_string(epsilon));
}

double laplaceScale(double epsilon, double sensitivity) {
    requireEpsilon(epsilon);
    if (!(std::isfinite(sensitivity) && sensitivity > 0.0))
        throw settingError("epsilon", "sensitivity must be a finite number > 0, got " + std::to_string(sensitivity));
    return sensitivity / epsilon;
}

double noiseVariance(NoiseKind kind, double scale) {
    return kind == NoiseKind::Laplace ? 2.0 * scale * scale : discreteLaplaceVariance(scale);
}

const char* noiseKindName(NoiseKind kind) {
    return kind == NoiseKind::Laplace ? "laplace" : "discrete-laplace";
}

}  // namespace streamsynth::privacy
