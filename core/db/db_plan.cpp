// Planning a database stream; see db_plan.h. Mirrors stream::planByTime and
// stream::planByHash rule for rule, counting on the server.
#include "core/db/db_plan.h"

#include <cmath>
#include <limits>
#include <tuple>

#include "core/common/time_parser.h"
#include "core/data/date_bins.h"
#include "core/db/marginal_sql.h"
#include "core/db/pg_connection.h"
#include "core/steps/step_plan.h"
#include "core/steps/time_period.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"

namespace streamsynth::db {

namespace {

constexpr long long kNoKey = std::numeric_limits<long long>::min();
constexpr long long kAllKeys = std::numeric_limits<long long>::max();

// The per-attribute checks of one pass: missing without <missing>, outside
// the domain, and <other> counts (3 columns per attribute).
struct Checks {
    std::string flags;   // ", (missingBad) AS c0, (bad) AS c1, (other) AS c2, ..." over the source row
    std::string counts;  // ", count(*) FILTER (WHERE c0), ..." over those flags
};

Checks checksFor(const data::Schema& schema, const Relation& rel) {
    Checks c;
    int k = 0;
    for (const data::AttributeSpec& a : schema.attributes) {
        const AttributeSql s = attributeSql(a, rel.column(a.name, "schema attribute"));
        for (const std::string* e : {&s.missingBad, &s.bad, &s.other}) {
            c.flags += ", (" + *e + ") AS c" + std::to_string(k);
            c.counts += ", count(*) FILTER (WHERE c" + std::to_string(k) + ")";
            ++k;
        }
    }
    return c;
}

// Refuses what table_encoder refuses (no value quoted), collects <other> notes.
void readChecks(const data::Schema& schema, const std::vector<std::vector<long long>>& counts,
                std::vector<data::Problem>& problems) {
    for (std::size_t i = 0; i < schema.attributes.size(); ++i) {
        const data::AttributeSpec& a = schema.attributes[i];
        const long long missingBad = counts[i][0], bad = counts[i][1], other = counts[i][2];
        ErrorContext ctx;
        ctx.columnName = a.name;
        if (missingBad > 0)
            throw Error(
                ErrorKind::Input,
                std::to_string(missingBad) + " rows have no value (NULL or empty) in '" + a.name +
                    "', which has no <missing> category (add \"missing\": true to its schema entry to allow "
                    "them)",
                ctx);
        if (bad > 0) {
            std::string domain;
            if (a.kind == data::AttributeKind::IntegerCode)
                domain = "codes 0.." + std::to_string(a.size - 1);
            else if (a.kind == data::AttributeKind::Categorical)
                domain = std::to_string(a.labels.size()) + " categories";
            else if (a.date)
                domain =
                    "dates from " + data::dayText(a.edges.front()) + " to " + data::dayText(a.edges.back());
            else
                domain = "bounds [" + shortestNumberText(a.edges.empty() ? a.lower : a.edges.front()) + ", " +
                         shortestNumberText(a.edges.empty() ? a.upper : a.edges.back()) + "], finite numbers";
            throw Error(ErrorKind::Input,
                        std::to_string(bad) + " rows have a value of '" + a.name + "' outside its domain (" +
                            domain +
                            "); widen the domain, set \"other\"/\"clamp\", or filter the rows in a query",
                        ctx);
        }
        if (other > 0) {
            data::Problem p;
            p.kind = "other";
            p.column = a.name;
            p.count = other;
            p.message = std::to_string(other) + " value" + (other == 1 ? "" : "s") + " of '" + a.name +
                        "' are not listed in the schema and were encoded as <other>";
            problems.push_back(std::move(p));
        }
    }
}

std::vector<std::vector<long long>> checkCounts(const PgResult& r, int row, int lead,
                                                std::size_t attributes) {
    std::vector<std::vector<long long>> out(attributes, std::vector<long long>(3));
    for (std::size_t i = 0; i < attributes; ++i)
        for (int k = 0; k < 3; ++k)
            out[i][static_cast<std::size_t>(k)] = r.integer(row, lead + static_cast<int>(i) * 3 + k);
    return out;
}

void addIgnoredColumns(const Relation& rel, const data::Schema& schema, const std::string& time,
                       const std::string& key, std::vector<data::Problem>& problems) {
    for (const SourceColumn& c : rel.columns) {
        if (schema.indexOf(c.name) >= 0 || c.name == time || c.name == key) continue;
        data::Problem p;
        p.kind = "ignored-column";
        p.column = c.name;
        p.message = "column '" + c.name + "' is not in the schema and is not imported";
        problems.push_back(std::move(p));
    }
}

// A public bound (start or end) as a base period (step_plan.cpp's rule).
double publicBound(const std::string& text, const data::TimeSettings& s, const char* setting) {
    const bool wantNumbers = s.unit == data::PeriodUnit::Units;
    const auto v = stream::parseTime(text, wantNumbers ? std::string() : s.format);
    if (!v || !stream::kindFits(v->kind, s.unit))
        throw settingError(setting, quotedText(text) + " is not a " + (wantNumbers ? "number" : "date") +
                                        " the time column can hold");
    return stream::basePeriod(*v, s.unit);
}

// The earliest or latest time in the data: its base period and its text
// (private: the caller has the user confirm it). Throws when none is readable.
std::pair<double, std::string> timeInData(const PgConnection& c, const Relation& rel,
                                          const data::TimeSettings& s, const SourceColumn& col,
                                          const std::string& base, const char* agg) {
    const bool wantNumbers = s.unit == data::PeriodUnit::Units;
    const std::string text = wantNumbers
                                 ? std::string(agg) + "(" + base + ")::text"
                                 : "to_char(" + std::string(agg) + "(" + dateSql(col) + "), 'YYYY-MM-DD')";
    const PgResult r = c.exec("SELECT " + std::string(agg) + "(" + base + "), " + text + " FROM " + rel.from,
                              "finding the time span");
    if (r.isNull(0, 0)) {
        ErrorContext ctx;
        ctx.columnName = s.column;
        const PgResult n = c.exec("SELECT count(*) FROM " + rel.from, "counting the rows");
        throw Error(ErrorKind::Input,
                    n.integer(0, 0) == 0
                        ? "the table has no rows"
                        : "no value of the time column can be read as " +
                              std::string(wantNumbers ? "a number" : "a date") + " (all are NULL)",
                    ctx);
    }
    return {std::stod(r.text(0, 0)), r.text(0, 1)};
}

// The last step (1-based): the public end or step count, else the latest time
// in the data (plan.endFromData; planByTime's lastStepIndex).
long long lastStepOf(const PgConnection& c, const Relation& rel, const data::TimeSettings& s,
                     const SourceColumn& col, DbPlan& plan) {
    if (!s.end.empty() && s.steps > 0)
        throw settingError("time end", "give either a public end or a number of steps, not both");
    if (s.steps < 0) throw settingError("time steps", "the number of steps must be at least 1");
    if (s.steps > 0) return s.steps;
    if (!s.end.empty()) {
        const double end = publicBound(s.end, s, "time end");
        if (end < plan.first)
            throw settingError("time end", "the end " + quotedText(s.end) + " is before the stream's start");
        return static_cast<long long>(std::min(std::floor((end - plan.first) / plan.per), 1e15)) + 1;
    }
    plan.endFromData = true;
    const auto [last, text] = timeInData(c, rel, s, col, plan.base, "max");
    if (last < plan.first) {  // every row before the start: one (empty) step
        plan.derivedEnd = s.start;
        return 1;
    }
    plan.derivedEnd = text;
    return static_cast<long long>(std::min(std::floor((last - plan.first) / plan.per), 1e15)) + 1;
}

void exclusionNote(DbPlan& plan, const data::TimeSettings& s, const char* kind, long long count,
                   const std::string& message) {
    if (count == 0) return;
    data::Problem p;
    p.kind = kind;
    p.column = s.column;
    p.count = count;
    p.message = message;
    plan.problems.push_back(std::move(p));
}

// Rows per step (1..last), exclusions and refusals from one pass over the table.
void countSteps(const PgConnection& c, const Relation& rel, const data::Schema& schema, long long last,
                DbPlan& plan) {
    const data::TimeSettings& s = *schema.stream.time;
    const Checks checks = checksFor(schema, rel);
    const PgResult r = c.exec("SELECT s, count(*)" + checks.counts + " FROM (SELECT " +
                                  stepSql(plan.base, plan.first, plan.per) + " AS s" + checks.flags +
                                  " FROM " + rel.from + ") AS streamsynth_rows GROUP BY s ORDER BY s",
                              "planning the steps");
    std::vector<std::vector<long long>> total(schema.attributes.size(), std::vector<long long>(3, 0));
    long long nullTime = 0, early = 0, late = 0, all = 0;
    plan.rows.assign(static_cast<std::size_t>(last), 0);
    for (int row = 0; row < r.rows(); ++row) {
        const long long n = r.integer(row, 1);
        all += n;
        const auto counts = checkCounts(r, row, 2, schema.attributes.size());
        for (std::size_t i = 0; i < total.size(); ++i)
            for (int k = 0; k < 3; ++k)
                total[i][static_cast<std::size_t>(k)] += counts[i][static_cast<std::size_t>(k)];
        const long long step = r.isNull(row, 0) ? 0 : r.integer(row, 0);
        if (r.isNull(row, 0))
            nullTime += n;
        else if (step < 1)
            early += n;
        else if (step > last)
            late += n;
        else
            plan.rows[static_cast<std::size_t>(step - 1)] = n;
    }
    readChecks(schema, total, plan.problems);
    ErrorContext ctx;
    ctx.columnName = s.column;
    if (all == 0) throw Error(ErrorKind::Input, "the table has no rows", ctx);
    if (nullTime == all)
        throw Error(ErrorKind::Input,
                    "no value of the time column can be read as " +
                        std::string(s.unit == data::PeriodUnit::Units ? "a number" : "a date") +
                        " (all are NULL)",
                    ctx);
    exclusionNote(plan, s, "unparsable-time", nullTime,
                  std::to_string(nullTime) + " of " + std::to_string(all) + " rows have no " +
                      quotedText(s.column) + " (NULL); they are excluded from the stream");
    exclusionNote(plan, s, "before-start", early,
                  std::to_string(early) + " rows are dated before the stream's start (" +
                      quotedText(s.start) + "); they are excluded");
    exclusionNote(plan, s, "after-end", late,
                  std::to_string(late) + " rows are dated after the stream's end" +
                      (plan.endFromData ? std::string() : " (" + stream::endText(s) + ")") +
                      "; they are excluded");
}

void planTime(const PgConnection& c, const Relation& rel, const data::Schema& schema, DbPlan& plan) {
    const data::TimeSettings& s = *schema.stream.time;
    if (s.count < 1) throw settingError("period", "the number of units per step must be at least 1");
    const SourceColumn& col = rel.column(s.column, "time column");
    plan.base = basePeriodSql(s, col);
    plan.per = stream::basePeriodsPerStep(s);
    if (!s.start.empty()) {
        plan.first = publicBound(s.start, s, "time start");
    } else {
        // The earliest period in the data: private, so the caller must have the user confirm it.
        std::tie(plan.first, plan.derivedStart) = timeInData(c, rel, s, col, plan.base, "min");
        plan.startFromData = true;
    }
    const long long last = lastStepOf(c, rel, s, col, plan);
    if (last > static_cast<long long>(stream::kMaxSteps))
        throw settingError("period",
                           (plan.endFromData ? std::string("the times in the data span")
                                             : "the stream's start and end span " + std::to_string(last)) +
                               " more periods than the limit of " + std::to_string(stream::kMaxSteps) +
                               " steps; choose a longer period or a later start");
    countSteps(c, rel, schema, last, plan);
    for (long long t = 0; t < last; ++t)
        plan.periods.push_back(stream::periodLabel(plan.first + static_cast<double>(t) * plan.per, s));
    if (last > static_cast<long long>(stream::kManyStepsWarning))
        plan.problems.push_back(stream::manyStepsProblem(s, static_cast<std::size_t>(last)));
    if (last == 1) {
        data::Problem one;
        one.kind = "single-time-value";
        one.column = s.column;
        one.count = plan.rows[0];
        one.message = "every readable time of " + quotedText(s.column) + " falls in one period (" +
                      plan.periods[0] + "), so the stream has a single step";
        plan.problems.push_back(one);
    }
}

std::string keyRangeSql(const std::string& key, const stream::KeyRange& k) {
    std::string out;
    if (k.begin != kNoKey) out = key + " >= " + std::to_string(k.begin);
    if (k.end != kAllKeys) out += (out.empty() ? "" : " AND ") + key + " < " + std::to_string(k.end);
    return out.empty() ? "true" : out;
}

void planHash(const PgConnection& c, const Relation& rel, const data::Schema& schema, std::uint64_t seed,
              const std::vector<stream::KeyRange>& ranges, DbPlan& plan) {
    const data::BatchSettings& b = *schema.stream.batch;
    if (b.size < 1) throw settingError("batch", "the batch size must be at least 1");
    const SourceColumn& key = rel.column(b.key, "batch key column");
    plan.hash = hashSql(seed, key);
    plan.keyColumn = key.sqlName;
    const Checks checks = checksFor(schema, rel);
    const PgResult r = c.exec("SELECT count(*), count(*) FILTER (WHERE k IS NULL), max(k)" + checks.counts +
                                  " FROM (SELECT " + key.sqlName + " AS k" + checks.flags + " FROM " +
                                  rel.from + ") AS streamsynth_rows",
                              "checking the rows");
    ErrorContext ctx;
    ctx.columnName = b.key;
    if (r.integer(0, 1) > 0)
        throw Error(ErrorKind::Input,
                    std::to_string(r.integer(0, 1)) +
                        " rows have no batch key (NULL); the hash batch order needs a "
                        "unique whole-number key in every row",
                    ctx);
    readChecks(schema, checkCounts(r, 0, 3, schema.attributes.size()), plan.problems);
    if (r.integer(0, 0) == 0) throw Error(ErrorKind::Input, "the table has no rows", ctx);
    plan.keyEnd = r.integer(0, 2) + 1;
    std::vector<stream::KeyRange> segs = ranges;
    if (segs.empty()) segs.push_back({kNoKey, kAllKeys});
    long long covered = 0;
    for (const stream::KeyRange& k : segs) {
        HashSegment seg;
        seg.keys = k;
        seg.firstStep = plan.stepCount() + 1;
        const PgResult s = c.exec(
            "SELECT h, coalesce(dup, false), n FROM (SELECT h, row_number() OVER w - 1 AS r, lag(h) OVER w = "
            "h AS dup, "
            "count(*) OVER () AS n FROM (SELECT " +
                plan.hash + " AS h FROM " + rel.from + " WHERE " + keyRangeSql(key.sqlName, k) +
                ") AS streamsynth_keys WINDOW w AS (ORDER BY h)) AS streamsynth_order "
                "WHERE r % " +
                std::to_string(b.size) + " = 0 OR dup ORDER BY h",
            "ordering the rows by their hash");
        for (int row = 0; row < s.rows(); ++row) {
            if (std::string(s.text(row, 1)) == "t")
                throw Error(
                    ErrorKind::Input,
                    "two rows have the same batch key (or, never seen in practice, keys with the same MD5 "
                    "digest); the hash batch order needs a unique key per row",
                    ctx);
            seg.starts.emplace_back(s.text(row, 0));
            seg.rows = s.integer(row, 2);
        }
        covered += seg.rows;
        for (long long lo = 0; lo < seg.rows; lo += b.size) {
            plan.rows.push_back(std::min(b.size, seg.rows - lo));
            plan.periods.push_back("batch " + std::to_string(plan.rows.size()));
        }
        plan.segments.push_back(std::move(seg));
    }
    if (covered != r.integer(0, 0))
        throw Error(ErrorKind::Input,
                    std::to_string(r.integer(0, 0) - covered) +
                        " rows have a batch key outside the key ranges of the stream",
                    ctx);
}

const HashSegment& segmentOf(const DbPlan& plan, long long a, long long b) {
    for (const HashSegment& s : plan.segments) {
        const long long end = s.firstStep + static_cast<long long>(s.starts.size());
        if (a >= s.firstStep && a < end) {
            if (b >= end) throw std::logic_error("a chunk of steps spans two key ranges");
            return s;
        }
    }
    throw std::logic_error("no key range holds the step");
}

}  // namespace

DbPlan planDbStream(const PgConnection& c, const Relation& rel, const data::Schema& schema,
                    std::uint64_t seed, const std::vector<stream::KeyRange>& ranges) {
    (void)schema.domain();  // validates the schema
    DbPlan plan;
    const data::StreamSettings& s = schema.stream;
    if (s.time) {
        planTime(c, rel, schema, plan);
        addIgnoredColumns(rel, schema, s.time->column, {}, plan.problems);
    } else if (s.batch && s.batch->order == data::BatchOrder::Hash) {
        planHash(c, rel, schema, seed, ranges, plan);
        addIgnoredColumns(rel, schema, {}, s.batch->key, plan.problems);
    } else if (s.batch) {
        throw settingError("--order",
                           "the " + data::batchOrderToString(s.batch->order) +
                               " batch order needs the rows' positions in a file; a database stream uses "
                               "the hash order on a key column (--order hash --key COL) or a time column");
    } else {
        throw settingError("stream",
                           "no time steps defined: give a time column and period (--time COL --period P) "
                           "or batches in hash order (--batch B --order hash --key COL)");
    }
    return plan;
}

std::string planStepSql(const DbPlan& plan, long long a, long long b) {
    if (plan.segments.empty()) return stepSql(plan.base, plan.first, plan.per);
    const HashSegment& s = segmentOf(plan, a, b);
    return hashStepSql(plan.hash, s.starts, s.firstStep);
}

std::string planWhereSql(const DbPlan& plan, const data::Schema& schema, const Relation& rel, long long a,
                         long long b) {
    if (plan.segments.empty())
        return timeRangeSql(*schema.stream.time, rel.column(schema.stream.time->column, "time column"),
                            plan.first, plan.per, a, b);
    const HashSegment& s = segmentOf(plan, a, b);
    std::string w = keyRangeSql(plan.keyColumn, s.keys) + " AND " + plan.hash + " >= '" +
                    s.starts[static_cast<std::size_t>(a - s.firstStep)] + "'";
    const auto next = static_cast<std::size_t>(b + 1 - s.firstStep);
    if (next < s.starts.size()) w += " AND " + plan.hash + " < '" + s.starts[next] + "'";
    return w;
}

}  // namespace streamsynth::db
