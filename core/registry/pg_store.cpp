// PostgreSQL store of the release registry (see pg_store.h).
#include "core/registry/pg_store.h"

#include <cstdlib>

#include "core/db/pg_connection.h"
#include "core/values/error.h"

namespace streamsynth::registry {
namespace {

// Advisory lock keys: one for creating the tables, one per stream (hashtext).
constexpr const char* kSchemaLock = "SELECT pg_advisory_xact_lock(hashtext('streamsynth-registry-schema'))";

constexpr const char* kPgSchema =
    "SET client_min_messages = warning;"
    "CREATE TABLE IF NOT EXISTS streamsynth_releases ("
    " stream text NOT NULL, series text NOT NULL, step integer NOT NULL, digest text NOT NULL,"
    " model text NOT NULL, budget double precision NOT NULL, spent double precision NOT NULL,"
    " delta double precision NOT NULL, host text NOT NULL, out text NOT NULL, session text NOT NULL,"
    " released_at text NOT NULL, PRIMARY KEY (stream, series, step));"
    "CREATE TABLE IF NOT EXISTS streamsynth_policies ("
    " stream text NOT NULL, max_total_epsilon double precision NOT NULL, set_at text NOT NULL,"
    " host text NOT NULL);"
    "CREATE TABLE IF NOT EXISTS streamsynth_registry_meta (key text PRIMARY KEY, value text NOT NULL);"
    "CREATE TABLE IF NOT EXISTS streamsynth_dataset_streams ("
    " dataset text NOT NULL, stream text PRIMARY KEY, source text NOT NULL, fingerprint text NOT NULL,"
    " added_at text NOT NULL, host text NOT NULL);"
    "CREATE TABLE IF NOT EXISTS streamsynth_dataset_policies ("
    " dataset text NOT NULL, max_total_epsilon double precision NOT NULL, delta double precision NOT NULL,"
    " set_at text NOT NULL, host text NOT NULL);"
    "CREATE OR REPLACE FUNCTION streamsynth_append_only() RETURNS trigger LANGUAGE plpgsql AS"
    " $$ BEGIN RAISE EXCEPTION 'the release registry is append-only'; END $$;"
    "CREATE OR REPLACE TRIGGER streamsynth_releases_append_only BEFORE UPDATE OR DELETE ON "
    "streamsynth_releases"
    " FOR EACH ROW EXECUTE FUNCTION streamsynth_append_only();"
    "CREATE OR REPLACE TRIGGER streamsynth_policies_append_only BEFORE UPDATE OR DELETE ON "
    "streamsynth_policies"
    " FOR EACH ROW EXECUTE FUNCTION streamsynth_append_only();"
    "CREATE OR REPLACE TRIGGER streamsynth_registry_meta_append_only BEFORE UPDATE OR DELETE ON "
    "streamsynth_registry_meta FOR EACH ROW EXECUTE FUNCTION streamsynth_append_only();"
    "CREATE OR REPLACE TRIGGER streamsynth_dataset_streams_append_only BEFORE UPDATE OR DELETE ON "
    "streamsynth_dataset_streams FOR EACH ROW EXECUTE FUNCTION streamsynth_append_only();"
    "CREATE OR REPLACE TRIGGER streamsynth_dataset_policies_append_only BEFORE UPDATE OR DELETE ON "
    "streamsynth_dataset_policies FOR EACH ROW EXECUTE FUNCTION streamsynth_append_only();";

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

class PgStore final : public RegistryStore {
public:
    explicit PgStore(std::unique_ptr<db::PgConnection> c) : c_(std::move(c)) {
        run("BEGIN", "starting a transaction");
        try {
            run(kSchemaLock, "locking the registry's tables");
            run(kPgSchema, "creating the registry's tables");
            for (const char* key : {"id", "fingerprint-key"})  // drawn once, when the registry is new
                run("INSERT INTO streamsynth_registry_meta VALUES (" + c_->literal(key) + ", " +
                        c_->literal(newRegistryToken()) + ") ON CONFLICT (key) DO NOTHING",
                    "creating the registry's id");
            run("COMMIT", "creating the registry's tables");
        } catch (...) {
            rollback();
            throw;
        }
    }

    std::string location() const override { return c_->display(); }
    void begin(const std::string& stream) override {
        run("BEGIN", "starting a transaction");
        try {
            // One lock for the whole registry: a dataset's total spans its
            // streams, so claims of two streams of one dataset must not interleave.
            (void)stream;
            run("SELECT pg_advisory_xact_lock(hashtext('streamsynth-registry-claims'))",
                "locking the registry");
        } catch (...) {
            rollback();
            throw;
        }
    }
    void commit() override { run("COMMIT", "committing"); }
    void rollback() noexcept override {
        try {
            c_->exec("ROLLBACK", "rolling back");
        } catch (...) {  // the connection is gone: the server rolls back itself
        }
    }

    std::vector<ReleaseRecord> records(const std::string& stream) override {
        const db::PgResult r =
            run("SELECT series, step, digest, model, budget, spent, delta, host, out, session, released_at "
                "FROM streamsynth_releases WHERE stream = " +
                    c_->literal(stream) + " ORDER BY series, step",
                "reading the stream's releases");
        std::vector<ReleaseRecord> out;
        for (int i = 0; i < r.rows(); ++i)
            out.push_back({stream, r.text(i, 0), static_cast<int>(r.integer(i, 1)), r.text(i, 2),
                           r.text(i, 3), std::strtod(r.text(i, 4), nullptr),
                           std::strtod(r.text(i, 5), nullptr), std::strtod(r.text(i, 6), nullptr),
                           r.text(i, 7), r.text(i, 8), r.text(i, 9), r.text(i, 10)});
        return out;
    }

