// Where a database stream comes from: a connection string and a table or a
// query, described on the server (column names and types) so that every
// schema attribute, the time column and the batch key can be turned into
// SQL that computes exactly what the CSV path computes from text
// (core/data/table_encoder, core/steps/step_plan). Values only; the
// queries themselves are built in marginal_sql.h.
#pragma once

#include <string>
#include <vector>

#include "core/values/db_source_spec.h"
#include "core/values/schema.h"

namespace streamsynth::db {

class PgConnection;

// Setting Errors ("--table"/"--query") when both or neither are given.
void validate(const DbSourceSpec& spec);

// How PostgreSQL stores a column, as far as encoding cares.
// Real (float4) is kept apart: its values are read through their text, as a
// CSV export of the column would show them.
enum class ColumnType { Integer, Decimal, Real, Date, Timestamp, TimestampTz, Text };

struct SourceColumn {
    std::string name;
    ColumnType type = ColumnType::Text;
    std::string sqlName;  // quoted identifier
};

// The relation as a FROM item and its columns.
struct Relation {
    std::string from;   // "public"."adult" or (SELECT ...) AS streamsynth_source
    std::string label;  // "table adult" / "query" (for messages)
    std::vector<SourceColumn> columns;

    // The column, or a setting Error naming `role` and listing the columns.
    const SourceColumn& column(const std::string& name, const std::string& role) const;
};

// The source as named in messages: "table adult", or "query" (a query's
// text is never repeated). Setting Errors as validate().
std::string sourceLabel(const DbSourceSpec& spec);

// Reads the relation's columns (a query with LIMIT 0). Errors from the
// server (no such table, a bad query) are Input Errors naming the source.
Relation describeRelation(const PgConnection& connection, const DbSourceSpec& spec);

// The type of a column from its type oid.
ColumnType columnTypeOf(unsigned oid);
std::string columnTypeName(ColumnType type);

}  // namespace streamsynth::db
