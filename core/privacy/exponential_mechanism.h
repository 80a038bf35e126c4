// Private selection: the exponential mechanism P(i) ∝ exp(ε·u_i/(2Δ)) (SPEC §3;
// the paper's pseudo-code drops the 1/(2Δ), we do not) and permute-and-flip
// (McKenna & Sheldon 2020), which is ε-DP for the same ε and never worse in
// expected utility. Both ignore -inf utilities (those candidates are never
// chosen) and throw Error(Setting, "no candidate ...") when nothing remains,
// which callers (the streamers) turn into a skipped round.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/privacy/rng.h"

namespace streamsynth::privacy {

// Gumbel-max: argmax_i ε(u_i - max u)/(2Δ) + G_i. epsilon, sensitivity finite
// and > 0; utilities finite or -inf (NaN/+inf are setting errors).
std::size_t exponentialMechanism(std::span<const double> utilities, double epsilon, double sensitivity,
                                 Rng& rng);

// Visits candidates in a uniformly random order and accepts i with probability
// exp(ε(u_i - max u)/(2Δ)); the maximum is always accepted, so it terminates.
std::size_t permuteAndFlip(std::span<const double> utilities, double epsilon, double sensitivity, Rng& rng);

// The exact selection probabilities of exponentialMechanism (softmax with a
// max shift; -inf -> 0). For tests and the UI.
std::vector<double> exponentialMechanismProbabilities(std::span<const double> utilities, double epsilon,
                                                      double sensitivity);

}  // namespace streamsynth::privacy
