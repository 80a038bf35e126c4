// The model-size cap against the base model and one workload; see model_cap.h.
#include "core/stream/model_cap.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/fit/fit_engine_kinds.h"
#include "core/values/error.h"
#include "core/values/number_text.h"

namespace streamsynth::stream {

ModelCapNeeds modelCapNeeds(const std::string& fitEngine, const marginals::WorkloadSet& workloads) {
    const std::unique_ptr<fit::FitEngine> engine = fit::makeFitEngine(fitEngine);
    // The structure is what counts, not the total: the streamers' base model
    // is uniform over the domain whatever its total.
    const std::unique_ptr<fit::Model> base = engine->uniform(workloads.domain(), 1.0);
    ModelCapNeeds needs;
    needs.baseCells = base->sizeCells();
    needs.smallestWithOneWorkload = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < workloads.size(); ++i)
        needs.smallestWithOneWorkload =
            std::min(needs.smallestWithOneWorkload, engine->hypotheticalSizeCells(*base, workloads[i].attrs));
    return needs;
}

void checkModelCapAdmitsAWorkload(const RunConfig& config, const marginals::WorkloadSet& workloads) {
    if (workloads.size() == 0) return;  // validateRunConfig refuses k > |Q| = 0
    const ModelCapNeeds needs = modelCapNeeds(config.fitEngine, workloads);
    // The streamers admit a workload when its hypothetical size is <= the cap
    // (detail::sizeCappedCandidates), so this is the exact threshold.
    if (config.maxModelCells >= needs.smallestWithOneWorkload) return;
    const std::string smallest = shortestNumberText(std::ceil(needs.smallestWithOneWorkload));
    throw settingError("max-model-cells",
                       "a model-size cap of " + shortestNumberText(config.maxModelCells) +
                           " cells admits no workload: the base model (one clique per attribute) has " +
                           shortestNumberText(needs.baseCells) +
                           " cells and the smallest model with one workload has " + smallest +
                           ", so every round would be skipped and every release would be empty; give a cap "
                           "of at least " +
                           smallest + " cells");
}

}  // namespace streamsynth::stream
