// A new run's targets (its session file and output folder) before and after
// it: refused when they hold a published stream, set aside on --replace,
// cleaned after a refusal. Documented where the facade exports them
// (api::checkNewRunTargets and the others, core/api/run.h).
#pragma once

#include <string>

#include "core/values/release_output.h"

namespace streamsynth::workflow {

void checkNewRunTargets(const std::string& sessionPath, const std::string& outDir, bool replace);
api::NewRunTargets newRunTargets(const std::string& sessionPath, const std::string& outDir);
void removeRefusedRunLitter(const api::NewRunTargets& targets);
std::string setAsideReplacedReleases(const std::string& outDir);
void finishReplacedReleases(const std::string& outDir, const std::string& aside, bool runSucceeded);

}  // namespace streamsynth::workflow
