// The workflow behind core/api/inspection.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/input_request.h"
#include "core/values/inspection.h"
#include "core/values/workload_choice.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

Inspection inspectStream(const StreamRequest& request, const WorkloadChoice& workloads,
                         bool explicitWorkloads);
Inspection inspectInput(const InputRequest& request, const WorkloadChoice& workloads, bool explicitWorkloads);

}  // namespace streamsynth::workflow
