// Domain proposal over a database table; see db_domain_proposal.h. Each
// column becomes a one-column table of values with the same summary
// (distinct labels, or min/max/wholeness/NULLs) as the full column, so the
// file rules decide.
#include "core/db/db_domain_proposal.h"

#include <algorithm>
#include <cmath>

#include "core/db/pg_connection.h"
#include "core/values/number_text.h"

namespace streamsynth::db {

namespace {

// Values standing for a numeric column: min, max, a value between them that
// is not whole when some value is not, and an empty cell for NULLs.
std::vector<std::string> numericSummary(const PgConnection& c, const Relation& rel, const SourceColumn& col) {
    const std::string v = "(" + col.sqlName + ")::float8";
    const PgResult r = c.exec("SELECT min(" + v + "), max(" + v + "), coalesce(bool_and(" + v + " = trunc(" +
                                  v + ")), true), bool_or(" + col.sqlName + " IS NULL), count(" +
                                  col.sqlName + ") FROM " + rel.from,
                              "summarising column " + col.name);
    std::vector<std::string> values;
    if (r.integer(0, 4) > 0) {
        const double lo = std::stod(r.text(0, 0)), hi = std::stod(r.text(0, 1));
        values = {shortestNumberText(lo), shortestNumberText(hi)};
        if (std::string(r.text(0, 2)) != "t") values.push_back(shortestNumberText(std::floor(lo) + 0.5));
    }
    if (std::string(r.text(0, 3)) == "t") values.emplace_back();
    return values;
}

std::vector<std::string> distinctValues(const PgConnection& c, const Relation& rel, const SourceColumn& col,
                                        int limit) {
    const PgResult r = c.exec(
        "SELECT DISTINCT (" + col.sqlName + ")::text FROM " + rel.from + " LIMIT " + std::to_string(limit),
        "reading the values of column " + col.name);
    std::vector<std::string> values;
    for (int i = 0; i < r.rows(); ++i) values.emplace_back(r.isNull(i, 0) ? "" : r.text(i, 0));
    return values;
}

// Values standing for a date column: its earliest and latest dates (ISO)
// and an empty cell for NULLs; the file rules make them a date attribute.
std::vector<std::string> dateSummary(const PgConnection& c, const Relation& rel, const SourceColumn& col) {
    const std::string v = "(" + col.sqlName + ")::date";
    const PgResult r = c.exec("SELECT to_char(min(" + v + "), 'YYYY-MM-DD'), to_char(max(" + v +
                                  "), 'YYYY-MM-DD'), bool_or(" + col.sqlName + " IS NULL), count(" +
                                  col.sqlName + ") FROM " + rel.from,
                              "summarising column " + col.name);
    std::vector<std::string> values;
    if (r.integer(0, 3) > 0) values = {r.text(0, 0), r.text(0, 1)};
    if (std::string(r.text(0, 2)) == "t") values.emplace_back();
    return values;
}

}  // namespace

data::Proposal proposeDbSchema(const PgConnection& c, const Relation& rel,
                               const data::ProposalOptions& options) {
    data::Proposal out;
    out.schema.derivedFromData = true;
    for (const SourceColumn& col : rel.columns) {
        if (std::find(options.exclude.begin(), options.exclude.end(), col.name) != options.exclude.end())
            continue;
        const bool numeric = col.type == ColumnType::Integer || col.type == ColumnType::Decimal ||
                             col.type == ColumnType::Real;
        // Only a date-typed column becomes a date attribute: the server bins dates of those types
        // (marginal_sql), not text that reads like dates.
        const bool date = col.type == ColumnType::Date || col.type == ColumnType::Timestamp ||
                          col.type == ColumnType::TimestampTz;
        data::RawTable one;
        one.file = rel.label;
        one.header = {col.name};
        one.columns.emplace_back(numeric ? numericSummary(c, rel, col)
                                 : date  ? dateSummary(c, rel, col)
                                         : distinctValues(c, rel, col, options.maxCategories + 2));
        for (std::size_t i = 0; i < one.columns[0].size(); ++i)
            one.lines.push_back(static_cast<long long>(i) + 2);
        data::ProposalOptions columnOptions = options;
        columnOptions.dates = date;
        data::Proposal p = data::proposeSchemaWithNotes(one, columnOptions);
        if (!numeric && !date && !p.schema.attributes.empty() &&
            p.schema.attributes[0].kind != data::AttributeKind::Categorical &&
            static_cast<int>(one.columns[0].size()) > options.maxCategories) {
            // Numbers kept as text, too many to see them all: the bounds would be a guess.
            data::Problem note;
            note.kind = "too-many-categories";
            note.column = col.name;
            note.message = "column '" + col.name + "' holds numbers as text with more than " +
                           std::to_string(options.maxCategories) +
                           " distinct values and is left out; cast it to a number in a query";
            out.notes.push_back(std::move(note));
            continue;
        }
        for (auto& a : p.schema.attributes) out.schema.attributes.push_back(std::move(a));
        for (auto& n : p.notes) out.notes.push_back(std::move(n));
    }
    return out;
}

}  // namespace streamsynth::db
