// Inside the api library only: true vs synthetic read off the engine, for
// api::Run::compareWithTruth (the values: core/api/true_vs_synthetic.h).
#pragma once

#include <string>

#include "core/api/true_vs_synthetic.h"
#include "core/stream/run_engine.h"

namespace streamsynth::api {

// From the engine between steps (after a run finished or was cancelled).
// Throws a setting Error on an unknown series id.
TrueVsSynthetic compareWithTruth(const stream::RunEngine& engine, const std::string& seriesId);

}  // namespace streamsynth::api
