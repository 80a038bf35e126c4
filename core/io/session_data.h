// What a session file holds (SPEC §7): the public schema and stream
// settings, the run settings and workloads, the engine's full state (whose
// histories regenerate every release manifest with io::manifestFor) and per
// released step a digest of its input rows, so a later `continue` can prove
// the past steps still see the same rows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/stream/run_engine.h"
#include "core/stream/run_record.h"
#include "core/values/run_config.h"

namespace streamsynth::data {
class Table;
}

namespace streamsynth::io {

// A session file: the run record (stream::RunRecord, core/stream/run_record.h)
// with the schema as JSON and the engine's state.
struct SessionData : stream::RunRecord {
    std::string schemaJson;  // data::schemaToJson, stream settings in effect
    stream::EngineState engine;
    std::vector<std::pair<std::string, std::string>>
        exportRngs;  // series id -> Rng state for uniform bin values
};

// FNV-1a 64 over rows [begin, end) of `rows`, row by row, each row's codes
// in attribute order as 2 little-endian bytes: a change of any code, of the
// row order or of the row count changes it (with overwhelming probability).
std::uint64_t stepDigest(const data::Table& rows, std::size_t begin, std::size_t end);

// FNV-1a 64 of a byte string (the session payload checksum up to format 14).
std::uint64_t fnv1a64(const char* data, std::size_t size);

// The payload checksum from format 15: FNV-1a 64 over 8-byte little-endian
// words (the last, short one padded with zeros) with the high half of the
// state folded into the low one after each multiply, then the length, folded
// the same way. One multiply per 8 bytes instead of per byte (about 8x faster
// on a session of megabytes, saved before every release-mode step). Without
// the fold a change of a word's top bit only ever reached the top bit, and two
// such changes cancelled (review of 2026-12-02).
std::uint64_t fnv1a64Words(const char* data, std::size_t size);

}  // namespace streamsynth::io
