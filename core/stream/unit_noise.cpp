// Unit-level calibration of a streamer's mechanisms (unit_noise.h).
#include "core/stream/unit_noise.h"

#include <cmath>

#include "core/privacy/unit_sensitivity.h"

namespace streamsynth::stream {

double unitCounterFactor(privacy::PrivacyModel model, const privacy::CounterSpec& spec,
                         const privacy::UnitBound& unit, CounterFeeds feeds) {
    if (unit.isEventLevel()) return 1;
    // A tree's rows fall in its own T steps at most (the stream may be longer
    // only for kinds without a horizon, which ignore it).
    const long long horizon = spec.horizon > 0 ? spec.horizon : 1;
    if (model == privacy::PrivacyModel::Pure) return privacy::unitL1Factor(unit);
    return feeds == CounterFeeds::WhenSelected ? privacy::unitL2SquaredFactorWhenSelected(spec, horizon, unit)
                                               : privacy::unitL2SquaredFactor(spec, horizon, unit);
}

double unitCounterNoiseBudget(const RunConfig& config, const privacy::CounterSpec& spec, double budget,
                              CounterFeeds feeds) {
    if (config.unit.isEventLevel()) return budget;
    return budget / unitCounterFactor(config.privacy, spec, config.unit, feeds);
}

double unitCounterVarianceFactor(privacy::PrivacyModel model, const privacy::CounterSpec& spec,
                                 const privacy::UnitBound& unit, CounterFeeds feeds) {
    const double f = unitCounterFactor(model, spec, unit, feeds);
    return model == privacy::PrivacyModel::Pure ? f * f : f;
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
