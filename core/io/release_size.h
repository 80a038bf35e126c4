// The bytes a release file takes per row, estimated from the public schema
// only (docs/spec.md, "Release files"): rows drawn uniformly over the domain
// (with a fixed seed) are written exactly as a release file would be. The
// uniform rows are the most varied a release can hold, so a real release
// compresses at least as well: the estimate is an upper one for gzip'd files
// and close for plain CSV. No private value is read.
#pragma once

#include "core/io/release_writer.h"
#include "core/values/schema.h"

namespace streamsynth::io {

struct ReleaseFileSize {
    double bytesPerRow = 0;   // each row of a file
    double bytesPerFile = 0;  // the header line (and gzip's header and trailer): once per file
};

ReleaseFileSize estimateReleaseFileSize(const data::Schema& schema, BinOutput bins, ReleaseFileFormat format);

}  // namespace streamsynth::io
