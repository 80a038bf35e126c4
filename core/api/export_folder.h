// The folders the GUI exports into: one export per folder,
// never mixed with another export or with files of anyone else. Every export
// ends with manifest.json listing each file it wrote with its size and
// SHA-256 (FIPS 180-4, through Qt Core's QCryptographicHash), so a recipient
// can check what they received and a later export can tell its own files
// from foreign ones and replace exactly them.
#pragma once

#include <string>
#include <vector>

#include "core/values/export_folder.h"

namespace streamsynth::api {

// Looks at dir without changing it.
ExportTarget inspectExportTarget(const std::string& dir);

// Removes an earlier export from dir: the files its manifest lists, the
// manifest, and the folders that became empty. Refuses (Error(Setting),
// naming the folder) unless inspectExportTarget(dir) is PreviousExport;
// Error(Io) with the OS's words when a file cannot be removed.
void removePreviousExport(const std::string& dir);

// SHA-256 of a file's bytes as 64 lowercase hex digits; Error(Io) naming the
// file when it cannot be read.
std::string sha256File(const std::string& path);

// After an export into a folder that was empty (or emptied by
// removePreviousExport): lists every file under dir except manifest.json,
// sorted by path, and writes them as "files" into dir/manifest.json with
// "export" = kind and "publishable" (an existing manifest, such as the index
// of kept releases, keeps its other keys). Returns the list.
std::vector<ListedFile> writeExportListing(const std::string& dir, const std::string& kind, bool publishable);

}  // namespace streamsynth::api
