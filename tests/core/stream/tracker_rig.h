// The 1-way tracker's surroundings for direct tests (test_one_way_tracker,
// test_spike_split): a PGM engine, a ledger and a seeded Rng for one
// proposed:simple series "p", and a Laplace draw from that Rng.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/fit/fit_engine.h"
#include "core/privacy/ledger.h"
#include "core/privacy/noise_source.h"
#include "core/privacy/rng.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/tiny_stream.h"

namespace streamsynth::test {

// A tracker's surroundings: series "p" of budget eps over ws.
struct TrackerRig {
    TrackerRig(const marginals::WorkloadSet& ws, double eps, std::uint64_t seed, const char* label)
        : engine(fit::makePgmEngine()), ledger(eps), rng(privacy::makeSeededRng(seed, label)) {
        env.workloads = &ws;
        env.engine = engine.get();
        env.series = seriesOf("p", stream::StreamerKind::Proposed, "simple", eps);
        env.ledger = &ledger;
        env.rng = rng.get();
    }
    stream::OneWayTracker tracker() const {
        return stream::OneWayTracker(env, privacy::parseCounterSpec("simple", privacy::PrivacyModel::Pure),
                                     privacy::makeNoiseSource(privacy::NoiseKind::Laplace));
    }
    decltype(fit::makePgmEngine()) engine;
    privacy::PrivacyLedger ledger;
    decltype(privacy::makeSeededRng(0, "")) rng;
    stream::StreamerEnv env;
};

// One Laplace(b) draw by inversion from a seeded Rng.
inline double laplaceDraw(privacy::Rng& rng, double b) {
    const double u = rng.uniform01() - 0.5;
    return -b * (u < 0 ? -1.0 : 1.0) * std::log(1 - 2 * std::fabs(u));
}

}  // namespace streamsynth::test
