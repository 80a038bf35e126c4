// The steps of a database stream, planned on the server in one pass over
// the table (plus one sorted pass for the hash batch order): how many steps,
// their labels and row counts, the rows excluded (time NULL, before the
// start) and every value that the schema cannot encode (refused before
// anything runs, as the CSV path refuses the file), and the SQL that puts a
// row into its step. The same rules as stream::planByTime / planByHash, so
// a table and its CSV export give the same steps.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/db/db_source.h"
#include "core/steps/step_hash_order.h"
#include "core/values/problem.h"
#include "core/values/schema.h"

namespace streamsynth::db {

class PgConnection;

// One key range of the hash order: its batches start at these digests.
struct HashSegment {
    stream::KeyRange keys;
    int firstStep = 1;
    long long rows = 0;
    std::vector<std::string> starts;  // digest of each batch's first row, ascending
};

struct DbPlan {
    std::vector<long long> rows;       // rows[t-1] = |∇f_t|
    std::vector<std::string> periods;  // labels, as the CSV path gives them
    std::vector<data::Problem> problems;
    bool startFromData = false;  // time: the first period was read from the data (needs confirmation)
    std::string derivedStart;    // then: the earliest time, saved as the start once confirmed
    bool endFromData = false;    // time: no public end or step count; the last period was read from the data
    std::string derivedEnd;      // then: the latest time, saved as the end once confirmed
    long long keyEnd = 0;        // hash: one past the largest key (the session's next range starts here)

    // Time mode.
    std::string base;  // base-period expression
    double first = 0, per = 1;
    // Hash mode.
    std::string hash;       // digest expression
    std::string keyColumn;  // quoted key column
    std::vector<HashSegment> segments;

    int stepCount() const { return static_cast<int>(rows.size()); }
};

// Plans the stream of schema.stream (time, or batches in hash order; the
// random and sorted orders need row positions a database does not have and
// are refused with a setting Error). `ranges`: the hash order's key ranges
// (empty = one range holding every key). Input Errors name the column and
// the kind of problem, never a value.
DbPlan planDbStream(const PgConnection& connection, const Relation& relation, const data::Schema& schema,
                    std::uint64_t seed, const std::vector<stream::KeyRange>& ranges = {});

// The step of a row and a WHERE clause selecting (a superset of) the rows
// of steps a..b; `step BETWEEN a AND b` is applied on top.
std::string planStepSql(const DbPlan& plan, long long a, long long b);
std::string planWhereSql(const DbPlan& plan, const data::Schema& schema, const Relation& relation,
                         long long a, long long b);

}  // namespace streamsynth::db
