// libpq wrapper; see pg_connection.h.
#include "core/db/pg_connection.h"

#include <libpq-fe.h>

#include <atomic>
#include <charconv>
#include <cstring>

#include "core/db/pg_state_words.h"
#include "core/values/error.h"

namespace streamsynth::db {

namespace {

struct OptionsDeleter {
    void operator()(PQconninfoOption* o) const { PQconninfoFree(o); }
};
using Options = std::unique_ptr<PQconninfoOption, OptionsDeleter>;

Options parseOptions(const std::string& conninfo) {
    char* err = nullptr;
    Options o(PQconninfoParse(conninfo.c_str(), &err));
    if (!o) {
        std::string why = err != nullptr ? err : "out of memory";
        if (err != nullptr) PQfreemem(err);
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        // libpq's message may quote the string, password included: keep only its first words.
        const auto quote = why.find('"');
        if (quote != std::string::npos) why = why.substr(0, quote);
        throw settingError("db", "the connection string cannot be read (" + why +
                                     "); use postgresql://user@host:port/database or key=value pairs");
    }
    return o;
}

bool isUri(const std::string& s) {
    return s.rfind("postgresql://", 0) == 0 || s.rfind("postgres://", 0) == 0;
}

// The URI without "user:password@" 's password and without a password= parameter.
std::string uriWithoutPassword(const std::string& uri) {
    const std::size_t start = uri.find("://") + 3;
    std::size_t authorityEnd = uri.find_first_of("/?", start);
    if (authorityEnd == std::string::npos) authorityEnd = uri.size();
    std::string out = uri.substr(0, start);
    const std::string authority = uri.substr(start, authorityEnd - start);
    const std::size_t at = authority.rfind('@');
    if (at != std::string::npos) {
        const std::string user = authority.substr(0, at);
        const std::size_t colon = user.find(':');
        out += (colon == std::string::npos ? user : user.substr(0, colon)) + authority.substr(at);
    } else {
        out += authority;
    }
    std::string rest = uri.substr(authorityEnd);
    const std::size_t q = rest.find('?');
    if (q == std::string::npos) return out + rest;
    out += rest.substr(0, q);
    std::string params;
    std::size_t pos = q + 1;
    while (pos <= rest.size()) {
        std::size_t amp = rest.find('&', pos);
        if (amp == std::string::npos) amp = rest.size();
        const std::string p = rest.substr(pos, amp - pos);
        if (!p.empty() && p.rfind("password=", 0) != 0) params += (params.empty() ? "" : "&") + p;
        pos = amp + 1;
    }
    return params.empty() ? out : out + "?" + params;
}

std::string quotedValue(const std::string& v) {
    bool plain = !v.empty();
    for (char c : v) plain = plain && c != ' ' && c != '\'' && c != '\\';
    if (plain) return v;
    std::string out = "'";
    for (char c : v) {
        if (c == '\'' || c == '\\') out += '\\';
        out += c;
    }
    return out + "'";
}

// Control characters escaped, at most 200 characters (messages never flood a terminal).
std::string tidy(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    std::string out;
    for (char c : s) {
        if (static_cast<unsigned char>(c) < 0x20)
            out += c == '\n' ? std::string(" ") : std::string("?");
        else
            out += c;
    }
    if (out.size() > 200) out = out.substr(0, 197) + "...";
    return out;
}

std::atomic<unsigned> cursorCounter{0};

}  // namespace

std::string displayConnection(const std::string& conninfo) {
    Options o = parseOptions(conninfo);  // validates
    if (isUri(conninfo)) return uriWithoutPassword(conninfo);
    std::string out;
    for (PQconninfoOption* p = o.get(); p->keyword != nullptr; ++p) {
        if (p->val == nullptr || std::strcmp(p->keyword, "password") == 0) continue;
        out += (out.empty() ? "" : " ") + std::string(p->keyword) + "=" + quotedValue(p->val);
    }
    return out;
}

PgResult& PgResult::operator=(PgResult&& o) noexcept {
    if (this != &o) {
        if (r_ != nullptr) PQclear(r_);
        r_ = o.r_;
        o.r_ = nullptr;
    }
    return *this;
}

PgResult::~PgResult() {
    if (r_ != nullptr) PQclear(r_);
}

int PgResult::rows() const {
    return r_ != nullptr ? PQntuples(r_) : 0;
}
int PgResult::columns() const {
    return r_ != nullptr ? PQnfields(r_) : 0;
}
bool PgResult::isNull(int row, int column) const {
    return PQgetisnull(r_, row, column) != 0;
}
const char* PgResult::text(int row, int column) const {
    return PQgetvalue(r_, row, column);
}
int PgResult::length(int row, int column) const {
    return PQgetlength(r_, row, column);
}
std::string PgResult::name(int column) const {
    return PQfname(r_, column);
}
unsigned PgResult::type(int column) const {
    return PQftype(r_, column);
}

long long PgResult::integer(int row, int column) const {
    const char* b = text(row, column);
    const char* e = b + length(row, column);
    long long v = 0;
    const auto r = std::from_chars(b, e, v);
    if (isNull(row, column) || r.ec != std::errc() || r.ptr != e)
        throw Error(ErrorKind::Input, "the database returned '" + std::string(b, e) +
                                          "' where a whole number was expected in " + name(column));
    return v;
}

std::unique_ptr<PgConnection> PgConnection::open(const std::string& conninfo, const PasswordPrompt& prompt) {
    const std::string display = displayConnection(conninfo);
    Options o = parseOptions(conninfo);
    std::vector<const char*> keys, values;
    for (PQconninfoOption* p = o.get(); p->keyword != nullptr; ++p) {
        if (p->val == nullptr) continue;
        keys.push_back(p->keyword);
        values.push_back(p->val);
    }
    keys.push_back("fallback_application_name");
    values.push_back("streamsynth");
    auto connect = [&](const char* password) {
        std::vector<const char*> k = keys, v = values;
        if (password != nullptr) {
            k.push_back("password");
            v.push_back(password);
        }
        k.push_back(nullptr);
        v.push_back(nullptr);
        return PQconnectdbParams(k.data(), v.data(), 0);
    };
    PGconn* c = connect(nullptr);
    if (c != nullptr && PQstatus(c) != CONNECTION_OK && PQconnectionNeedsPassword(c) != 0 && prompt) {
        PQfinish(c);
        c = nullptr;
        std::optional<std::string> password = prompt(display);
        if (!password)
            throw Error(ErrorKind::Io, "the server asks for a password and none was given",
                        ErrorContext::forFile(display));
        c = connect(password->c_str());
        // The password lives no longer than this call.
        std::fill(password->begin(), password->end(), '\0');
    }
    if (c == nullptr)
        throw Error(ErrorKind::Io, "out of memory while connecting", ErrorContext::forFile(display));
    if (PQstatus(c) != CONNECTION_OK) {
        const std::string why = tidy(PQerrorMessage(c));
        const bool needsPassword = PQconnectionNeedsPassword(c) != 0;
        PQfinish(c);
        throw Error(
            ErrorKind::Io,
            "cannot connect: " + why +
                (needsPassword ? " (the server wants a password: put it in the password file named by "
                                 "PGPASSFILE or ~/.pgpass, or let StreamSynth ask for it)"
                               : ""),
            ErrorContext::forFile(display));
    }
    return std::unique_ptr<PgConnection>(new PgConnection(c, display));
}

int PgConnection::backendPid() const {
    return PQbackendPID(c_);
}

PgConnection::~PgConnection() {
    if (c_ != nullptr) PQfinish(c_);
}

PgResult PgConnection::exec(const std::string& sql, const std::string& what) const {
    PGresult* raw = PQexec(c_, sql.c_str());
    const ExecStatusType st = raw != nullptr ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        const std::string why = safeErrorText(raw, PQerrorMessage(c_));
        if (raw != nullptr) PQclear(raw);
        throw Error(ErrorKind::Input, what + ": " + why, ErrorContext::forFile(display_));
    }
    return PgResult(raw);
}

