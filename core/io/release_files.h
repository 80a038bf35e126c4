// Reading a step's release back from an output folder's files, whatever
// form they were written in (docs/spec.md, "Release files"): a .csv file as
// it is, a .csv.gz file inflated, and an increment (its manifest's
// "file"."rows_before" > 0) joined to the earlier steps' files. The result
// is the CSV text of the whole release g_t, byte for byte what a plain CSV
// of it would hold.
#pragma once

#include <string>

namespace streamsynth::io {

// folder: a series' release folder (releases/<series>/eps<E>). Throws
// Error(Input) naming the file when a step's file or manifest is missing,
// not gzip, or holds another number of rows than its manifest says.
std::string readReleaseText(const std::string& folder, int step);

}  // namespace streamsynth::io
