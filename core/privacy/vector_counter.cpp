// VectorCounter: validation around a many-cell counter engine.
#include "core/privacy/vector_counter.h"

#include <cmath>
#include <string>

#include "core/privacy/counter_engine.h"
#include "core/values/error.h"

namespace streamsynth::privacy {

VectorCounter::VectorCounter(const CounterSpec& spec, double budget, std::size_t cells)
    : VectorCounter(spec, budget, cells, makeNoiseSource(spec.noise)) {}

VectorCounter::VectorCounter(const CounterSpec& spec, double budget, std::size_t cells,
                             std::shared_ptr<NoiseSource> noise)
    : engine_(detail::makeEngine(spec, budget, cells, std::move(noise))) {}

VectorCounter::VectorCounter(const CounterState& state)
    : VectorCounter(state, makeNoiseSource(state.spec.noise)) {}

VectorCounter::VectorCounter(const CounterState& state, std::shared_ptr<NoiseSource> noise)
    : engine_(detail::makeEngine(state.spec, state.budget, state.cells, std::move(noise))) {
    engine_->restore(state);
}

VectorCounter::VectorCounter(const VectorCounter& other) : engine_(other.engine_->clone()) {}
VectorCounter& VectorCounter::operator=(const VectorCounter& other) {
    if (this != &other) engine_ = other.engine_->clone();
    return *this;
}
VectorCounter::VectorCounter(VectorCounter&&) noexcept = default;
VectorCounter& VectorCounter::operator=(VectorCounter&&) noexcept = default;
VectorCounter::~VectorCounter() = default;

void VectorCounter::feed(std::span<const double> increments, Rng& rng) {
    if (increments.size() != engine_->cells())
        throw settingError("counter", "vector counter fed " + std::to_string(increments.size()) +
                                          " increments for " + std::to_string(engine_->cells()) + " cells");
    for (double x : increments)
        if (!(std::isfinite(x) && x == std::trunc(x)))
            throw settingError("counter", "counter increments must be whole numbers");
    engine_->feed(increments.data(), rng);
}

std::span<const double> VectorCounter::values() const {
    return engine_->values();
}
long long VectorCounter::time() const {
    return engine_->time();
}
double VectorCounter::variance() const {
    return engine_->variance();
}
double VectorCounter::varianceSince(long long earlierTime) const {
    return engine_->varianceSince(earlierTime);
}
std::size_t VectorCounter::cells() const {
    return engine_->cells();
}
const CounterSpec& VectorCounter::spec() const {
    return engine_->spec();
}
double VectorCounter::budget() const {
    return engine_->budget();
}
CounterState VectorCounter::state() const {
    return engine_->state();
}

}  // namespace streamsynth::privacy
