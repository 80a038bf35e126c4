// The release registry: the one record of which (stream, series, step) has
// been released, with the release's digest, what it spent, where and when.
// A step is claimed in one database transaction before its release files are
// written; a second claim of a claimed step with another digest (fresh noise:
// a copy of the session, a concurrent run) is refused, naming where and when
// it was first released. The database's own locking makes this hold across
// copies, folders, symlinks, processes and (PostgreSQL) machines; no file
// path is part of the key. Records are never updated or deleted (append-only,
// enforced by triggers). Default: SQLite in the user's data folder
// (defaultRegistryPath); `postgresql://…` for an office (docs/privacy-models.md).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace streamsynth::registry {

// One released step of one series of one stream.
struct ReleaseRecord {
    std::string stream;          // the stream id (128 bits as 32 hex digits)
    std::string series;          // the series id (stream::SeriesConfig::id)
    int step = 0;                // 1-based
    std::string digest;          // the release's digest (Streamer::releaseDigest) as 16 hex digits
    std::string model = "pure";  // "pure" (ε) | "zcdp" (ρ): the unit of budget and spent
    double budget = 0;           // the series' budget for the whole stream (its guarantee's bound)
    double spent = 0;            // charged at this step
    double delta = 0;            // zcdp: the δ of the (ε, δ) statement
    std::string host;            // machine that released it
    std::string out;             // output folder it was written to ("" when none)
    std::string session;         // session file that recorded it ("" when none)
    std::string releasedAt;      // UTC, ISO 8601; set by claim()
};

// The stream's budget policy: releases that would bring the total past it
// are refused. Policies are append-only; the smallest one set is in force
// (a limit can be lowered, never raised).
struct StreamPolicy {
    double maxTotalEpsilon = 0;
    std::string setAt, host;
};

// The storage behind a registry (SQLite or PostgreSQL): a transaction that
// locks one stream, the rows of a stream, appends.
class RegistryStore {
public:
    virtual ~RegistryStore() = default;
    virtual std::string location() const = 0;  // for messages and sessions: a path, or a URI without password
    // Starts a transaction holding the stream's write lock until commit/rollback.
    virtual void begin(const std::string& stream) = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;
    virtual std::vector<ReleaseRecord> records(const std::string& stream) = 0;  // by series, step
    virtual std::vector<StreamPolicy> policies(const std::string& stream) = 0;
    virtual void insert(const ReleaseRecord& record) = 0;
    virtual void insertPolicy(const std::string& stream, const StreamPolicy& policy) = 0;
};

class ReleaseRegistry {
public:
    explicit ReleaseRegistry(std::unique_ptr<RegistryStore> store);
    ~ReleaseRegistry();
    ReleaseRegistry(const ReleaseRegistry&) = delete;
    ReleaseRegistry& operator=(const ReleaseRegistry&) = delete;

    std::string location() const { return store_->location(); }

    // In one transaction: every record whose (stream, series, step) is new is
    // appended (releasedAt set now); a record already there with the same
    // digest is the same release (a crash between claim and files) and
    // passes; one with another digest throws Error(Privacy) naming the first
    // release's host, folder, session and time, and nothing is appended.
    // Throws Error(Privacy) too when the stream's policy would be exceeded
    // (streamTotal over every series ever claimed plus these).
    void claim(std::vector<ReleaseRecord> records);
    // Read-only, before a run: Error(Privacy) as claim() would give when any
    // of `series` already has a step >= firstStep of `stream`, or when the
    // budgets of `planned` (one record per series: stream, series, model,
    // budget, delta) would exceed the stream's policy.
    void check(const std::vector<ReleaseRecord>& planned, int firstStep);
    // Every record of the stream, by series then step.
    std::vector<ReleaseRecord> releases(const std::string& stream);
    // The policy in force (the smallest set), if any.
    std::optional<StreamPolicy> policy(const std::string& stream);
    // Appends a policy (settingError unless finite > 0).
    void setMaxTotalEpsilon(const std::string& stream, double maxTotalEpsilon);

private:
    std::unique_ptr<RegistryStore> store_;
};

// Where the registry is by default: <data>/StreamSynth/StreamSynth/registry.sqlite
// with <data> the user's data folder (QStandardPaths::GenericDataLocation,
// $XDG_DATA_HOME or ~/.local/share): the GUI's AppDataLocation, shared by the CLI.
std::string defaultRegistryPath();
// True for "postgresql://…" and "postgres://…" (a PostgreSQL registry).
bool isPostgresRegistry(const std::string& spec);
// Opens (creating when missing) the registry named by spec: "" = the
// default path, a PostgreSQL URI, or a SQLite file path. Error(Io) when it
// cannot be opened, naming it (never with a password).
std::unique_ptr<ReleaseRegistry> openRegistry(const std::string& spec);

// A digest as 16 hex digits.
std::string digestText(unsigned long long digest);

}  // namespace streamsynth::registry
