// Session plumbing shared by `run --session` and `continue`: building the
// session's fixed part from a loaded stream, and refreshing its state (step
// digests, engine state, export Rngs) after steps ran. Thin wrappers over
// core/api/session_workflow.h, which the GUI shares.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "core/api/session_workflow.h"
#include "core/io/session_data.h"
#include "core/marginals/workload_set.h"
#include "core/privacy/rng.h"
#include "core/stream/run_engine.h"
#include "core/stream/step_pipeline.h"
#include "core/stream/step_source.h"

namespace streamsynth::cli {

// The fixed part: schema (with the stream settings in effect), workloads,
// run settings, batch seed and (batch mode) the first row segment;
// releaseFolders[series id] is the release folder under --out
// ("releases/<name>/eps<E>"), kept as settings "folder:<id>".
io::SessionData newRunSession(const stream::LoadedStream& ls, std::uint64_t batchSeed,
                              const marginals::WorkloadSet& ws, const stream::RunConfig& config,
                              const std::map<std::string, std::string>& releaseFolders, const std::string& bins,
                              const std::string& exportWhich, const std::string& outDir);

// Appends the digests, row counts and periods of steps released since the
// last update (steps [d.stepDigests.size()+1, engine.nextStep()-1]), and
// stores the engine state and the export Rngs' states.
void updateSession(io::SessionData& d, const stream::TableStepSource& source, const stream::RunEngine& engine,
                   const std::map<std::string, std::unique_ptr<privacy::Rng>>& exportRngs);

}  // namespace streamsynth::cli
