// Selection scores and their sensitivities (SPEC §5.2); see selection_score.h.
#include "core/stream/selection_score.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/common/lane_sums.h"
#include "core/privacy/exponential_mechanism.h"
#include "core/values/error.h"

namespace streamsynth::stream {

double l1Distance(std::span<const double> target, std::span<const double> estimate) {
    if (target.size() != estimate.size())
        throw settingError("workloads", "marginal sizes differ in the selection score");
    return absDiffSum(target.data(), estimate.data(), target.size());
}

std::vector<double> l1Distances(std::span<const std::span<const double>> targets,
                                std::span<const std::span<const double>> estimates) {
    if (targets.size() != estimates.size())
        throw settingError("workloads", "marginal counts differ in the selection score");
    for (std::size_t j = 0; j < targets.size(); ++j)
        if (targets[j].size() != estimates[j].size())
            throw settingError("workloads", "marginal sizes differ in the selection score");
    // Each in eight lanes (core/common/lane_sums.h), the same bits on every
    // CPU. The order of the sum changed in 2026-12 (one chain per
    // distance before): a last-bit change moves a selection only where its
    // uniform draw falls within an ulp of a boundary (never seen in the
    // golden releases, cli_test_golden_releases).
    std::vector<double> out(targets.size());
    for (std::size_t j = 0; j < targets.size(); ++j)
        out[j] = absDiffSum(targets[j].data(), estimates[j].data(), targets[j].size());
    return out;
}

double expectedAbsNoiseSingleLaplace(double scale) {
    return scale;
}

double expectedAbsNoiseFromVariance(double variance) {
    return std::sqrt(2.0 / std::numbers::pi) * std::sqrt(std::max(0.0, variance));
}

double scoreUtility(ScoreKind kind, double l1Error, double cells, double expectedAbsNoise) {
    if (kind == ScoreKind::Paper) return l1Error / cells - cells;
    if (kind == ScoreKind::L1MinusSize) return l1Error - cells;
    if (kind == ScoreKind::L1) return l1Error;
    return l1Error - cells * expectedAbsNoise;
}

double scoreSensitivity(ScoreKind kind, std::span<const double> candidateCells) {
    if (candidateCells.empty()) throw settingError("workloads", "no candidate to score");
    // L1MinusNoise and L1MinusSize: one row moves one target cell by 1, so an
    // L1 error by at most 1; the penalties are public.
    if (kind != ScoreKind::Paper) return 1.0;
    // u_i = L1_i/|q_i| − |q_i|: one row changes L1_i by at most 1, so u_i by
    // at most 1/|q_i|; the mechanism needs the max over the candidates.
    const double smallest = *std::min_element(candidateCells.begin(), candidateCells.end());
    return 1.0 / smallest;
}

std::size_t selectCandidate(SelectionMechanism mechanism, std::span<const double> utilities, double epsilon,
                            double sensitivity, privacy::Rng& rng) {
    if (mechanism == SelectionMechanism::PermuteAndFlip)
        return privacy::permuteAndFlip(utilities, epsilon, sensitivity, rng);
    return privacy::exponentialMechanism(utilities, epsilon, sensitivity, rng);
}

const char* selectionMechanismName(SelectionMechanism mechanism) {
    return mechanism == SelectionMechanism::PermuteAndFlip ? "permute-and-flip" : "exponential";
}

}  // namespace streamsynth::stream
