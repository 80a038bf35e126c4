// How rows become time steps: by a time attribute and a release period, or
// by batches of fixed size. Part of the schema file (public settings); the
// stream folder interprets them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace streamsynth::data {

enum class PeriodUnit { Day, Week, TwoWeeks, Month, Quarter, Year, Units };

struct TimeSettings {
    std::string column;  // name of the time column in the file
    PeriodUnit unit = PeriodUnit::Week;
    int count = 1;       // N for "every N units" (Units: N of the raw integer/number scale; else N periods)
    std::string format;  // explicit date format (Qt QDateTime syntax); empty = detect
    // The public start of the stream: step 1 is the period containing it
    // (a date, or a number for Units). Empty: the earliest time in the data,
    // which is read from the private data and so needs the user's
    // confirmation, like a proposed domain (SPEC §1). Rows before it are
    // excluded and reported.
    std::string start;
    // The public end of the stream: the last step is the period containing
    // `end` (a date, or a number for Units), or the stream has `steps` steps
    // from its start (at most one of the two). Neither: the stream ends with
    // the latest time in the data, which is private, so it needs the user's
    // confirmation that the data's last period is public (a stray
    // row dated 2099 must not create thousands of steps unnoticed). Rows
    // after the end are excluded and reported, like rows before the start.
    std::string end;
    long long steps = 0;  // 0: not given
};

// Random: a seeded Fisher–Yates shuffle of the file order; Sorted:
// lexicographic on the codes; Hash: rows ordered by the MD5 of "<seed>:<key>"
// over a unique whole-number key column (docs/schema.md), the order a
// database computes without holding the rows (docs/scale.md).
enum class BatchOrder { Random, Sorted, Hash };

struct BatchSettings {
    BatchSettings() = default;
    BatchSettings(long long rows, BatchOrder batchOrder, std::string keyColumn = {})
        : size(rows), order(batchOrder), key(std::move(keyColumn)) {}

    long long size = 1000;  // rows per step, >= 1
    BatchOrder order = BatchOrder::Random;
    std::string key;  // Hash: the key column (unique whole numbers); not an attribute
};

// Who a stream's guarantee protects (issue 49, docs/privacy-models.md
// "Person-level privacy"). Absent: each row (event level). Present: each unit,
// the rows sharing one value of `column` (a key that is never an attribute and
// never released), of which at most maxRows are counted over the whole stream
// and at most maxRowsPerStep in one step (core/steps/unit_bound.h drops the
// rest by a public rule). Public settings: the schema and every session keep
// them, and a stream's unit never changes on continue.
struct UnitSettings {
    std::string column;
    long long maxRows = 1;         // m
    long long maxRowsPerStep = 1;  // K, 1 <= K <= m (front ends set K = m when only m is given)
    bool operator==(const UnitSettings&) const = default;
};

// Exactly one of time and batch is set for a usable stream.
struct StreamSettings {
    std::optional<TimeSettings> time;
    std::optional<BatchSettings> batch;
    std::optional<UnitSettings> unit;  // none: event level
};

// The stream's rows per step when they are public: a batched stream's batch
// size; 0 for time steps (a period's row count is private) and no settings.
inline double publicRowsPerStep(const StreamSettings& settings) {
    return settings.batch ? static_cast<double>(settings.batch->size) : 0.0;
}

// "day", "week", "2weeks", "month", "quarter", "year", "3 days", "10 units", ...
// Throws a setting Error naming "period" on anything else.
TimeSettings parsePeriod(const std::string& text, TimeSettings base = {});
std::string periodToString(const TimeSettings& settings);
BatchOrder parseBatchOrder(const std::string& text);  // "random" | "sorted" | "hash"
std::string batchOrderToString(BatchOrder order);
// One line for people: "month on Release Date", "batches of 1000, random
// order", or "no stream settings".
std::string describeStream(const StreamSettings& settings);
// Who is protected, in words (privacy::protectionClause): "event level: each
// row is counted at one step" or "unit level: protects each unit of column
// "patient_id" with at most 12 rows over the stream and 4 in one step;
// releases count the bounded rows; a row with an empty key is a unit of its own".
std::string describeProtection(const std::optional<UnitSettings>& unit);
// Error(Setting "privacy-unit") when the column is empty, or (through
// validateUnitBound) m or K is out of range.
void validateUnitSettings(const UnitSettings& unit);

}  // namespace streamsynth::data

namespace streamsynth::stream {

// The public end in words: "'2020-12-31'" or "52 steps from the start"
// (implemented in core/steps/step_plan.cpp).
std::string endText(const data::TimeSettings& settings);

}  // namespace streamsynth::stream
