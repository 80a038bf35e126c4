// The words the run machinery (core/workflow) shares with the front ends:
// the value types of core/values that live in namespace api (release
// output, ledger report, recovery, stream budget, …) are named here
// unqualified, as the facade names them. Internal to core/workflow.
#pragma once

#include "core/values/run_config.h"
#include "core/values/step_result.h"

namespace streamsynth::api {}

namespace streamsynth::workflow {

using namespace streamsynth::api;
using stream::RunConfig;
using stream::SeriesConfig;
using stream::SeriesStepResult;

}  // namespace streamsynth::workflow
