// The size of the release files a run will write, estimated before it
// starts from public settings only (docs/spec.md, "Release files"): the
// public schema (bytes per row, io/release_size.h), the steps to run, the
// published series and, for a batch stream, the public batch size. A time
// stream's rows per step are private: then only the bytes per 1,000 rows
// are stated. Shown in the CLI's and the GUI's release-mode confirmation.
#pragma once

#include <string>
#include <vector>

#include "core/api/run.h"
#include "core/values/release_storage.h"

namespace streamsynth::api {

// For the series ids `series` over steps firstStep..lastStep, written as `output` says.
ReleaseStorage estimateReleaseStorage(const Run& run, const ReleaseOutput& output,
                                      const std::vector<std::string>& series, int firstStep, int lastStep);

// "about 1.5 MB in 49 files (...)" in words, for the confirmations.
std::string releaseStorageText(const ReleaseStorage& storage);

// "1.5 MB", "830 kB", "120 bytes" (decimal units, 2 significant digits).
std::string bytesText(double bytes);

}  // namespace streamsynth::api
