// Inside the api library only: true vs synthetic read off the engine, for
// api::Run::compareWithTruth (the values: core/values/true_vs_synthetic.h).
#pragma once

#include <string>

#include "core/stream/run_engine.h"
#include "core/values/true_vs_synthetic.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

// From the engine between steps (after a run finished or was cancelled).
// Throws a setting Error on an unknown series id.
TrueVsSynthetic compareWithTruth(const stream::RunEngine& engine, const std::string& seriesId);

}  // namespace streamsynth::workflow
