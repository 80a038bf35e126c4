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

// A stream's dataset (docs/privacy-models.md, "One budget per dataset"): a
// stream belongs to one dataset for ever; the dataset's streams read the
// same people, so their privacy losses add up. `source` is where the rows
// came from (a file's absolute path, or a database table without password),
// `fingerprint` a keyed digest of the table's first rows (fingerprintOf):
// both only to warn when one table is released under two dataset names.
struct DatasetMember {
    std::string dataset, stream, source, fingerprint, addedAt, host;
};

// A dataset's limit on its total ε over all its streams, with the δ at which
// zCDP streams are counted. Append-only; the smallest limit set is in force.
struct DatasetPolicy {
    double maxTotalEpsilon = 0;
    double delta = 0;
    std::string setAt, host;
};

// What taking an older copy as the registry wrote back into it from the
// writes seen on this account (write_journal.h): released steps, and the
// other records (limits, dataset memberships and limits, moves).
struct RestoredWrites {
    int claims = 0;
    int others = 0;
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
    // The registry's own values ("id", "fingerprint-key", set once when it
    // is created; "moved:<stream>" and "moved-dataset:<name>" once a move
    // records them); "" when absent.
    virtual std::string meta(const std::string& key) = 0;
    // Appends a value under a new key (a key already set is left as it is).
    virtual void insertMeta(const std::string& key, const std::string& value) = 0;
    virtual std::vector<DatasetMember> members() = 0;  // every stream that names its dataset
    virtual void insertMember(const DatasetMember& member) = 0;
    virtual std::vector<DatasetPolicy> datasetPolicies(const std::string& dataset) = 0;
    virtual void insertDatasetPolicy(const std::string& dataset, const DatasetPolicy& policy) = 0;
    // The streams with a step claimed from the session file `session` (an absolute path).
    virtual std::vector<std::string> streamsOfSession(const std::string& session) = 0;
    // Whether this is a file the registry has been (SQLite: its inode is
    // among the "file:<inode>" meta values: created, first opened by a
    // version that records them, or restored as the steward confirmed); a
    // byte copy is another file holding the same records. A server store is
    // one database whatever its name: always true.
    virtual bool isRecordedFile() { return true; }
    // Records this file as the registry's (recordedFile becomes true).
    virtual void recordFile() {}
    // Where a file this registry has been is still in place, on this machine,
    // holding its id (the original of a copy); "" when none.
    virtual std::string originalInPlace() { return {}; }
    // The records it holds (claims, moves, datasets, limits, files: all
    // append-only), for claim_watermark.h; -1 for a server store (one
    // database: no older copy of it is used by mistake).
    virtual long long recordCount() { return -1; }
    // Inside a transaction: writes back the records journaled outside this
    // registry on this account that it lacks (write_journal.h); nothing for a
    // server store.
    virtual RestoredWrites restoreKnownWrites() { return {}; }
};

struct DatasetTotal;  // dataset_total.h

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

    // A stream moved to another registry (registry-move) is claimed there
    // from then on: this one refuses every claim and check of it for good
    // (a stale copy of its session continued here would release its next
    // steps twice). markMoved records, in one transaction, the move of the
    // stream and of every other stream of its dataset, and the dataset's
    // (new streams of it are refused here: their total is the target's);
    // append-only, in the registry's meta values. movedTo is the target's
    // id, "" when the stream was never moved out of this registry.
    void markMoved(const std::string& stream, const std::string& toId, const std::string& toLocation);
    std::string movedTo(const std::string& stream);

    // This registry's id: 32 hex digits drawn when it was created. A session
    // records it, so another registry (a fresh file, a recreated default, a
    // copy under another HOME) is never mistaken for the one that holds the
    // stream's claims.
    std::string id();
    // A keyed digest (HMAC-SHA-256 under this registry's secret key) of a
    // sample of a table's rows: equal samples give equal fingerprints in this
    // registry, and nothing about the rows can be read from it without the key.
    std::string fingerprintOf(const std::string& sample);

    // Datasets (dataset_registry.cpp). The stream's dataset, if it names one.
    std::optional<DatasetMember> membership(const std::string& stream);
    // Whom the stream protects as its join recorded it (kRowProtection or
    // unitProtection(column)); "" when not recorded (joined before it was).
    std::string protectionOf(const std::string& stream);
    std::vector<DatasetMember> datasetMembers(const std::string& dataset);
    // Streams of other datasets whose source or fingerprint equals `m`'s.
    std::vector<DatasetMember> lookalikes(const DatasetMember& m);
    // The dataset's total over its streams' claims, plus `planned` (one
    // record per series of a stream about to release; see check()).
    DatasetTotal datasetTotal(const std::string& dataset, const std::vector<ReleaseRecord>& planned = {});
    std::optional<DatasetPolicy> datasetPolicy(const std::string& dataset);
    // Records the stream in its dataset (once; the same dataset again passes;
    // another one is Error(Privacy)), with whom it protects (`protection`:
    // kRowProtection, or unitProtection(column)) and whether the steward
    // charged it to a dataset that had spent (chargeConfirmed), as meta
    // values "protection:<stream>" and "charge-confirmed:<stream>". In the
    // same transaction, Error(Privacy) when another stream of the dataset has
    // claims and either the charge is not confirmed or it protects others
    // (a row-level ε says nothing of a person's rows: the losses of two
    // protection levels cannot be added into one dataset total).
    void joinDataset(DatasetMember member, const std::string& protection, bool chargeConfirmed);
    // Appends a dataset limit (settingError unless finite > 0; δ in (0, 1)).
    void setDatasetLimit(const std::string& dataset, double maxTotalEpsilon, double delta);
    // Copies a stream's claims, policies and dataset from `from` (an explicit
    // move of a stream to this registry), with the claims, policies and
    // membership of every other stream of its dataset (so that the dataset's
    // total and limit here count them too). Error(Privacy) when this registry
    // holds one of their steps with another digest. Returns the moved
    // stream's claims copied.
    int importStream(const std::string& stream, ReleaseRegistry& from);
    // The same refusal, before the move is marked; nothing is written.
    void checkImport(const std::string& stream, ReleaseRegistry& from);
    // The stream and the other streams of its dataset: what a move takes along.
    std::vector<std::string> streamsMovedWith(const std::string& stream);
    std::vector<std::string> streamsOfSession(const std::string& session);

    // A registry file copied (cp, a backup restored, a move to another disk)
    // holds the same id and claims as its original: continuing one copy of a
    // session through each would release the same steps twice, and neither
    // file would know. So a SQLite registry records the files it has been
    // (their inodes; a rename on one disk or a hard link keeps it) and claims,
    // checks and moves through another file are Error(Privacy) until the
    // steward records it (confirmRestoredFile: the registry restored from a
    // backup, no other copy in use; `streamsynth-cli registry-restored`).
    // confirmRestoredFile refuses while the original is still where it was
    // recorded, on this machine (Error(Privacy) naming it).
    void requireRecordedFile();
    bool isRecordedFile() { return store_->isRecordedFile(); }
    void confirmRestoredFile();
    // Error(Privacy) when it holds fewer records than were seen in it before, or
    // lacks the token of the last write seen
    // (claim_watermark.h): an older copy of itself. confirmOlderCopy
    // (registry-restored --older): the steward's word that this copy is the
    // registry now; the records written through the newer one that this
    // account saw (its claims first) are written back into it, and its count
    // is taken as seen.
    void requireNotOlder();
    RestoredWrites confirmOlderCopy();

