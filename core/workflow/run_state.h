// What a run is, owned by api::Run: the public schema with the stream
// settings in effect, the run's settings (each series' privacy::Budget
// among them), the workloads, how its rows form batches, what each released
// step saw, and its named settings. It is the run's state, not a file
// record: a session (io::SessionData, core/io) is this value serialized at
// the edge (sessionRecord, when a session is saved or adopted; runStateOf,
// when one is opened), so the budget travels one way, from the user's input
// to the noise draw, never through a session record and back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/io/session_data.h"
#include "core/stream/run_record.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::marginals {
class WorkloadSet;
}
namespace streamsynth::stream {
class StepSource;
struct EngineState;
}  // namespace streamsynth::stream

namespace streamsynth::workflow {

// The config, workloads, batches, released steps and named settings
// (stream::RunRecord, the part a session file stores), with the schema parsed.
struct RunState : stream::RunRecord {
    data::Schema schema;  // public, with the stream settings in effect
};

// A new run's state: `schema` must carry the stream settings in effect;
// `tableRows` is the row count of the table the plan was formed from (batch
// mode: the first segment is [0, tableRows) ordered by the seed stream
// seedstream::kBatchOrder; hash order: one past the largest key (hashKeyEnd,
// or a database plan's keyEnd), the first segment holding every key below it).
RunState newRunState(const data::Schema& schema, long long tableRows, std::uint64_t batchSeed,
                     const marginals::WorkloadSet& workloads, const stream::RunConfig& config);
// Records the steps released since the last call (digests, row counts and
// periods of steps [stepDigests.size()+1, releasedSteps]). Between steps only.
void recordReleasedSteps(RunState& state, const stream::StepSource& source, int releasedSteps);

// The edge, both ways: an opened session's state (its schema parsed; Error
// naming sessionName when it is damaged), and the session record of a
// state with the engine's saved state.
RunState runStateOf(const io::SessionData& session, const std::string& sessionName = "session");
io::SessionData sessionRecord(const RunState& state, const stream::EngineState& engine);

}  // namespace streamsynth::workflow
