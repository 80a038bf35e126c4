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

#include "core/api/values/run_config.h"
#include "core/stream/run_engine.h"

namespace streamsynth::data {
class Table;
}

namespace streamsynth::io {

// Batch mode: rows [rowsBegin, rowsEnd) of the data file (file order) form
// steps firstStep.. by planByBatch with a seeded Rng (batchSeed, orderLabel).
// The first segment uses the label "batch-order" (as a plain run does); each
// continuation appends a segment, so a random order shuffles only new rows.
struct BatchSegment {
    long long rowsBegin = 0;
    long long rowsEnd = 0;
    int firstStep = 1;
    std::string orderLabel;
};

// Named settings kept with a run ("out", "bins", "stream-id", …), in order.
using Settings = std::vector<std::pair<std::string, std::string>>;
// The value of settings[key], or fallback; sets (or adds) settings[key].
std::string settingIn(const Settings& settings, const std::string& key, const std::string& fallback = {});
void setSettingIn(Settings& settings, const std::string& key, const std::string& value);

// What a run is besides its schema and its engine: the part a run's state
// (api::RunState) and its session record share, so that either is made from
// the other by copying this part whole (no field list kept twice).
struct RunRecord {
    std::vector<std::vector<int>> workloads;  // attrs of each workload, in set order
    stream::RunConfig config;
    std::uint64_t batchSeed = 0;             // seed of the random batch order
    std::vector<BatchSegment> segments;      // batch mode only
    std::vector<std::uint64_t> stepDigests;  // [t-1]: stepDigest of step t's rows or answers (released steps)
    std::vector<long long> stepRows;         // [t-1]: |∇f_t|
    std::vector<std::string> stepPeriods;    // [t-1]: period label
    Settings settings;                       // output settings, stream id, registry, …

    // The value of settings[key], or fallback.
    std::string setting(const std::string& key, const std::string& fallback = {}) const;
    // Sets (or adds) settings[key].
    void setSetting(const std::string& key, const std::string& value);
};

struct SessionData : RunRecord {
    std::string schemaJson;  // data::schemaToJson, stream settings in effect
    stream::EngineState engine;
    std::vector<std::pair<std::string, std::string>>
        exportRngs;  // series id -> Rng state for uniform bin values
};

// FNV-1a 64 over rows [begin, end) of `rows`, row by row, each row's codes
// in attribute order as 2 little-endian bytes: a change of any code, of the
// row order or of the row count changes it (with overwhelming probability).
std::uint64_t stepDigest(const data::Table& rows, std::size_t begin, std::size_t end);

// FNV-1a 64 of a byte string (also the session payload checksum).
std::uint64_t fnv1a64(const char* data, std::size_t size);

}  // namespace streamsynth::io
