// What a run is besides its schema and its engine: its workloads, settings
// (each series' budget among them), batches, the digests, row counts and
// periods of its released steps, and its named settings. A plain value of
// the stream layer: the api's run state (api::RunState) is one, and a
// session file (io::SessionData) stores one, so the state is not an io
// record and either is made from the other by copying this part whole (no
// field list kept twice).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/values/run_config.h"

namespace streamsynth::stream {

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

struct RunRecord {
    std::vector<std::vector<int>> workloads;  // attrs of each workload, in set order
    RunConfig config;
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

}  // namespace streamsynth::stream
