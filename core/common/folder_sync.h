// Two path helpers shared by the file writers of core/common
// (output_file.cpp, durable_append.cpp): a path's folder, and the fsync of a
// folder that makes a new or renamed name in it durable.
#pragma once

#include <string>

namespace streamsynth::detail {

// The folder part of path: "." for a bare name, "/" for a name in the root.
std::string parentOf(const std::string& path);

// fsyncs folder, best effort (a folder that cannot be opened is left as it is).
void syncFolder(const std::string& folder);

}  // namespace streamsynth::detail