void PgConnection::forEachBatch(const std::string& sql, const std::string& what, int batchRows,
                                const std::function<void(const PgResult&)>& onBatch) const {
    const std::string cursor = "streamsynth_cursor_" + std::to_string(++cursorCounter);
    exec("DECLARE " + cursor + " NO SCROLL CURSOR FOR " + sql, what);
    const std::string fetch =
        "FETCH FORWARD " + std::to_string(batchRows < 1 ? 1 : batchRows) + " FROM " + cursor;
    for (;;) {
        const PgResult batch = exec(fetch, what);
        if (batch.rows() == 0) break;
        onBatch(batch);
    }
    exec("CLOSE " + cursor, what);
}

void PgConnection::copyIn(const std::string& copySql, const std::string& what,
                          const std::function<bool(std::string& chunk)>& next) const {
    PGresult* start = PQexec(c_, copySql.c_str());
    const bool ok = start != nullptr && PQresultStatus(start) == PGRES_COPY_IN;
    if (!ok) {
        const std::string why = safeErrorText(start, PQerrorMessage(c_));
        if (start != nullptr) PQclear(start);
        throw Error(ErrorKind::Input, what + ": " + why, ErrorContext::forFile(display_));
    }
    PQclear(start);
    std::string chunk;
    std::string failure;
    while (failure.empty()) {
        chunk.clear();
        const bool more = next(chunk);
        if (!chunk.empty() && PQputCopyData(c_, chunk.data(), static_cast<int>(chunk.size())) != 1)
            failure = PQerrorMessage(c_);
        if (!more) break;
    }
    if (PQputCopyEnd(c_, failure.empty() ? nullptr : "client failure") != 1 && failure.empty())
        failure = PQerrorMessage(c_);
    PGresult* end = PQgetResult(c_);
    const bool done = end != nullptr && PQresultStatus(end) == PGRES_COMMAND_OK;
    const std::string why = done ? failure : safeErrorText(end, PQerrorMessage(c_));
    if (end != nullptr) PQclear(end);
    while (PGresult* rest = PQgetResult(c_)) PQclear(rest);
    if (!why.empty()) throw Error(ErrorKind::Input, what + ": " + tidy(why), ErrorContext::forFile(display_));
}

