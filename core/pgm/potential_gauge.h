// Re-gauging a junction tree's log-potentials before the fit exponentiates
// them. Mirror descent adds each measurement's gradient to the clique that
// holds it, so two cliques sharing attributes can drift apart by any function
// of their separator without changing the distribution (the potentials'
// gauge freedom). Over a long stream's thousands of warm-started fits that
// drift reached thousands of nats, and exp(θ − max θ) then rounded cells that
// hold real mass to an exact 0: a structural zero that multiplicative
// updates never leave (docs/pgm.md, "Gauge drift").
#pragma once

#include <vector>

#include "core/pgm/factor.h"
#include "core/pgm/junction_tree.h"

namespace streamsynth::pgm {

// Below this, exp(θ − max θ) is a subnormal or 0 in double precision.
inline constexpr double kLinearUnderflowNats = -700.0;

// Whether some clique holds a cell more than kLinearUnderflowNats below its max.
bool linearUnderflowRisk(const std::vector<std::vector<double>>& theta);

// From the leaves up, moves each non-root clique's max over every separator
// value into its parent: Σ_c θ_c(x_c) is unchanged for every record x, and
// afterwards every separator slice of a non-root clique peaks at 0, so only a
// cell far below the best cell of its own slice can underflow.
// theta: one vector per tree clique (expandPotentials' layout).
void regaugeToParents(const Sizes& sizes, const JunctionTree& tree, std::vector<std::vector<double>>& theta);

}  // namespace streamsynth::pgm
