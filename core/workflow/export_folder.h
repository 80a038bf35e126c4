// The workflow behind core/api/export_folder.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/export_folder.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

ExportTarget inspectExportTarget(const std::string& dir);
void removePreviousExport(const std::string& dir);
std::string sha256File(const std::string& path);
std::vector<ListedFile> writeExportListing(const std::string& dir, const std::string& kind, bool publishable);

}  // namespace streamsynth::workflow
