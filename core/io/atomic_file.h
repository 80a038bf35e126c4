// Writing a whole file atomically (QSaveFile: temp file + rename), so a
// failed export never leaves a truncated file behind.
#pragma once

#include <string>

namespace streamsynth::io {

// Creates missing parent directories. Throws Error(Io) naming the path.
void writeFileAtomically(const std::string& path, const std::string& bytes);

}  // namespace streamsynth::io
