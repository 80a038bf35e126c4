// What a run would see of a table, without running (CLI `inspect`, the GUI's
// data panel): the confirmed domain, rows, time steps and rows per step,
// excluded rows, workloads and every data problem found. Values only.
#pragma once

#include <string>
#include <vector>

#include "core/values/input_request.h"
#include "core/values/inspection.h"
#include "core/values/workload_choice.h"

namespace streamsynth::api {

// What `inspect` sees of a file or a database table/query (api/stream_input.h;
// a database stream needs stream settings and is planned on the server);
// explicitWorkloads: the steward chose the workloads, so they are counted even
// on a one-attribute table (else only from two attributes up).
Inspection inspectInput(const InputRequest& request, const WorkloadChoice& workloads, bool explicitWorkloads);

}  // namespace streamsynth::api
