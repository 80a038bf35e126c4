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

// Reads and encodes (stream::loadStream; a table without stream settings has
// no steps). Workloads are counted when a choice was made explicitly
// (explicitWorkloads) or the table has at least 2 attributes.
Inspection inspectStream(const StreamRequest& request, const WorkloadChoice& workloads,
                         bool explicitWorkloads);

// The same for a file or a database table/query (api/stream_input.h; a
// database stream needs stream settings and is planned on the server).
Inspection inspectInput(const InputRequest& request, const WorkloadChoice& workloads, bool explicitWorkloads);

}  // namespace streamsynth::api