private:
    // Inside a write's transaction: refused on a copy or an older copy
    // (requireRecordedFile, requireNotOlder), then the write's token stamped.
    void guardWrite();
    void stampGeneration();  // a "gen:<token>" row, the token kept for noteWritten
    // After a write: its records counted as seen, and the registry listed as one this user released
    // through (best effort: a full data folder weakens these checks, it never stops a release).
    void noteWritten();
    // Error(Privacy) when the stream's dataset has a limit that its claims
    // plus `added` would pass.
    void checkDatasetPolicy(const std::string& stream, const std::vector<ReleaseRecord>& added);
    int copyStream(const std::string& stream, ReleaseRegistry& from, bool write);  // importStream's part
    void refuseMovedDataset(const std::string& dataset);  // Error(Privacy) once its streams were moved
    // Inside a join's or a stream's first claim's transaction: Error(Privacy)
    // when another stream of the dataset has claims and this one was not
    // charged to it explicitly, or protects others (joinDataset).
    void refuseUnsharedDataset(const std::string& stream, const std::string& dataset,
                               const std::string& protection, bool chargeConfirmed);
    // The same at a stream's first claim, from what its join recorded: two
    // new streams of one dataset checked at the same time both joined, and
    // the first to claim a step is the one that released first.
    void refuseUnsharedFirstClaim(const std::string& stream);
    std::unique_ptr<RegistryStore> store_;
    std::string generation_;  // the token stamped by the write in progress ("" when none)
};

// What a dataset member protects, as the registry records it: rows (event
// level; also every stream recorded before protections were), or the units
// of a column (unit level: the column's name, public).
inline constexpr const char* kRowProtection = "rows";
std::string unitProtection(const std::string& column);

// Where the registry is by default: <data>/StreamSynth/StreamSynth/registry.sqlite
// with <data> the user's data folder (QStandardPaths::GenericDataLocation,
// $XDG_DATA_HOME or ~/.local/share): the GUI's AppDataLocation, shared by the CLI.
std::string defaultRegistryPath();
// True for "postgresql://…" and "postgres://…" (a PostgreSQL registry).
bool isPostgresRegistry(const std::string& spec);
// Opens (creating when missing) the registry named by spec: "" = the
// default path, a PostgreSQL URI, or a SQLite file path. Error(Io) when it
// cannot be opened, naming it (never with a password).
// create = false: a SQLite file that does not exist is Error(Privacy) instead
// of a new, empty registry (a stream with releases is never silently moved
// to a fresh registry when its own was deleted).
std::unique_ptr<ReleaseRegistry> openRegistry(const std::string& spec, bool create = true);
// The registry's location as a session records it: a SQLite path made
// absolute ("" = the default path, resolved now), a URI as given.
std::string resolvedRegistrySpec(const std::string& spec);

// One stream's total from its records (each series once, at its budget;
// the model and δ of the first record; an empty total for none).
struct StreamTotal;  // stream_total.h
StreamTotal streamTotalOf(const std::vector<ReleaseRecord>& records);

// A digest as 16 hex digits.
std::string digestText(unsigned long long digest);
// 32 hex digits from the operating system's secure entropy (a registry's id, its fingerprint key).
std::string newRegistryToken();

}  // namespace streamsynth::registry
