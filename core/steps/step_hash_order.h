// The hash batch order (docs/schema.md): rows sorted by the lowercase hex
// MD5 of the text "<seed>:<key>" over a unique whole-number key column, then
// cut into batches of B. Unlike the Fisher–Yates shuffle it needs no row
// positions, so a database computes the same order with md5() in SQL
// (core/db) and a file and a table give the same steps. Continuations add
// key ranges: each range (segment) is ordered on its own and its batches
// follow the previous range's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/steps/step_plan.h"
#include "core/values/key_range.h"
#include "core/values/stream_settings.h"

namespace streamsynth::stream {

// md5hex("<seed>:<key>"), both in plain decimal ("7:-42").
std::string hashOrderText(std::uint64_t seed, long long key);

// The whole-number value of a key cell (surrounding spaces allowed); false
// when the text is not one.
bool parseKey(const std::string& text, long long& key);

// Steps by the hash order over `ranges` in order (empty: one range holding
// every key). keyTexts[i] is the raw key of row i, lines[i] its line in
// `file`. Throws an input Error naming the line for a key that is not a
// whole number, a key listed twice, or one outside every range, and (never
// seen in practice) two keys with the same digest; a setting Error when
// the batch size is < 1.
StepPlan planByHash(const std::vector<std::string>& keyTexts, const std::vector<long long>& lines,
                    const data::BatchSettings& settings, std::uint64_t seed, const std::string& file,
                    const std::vector<KeyRange>& ranges = {});

}  // namespace streamsynth::stream
