// How a recovery stream starts (api/recovery.h): the engine's starting
// releases, kept out of the api's public headers (they carry engine types).
#pragma once

#include <vector>

#include "core/stream/run_engine.h"
#include "core/values/recovery.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::registry {
class ReleaseRegistry;
}
namespace streamsynth::stream {
class StepSource;
}

namespace streamsynth::workflow {

struct RunState;  // core/workflow/run_state.h

// How a new stream starts from a lost one: checked against the registry
// (the lost stream's claims and dataset) and this stream's own steps.
struct RecoveryStart {
    Recovery recovery;
    std::vector<stream::RunEngine::ReleaseStart> starts;  // g_0 of each started series
};
// Reads the lost stream's manifests (Error(Input) naming the folder when it
// holds none, or releases of two streams).
LostStream readLostStream(const std::string& releasesDir);

// Error(Privacy) when the registry holds no claim of the lost stream (not
// its registry), when the run is charged to another dataset than the lost
// stream's, or when a time stream's periods differ from the lost stream's;
// a setting Error when a batched stream is not confirmed as new rows only,
// or nothing is left to release. `state` is the new stream's, before step 1.
RecoveryStart planRecovery(const RecoveryRequest& request, const RunState& state,
                           const stream::StepSource& source, registry::ReleaseRegistry& registry);

// A recovery stream's steps that its start release stands for beyond its
// own first steps (a batched stream of new rows: the lost stream's claimed
// steps; else 0), from the run record's settings.
int recoveredStepsBefore(const RunState& state);
// The steps 1..N of this stream that are the lost stream's (a time stream's skipped periods; else 0).
int recoveredSkippedSteps(const RunState& state);

}  // namespace streamsynth::workflow
