// The pre-run support warning for CLI and GUI: which attributes
// the data cannot support at an ε and period (stream::checkSupport). Uses the
// rows per step of the private data: for the data steward only, never
// exported.
#pragma once

#include <string>
#include <vector>

#include "core/api/inspection.h"
#include "core/values/support_finding.h"
#include "core/values/workload_choice.h"

namespace streamsynth::api {

// Same for what `inspect` saw.
std::vector<std::string> supportWarnings(const Inspection& inspection, const WorkloadChoice& workloads,
                                         const SupportSettings& settings);

}  // namespace streamsynth::api
