// core/api/release_storage.h over the workflow of core/workflow/release_storage.h.
#include "core/api/release_storage.h"

#include <utility>

#include "core/workflow/release_storage.h"

namespace streamsynth::api {

ReleaseStorage estimateReleaseStorage(const Run& run, const ReleaseOutput& output,
                                      const std::vector<std::string>& series, int firstStep, int lastStep) {
    return workflow::estimateReleaseStorage(*run.machine_, output, series, firstStep, lastStep);
}

std::string releaseStorageText(const ReleaseStorage& storage) {
    return workflow::releaseStorageText(storage);
}

std::string bytesText(double bytes) {
    return workflow::bytesText(bytes);
}

}  // namespace streamsynth::api
