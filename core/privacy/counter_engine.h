// Internal: the vectorised implementation behind Counter and VectorCounter.
// One engine runs `cells` identical counters in structure-of-arrays form: one
// virtual call per feed, then plain loops over cells (no per-cell dispatch).
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "core/privacy/calibration.h"
#include "core/privacy/counter.h"
#include "core/privacy/noise_source.h"

namespace streamsynth::privacy::detail {

class CounterEngine {
public:
    // budget: the counter's budget, ε or ρ by spec.noise (counter.h).
    CounterEngine(const CounterSpec& spec, double budget, std::size_t cells,
                  std::shared_ptr<NoiseSource> noise);
    virtual ~CounterEngine();
    virtual std::unique_ptr<CounterEngine> clone() const = 0;

    // increments: `cells` integer-valued numbers. Advances time by one.
    void feed(const double* increments, Rng& rng);
    std::span<const double> values() const { return values_; }
    long long time() const { return time_; }
    std::size_t cells() const { return cells_; }
    const CounterSpec& spec() const { return spec_; }
    double budget() const { return budget_; }
    double variance() const { return theoreticalVarianceSince(spec_, budget_, 0, time_); }
    double varianceSince(long long earlier) const {
        return theoreticalVarianceSince(spec_, budget_, earlier, time_);
    }

    CounterState state() const;
    void restore(const CounterState& state);  // Error(Session) on mismatch

protected:
    // Draw this time's noise (time_ already advanced, sums_ updated) and write values_.
    virtual void step(Rng& rng) = 0;
    // The engine's own state arrays, after sums_ and values_.
    virtual std::vector<std::vector<double>*> ownArrays() = 0;
    // Fills scratch_ with fresh noise of this scale.
    std::span<double> draw(NoiseScale scale, Rng& rng);
    // The scale of a term holding one item `terms` times, paid with
    // `fraction` of the budget (counter_schedule.h termScale).
    NoiseScale scale(double terms, double fraction) const;
    // Whether a saved own array of this size fits (default: the current
    // size; engines whose arrays grow with time override).
    virtual bool ownArrayFits(std::size_t i, std::size_t size, long long time);
    // Rebuilds derived members after restore (default: nothing).
    virtual void afterRestore() {}

    CounterSpec spec_;
    double budget_;
    std::size_t cells_;
    long long time_ = 0;
    std::shared_ptr<NoiseSource> noise_;
    std::vector<double> sums_;    // exact prefix sums S_t
    std::vector<double> values_;  // released values
    std::vector<double> scratch_;
};

std::unique_ptr<CounterEngine> makeEngine(const CounterSpec& spec, double budget, std::size_t cells,
                                          std::shared_ptr<NoiseSource> noise);

}  // namespace streamsynth::privacy::detail
