// The scalar Counter: a one-cell counter engine behind the Counter interface.
#include "core/privacy/counter.h"

#include "core/privacy/counter_engine.h"
#include "core/values/error.h"

namespace streamsynth::privacy {

Counter::~Counter() = default;

namespace {

class EngineCounter final : public Counter {
public:
    explicit EngineCounter(std::unique_ptr<detail::CounterEngine> engine) : engine_(std::move(engine)) {}
    void feed(long long increment, Rng& rng) override {
        const double x = static_cast<double>(increment);
        engine_->feed(&x, rng);
    }
    double value() const override { return engine_->values()[0]; }
    long long time() const override { return engine_->time(); }
    double variance() const override { return engine_->variance(); }
    double varianceSince(long long earlierTime) const override { return engine_->varianceSince(earlierTime); }
    std::unique_ptr<Counter> clone() const override {
        return std::make_unique<EngineCounter>(engine_->clone());
    }
    std::string name() const override { return counterSpecToString(engine_->spec()); }
    CounterSpec spec() const override { return engine_->spec(); }
    double budget() const override { return engine_->budget(); }
    CounterState state() const override { return engine_->state(); }
    void restore(const CounterState& s) { engine_->restore(s); }

private:
    std::unique_ptr<detail::CounterEngine> engine_;
};

}  // namespace

std::unique_ptr<Counter> makeCounter(const CounterSpec& spec, double budget) {
    return makeCounter(spec, budget, makeNoiseSource(spec.noise));
}

std::unique_ptr<Counter> makeCounter(const CounterSpec& spec, double budget,
                                     std::shared_ptr<NoiseSource> noise) {
    return std::make_unique<EngineCounter>(detail::makeEngine(spec, budget, 1, std::move(noise)));
}

std::unique_ptr<Counter> restoreCounter(const CounterState& state) {
    if (state.cells != 1) throw Error(ErrorKind::Session, "a scalar counter's state must have one cell");
    auto counter = std::make_unique<EngineCounter>(
        detail::makeEngine(state.spec, state.budget, 1, makeNoiseSource(state.spec.noise)));
    counter->restore(state);
    return counter;
}

}  // namespace streamsynth::privacy
