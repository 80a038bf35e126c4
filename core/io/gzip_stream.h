// gzip (RFC 1952, zlib's deflate) for release files: a writer that hands
// the compressed bytes to an output sink piece by piece (a release is never
// held whole in memory, compressed or not) and a reader that inflates a
// whole file. Any gzip tool reads the files (gzip -dc, R, pandas).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/values/output_file.h"

namespace streamsynth::io {

// The release files' level (docs/spec.md, "Release files"): zlib's 4 deflates
// a proposed step file of Adult 4.6x faster than gzip's default 6 for 11% more
// bytes; level 6 spent a third of a release-mode run's time.
inline constexpr int kReleaseGzipLevel = 4;

class GzipWriter {
public:
    // level: zlib's 1 (fast) .. 9 (small).
    explicit GzipWriter(OutputSink sink, int level = kReleaseGzipLevel);
    ~GzipWriter();
    GzipWriter(const GzipWriter&) = delete;
    GzipWriter& operator=(const GzipWriter&) = delete;

    void write(std::string_view bytes);
    // Flushes the rest and the trailer (CRC-32 and length); call once, last.
    void finish();
    std::uint64_t compressedBytes() const { return written_; }

private:
    void pump(int flush);
    struct Impl;
    std::unique_ptr<Impl> impl_;
    OutputSink sink_;
    std::uint64_t written_ = 0;
};

// The whole inflated text of gzip bytes (several members are joined, as
// gzip -dc does). Throws Error(Input) naming `name` when they are not gzip
// or are cut off.
std::string gunzip(std::string_view gz, const std::string& name);

}  // namespace streamsynth::io
