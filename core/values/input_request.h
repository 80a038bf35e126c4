// Where a run's rows come from, as the steward chose them (core/api/stream_input.h):
// a file and every schema and stream setting, or a PostgreSQL table or query.
#pragma once

#include <optional>
#include <vector>

#include "core/values/db_source_spec.h"
#include "core/values/key_range.h"
#include "core/values/schema.h"
#include "core/values/stream_request.h"

namespace streamsynth::api {

// Asked for a database password when the server wants one nothing else gives.
using PasswordPrompt = db::PasswordPrompt;
using DatabaseSource = db::DbSourceSpec;

struct InputRequest {
    stream::StreamRequest file;  // the file (dataPath) and every schema/stream setting
    db::DbSourceSpec database;   // connection set: read this table/query instead of file.dataPath
    db::PasswordPrompt prompt;   // asked when the server wants a password nothing else gives
    std::vector<stream::KeyRange> keyRanges;  // hash order of a continued database session (empty: all keys)
    std::optional<data::Schema> schema;       // a public schema already confirmed (a session's): used as is
    double maxSetCells = 10000;  // database: grouping-set bound (db::DbStepSource; benchmarks tune it)
    bool unionAll = false;       // database: one GROUP BY per set (distributed servers, docs/scale.md)
};

}  // namespace streamsynth::api
