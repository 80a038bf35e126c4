// SQLite store of the release registry (see sqlite_store.h).
#include "core/registry/sqlite_store.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSysInfo>
#include <cerrno>
#include <cstring>
#include <optional>

#include "core/registry/write_journal.h"
#include "core/values/error.h"
#include "core/values/output_file.h"

namespace streamsynth::registry {
namespace {

constexpr const char* kSqliteSchema =
    "CREATE TABLE IF NOT EXISTS releases ("
    " stream TEXT NOT NULL, series TEXT NOT NULL, step INTEGER NOT NULL, digest TEXT NOT NULL,"
    " model TEXT NOT NULL, budget REAL NOT NULL, spent REAL NOT NULL, delta REAL NOT NULL,"
    " host TEXT NOT NULL, out TEXT NOT NULL, session TEXT NOT NULL, released_at TEXT NOT NULL,"
    " PRIMARY KEY (stream, series, step));"
    "CREATE TABLE IF NOT EXISTS policies ("
    " stream TEXT NOT NULL, max_total_epsilon REAL NOT NULL, set_at TEXT NOT NULL, host TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS registry_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS dataset_streams ("
    " dataset TEXT NOT NULL, stream TEXT PRIMARY KEY, source TEXT NOT NULL, fingerprint TEXT NOT NULL,"
    " added_at TEXT NOT NULL, host TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS dataset_policies ("
    " dataset TEXT NOT NULL, max_total_epsilon REAL NOT NULL, delta REAL NOT NULL, set_at TEXT NOT NULL,"
    " host TEXT NOT NULL);"
    "CREATE TRIGGER IF NOT EXISTS meta_append_only_u BEFORE UPDATE ON registry_meta"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS meta_append_only_d BEFORE DELETE ON registry_meta"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS dataset_streams_append_only_u BEFORE UPDATE ON dataset_streams"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS dataset_streams_append_only_d BEFORE DELETE ON dataset_streams"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS dataset_policies_append_only_u BEFORE UPDATE ON dataset_policies"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS dataset_policies_append_only_d BEFORE DELETE ON dataset_policies"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS releases_append_only_u BEFORE UPDATE ON releases"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS releases_append_only_d BEFORE DELETE ON releases"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS policies_append_only_u BEFORE UPDATE ON policies"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;"
    "CREATE TRIGGER IF NOT EXISTS policies_append_only_d BEFORE DELETE ON policies"
    " BEGIN SELECT RAISE(ABORT, 'the release registry is append-only'); END;";

// SQLite's reason in a steward's words, SQLite's own after it (for support);
// our own texts (the append-only triggers) as they are.
std::string reasonInWords(sqlite3* db, const std::string& sqliteText) {
    const char* words = nullptr;
    switch (db ? (sqlite3_extended_errcode(db) & 0xff) : SQLITE_NOMEM) {
        case SQLITE_NOTADB:
            words = "the file is not a release registry (not an SQLite database)";
            break;
        case SQLITE_CORRUPT:
            words = "the file is damaged";
            break;
        case SQLITE_READONLY:
            words = "the file or its folder cannot be written";
            break;
        case SQLITE_PERM:
        case SQLITE_CANTOPEN:
            words = "the file cannot be opened (its folder is missing, or no permission)";
            break;
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            words =
                "another StreamSynth run kept it locked for over a minute; try again when that run has "
                "finished";
            break;
        case SQLITE_FULL:
            words = "the disk is full";
            break;
        case SQLITE_IOERR:
            words = "the disk reported a read or write error";
            break;
        case SQLITE_NOMEM:
            words = "out of memory";
            break;
        default:
            return sqliteText;
    }
    return std::string(words) + " (SQLite: " + sqliteText + ")";
}

class Statement {
public:
    Statement(sqlite3* db, const char* sql, const std::string& path) : db_(db), path_(path) {
        if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK) fail("preparing a query");
    }
    ~Statement() { sqlite3_finalize(s_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement& text(int i, const std::string& v) {
        sqlite3_bind_text(s_, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& real(int i, double v) {
        sqlite3_bind_double(s_, i, v);
        return *this;
    }
    Statement& integer(int i, long long v) {
        sqlite3_bind_int64(s_, i, v);
        return *this;
    }
    bool row() {  // steps; true while a row is there
        const int rc = sqlite3_step(s_);
        if (rc == SQLITE_ROW) return true;
        if (rc != SQLITE_DONE) fail("reading or writing");
        return false;
    }
    std::string textAt(int c) const {
        const unsigned char* t = sqlite3_column_text(s_, c);
        return t ? reinterpret_cast<const char*>(t) : "";
    }
    double realAt(int c) const { return sqlite3_column_double(s_, c); }
    long long integerAt(int c) const { return sqlite3_column_int64(s_, c); }
    [[noreturn]] void fail(const std::string& what) const {
        throw Error(
            ErrorKind::Io,
            "release registry " + path_ + ": " + what + ": " + reasonInWords(db_, sqlite3_errmsg(db_)),
            ErrorContext::forFile(path_));
    }

private:
    sqlite3* db_;
    sqlite3_stmt* s_ = nullptr;
    std::string path_;
};

// A run killed while it committed leaves a hot journal beside the file,
// which a connection that only reads cannot roll back: its reads fail with
// SQLITE_READONLY_ROLLBACK ("attempt to write a readonly database"). The
// readers below then read once more on a read-write connection (never
// creating the file), whose first read rolls the file back to its last
// commit, as every SQLite client does. Without it a registry stayed
// unreadable after such a crash (cli_test_crash_recovery, release mode).
// Decision (a review asked to identify the file first, on an immutable
// connection): the rollback happens before the file is known to be a
// registry, because an immutable read of a file whose crashed transaction
// reached it may read that transaction's half-written pages; and rolling
// back another program's database is what that program does on its next
// open, so nothing is written that SQLite would not write anyway.
bool hotJournal(sqlite3* db) {
    return db && sqlite3_extended_errcode(db) == SQLITE_READONLY_ROLLBACK;
}
constexpr int kReadingFlags[] = {SQLITE_OPEN_READONLY, SQLITE_OPEN_READWRITE};

// Why `path` is not a registry ("" when it is), read on a connection opened with flags.
std::string notARegistry(const std::string& path, int flags, bool& hot) {
    sqlite3* db = nullptr;
    std::string why;
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
        why = db ? reasonInWords(db, sqlite3_errmsg(db)) : "out of memory";
    } else {
        sqlite3_busy_timeout(db, 60000);  // a run committing now: wait, as a claim does
        // Registries of every version have a releases or a registry_meta table.
        sqlite3_stmt* q = nullptr;
        if (sqlite3_prepare_v2(
                db,
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name IN ('releases', 'registry_meta')",
                -1, &q, nullptr) != SQLITE_OK) {
            hot = hotJournal(db);
            why = reasonInWords(db, sqlite3_errmsg(db));
        } else if (const int rc = sqlite3_step(q); rc == SQLITE_DONE) {
            why = "the file is an SQLite database, but not a release registry (none of its tables)";
        } else if (rc != SQLITE_ROW) {
            hot = hotJournal(db);
            why = reasonInWords(db, sqlite3_errmsg(db));
        }
        sqlite3_finalize(q);
    }
    sqlite3_close(db);
    return why;
}

// A file already there is read first, without writing: one that is not a
// registry (a CSV named by mistake, another program's SQLite database) is
// refused before its mode is changed or tables are made in it (a review of
// 2026-12-01 found both).
void requireRegistryOrEmpty(const std::string& path) {
    if (QFileInfo(QString::fromStdString(path)).size() == 0) return;  // missing or new: made below
    std::string why;
    for (const int flags : kReadingFlags) {
        bool hot = false;
        why = notARegistry(path, flags, hot);
        if (!hot) break;
    }
    if (!why.empty())
        throw Error(ErrorKind::Io, "cannot open the release registry " + path + ": " + why,
                    ErrorContext::forFile(path));
}

class SqliteStore final : public RegistryStore {
public:
    explicit SqliteStore(std::string path) : path_(std::move(path)) {
        requireRegistryOrEmpty(path_);
        createPrivate();
        fileKey_ = "file:" + std::to_string(inodeOf(path_));
        if (sqlite3_open_v2(path_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) !=
            SQLITE_OK) {
            const std::string why = db_ ? reasonInWords(db_, sqlite3_errmsg(db_)) : "out of memory";
            sqlite3_close(db_);
            throw Error(ErrorKind::Io, "cannot open the release registry " + path_ + ": " + why,
                        ErrorContext::forFile(path_));
        }
        sqlite3_busy_timeout(db_, 60000);
        try {  // a file that is not a registry fails here: the connection is closed, not leaked
            exec("PRAGMA synchronous = FULL", "setting durable commits");
            exec("BEGIN IMMEDIATE", "creating its tables");
            createTables();
            exec("COMMIT", "creating its tables");
            id_ = meta("id");
        } catch (...) {
            rollback();
            sqlite3_close(db_);
            throw;
        }
    }
    ~SqliteStore() override { sqlite3_close(db_); }

    std::string location() const override { return path_; }
    void begin(const std::string&) override {
        journal_.discard();
        exec("BEGIN IMMEDIATE", "starting a transaction");
    }
    void commit() override {
        exec("COMMIT", "committing");
        journal_.committed(id_);  // best effort, never throws: the commit stands (write_journal.h)
    }
    void rollback() noexcept override {
        journal_.discard();
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }

    std::vector<ReleaseRecord> records(const std::string& stream) override {
        Statement q(
            db_,
            "SELECT series, step, digest, model, budget, spent, delta, host, out, session, released_at "
            "FROM releases WHERE stream = ?1 ORDER BY series, step",
            path_);
        q.text(1, stream);
        std::vector<ReleaseRecord> out;
        while (q.row())
            out.push_back({stream, q.textAt(0), static_cast<int>(q.integerAt(1)), q.textAt(2), q.textAt(3),
                           q.realAt(4), q.realAt(5), q.realAt(6), q.textAt(7), q.textAt(8), q.textAt(9),
                           q.textAt(10)});
        return out;
    }

    std::vector<StreamPolicy> policies(const std::string& stream) override {
        Statement q(db_, "SELECT max_total_epsilon, set_at, host FROM policies WHERE stream = ?1", path_);
        q.text(1, stream);
        std::vector<StreamPolicy> out;
        while (q.row()) out.push_back({q.realAt(0), q.textAt(1), q.textAt(2)});
        return out;
    }

    void insert(const ReleaseRecord& r) override {
        Statement q(db_, "INSERT INTO releases VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                    path_);
        q.text(1, r.stream).text(2, r.series).integer(3, r.step).text(4, r.digest).text(5, r.model);
        q.real(6, r.budget).real(7, r.spent).real(8, r.delta).text(9, r.host).text(10, r.out);
        q.text(11, r.session).text(12, r.releasedAt).row();
        journal_.claim(r);
    }

    void insertPolicy(const std::string& stream, const StreamPolicy& p) override {
        Statement q(db_, "INSERT INTO policies VALUES (?1, ?2, ?3, ?4)", path_);
        q.text(1, stream).real(2, p.maxTotalEpsilon).text(3, p.setAt).text(4, p.host).row();
        journal_.limit(stream, p);
    }

    std::string meta(const std::string& key) override {
        Statement q(db_, "SELECT value FROM registry_meta WHERE key = ?1", path_);
        q.text(1, key);
        return q.row() ? q.textAt(0) : std::string();
    }

    void insertMeta(const std::string& key, const std::string& value) override {
        Statement q(db_, "INSERT OR IGNORE INTO registry_meta VALUES (?1, ?2)", path_);
        q.text(1, key).text(2, value).row();
        if (sqlite3_changes(db_) > 0) journal_.meta(key, value);  // a key already set keeps its value
    }

    std::vector<DatasetMember> members() override {
        Statement q(db_, "SELECT dataset, stream, source, fingerprint, added_at, host FROM dataset_streams",
                    path_);
        std::vector<DatasetMember> out;
        while (q.row())
            out.push_back({q.textAt(0), q.textAt(1), q.textAt(2), q.textAt(3), q.textAt(4), q.textAt(5)});
        return out;
    }

    void insertMember(const DatasetMember& m) override {
        Statement q(db_, "INSERT INTO dataset_streams VALUES (?1, ?2, ?3, ?4, ?5, ?6)", path_);
        q.text(1, m.dataset).text(2, m.stream).text(3, m.source).text(4, m.fingerprint).text(5, m.addedAt);
        q.text(6, m.host).row();
        journal_.member(m);
    }

    std::vector<DatasetPolicy> datasetPolicies(const std::string& dataset) override {
        Statement q(db_,
                    "SELECT max_total_epsilon, delta, set_at, host FROM dataset_policies WHERE dataset = ?1",
                    path_);
        q.text(1, dataset);
        std::vector<DatasetPolicy> out;
        while (q.row()) out.push_back({q.realAt(0), q.realAt(1), q.textAt(2), q.textAt(3)});
        return out;
    }

    void insertDatasetPolicy(const std::string& dataset, const DatasetPolicy& p) override {
        Statement q(db_, "INSERT INTO dataset_policies VALUES (?1, ?2, ?3, ?4, ?5)", path_);
        q.text(1, dataset).real(2, p.maxTotalEpsilon).real(3, p.delta).text(4, p.setAt).text(5, p.host).row();
        journal_.datasetLimit(dataset, p);
    }

    bool isRecordedFile() override { return !meta(fileKey_).empty(); }
    // "time \t host \t path": where the file was when it was recorded (links resolved: a symbolic
    // link swapped to a copy must not hide the original; an adversarial review of 2026-12-01).
    void recordFile() override {
        insertMeta(fileKey_, QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString() + "\t" +
                                 QSysInfo::machineHostName().toStdString() + "\t" +
                                 QFileInfo(QString::fromStdString(path_)).canonicalFilePath().toStdString());
    }
    long long recordCount() override {
        Statement q(db_,
                    "SELECT (SELECT COUNT(*) FROM releases) + (SELECT COUNT(*) FROM registry_meta) + "
                    "(SELECT COUNT(*) FROM policies) + (SELECT COUNT(*) FROM dataset_streams) + "
                    "(SELECT COUNT(*) FROM dataset_policies)",
                    path_);
        return q.row() ? q.integerAt(0) : 0;
    }
    std::string originalInPlace() override {
        Statement q(db_, "SELECT key, value FROM registry_meta WHERE substr(key, 1, 5) = 'file:'", path_);
        const std::string host = QSysInfo::machineHostName().toStdString();
        const std::string id = meta("id");
        while (q.row()) {
            const std::string key = q.textAt(0), value = q.textAt(1);
            const std::size_t t1 = value.find('\t');
            const std::size_t t2 = t1 == std::string::npos ? t1 : value.find('\t', t1 + 1);
            if (key == fileKey_ || t2 == std::string::npos || value.substr(t1 + 1, t2 - t1 - 1) != host)
                continue;  // this file, or recorded elsewhere (or before paths were recorded)
            const std::string path = value.substr(t2 + 1);
            struct stat st {};
            if (::stat(path.c_str(), &st) == 0 && "file:" + std::to_string(st.st_ino) == key &&
                sqliteRegistryMayBe(path, id))
                return path;
        }
        return {};
    }

    RestoredWrites restoreKnownWrites() override {
        const RestoredWrites restored = restoreJournaledWrites(id_, *this);
        journal_.discard();  // already in the journal: not appended again
        return restored;
    }

    std::vector<std::string> streamsOfSession(const std::string& session) override {
        Statement q(db_, "SELECT DISTINCT stream FROM releases WHERE session = ?1", path_);
        q.text(1, session);
        std::vector<std::string> out;
        while (q.row()) out.push_back(q.textAt(0));
        return out;
    }

private:
    void exec(const char* sql, const std::string& what) {
        char* msg = nullptr;
        if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
            const std::string why = reasonInWords(db_, msg ? msg : sqlite3_errmsg(db_));
            sqlite3_free(msg);
            throw Error(ErrorKind::Io, "release registry " + path_ + ": " + what + ": " + why,
                        ErrorContext::forFile(path_));
        }
    }

    // Inside the opening transaction: the tables, the id and key drawn once,
    // and the first file a registry is opened in recorded as its own (a new
    // one, or one made before files were recorded: see isRecordedFile).
    void createTables() {
        exec(kSqliteSchema, "creating its tables");
        for (const char* key : {"id", "fingerprint-key"}) {
            Statement q(db_, "INSERT OR IGNORE INTO registry_meta VALUES (?1, ?2)", path_);
            q.text(1, key).text(2, newRegistryToken()).row();
        }
        bool anyFile = false;
        {
            Statement any(db_, "SELECT 1 FROM registry_meta WHERE key LIKE 'file:%' LIMIT 1", path_);
            anyFile = any.row();
        }
        if (!anyFile) recordFile();
    }

    // The folder (0700 when new) and the file (0600): SQLite gives its
    // journal files the database file's mode.
    void createPrivate() const {
        makePrivateFolders(QFileInfo(QString::fromStdString(path_)).absolutePath().toStdString());
        const int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0)
            throw Error(ErrorKind::Io,
                        "cannot open the release registry " + path_ + ": " + std::strerror(errno),
                        ErrorContext::forFile(path_));
        // A file others may read (a backup restored 0644) is made 0600 again: it holds the
        // fingerprint key beside the fingerprints (an adversarial review of 2026-12-01). A file its
        // group may write is a team's, shared on purpose: only the world's bits go. A file of
        // another owner is left as it is (that owner's next run makes it private).
        struct stat st {};
        if (::fstat(fd, &st) == 0 && st.st_uid == ::geteuid()) {
            const mode_t mode = (st.st_mode & 020) != 0 ? (st.st_mode & 0770) : 0600;
            if ((st.st_mode & 0777) != mode) (void)::fchmod(fd, mode);  // failing leaves it as it was
        }
        ::close(fd);
    }

    // The file's inode: which file this is, whatever its name (a rename on
    // one disk and a hard link keep it; a copy gets another).
    static unsigned long long inodeOf(const std::string& path) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0)
            throw Error(ErrorKind::Io,
                        "cannot read the release registry " + path + ": " + std::strerror(errno),
                        ErrorContext::forFile(path));
        return static_cast<unsigned long long>(st.st_ino);
    }

