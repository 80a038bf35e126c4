// The small run the coarsening suites prepare and coarsen against: proposed
// simple alone at pure ε, one round, 5 fit iterations, seed 9.
#pragma once

#include "core/values/run_config.h"

namespace streamsynth::test {

inline stream::RunConfig coarseningRunConfig(double eps) {
    stream::RunConfig c;
    stream::SeriesConfig s;
    s.id = "proposed-simple";
    s.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, eps);
    c.series.push_back(s);
    c.rounds = 1;
    c.fitIterations = 5;
    c.seed = 9;
    return c;
}

}  // namespace streamsynth::test
