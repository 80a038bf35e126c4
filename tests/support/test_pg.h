// The PostgreSQL test server for the database suites: its connection string
// (STREAMSYNTH_TEST_PG, or the file named by STREAMSYNTH_TEST_PG_FILE that
// CTest's pg_server fixture fills with scripts/pg-test-server.sh) and
// loading a CSV file into a fresh table. A suite without a server FAILS with
// testPgMissing()'s message; it never skips.
#pragma once

#include <QFile>
#include <QString>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/data/csv_reader.h"
#include "core/db/pg_connection.h"

namespace streamsynth::test {

inline const char* testPgMissing() {
    return "no PostgreSQL test server: set STREAMSYNTH_TEST_PG to its connection string "
           "(eval \"$(scripts/pg-test-server.sh start)\"), or run the suite through ctest, whose pg_server "
           "fixture starts one";
}

// "" when no server was given.
inline std::string testPgUri() {
    if (const char* uri = std::getenv("STREAMSYNTH_TEST_PG"); uri != nullptr && *uri != '\0') return uri;
    if (const char* file = std::getenv("STREAMSYNTH_TEST_PG_FILE"); file != nullptr && *file != '\0') {
        QFile f(QString::fromUtf8(file));
        if (f.open(QIODevice::ReadOnly)) return QString::fromUtf8(f.readAll()).trimmed().toStdString();
    }
    return {};
}

// A column of a test table: its name in the CSV and its SQL type.
struct PgColumn {
    std::string name;
    std::string type;  // "integer", "bigint", "text", "double precision", "date", ...
};

// Drops and creates `table` with `columns` (in that order) and copies the
// raw cells of those columns from `raw` (CSV header names); an empty cell
// becomes NULL. `convert` may rewrite a cell first (e.g. a date into ISO).
template <typename Convert>
void loadTable(const db::PgConnection& c, const std::string& table, const std::vector<PgColumn>& columns,
               const data::RawTable& raw, Convert convert) {
    std::string create = "SET client_min_messages = warning; DROP TABLE IF EXISTS " + c.identifier(table) +
                         "; CREATE TABLE " + c.identifier(table) + " (";
    std::vector<int> source;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        create += (i ? ", " : "") + c.identifier(columns[i].name) + " " + columns[i].type;
        source.push_back(raw.columnIndex(columns[i].name));
    }
    c.exec(create + ")", "creating the test table");
    std::size_t row = 0;
    c.copyIn("COPY " + c.identifier(table) + " FROM STDIN (FORMAT csv)", "loading the test table",
             [&](std::string& chunk) {
                 for (std::size_t n = 0; n < 5000 && row < raw.rowCount(); ++n, ++row) {
                     for (std::size_t i = 0; i < columns.size(); ++i) {
                         std::string v = source[i] < 0
                                             ? std::string()
                                             : raw.columns[static_cast<std::size_t>(source[i])][row];
                         v = convert(columns[i].name, v);
                         if (i) chunk += ',';
                         if (!v.empty()) {
                             chunk += '"';
                             for (char ch : v) chunk += ch == '"' ? std::string("\"\"") : std::string(1, ch);
                             chunk += '"';
                         }
                     }
                     chunk += '\n';
                 }
                 return row < raw.rowCount();
             });
}

inline void loadTable(const db::PgConnection& c, const std::string& table,
                      const std::vector<PgColumn>& columns, const data::RawTable& raw) {
    loadTable(c, table, columns, raw, [](const std::string&, const std::string& v) { return v; });
}

}  // namespace streamsynth::test
