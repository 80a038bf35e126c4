// The SQL StreamSynth sends: per attribute, the value the server groups by
// (an integer code computed exactly as the CSV encoder computes it from
// text, or the text of a categorical value, mapped to its code by the
// client with the schema's labels); per row, its step (time period
// arithmetic on a date/number column, or the hash batch order); and per
// chunk of steps one GROUP BY GROUPING SETS query whose groups are the
// cells of the workloads' contingency tables. Pure string building; every
// piece is checked against the CSV path by tests/core/db.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/db/db_source.h"
#include "core/values/schema.h"

namespace streamsynth::db {

// Codes the server returns instead of a valid one.
inline constexpr int kOutsideDomain = -1;  // outside the bounds/codes (no clamp, no <other>)
inline constexpr int kNotFinite = -2;      // NaN or ±infinity in a numeric column

struct AttributeSql {
    std::string value;       // the value grouped by: an int code (NULL = missing), or text for categorical
    bool textValue = false;  // categorical: the client maps the text to a code
    std::string bad;         // boolean: the row cannot be encoded (outside the domain, not finite)
    std::string missingBad;  // boolean: missing, and the attribute has no <missing> code
    std::string other;       // boolean: a categorical value encoded as <other>
};

// The SQL of one attribute over `column`. Throws an Input Error naming the
// column when its type cannot hold the attribute (numbers and integer codes
// need a numeric column: cast text columns in a query).
AttributeSql attributeSql(const data::AttributeSpec& spec, const SourceColumn& column);

// A float8 literal that reads back as exactly `v`.
std::string floatLiteral(double v);

// Time mode: the absolute base period of a row (float8; NULL when the time
// is NULL), as core/steps/time_period's basePeriod computes it: day number,
// Monday week, month = year·12 + month − 1, quarter, year (calendar units on
// date/timestamp columns, timestamptz taken in UTC), or the number itself
// (units on numeric columns). Throws an Input Error for other column types.
std::string basePeriodSql(const data::TimeSettings& settings, const SourceColumn& column);
// The calendar date of a date/timestamp column (timestamptz in UTC).
std::string dateSql(const SourceColumn& column);
// The step of a row, floor((base − first) / per) + 1 (NULL, ≤ 0 before the start).
std::string stepSql(const std::string& base, double first, double per);
// A predicate on the time column true for every row of steps a..b (a superset
// the server can answer from an index on the column; the exact step is
// filtered too).
std::string timeRangeSql(const data::TimeSettings& settings, const SourceColumn& column, double first,
                         double per, long long a, long long b);

// Hash order: md5('<seed>:' || key) in the C collation (the order of
// core/steps/step_hash_order).
std::string hashSql(std::uint64_t seed, const SourceColumn& key);
// The step of a row in a hash segment whose batches start at `starts`
// (sorted digests): firstStep − 1 + width_bucket(hash, starts).
std::string hashStepSql(const std::string& hash, const std::vector<std::string>& starts, int firstStep);
// A text[] literal of the digests.
std::string textArray(const std::vector<std::string>& values);

// One grouping-sets query. The inner select gives, per row of `from` that
// satisfies `where`, its step (`step`) and the values of the attributes
// `used` (schema indices into `attributes`); the outer query keeps steps
// a..b and groups by (step, set) for each set of `sets` (each a list of
// indices into `used`). Result columns: step, ⌈|used|/31⌉ GROUPING masks
// (31 attributes each, first attribute highest bit), the |used| values, the
// count.
// Two forms with the same result columns: GROUP BY GROUPING SETS (one scan;
// the fastest on one server) and one plain GROUP BY per set joined by UNION
// ALL (one scan per set; the form a distributed PostgreSQL such as Citus
// pushes down to its shards, where grouping sets run only in single-shard
// queries: docs/scale.md).
enum class QueryForm { GroupingSets, UnionAll };

struct GroupingQuery {
    std::string from;
    std::string where;                   // "" = every row
    std::string step;                    // the step expression
    std::vector<std::string> values;     // value expression per used attribute
    std::vector<bool> textValues;        // per used attribute: the value is text (else int)
    std::vector<std::vector<int>> sets;  // indices into values
    QueryForm form = QueryForm::GroupingSets;
};
std::string groupingSetsSql(const GroupingQuery& q, long long a, long long b);
int groupingMaskColumns(std::size_t usedAttributes);

}  // namespace streamsynth::db
