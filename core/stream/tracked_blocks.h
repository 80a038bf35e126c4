// Blocks of steps for the proposed streamer's tracked counters (the 1-way
// and small-workload counters of one_way_tracker.h). At a low budget one
// step's rows are far below one feed's noise, and a simple counter fed at
// every step sums T noise draws: after 977 batches of 50 rows at ε = 0.5 an
// attribute of 16 codes carries about 8,600 rows of noise a cell against
// 3,000 rows of signal, and stays uniform in every release. Fed once per
// block of B steps with the block's rows, the same counter sums T/B draws
// (its noise's standard deviation √B times smaller) and lags its rows by
// less than B steps; each row is still in exactly one feed, so the counter's
// charge per feed pays for every row once (the block-sum idea of Chan, Shi
// and Song 2011, without the per-step counter inside the block).
//
// B is chosen from public inputs only (the counter's budget, its cells and
// the stream's public rows per step), before any data is read: the fewest
// steps whose rows per cell reach K times one feed's noise scale. Measured
// on adult.csv in docs/results.md ("Tracked counters in blocks").
#pragma once

#include "core/values/privacy_model.h"
#include "core/values/privacy_unit.h"

namespace streamsynth::stream {

// Blocks only at low budgets: where R·ε (the series' rows per step times its
// per-step ε) is at most this, the low edge of the 1-way share's band
// (one_way_share.h). Above it a tracked counter fed at every step is
// informative within a few steps, and on adult.csv sorted by age blocks
// there cost more in stale steps than their noise saved (batches of 50 at
// ε = 2 and 4: AvgWE 1.07× and 1.22×, MaxWE 1.45× and 2.19×; docs/results.md,
// "Tracked counters in blocks").
inline constexpr double kBlocksMaxRowsTimesEpsilon = 50;

// B for one tracked counter: ⌈K · s · cells / R⌉ with s one feed's noise
// scale at the counter's budget `budget` (1/ε, or 1/√(2ρ) under zCDP:
// noiseEquivalentEpsilon), when R·ε_series ≤ kBlocksMaxRowsTimesEpsilon
// (ε_series the noise-equivalent ε of the series' per-step budget); 1
// (every step) otherwise, and when K ≤ 0 or R is not public
// (publicRowsPerStep ≤ 0: time steps).
int trackedBlockSteps(double k, privacy::PrivacyModel model, double seriesBudget, double budget, double cells,
                      double publicRowsPerStep);

// Whether step t (1-based) ends a block of B steps: the first step (a block
// of its own, so that every fit from the first on has every tracked counter,
// as with B = 1: the fit's total is then never left to the rounds' few noisy
// cells) and every multiple of B.
inline bool endsBlock(int step, int blockSteps) {
    return blockSteps <= 1 || step == 1 || step % blockSteps == 0;
}

// The last block end at or before step t ≥ 1.
inline int lastBlockEnd(int step, int blockSteps) {
    if (blockSteps <= 1) return step;
    const int end = step - step % blockSteps;
    return end > 0 ? end : 1;
}

// A unit's rows in one feed of a counter fed once per block of B steps: at
// most min(m, B·K) (K rows a step, m over the stream), the per-feed bound the
// counter's unit calibration takes in place of K. The bound itself when B = 1.
privacy::UnitBound blockUnitBound(const privacy::UnitBound& unit, int blockSteps);

}  // namespace streamsynth::stream
