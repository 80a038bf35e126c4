// The model-size cap checked against the workloads before a run: a cap
// below the base model plus one workload admits no
// candidate in any round, so every round would be skipped and every release
// would be empty while the run "succeeds". Shared by the CLI and the GUI
// through the run engine's constructor.
#pragma once

#include <string>

#include "core/values/run_config.h"
#include "core/values/workload_set.h"

namespace streamsynth::stream {

// The size (cells, as the fit engine counts them) of the base model (one
// clique per attribute: the uniform start of every step of the baseline and
// of the proposed streamer's first step) and the smallest size of that model
// with one workload of `workloads` added, for the fit engine `fitEngine`
// ("pgm" | "mw").
struct ModelCapNeeds {
    double baseCells = 0;
    double smallestWithOneWorkload = 0;
};
ModelCapNeeds modelCapNeeds(const std::string& fitEngine, const marginals::WorkloadSet& workloads);

// Setting Error naming "max-model-cells" when config.maxModelCells is below
// modelCapNeeds(...).smallestWithOneWorkload: the message names that
// smallest cap.
void checkModelCapAdmitsAWorkload(const RunConfig& config, const marginals::WorkloadSet& workloads);

}  // namespace streamsynth::stream
