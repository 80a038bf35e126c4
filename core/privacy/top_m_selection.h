// DP choice of the m most frequent labels of an attribute (the coarsening of a
// large domain, docs/streamers.md "Coarsening large domains"): one-shot
// Gumbel top-m (Durfee & Rogers 2019, "Practical differentially private
// top-k selection with pay-what-you-get composition", Lemma 4.2): add
// independent standard Gumbel noise to ε'·u_i/(2Δ) for every candidate and
// report the m largest, in order. Its output has exactly the distribution of
// m peeling exponential mechanisms at ε' each (choose one, remove it, choose
// again), so it is m·ε'-DP by basic composition and m·ε'²/8-zCDP (each
// exponential mechanism is ε'²/8-zCDP, Cesar & Rogers 2021), whatever the
// candidates' utilities are, as long as one row moves each utility by at
// most Δ (label counts: Δ = 1).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/privacy/rng.h"
#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

// ε' of each of the m peeling steps that spend `budget` in all: budget/m
// under pure ε-DP, √(8·budget/m) under ρ-zCDP. budget finite > 0, m ≥ 1
// (setting Error otherwise).
double topMEpsilonPerPick(PrivacyModel model, double budget, int m);

// The m candidates with the largest ε'·u_i/(2Δ) + G_i (G_i standard Gumbel,
// one draw per finite candidate, in index order), best first. utilities
// finite or -inf (never chosen); m ≥ 1 and at most the finite candidates;
// epsilonPerPick, sensitivity finite > 0 (setting Error otherwise).
std::vector<std::size_t> gumbelTopM(std::span<const double> utilities, int m, double epsilonPerPick,
                                    double sensitivity, Rng& rng);

// The exact probability that gumbelTopM returns `order` (m distinct indices,
// best first): the product over j of the exponential mechanism's probability
// of order[j] among the candidates not yet chosen. For tests and previews.
double topMOrderProbability(std::span<const double> utilities, std::span<const std::size_t> order,
                            double epsilonPerPick, double sensitivity);

}  // namespace streamsynth::privacy
