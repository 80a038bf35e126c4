// A PostgreSQL source as the steward names it (core/db/db_source.h): the
// connection (which may hold a password, never stored or shown), a table or
// a query; and how a password is asked for when nothing else gives one.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace streamsynth::db {

struct DbSourceSpec {
    std::string connection;  // as given; may hold a password, which is never stored or shown
    std::string table;       // a table or view: name, schema.name, or an already "quoted" name
    std::string query;       // or a query (SELECT ...); exactly one of table/query
};

// Asked with the connection as displayed (no password); nullopt: the user declined.
using PasswordPrompt = std::function<std::optional<std::string>(const std::string& display)>;

}  // namespace streamsynth::db