std::string PgConnection::identifier(const std::string& name) const {
    char* q = PQescapeIdentifier(c_, name.c_str(), name.size());
    if (q == nullptr) throw settingError("db", "the name '" + name + "' cannot be used as an SQL identifier");
    std::string out(q);
    PQfreemem(q);
    return out;
}

std::string PgConnection::literal(const std::string& value) const {
    char* q = PQescapeLiteral(c_, value.c_str(), value.size());
    if (q == nullptr) throw settingError("db", "a value cannot be written as an SQL literal");
    std::string out(q);
    PQfreemem(q);
    return out;
}

std::string safeErrorText(const pg_result* result, const std::string& fallback) {
    if (result == nullptr) return tidy(fallback);
    const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
    const char* primary = PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
    std::string msg = primary != nullptr ? primary : fallback;
    const std::string code = state != nullptr ? state : "";
    if (code.rfind("22", 0) == 0 || code.rfind("23", 0) == 0) {
        // Data exceptions and constraint violations quote the offending value.
        std::string out;
        bool inQuote = false;
        for (char c : msg) {
            if (c == '"') {
                out += inQuote ? "…\"" : "\"";
                inQuote = !inQuote;
            } else if (!inQuote) {
                out += c;
            }
        }
        msg = out;
    }
    const std::string server = tidy(msg + (code.empty() ? "" : " [SQLSTATE " + code + "]"));
    const std::string words = sqlStateInWords(code);
    return words.empty() ? server : words + " (the server said: " + server + ")";
}

}  // namespace streamsynth::db
