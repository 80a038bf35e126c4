// One connection to a PostgreSQL server through libpq (the C client library
// of PostgreSQL itself; docs/scale.md says why not Qt SQL): connecting with
// a connection string (URI or key=value) whose password, if any, is never
// kept or shown, asking for a password only when the server wants one that
// neither the string, PGPASSWORD nor the password file (PGPASSFILE,
// ~/.pgpass) gives; running queries whose failures become streamsynth::Error
// without the private values PostgreSQL quotes in data errors; and reading
// big results in batches through a cursor.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/values/db_source_spec.h"

struct pg_conn;
struct pg_result;

namespace streamsynth::db {

// The connection string as it may be shown and stored: the password
// removed (key=value strings keep their other keys; URIs their other parts).
// Throws a setting Error ("db") when the string cannot be parsed.
std::string displayConnection(const std::string& conninfo);

// A query's result (owned); cells as text, NULL distinguished.
class PgResult {
public:
    PgResult() = default;
    explicit PgResult(pg_result* r) : r_(r) {}
    PgResult(PgResult&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
    PgResult& operator=(PgResult&& o) noexcept;
    PgResult(const PgResult&) = delete;
    PgResult& operator=(const PgResult&) = delete;
    ~PgResult();

    int rows() const;
    int columns() const;
    bool isNull(int row, int column) const;
    const char* text(int row, int column) const;  // "" for NULL
    int length(int row, int column) const;
    std::string name(int column) const;
    unsigned type(int column) const;  // the column's type oid

    // The cell as a whole number; throws an Error (Input) when it is not one.
    long long integer(int row, int column) const;

private:
    pg_result* r_ = nullptr;
};

class PgConnection {
public:
    // Returns a password for the displayed connection, or nullopt to give up.
    using PasswordPrompt = db::PasswordPrompt;

    // Connects (application name "streamsynth"). When the server asks for a
    // password that nothing else supplies and `prompt` is set, asks once and
    // retries; the password lives only in that call. Throws Error(Io) with
    // the server's message on failure, Error(Setting, "db") on a bad string.
    static std::unique_ptr<PgConnection> open(const std::string& conninfo, const PasswordPrompt& prompt = {});
    ~PgConnection();
    PgConnection(const PgConnection&) = delete;
    PgConnection& operator=(const PgConnection&) = delete;

    const std::string& display() const { return display_; }
    // The server process serving this connection (benchmarks read its memory).
    int backendPid() const;

    // Runs one or more statements; returns the last result. Throws
    // Error(Input) naming what was being done (`what`) on failure.
    PgResult exec(const std::string& sql, const std::string& what) const;
    // Runs a query through a cursor (inside the current transaction),
    // handing batches of at most `batchRows` rows to onBatch in order.
    void forEachBatch(const std::string& sql, const std::string& what, int batchRows,
                      const std::function<void(const PgResult&)>& onBatch) const;

    // Runs `copySql` (COPY ... FROM STDIN) and sends the text `next` fills
    // in, chunk by chunk, until it returns false. Throws like exec.
    void copyIn(const std::string& copySql, const std::string& what,
                const std::function<bool(std::string& chunk)>& next) const;

    // "quoted" identifier and 'quoted' literal (libpq's escaping rules).
    std::string identifier(const std::string& name) const;
    std::string literal(const std::string& value) const;

private:
    PgConnection(pg_conn* c, std::string display) : c_(c), display_(std::move(display)) {}

    pg_conn* c_;
    std::string display_;
};

// The server's message for a failed result, safe to show: its SQLSTATE
// and primary message, with quoted values removed for data errors (classes
// 22 and 23 quote the offending value) and the DETAIL (which may hold rows)
// left out.
std::string safeErrorText(const pg_result* result, const std::string& fallback);

}  // namespace streamsynth::db
