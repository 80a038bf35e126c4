// A step source over PostgreSQL (SPEC §2's "later from a database that
// computes the GROUP BY per period itself"): the server counts each step's
// workload answers with one GROUP BY GROUPING SETS query per chunk of steps
// and the client only maps categorical text to codes and adds counts into
// the answers: no row ever reaches StreamSynth. Steps are read in chunks
// whose answers fit a memory budget; the next chunk is fetched on a
// background thread while the streamers work on the current one (this
// changes when the server works, never what it returns). Every query runs
// in one read-only REPEATABLE READ transaction opened before planning, so
// all steps, their row counts and digests come from one snapshot of the
// table even while it grows.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/db/db_plan.h"
#include "core/db/db_source.h"
#include "core/db/marginal_sql.h"
#include "core/db/pg_connection.h"
#include "core/steps/step_source.h"
#include "core/values/schema.h"
#include "core/values/workload_set.h"

namespace streamsynth::db {

// A database stream opened and planned (the step source takes it over).
struct OpenedDbStream {
    std::unique_ptr<PgConnection> connection;  // inside the snapshot transaction
    Relation relation;
    data::Schema schema;  // confirmed, with the stream settings in effect
    DbPlan plan;
};

// Connects, opens the snapshot transaction, describes and plans the stream.
// schema must be confirmed (derivedFromData == false) and carry the stream
// settings; `ranges` as for planDbStream.
OpenedDbStream openDbStream(const DbSourceSpec& spec, const data::Schema& schema, std::uint64_t seed,
                            const PgConnection::PasswordPrompt& prompt = {},
                            const std::vector<stream::KeyRange>& ranges = {});

// Session settings on an open connection: UTC, ISO dates, exact float text,
// memory for hashing the grouping sets, no JIT (these queries are short
// and many), then BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY.
void beginSnapshot(const PgConnection& connection);

inline constexpr double kDefaultMaxSetCells = 10000;
inline constexpr long long kChunkRows = 500000;  // rows counted per query (a chunk holds at least one step)

class DbStepSource final : public stream::StepSource {
public:
    // chunkBytes bounds the answers held per chunk (two chunks are held at
    // most: the current one and the one being prefetched); maxSetCells
    // bounds the grouping sets that answer several workloads at once
    // (grouping_layout.h; <= 1: one set per workload).
    // form: the SQL shape (marginal_sql.h; UnionAll for distributed servers).
    DbStepSource(OpenedDbStream stream, marginals::WorkloadSet workloads, std::size_t chunkBytes = 32u << 20,
                 double maxSetCells = kDefaultMaxSetCells, QueryForm form = QueryForm::GroupingSets);
    ~DbStepSource() override;

    int stepCount() const override;
    const marginals::WorkloadSet& workloads() const override;
    std::string period(int t) const override;
    long long stepRows(int t) const override;
    stream::StepMarginals step(int t) const override;
    std::string digestKind() const override;

    const data::Schema& schema() const;
    const DbPlan& plan() const;
    // "postgresql://user@host/db, table adult" (no password).
    std::string description() const;
    // Seconds the server and the client spent on each fetched chunk so far
    // (queries and decoding; for benchmarks).
    double serverSeconds() const;
    // The server process counting for this source (benchmarks).
    int backendPid() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace streamsynth::db
