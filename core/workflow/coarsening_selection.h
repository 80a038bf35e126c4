// The DP choice of a coarsened domain's kept labels (engine side of
// api/coarsening.h; not for ui/ or app/): once per stream, before step 1.
#pragma once

#include <vector>

#include "core/steps/step_plan.h"
#include "core/values/coarsening.h"
#include "core/values/table.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

// Counts every regular label of each chosen attribute over the rows of the
// plan's steps (one row moves one count by 1: Δ = 1), then keeps each
// attribute's `keep` labels by one-shot Gumbel top-m
// (privacy::gumbelTopM). The selection's budget is `share` of the smallest
// series budget of `config` (ε, or ρ under zCDP), split evenly over the
// chosen attributes; it is charged once, as a whole-stream selection, to a
// ledger of that budget right before the first draw, and returned as the
// run's StreamCharge. Randomness: the OS entropy in release mode
// (config.secureRandom), else the seed's own "coarsening" stream.
Coarsening selectCoarsening(const data::Schema& schema, const data::Table& table,
                            const stream::StepPlan& plan, const std::vector<CoarsenChoice>& choices,
                            double share, const stream::RunConfig& config);

// The same from label counts made elsewhere (a database stream's, summed
// over every planned step of the 1-way answers the server counted):
// `counts[i]` holds one count per regular label of choices[i]'s attribute.
// Setting Error when a count vector has the wrong size.
Coarsening selectCoarsening(const data::Schema& schema, const std::vector<std::vector<double>>& counts,
                            const std::vector<CoarsenChoice>& choices, double share,
                            const stream::RunConfig& config);

// The attribute index of each choice, checked (setting Errors naming
// "coarsen": no such attribute, not categorical, keeps every label).
std::vector<int> coarsenedAttributes(const data::Schema& schema, const std::vector<CoarsenChoice>& choices);

}  // namespace streamsynth::workflow
