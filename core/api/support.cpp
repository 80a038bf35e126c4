// See support.h.
#include "core/api/support.h"

#include "core/values/workload_choice.h"

namespace streamsynth::api {

std::vector<std::string> supportWarnings(const Inspection& inspection, const WorkloadChoice& workloads,
                                         const SupportSettings& settings) {
    if (!inspection.hasStream || inspection.workloads == 0) return {};
    SupportSettings own = settings;  // the share's rule reads the public batch size, as the run does
    own.noise.publicRowsPerStep = data::publicRowsPerStep(inspection.schema.stream);
    // ... and the stream's unit: the check is at the level the run protects.
    if (const auto& u = inspection.schema.stream.unit) own.noise.unit = {u->maxRows, u->maxRowsPerStep};
    return supportWarnings(makeWorkloadSet(inspection.schema.domain(), workloads), inspection.rowsInSteps,
                           inspection.steps, own);
}

}  // namespace streamsynth::api
