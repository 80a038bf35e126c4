// SQL builders; see marginal_sql.h. Every expression mirrors one function of
// the CSV path, named in the comment above it.
#include "core/db/marginal_sql.h"

#include <algorithm>
#include <cmath>

#include "core/common/time_parser.h"
#include "core/values/error.h"
#include "core/values/number_text.h"

namespace streamsynth::db {

namespace {

bool numericType(ColumnType t) {
    return t == ColumnType::Integer || t == ColumnType::Decimal || t == ColumnType::Real;
}

bool dateType(ColumnType t) {
    return t == ColumnType::Date || t == ColumnType::Timestamp || t == ColumnType::TimestampTz;
}

// The column as float8, the double a CSV export of it parses to.
std::string asDouble(const SourceColumn& c) {
    if (c.type == ColumnType::Real) return "(" + c.sqlName + ")::text::float8";
    return "(" + c.sqlName + ")::float8";
}

[[noreturn]] void typeError(const SourceColumn& c, const std::string& need) {
    ErrorContext ctx;
    ctx.columnName = c.name;
    throw Error(ErrorKind::Input,
                "column '" + c.name + "' is of type " + columnTypeName(c.type) + " but " + need +
                    "; cast it in a query (--query 'SELECT ..., CAST(" + c.name + " AS ...) AS " + c.name +
                    " ...')",
                ctx);
}

std::string boolText(bool b) {
    return b ? "true" : "false";
}

long long floorDiv(long long a, long long b) {
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

// First day (days since 1970-01-01) of absolute base period p (time_period.cpp's numbering).
long long firstDayOf(long long p, data::PeriodUnit unit) {
    using data::PeriodUnit;
    switch (unit) {
        case PeriodUnit::Day:
            return p;
        case PeriodUnit::Week:
        case PeriodUnit::TwoWeeks:
            return 7 * p + 4;  // week 0 starts on Monday 1970-01-05
        case PeriodUnit::Month:
            return stream::daysFromCivil(static_cast<int>(floorDiv(p, 12)),
                                         static_cast<int>(p - 12 * floorDiv(p, 12)) + 1, 1);
        case PeriodUnit::Quarter:
            return stream::daysFromCivil(static_cast<int>(floorDiv(p, 4)),
                                         static_cast<int>(3 * (p - 4 * floorDiv(p, 4))) + 1, 1);
        case PeriodUnit::Year:
            return stream::daysFromCivil(static_cast<int>(p), 1, 1);
        case PeriodUnit::Units:
            break;
    }
    return p;
}

// 'text' as an SQL text literal (quotes doubled, as textArray's).
std::string textLiteral(const std::string& text) {
    std::string q = "'";
    for (char ch : text) q += ch == '\'' ? std::string("''") : std::string(1, ch);
    return q + "'::text";
}

}  // namespace

// The column's calendar date (timestamptz in UTC), as time_parser keeps the
// date as written.
std::string dateSql(const SourceColumn& c) {
    switch (c.type) {
        case ColumnType::Date:
            return c.sqlName;
        case ColumnType::Timestamp:
            return "(" + c.sqlName + ")::date";
        case ColumnType::TimestampTz:
            return "(" + c.sqlName + " AT TIME ZONE 'UTC')::date";
        default:
            typeError(c, "calendar periods need a date or timestamp column");
    }
}

std::string floatLiteral(double v) {
    if (std::isnan(v)) return "'NaN'::float8";
    if (std::isinf(v)) return v > 0 ? "'Infinity'::float8" : "'-Infinity'::float8";
    return "'" + shortestNumberText(v) + "'::float8";
}

// data::AttributeSpec::binOf / table_encoder's numericCode and integerCode.
AttributeSql attributeSql(const data::AttributeSpec& spec, const SourceColumn& column) {
    AttributeSql a;
    const std::string missing = boolText(!spec.missingCategory);
    if (spec.kind == data::AttributeKind::Categorical) {
        // Exact text match against the labels, done by the client; '' is missing like an empty CSV cell.
        a.value = "(" + column.sqlName + ")::text";
        // A public hierarchy's child reads as its parent's label (table_encoder's members).
        if (!spec.members.empty()) {
            std::string cases;
            for (const auto& [parent, children] : spec.members)
                if (!children.empty())
                    cases += " WHEN " + a.value + " = ANY(" + textArray(children) + ") THEN " +
                             textLiteral(parent);
            if (!cases.empty()) a.value = "CASE" + cases + " ELSE " + a.value + " END";
        }
        a.textValue = true;
        std::vector<std::string> labels = spec.labels;
        const std::string in =
            labels.empty() ? "false" : "(" + a.value + ") = ANY(" + textArray(labels) + ")";
        const std::string present = "(" + a.value + ") IS NOT NULL AND (" + a.value + ") <> ''";
        a.missingBad = "(NOT (" + present + ") AND " + missing + ")";
        a.bad = spec.hasOther ? "false" : "(" + present + " AND NOT " + in + ")";
        a.other = spec.hasOther ? "(" + present + " AND NOT " + in + ")" : "false";
        return a;
    }
    if (spec.date && !dateType(column.type))
        typeError(column, "attribute '" + spec.name + "' is a date (a date or timestamp column)");
    if (!spec.date && !numericType(column.type))
        typeError(column, spec.kind == data::AttributeKind::Numeric
                              ? "attribute '" + spec.name + "' is numeric"
                              : "attribute '" + spec.name + "' holds integer codes");
    // A date attribute's bins are over day numbers, as table_encoder reads
    // its cells; an infinite date is not a day (kNotFinite).
    const std::string v = spec.date ? "(CASE WHEN " + column.sqlName + " IS NULL THEN NULL WHEN isfinite(" +
                                          column.sqlName + ") THEN ((" + dateSql(column) +
                                          ") - DATE '1970-01-01')::float8 ELSE 'NaN'::float8 END)"
                                    : asDouble(column);
    if (spec.kind == data::AttributeKind::IntegerCode) {
        // A whole number in 0..size-1 (NaN and ±infinity fail the range test).
        const std::string size = std::to_string(spec.size);
        if (column.type == ColumnType::Integer)
            a.value = "CASE WHEN " + column.sqlName + " IS NULL THEN NULL WHEN " + column.sqlName +
                      " >= 0 AND " + column.sqlName + " < " + size + " THEN (" + column.sqlName +
                      ")::int ELSE " + std::to_string(kOutsideDomain) + " END";
        else
            a.value = "CASE WHEN " + v + " IS NULL THEN NULL WHEN " + v + " >= 0 AND " + v + " < " + size +
                      " AND " + v + " = trunc(" + v + ") THEN (" + v + ")::int ELSE " +
                      std::to_string(kOutsideDomain) + " END";
    } else {
        // binOf: below/above the bounds, then the largest left edge <= x (width_bucket's binary search).
        const int n = spec.regularSize();
        const double lo = spec.edges.empty() ? spec.lower : spec.edges.front();
        const double hi = spec.edges.empty() ? spec.upper : spec.edges.back();
        std::string edges;
        for (int i = 0; i < n; ++i) edges += (i ? "," : "") + shortestNumberText(spec.binInterval(i).first);
        const std::string below = spec.clampToBounds ? "0" : std::to_string(kOutsideDomain);
        const std::string above = spec.clampToBounds ? std::to_string(n - 1) : std::to_string(kOutsideDomain);
        a.value = "CASE WHEN " + v + " IS NULL THEN NULL WHEN " + v +
                  " IN ('NaN'::float8, 'Infinity'::float8, " + "'-Infinity'::float8) THEN " +
                  std::to_string(kNotFinite) + " WHEN " + v + " < " + floatLiteral(lo) + " THEN " + below +
                  " WHEN " + v + " = " + floatLiteral(hi) + " THEN " + std::to_string(n - 1) + " WHEN " + v +
                  " > " + floatLiteral(hi) + " THEN " + above + " ELSE width_bucket(" + v + ", '{" + edges +
                  "}'::float8[]) - 1 END";
    }
    a.missingBad = "((" + a.value + ") IS NULL AND " + missing + ")";
    a.bad = "coalesce((" + a.value + ") < 0, false)";
    a.other = "false";
    return a;
}

// time_period.cpp's basePeriod.
std::string basePeriodSql(const data::TimeSettings& s, const SourceColumn& c) {
    using data::PeriodUnit;
    if (s.unit == PeriodUnit::Units) {
        if (!numericType(c.type)) typeError(c, "'units' periods need a numeric time column");
        return asDouble(c);
    }
    const std::string dt = dateSql(c);
    const std::string year = "extract(year FROM " + dt + ")::float8";
    const std::string month = "extract(month FROM " + dt + ")::float8";
    const std::string day = "((" + dt + ") - DATE '1970-01-01')::float8";
    switch (s.unit) {
        case PeriodUnit::Day:
            return day;
        case PeriodUnit::Week:
        case PeriodUnit::TwoWeeks:
            return "floor((" + day + " - 4) / 7)";
        case PeriodUnit::Month:
            return "(" + year + " * 12 + " + month + " - 1)";
        case PeriodUnit::Quarter:
            return "(" + year + " * 4 + floor((" + month + " - 1) / 3))";
        case PeriodUnit::Year:
            return year;
        case PeriodUnit::Units:
            break;
    }
    return day;
}

// step_plan.cpp's floor((base − first) / per), 1-based.
std::string stepSql(const std::string& base, double first, double per) {
    return "(floor((" + base + " - " + floatLiteral(first) + ") / " + floatLiteral(per) + ") + 1)::bigint";
}

std::string timeRangeSql(const data::TimeSettings& s, const SourceColumn& c, double first, double per,
                         long long a, long long b) {
    if (s.unit == data::PeriodUnit::Units) {
        // One period of slack on each side: the exact step is filtered as well.
        const double lo = first + static_cast<double>(a - 2) * per,
                     hi = first + static_cast<double>(b + 1) * per;
        return asDouble(c) + " >= " + floatLiteral(lo) + " AND " + asDouble(c) + " < " + floatLiteral(hi);
    }
    const auto startOf = [&](long long step) {
        const auto p = static_cast<long long>(first + static_cast<double>(step - 1) * per);
        return stream::isoDate(firstDayOf(p, s.unit));
    };
    const std::string from = startOf(a), to = startOf(b + 1);
    switch (c.type) {
        case ColumnType::Date:
            return c.sqlName + " >= DATE '" + from + "' AND " + c.sqlName + " < DATE '" + to + "'";
        case ColumnType::Timestamp:
            return c.sqlName + " >= TIMESTAMP '" + from + " 00:00:00' AND " + c.sqlName + " < TIMESTAMP '" +
                   to + " 00:00:00'";
        case ColumnType::TimestampTz:
            return c.sqlName + " >= TIMESTAMPTZ '" + from + " 00:00:00+00' AND " + c.sqlName +
                   " < TIMESTAMPTZ '" + to + " 00:00:00+00'";
        default:
            typeError(c, "calendar periods need a date or timestamp column");
    }
}

std::string hashSql(std::uint64_t seed, const SourceColumn& key) {
    if (key.type != ColumnType::Integer) typeError(key, "the hash batch order needs an integer key column");
    return "(md5('" + std::to_string(seed) + ":' || (" + key.sqlName + ")::text) COLLATE \"C\")";
}

std::string textArray(const std::vector<std::string>& values) {
    std::string out = "ARRAY[";
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::string q = "'";
        for (char ch : values[i]) {
            q += ch;
            if (ch == '\'') q += '\'';
        }
        out += (i ? "," : "") + q + "'";
    }
    return out + "]::text[]";
}

std::string hashStepSql(const std::string& hash, const std::vector<std::string>& starts, int firstStep) {
    return "(" + std::to_string(firstStep - 1) + " + width_bucket(" + hash + ", " + textArray(starts) +
           "))::bigint";
}

int groupingMaskColumns(std::size_t used) {
    return static_cast<int>((used + 30) / 31);
}

namespace {

// One branch of the UNION ALL form: the set's GROUP BY with the GROUPING
// words as constants and NULL for the attributes outside the set.
std::string unionBranch(const GroupingQuery& q, const std::string& inner, std::size_t s, long long a,
                        long long b) {
    const std::size_t m = q.values.size();
    const std::vector<int>& set = q.sets[s];
    auto in = [&](std::size_t i) {
        return std::find(set.begin(), set.end(), static_cast<int>(i)) != set.end();
    };
    std::string sql = "SELECT step";
    for (int g = 0; g < groupingMaskColumns(m); ++g) {
        long long word = 0;
        const std::size_t lo = static_cast<std::size_t>(g) * 31, hi = std::min(m, lo + 31);
        for (std::size_t i = lo; i < hi; ++i)
            if (!in(i)) word |= 1LL << (hi - 1 - i);
        sql += ", " + std::to_string(word);
    }
    for (std::size_t i = 0; i < m; ++i)
        sql += in(i)
                   ? ", v" + std::to_string(i)
                   : std::string(q.textValues.size() > i && q.textValues[i] ? ", NULL::text" : ", NULL::int");
    sql += ", count(*) FROM (" + inner + ") AS streamsynth_rows WHERE step BETWEEN " + std::to_string(a) +
           " AND " + std::to_string(b) + " GROUP BY step";
    for (int i : set) sql += ", v" + std::to_string(i);
    return sql;
}

}  // namespace

std::string groupingSetsSql(const GroupingQuery& q, long long a, long long b) {
    const std::size_t m = q.values.size();
    std::string inner = "SELECT " + q.step + " AS step";
    for (std::size_t i = 0; i < m; ++i) inner += ", " + q.values[i] + " AS v" + std::to_string(i);
    inner += " FROM " + q.from;
    if (!q.where.empty()) inner += " WHERE " + q.where;
    if (q.form == QueryForm::UnionAll) {
        std::string sql;
        for (std::size_t s = 0; s < q.sets.size(); ++s)
            sql += (s ? " UNION ALL " : "") + unionBranch(q, inner, s, a, b);
        return sql;
    }
    std::string sql = "SELECT step";
    for (int g = 0; g < groupingMaskColumns(m); ++g) {
        sql += ", GROUPING(";
        for (std::size_t i = static_cast<std::size_t>(g) * 31;
             i < std::min(m, static_cast<std::size_t>(g + 1) * 31); ++i)
            sql += (i % 31 ? ", v" : "v") + std::to_string(i);
        sql += ")";
    }
    for (std::size_t i = 0; i < m; ++i) sql += ", v" + std::to_string(i);
    sql += ", count(*) FROM (" + inner + ") AS streamsynth_rows WHERE step BETWEEN " + std::to_string(a) +
           " AND " + std::to_string(b) + " GROUP BY GROUPING SETS (";
    for (std::size_t s = 0; s < q.sets.size(); ++s) {
        sql += s ? ", (step" : "(step";
        for (int i : q.sets[s]) sql += ", v" + std::to_string(i);
        sql += ")";
    }
    return sql + ")";
}

}  // namespace streamsynth::db
