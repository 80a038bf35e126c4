// Encoding raw text columns into a table of integer codes over a confirmed,
// public schema. Every row is encoded or the whole import fails with an
// input Error naming file, line, row and column; nothing is dropped silently.
#pragma once

#include <string>
#include <vector>

#include "core/data/csv_reader.h"
#include "core/values/problem.h"
#include "core/values/schema.h"
#include "core/values/table.h"

namespace streamsynth::data {

struct EncodedTable {
    Table table;  // over schema.domain(), one row per raw row, same order
    std::vector<std::string>
        timeValues;  // raw text of schema.stream.time->column per encoded row; empty when no time column
    std::vector<std::string>
        keyValues;  // raw text of the hash batch order's key column per row; empty without one
    // Raw text of the privacy unit's key column per row (schema.stream.unit);
    // empty without one. Read for bounding only (core/steps/unit_bound.h): never
    // stored, logged or released.
    std::vector<std::string> unitKeys;
    std::vector<long long> lines;  // physical line of each encoded row
    std::vector<Problem>
        problems;  // non-fatal findings: "other" (values mapped to <other>), "ignored-column"
};

// Throws an input Error naming file, line, column (number and name) for: a
// schema attribute (or the time column) missing from the header, a value
// outside the domain (unless the attribute has <other>), an unparsable
// number, an empty cell without missingCategory. Numbers are read with
// std::from_chars (locale-independent; surrounding spaces allowed).
// Refuses a schema with derivedFromData == true (setting Error "domain") and
// an invalid schema (setting Error "domain").
EncodedTable encodeTable(const RawTable& raw, const Schema& schema);

}  // namespace streamsynth::data
