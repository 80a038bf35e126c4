// The value types of core/api/export_folder.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

namespace streamsynth::api {

enum class ExportTargetKind {
    Empty,           // missing or empty: export straight away
    PreviousExport,  // holds exactly one earlier export (its manifest lists every file there)
    Foreign,         // holds files no export manifest of ours lists: never written into
};

struct ExportTarget {
    ExportTargetKind kind = ExportTargetKind::Empty;
    int files = 0;                      // regular files found (manifest.json included)
    std::string exportKind;             // PreviousExport: what it was ("latest releases", "kept releases")
    std::vector<std::string> unlisted;  // Foreign: a few of the files no manifest lists (relative paths)
};

struct ListedFile {
    std::string path;  // relative to the export folder, '/' separated
    long long bytes = 0;
    std::string sha256;
};

}  // namespace streamsynth::api