    std::string path_;
    std::string fileKey_;   // "file:<inode>"
    std::string id_;        // the registry's id, drawn once when it was created
    WriteJournal journal_;  // this transaction's records, for the journal outside the file
    sqlite3* db_ = nullptr;
};

}  // namespace

namespace {
// The id read on a connection opened with flags: nullopt when the file
// cannot be read (locked for over a minute, no permission, a disk error, a
// hot journal: hot), "" when it is no registry.
std::optional<std::string> readRegistryIdWith(const std::string& path, int flags, bool& hot) {
    sqlite3* db = nullptr;
    std::optional<std::string> id;
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) == SQLITE_OK) {
        // A run committing at this moment holds the file for milliseconds: wait as a claim does
        // (without it a review of 2026-12-01 saw 11 of 60 concurrent runs refused at once).
        sqlite3_busy_timeout(db, 60000);
        sqlite3_stmt* q = nullptr;
        const int prepared =
            sqlite3_prepare_v2(db, "SELECT value FROM registry_meta WHERE key = 'id'", -1, &q, nullptr);
        const int code = sqlite3_extended_errcode(db) & 0xff;
        if (prepared != SQLITE_OK) {
            hot = hotJournal(db);
            if (code == SQLITE_NOTADB || std::string(sqlite3_errmsg(db)).rfind("no such table", 0) == 0)
                id = "";
        } else if (const int rc = sqlite3_step(q); rc == SQLITE_ROW) {
            const unsigned char* text = sqlite3_column_text(q, 0);
            id = text ? reinterpret_cast<const char*>(text) : "";
        } else if (rc == SQLITE_DONE) {
            id = "";
        } else {
            hot = hotJournal(db);
        }
        sqlite3_finalize(q);
    }
    sqlite3_close(db);
    return id;
}

// The id read without writing (unless a hot journal needs its rollback).
std::optional<std::string> readRegistryId(const std::string& path) {
    std::optional<std::string> id;
    for (const int flags : kReadingFlags) {
        bool hot = false;
        id = readRegistryIdWith(path, flags, hot);
        if (!hot) break;
    }
    return id;
}
}  // namespace

std::string sqliteRegistryId(const std::string& path) {
    return readRegistryId(path).value_or(std::string());
}

bool sqliteRegistryMayBe(const std::string& path, const std::string& id) {
    const std::optional<std::string> read = readRegistryId(path);
    return !read || *read == id;
}

std::unique_ptr<RegistryStore> openSqliteStore(const std::string& path) {
    return std::make_unique<SqliteStore>(path);
}

}  // namespace streamsynth::registry