    std::vector<StreamPolicy> policies(const std::string& stream) override {
        const db::PgResult r =
            run("SELECT max_total_epsilon, set_at, host FROM streamsynth_policies WHERE stream = " +
                    c_->literal(stream),
                "reading the stream's policy");
        std::vector<StreamPolicy> out;
        for (int i = 0; i < r.rows(); ++i)
            out.push_back({std::strtod(r.text(i, 0), nullptr), r.text(i, 1), r.text(i, 2)});
        return out;
    }

    void insert(const ReleaseRecord& r) override {
        run("INSERT INTO streamsynth_releases VALUES (" + c_->literal(r.stream) + ", " +
                c_->literal(r.series) + ", " + std::to_string(r.step) + ", " + c_->literal(r.digest) + ", " +
                c_->literal(r.model) + ", " + number(r.budget) + ", " + number(r.spent) + ", " +
                number(r.delta) + ", " + c_->literal(r.host) + ", " + c_->literal(r.out) + ", " +
                c_->literal(r.session) + ", " + c_->literal(r.releasedAt) + ")",
            "recording a release");
    }

    void insertPolicy(const std::string& stream, const StreamPolicy& p) override {
        run("INSERT INTO streamsynth_policies VALUES (" + c_->literal(stream) + ", " +
                number(p.maxTotalEpsilon) + ", " + c_->literal(p.setAt) + ", " + c_->literal(p.host) + ")",
            "recording the stream's policy");
    }

    std::string meta(const std::string& key) override {
        const db::PgResult r = run(
            "SELECT value FROM streamsynth_registry_meta WHERE key = " + c_->literal(key), "reading its id");
        return r.rows() > 0 ? std::string(r.text(0, 0)) : std::string();
    }

    void insertMeta(const std::string& key, const std::string& value) override {
        run("INSERT INTO streamsynth_registry_meta VALUES (" + c_->literal(key) + ", " + c_->literal(value) +
                ") ON CONFLICT (key) DO NOTHING",
            "recording a moved stream");
    }

    std::vector<DatasetMember> members() override {
        const db::PgResult r = run(
            "SELECT dataset, stream, source, fingerprint, added_at, host FROM streamsynth_dataset_streams",
            "reading the datasets");
        std::vector<DatasetMember> out;
        for (int i = 0; i < r.rows(); ++i)
            out.push_back(
                {r.text(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4), r.text(i, 5)});
        return out;
    }

    void insertMember(const DatasetMember& m) override {
        run("INSERT INTO streamsynth_dataset_streams VALUES (" + c_->literal(m.dataset) + ", " +
                c_->literal(m.stream) + ", " + c_->literal(m.source) + ", " + c_->literal(m.fingerprint) +
                ", " + c_->literal(m.addedAt) + ", " + c_->literal(m.host) + ")",
            "recording the stream's dataset");
    }

    std::vector<DatasetPolicy> datasetPolicies(const std::string& dataset) override {
        const db::PgResult r =
            run("SELECT max_total_epsilon, delta, set_at, host FROM streamsynth_dataset_policies WHERE "
                "dataset = " +
                    c_->literal(dataset),
                "reading the dataset's limit");
        std::vector<DatasetPolicy> out;
        for (int i = 0; i < r.rows(); ++i)
            out.push_back({std::strtod(r.text(i, 0), nullptr), std::strtod(r.text(i, 1), nullptr),
                           r.text(i, 2), r.text(i, 3)});
        return out;
    }

    void insertDatasetPolicy(const std::string& dataset, const DatasetPolicy& p) override {
        run("INSERT INTO streamsynth_dataset_policies VALUES (" + c_->literal(dataset) + ", " +
                number(p.maxTotalEpsilon) + ", " + number(p.delta) + ", " + c_->literal(p.setAt) + ", " +
                c_->literal(p.host) + ")",
            "recording the dataset's limit");
    }

    std::vector<std::string> streamsOfSession(const std::string& session) override {
        const db::PgResult r =
            run("SELECT DISTINCT stream FROM streamsynth_releases WHERE session = " + c_->literal(session),
                "reading the session's streams");
        std::vector<std::string> out;
        for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
        return out;
    }

private:
    // The connection's errors are about the registry: Error(Io) naming it.
    db::PgResult run(const std::string& sql, const std::string& what) const {
        try {
            return c_->exec(sql, "release registry " + c_->display() + ": " + what);
        } catch (const Error& e) {
            throw Error(ErrorKind::Io, e.message(), ErrorContext::forFile(c_->display()));
        }
    }

    std::unique_ptr<db::PgConnection> c_;
};

}  // namespace

std::unique_ptr<RegistryStore> openPgStore(const std::string& uri) {
    std::unique_ptr<db::PgConnection> c;
    try {
        c = db::PgConnection::open(uri);
    } catch (const Error& e) {
        throw Error(ErrorKind::Io, "cannot open the release registry: " + e.message(), e.context());
    }
    return std::make_unique<PgStore>(std::move(c));
}

}  // namespace streamsynth::registry
