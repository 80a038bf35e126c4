// The schema: the public domain of a table (how each column becomes integer
// codes) plus the stream settings. Read from / written to a JSON file; see
// docs/schema.md for users. Two JSON forms are accepted:
//
// 1. Simple form (adult-domain.json): {"age": 85, "workclass": 9, ...}:
//    every attribute is an integer-code column with codes 0..size-1, in the
//    order of the file.
// 2. Full form:
//    {"version": 1,
//     "attributes": [
//       {"name": "MPAA Rating", "kind": "categorical", "labels": ["G", "PG", "R"],
//        "other": true, "missing": true},
//       {"name": "Genus", "kind": "categorical", "labels": ["Birds", "Mammals"],
//        "members": {"Birds": ["Gull", "Hawk"]}, "other": true},
//       {"name": "IMDB Rating", "kind": "numeric", "lower": 0, "upper": 10, "bins": 10,
//        "clamp": false, "missing": true},
//       {"name": "US Gross", "kind": "numeric", "edges": [0, 1e6, 1e7, 1e8, 1e9]},
//       {"name": "workclass", "kind": "integer", "size": 9},
//       {"name": "Opened", "kind": "date", "edges": ["2000-01-01", "2005-01-01", "2010-12-31"]},
//       {"name": "Born", "kind": "date", "lower": "1950-01-01", "upper": "2009-12-31",
//        "period": "year", "format": "dd.MM.yyyy"}],
//     "time": {"column": "Release Date", "period": "month", "format": ""},
//     "batch": {"size": 50, "order": "random"},
//     "derivedFromData": true}
//    "other", "missing", "clamp" default to false; "time"/"batch" are
//    optional (at most one); "derivedFromData" marks an unconfirmed proposal.
//    Unknown keys are errors (they are usually typos).
// Codes of an attribute: its regular codes first, then "<other>" (if any),
// then "<missing>" (if any).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/values/domain.h"
#include "core/values/stream_settings.h"

namespace streamsynth::data {

enum class AttributeKind { Categorical, Numeric, IntegerCode };

inline constexpr const char* kOtherLabel = "<other>";
inline constexpr const char* kMissingLabel = "<missing>";

struct AttributeSpec {
    std::string name;
    AttributeKind kind = AttributeKind::IntegerCode;
    std::vector<std::string> labels;  // Categorical: code i <-> labels[i]
    bool hasOther = false;            // Categorical: labels not listed map to a final "<other>" code
    double lower = 0, upper = 0;      // Numeric, equal-width bins over public bounds [lower, upper]
    int bins = 0;
    std::vector<double>
        edges;  // Numeric, explicit increasing edges (bins = edges.size()-1); wins over lower/upper/bins
    bool clampToBounds =
        false;     // Numeric: values outside the bounds go to the first/last bin instead of an error
    int size = 0;  // IntegerCode: codes 0..size-1
    bool missingCategory =
        false;  // an extra final "<missing>" code for empty cells; otherwise an empty cell is an error
    // Numeric as a date attribute (schema kind "date"): the edges are day
    // numbers (days since 1970-01-01, whole numbers), the cells dates read
    // as the time column reads them (dateFormat: an explicit Qt date format;
    // empty = detect), the labels ISO dates. Everything on bins is numeric's.
    bool date = false;
    std::string dateFormat;
    // Categorical: a public hierarchy's children coded as their parent label
    // (key: one of `labels`; each member listed once and never a label itself).
    std::map<std::string, std::vector<std::string>> members;

    // Number of codes including <other>/<missing>.
    int domainSize() const;
    // Number of regular codes (labels, bins or integers), without <other>/<missing>.
    int regularSize() const;
    int otherCode() const;    // -1 when there is none
    int missingCode() const;  // -1 when there is none
    // Category label, "[10, 20)" for a bin ("[90, 100]" for the last one, which
    // holds the upper bound), the integer for a code, "<other>", "<missing>".
    std::string label(int code) const;
    // Numeric only, regular codes only: [lo, hi) of the bin (the last bin also holds hi).
    std::pair<double, double> binInterval(int code) const;
    // Numeric only: the bin of a finite value, or -1 when outside the bounds
    // (clamped to the first/last bin when clampToBounds).
    int binOf(double value) const;

    bool operator==(const AttributeSpec&) const = default;
};

struct Schema {
    std::vector<AttributeSpec> attributes;
    StreamSettings stream;         // time or batch settings (may be empty)
    bool derivedFromData = false;  // true for a proposal the user has not confirmed

    // Throws a setting Error ("domain") when the schema is invalid (see validationError).
    Domain domain() const;
    int indexOf(std::string_view name) const;  // -1 if absent

    bool operator==(const Schema& other) const;
};

// Empty when the schema is usable; otherwise one sentence on the first
// problem (empty/duplicate names, bad bounds or edges, no codes, more than
// 65,535 codes, duplicate or empty labels, both time and batch set, ...).
std::string validationError(const Schema& schema);

// Input Error naming the file (and the line of a JSON syntax error).
Schema parseSchemaJson(const std::string& json, const std::string& fileName);
Schema readSchema(const std::string& path);
// The full form, indented by QJsonDocument (keys of each object in sorted
// order, attributes in schema order); parseSchemaJson(schemaToJson(s)) == s.
std::string schemaToJson(const Schema& schema);
// Atomic (QSaveFile): the old file survives a failed write. Io Error on failure.
// fromData: the domain was read from the data (its labels and bounds are the
// table's until the steward publishes them): the file is 0600, as every file
// computed from private data.
// replacesSchemaInput: the file may be the schema this process read (the GUI's
// remembered import settings, read when the table was opened); any other
// input is never replaced (output_file.h).
void writeSchema(const Schema& schema, const std::string& path, bool fromData = false,
                 bool replacesSchemaInput = false);

std::string attributeKindToString(AttributeKind kind);  // "categorical" | "numeric" | "integer"
// The schema's kind of an attribute: the above, or "date" for a date attribute.
std::string attributeKindToString(const AttributeSpec& spec);

}  // namespace streamsynth::data
