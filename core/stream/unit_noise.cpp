// Unit-level calibration of a streamer's mechanisms (unit_noise.h).
#include "core/stream/unit_noise.h"

#include <cmath>

#include "core/privacy/unit_sensitivity.h"

namespace streamsynth::stream {

double unitCounterNoiseBudget(const RunConfig& config, const privacy::CounterSpec& spec, double budget) {
    if (config.unit.isEventLevel()) return budget;
    // A tree's rows fall in its own T steps at most (the stream may be longer
    // only for kinds without a horizon, which ignore it).
    const long long horizon = spec.horizon > 0 ? spec.horizon : 1;
    const double factor = config.privacy == privacy::PrivacyModel::Pure
                              ? privacy::unitL1Factor(config.unit)
                              : privacy::unitL2SquaredFactor(spec, horizon, config.unit);
    return budget / factor;
}

privacy::Sensitivity unitFreshSensitivity(const RunConfig& config, const privacy::Sensitivity& eventLevel) {
    if (config.unit.isEventLevel()) return eventLevel;
    return privacy::unitSensitivity(config.privacy, eventLevel,
                                    privacy::unitFreshFactor(config.privacy, config.unit));
}

double unitSelectionSensitivity(const RunConfig& config, double eventLevel) {
    if (config.unit.isEventLevel()) return eventLevel;
    // Pure: × m; zCDP: × √(m·K), so that the squared loss scales by m·K.
    const double factor = privacy::unitFreshFactor(config.privacy, config.unit);
    return eventLevel * (config.privacy == privacy::PrivacyModel::Pure ? factor : std::sqrt(factor));
}

}  // namespace streamsynth::stream
