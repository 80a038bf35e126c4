// A run's state and its session record (detail/run_state.h).
#include "core/workflow/run_state.h"

#include <limits>

#include "core/io/session_store.h"
#include "core/privacy/seed_streams.h"
#include "core/steps/step_digest.h"
#include "core/steps/step_source.h"
#include "core/stream/run_engine.h"
#include "core/values/session_settings.h"
#include "core/values/workload_set.h"

namespace streamsynth::workflow {

RunState newRunState(const data::Schema& schema, long long tableRows, std::uint64_t batchSeed,
                     const marginals::WorkloadSet& ws, const stream::RunConfig& config) {
    RunState s;
    s.schema = schema;
    for (std::size_t i = 0; i < ws.size(); ++i) s.workloads.push_back(ws[i].attrs);
    s.config = config;
    s.batchSeed = batchSeed;
    if (schema.stream.batch && schema.stream.batch->order == data::BatchOrder::Hash)
        s.segments.push_back({std::numeric_limits<long long>::min(), tableRows, 1, kHashSegment});
    else if (schema.stream.batch)
        s.segments.push_back({0, tableRows, 1, privacy::seedstream::kBatchOrder});
    return s;
}

void recordReleasedSteps(RunState& state, const stream::StepSource& source, int releasedSteps) {
    // Sessions from files keep the "rows" kind without saying so (older files).
    if (source.digestKind() != stream::kRowsDigest) state.setSetting(kDigestSetting, source.digestKind());
    for (int t = static_cast<int>(state.stepDigests.size()) + 1; t <= releasedSteps; ++t) {
        state.stepDigests.push_back(source.digest(t));
        state.stepRows.push_back(source.stepRows(t));
        state.stepPeriods.push_back(source.period(t));
    }
}

RunState runStateOf(const io::SessionData& d, const std::string& sessionName) {
    RunState s;
    static_cast<stream::RunRecord&>(s) = d;  // the part both share, whole
    s.schema = data::parseSchemaJson(d.schemaJson, sessionName);
    return s;
}

io::SessionData sessionRecord(const RunState& s, const stream::EngineState& engine) {
    io::SessionData d;
    static_cast<stream::RunRecord&>(d) = s;
    d.schemaJson = data::schemaToJson(s.schema);
    d.engine = engine;
    // Export randomness is per (series, step) (io::makeExportRng): no state to keep.
    return d;
}

}  // namespace streamsynth::workflow
