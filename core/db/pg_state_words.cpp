// SQLSTATE codes in words (pg_state_words.h).
#include "core/db/pg_state_words.h"

#include <array>
#include <utility>

namespace streamsynth::db {

std::string sqlStateInWords(const std::string& code) {
    // Whole codes first: they say more than their class.
    static const std::array<std::pair<const char*, const char*>, 10> exact{{
        {"42501", "the database user has no permission for this (ask the database's owner to grant it)"},
        {"42P01", "a table it needs does not exist in this database (check the database and schema names)"},
        {"3D000", "the database does not exist on this server"},
        {"28P01", "the server refused the password"},
        {"25006", "the server only allows reading (a standby or a read-only transaction)"},
        {"40001", "another session changed the same rows at the same time; try again"},
        {"40P01", "another session changed the same rows at the same time; try again"},
        {"57014", "the server cancelled the statement (a statement timeout or an administrator)"},
        {"53100", "the database server's disk is full"},
        {"55P03", "another session holds a lock on it; try again when that session has finished"},
    }};
    for (const auto& [c, words] : exact)
        if (code == c) return words;
    static const std::array<std::pair<const char*, const char*>, 5> classes{{
        {"08", "the connection to the database server failed or was lost"},
        {"28", "the server refused the login (user name or password)"},
        {"53", "the database server ran out of a resource (disk, memory or connections)"},
        {"57", "the database server is shutting down or restarting"},
        {"58", "the database server reported a disk or system error"},
    }};
    for (const auto& [c, words] : classes)
        if (code.rfind(c, 0) == 0) return words;
    return {};
}

}  // namespace streamsynth::db
