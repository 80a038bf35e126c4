// core/api/inspection.h over the workflow of core/workflow/inspection.h.
#include "core/api/inspection.h"

#include <utility>

#include "core/workflow/inspection.h"

namespace streamsynth::api {

Inspection inspectInput(const InputRequest& request, const WorkloadChoice& workloads,
                        bool explicitWorkloads) {
    return workflow::inspectInput(request, workloads, explicitWorkloads);
}

}  // namespace streamsynth::api
