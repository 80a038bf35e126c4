// A workload's counter: one scalar counter per cell, all with the same ε
// (SPEC §3: one row changes one cell by one, so by parallel composition the
// vector is ε-DP). All cells share one noise schedule, so the variance of
// every cell is the same number. Structure of arrays: one feed is a few loops
// over the cells (3,570 cells: see tests/bench/bench_counters.cpp).
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "core/privacy/counter.h"
#include "core/privacy/rng.h"

namespace streamsynth::privacy {

namespace detail {
class CounterEngine;
}

class VectorCounter {
public:
    VectorCounter(const CounterSpec& spec, double budget, std::size_t cells);
    // With a substitute noise source (tests).
    VectorCounter(const CounterSpec& spec, double budget, std::size_t cells,
                  std::shared_ptr<NoiseSource> noise);
    explicit VectorCounter(const CounterState& state);  // resume (Error(Session) when inconsistent)
    VectorCounter(const CounterState& state, std::shared_ptr<NoiseSource> noise);  // same, substitute noise
    VectorCounter(const VectorCounter& other);
    VectorCounter& operator=(const VectorCounter& other);
    VectorCounter(VectorCounter&&) noexcept;
    VectorCounter& operator=(VectorCounter&&) noexcept;
    ~VectorCounter();

    // increments.size() == cells(), integer-valued (settingError otherwise).
    // Advances time by one.
    void feed(std::span<const double> increments, Rng& rng);
    // Released values after the last feed (zeros before any feed), one per cell.
    std::span<const double> values() const;
    long long time() const;
    // Exact noise variance of each cell's value now.
    double variance() const;
    // Exact per-cell variance of values(now) − values(at earlierTime).
    double varianceSince(long long earlierTime) const;
    std::size_t cells() const;
    const CounterSpec& spec() const;
    double budget() const;  // ε (pure noise kinds) or ρ (Gaussian kinds)
    CounterState state() const;

private:
    std::unique_ptr<detail::CounterEngine> engine_;
};

}  // namespace streamsynth::privacy
