// Describing a table or query on the server; see db_source.h.
#include "core/db/db_source.h"

#include "core/db/pg_connection.h"
#include "core/values/error.h"

namespace streamsynth::db {

void validate(const DbSourceSpec& spec) {
    if (spec.connection.empty())
        throw settingError("--db", "give a connection string (postgresql://user@host/db)");
    if (spec.table.empty() == spec.query.empty())
        throw settingError("--table",
                           "give either a table (--table NAME) or a query (--query 'SELECT ...'), not both");
}

ColumnType columnTypeOf(unsigned oid) {
    switch (oid) {
        case 20:  // int8
        case 21:  // int2
        case 23:  // int4
            return ColumnType::Integer;
        case 700:
            return ColumnType::Real;  // float4
        case 701:                     // float8
        case 1700:                    // numeric
            return ColumnType::Decimal;
        case 1082:
            return ColumnType::Date;
        case 1114:
            return ColumnType::Timestamp;
        case 1184:
            return ColumnType::TimestampTz;
        default:
            return ColumnType::Text;
    }
}

std::string columnTypeName(ColumnType type) {
    switch (type) {
        case ColumnType::Integer:
            return "integer";
        case ColumnType::Decimal:
            return "numeric";
        case ColumnType::Real:
            return "real";
        case ColumnType::Date:
            return "date";
        case ColumnType::Timestamp:
            return "timestamp";
        case ColumnType::TimestampTz:
            return "timestamp with time zone";
        case ColumnType::Text:
            return "text";
    }
    return "text";
}

const SourceColumn& Relation::column(const std::string& name, const std::string& role) const {
    for (const SourceColumn& c : columns)
        if (c.name == name) return c;
    std::string list;
    for (std::size_t i = 0; i < columns.size() && i < 20; ++i) list += (i ? ", " : "") + columns[i].name;
    if (columns.size() > 20) list += ", ...";
    throw Error(ErrorKind::Input, "the " + role + " '" + name + "' is not a column of the " + label +
                                      " (its columns are: " + list + ")");
}

namespace {

// schema.name → "schema"."name"; a name holding a double quote is taken as written.
std::string tableReference(const PgConnection& c, const std::string& table) {
    if (table.find('"') != std::string::npos) return table;
    const auto dot = table.find('.');
    if (dot == std::string::npos) return c.identifier(table);
    return c.identifier(table.substr(0, dot)) + "." + c.identifier(table.substr(dot + 1));
}

}  // namespace

std::string sourceLabel(const DbSourceSpec& spec) {
    validate(spec);
    return spec.table.empty() ? "query" : "table " + spec.table;
}

Relation describeRelation(const PgConnection& c, const DbSourceSpec& spec) {
    Relation r;
    r.label = sourceLabel(spec);
    if (!spec.table.empty()) {
        r.from = tableReference(c, spec.table);
    } else {
        std::string q = spec.query;
        while (!q.empty() && (q.back() == ';' || q.back() == ' ' || q.back() == '\n')) q.pop_back();
        r.from = "(" + q + ") AS streamsynth_source";
    }
    const PgResult res =
        c.exec("SELECT * FROM " + r.from + " LIMIT 0", "reading the columns of the " + r.label);
    for (int i = 0; i < res.columns(); ++i) {
        SourceColumn col;
        col.name = res.name(i);
        col.type = columnTypeOf(res.type(i));
        col.sqlName = c.identifier(col.name);
        r.columns.push_back(std::move(col));
    }
    return r;
}

}  // namespace streamsynth::db
