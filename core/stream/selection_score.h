// The two selection scores of SPEC §5.2 and their sensitivities, plus the
// selection step itself (exponential mechanism or permute-and-flip). Pure
// functions of numbers: the streamers compute L1 errors and noise levels.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/values/run_config.h"
#include "core/values/workload.h"

namespace streamsynth::privacy {
class Rng;
}

namespace streamsynth::stream {

// ‖target − estimate‖₁ (counts). Sizes must match.
double l1Distance(std::span<const double> target, std::span<const double> estimate);
// l1Distance of every (targets[j], estimates[j]) pair, the same value bit
// for bit (each over eight lanes, core/common/lane_sums.h).
std::vector<double> l1Distances(std::span<const std::span<const double>> targets,
                                std::span<const std::span<const double>> estimates);

// E|noise| of one cell of a measurement: b for a single Laplace(b) draw;
// √(2/π)·σ for a sum of several noise terms of total variance σ² (the
// Gaussian approximation SPEC §5.2 prescribes).
double expectedAbsNoiseSingleLaplace(double scale);
double expectedAbsNoiseFromVariance(double variance);

// Utility of one candidate:
//  L1MinusNoise: u = l1Error − cells · expectedAbsNoise          (Δ = 1)
//  Paper:        u = l1Error / cells − cells                      (Δ = max 1/cells)
//  L1MinusSize:  u = l1Error − cells                              (Δ = 1; MWEM+PGM's
//                "worst approximated" score, McKenna et al. 2019)
// expectedAbsNoise is ignored by Paper.
double scoreUtility(ScoreKind kind, double l1Error, double cells, double expectedAbsNoise);

// L1 sensitivity of the utilities over these candidates (their cell counts):
// 1 for L1MinusNoise and L1MinusSize (one row moves one target cell by 1, changing an L1
// error by at most 1); max_i 1/cells_i for Paper. Requires a non-empty list.
double scoreSensitivity(ScoreKind kind, std::span<const double> candidateCells);

// Index (into utilities) chosen by the configured mechanism with budget
// epsilon and sensitivity: P ∝ exp(ε·u/(2Δ)) (SPEC §3), or permute-and-flip.
std::size_t selectCandidate(SelectionMechanism mechanism, std::span<const double> utilities, double epsilon,
                            double sensitivity, privacy::Rng& rng);

// Mechanism name for ledger entries ("exponential" | "permute-and-flip").
const char* selectionMechanismName(SelectionMechanism mechanism);

}  // namespace streamsynth::stream
