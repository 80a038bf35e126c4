// core/api/export_folder.h over the workflow of core/workflow/export_folder.h.
#include "core/api/export_folder.h"

#include <utility>

#include "core/workflow/export_folder.h"

namespace streamsynth::api {

ExportTarget inspectExportTarget(const std::string& dir) {
    return workflow::inspectExportTarget(dir);
}

void removePreviousExport(const std::string& dir) {
    workflow::removePreviousExport(dir);
}

std::string sha256File(const std::string& path) {
    return workflow::sha256File(path);
}

std::vector<ListedFile> writeExportListing(const std::string& dir, const std::string& kind,
                                           bool publishable) {
    return workflow::writeExportListing(dir, kind, publishable);
}

}  // namespace streamsynth::api
