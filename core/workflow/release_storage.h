// The workflow behind core/api/release_storage.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/release_output.h"
#include "core/values/release_storage.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

class RunMachine;

ReleaseStorage estimateReleaseStorage(const RunMachine& run, const ReleaseOutput& output,
                                      const std::vector<std::string>& series, int firstStep, int lastStep);
std::string releaseStorageText(const ReleaseStorage& storage);
std::string bytesText(double bytes);

}  // namespace streamsynth::workflow
