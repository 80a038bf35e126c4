// Where a run's rows come from (the facade's api::StreamInput, core/api/stream_input.h,
// documents it): a file, or a PostgreSQL table or query planned and counted
// by the server (core/db). The workbench, the sessions and `inspect` use it
// here whole: its file, its step source, its session settings.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/values/input_request.h"
#include "core/values/problem.h"
#include "core/values/proposal_options.h"
#include "core/values/schema.h"
#include "core/values/step_sizes.h"
#include "core/values/workload_set.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::stream {
struct LoadedStream;  // core/steps/step_pipeline.h: a file's stream (inside the api library)
class StepSource;     // core/steps/step_source.h
}  // namespace streamsynth::stream

namespace streamsynth::workflow {

// The connection string as it may be shown and kept (no password).
std::string connectionForDisplay(const std::string& conninfo);
// The columns of the request's table or query (for choosing the time or key
// column); connects, asking request.prompt for a password if needed.
std::vector<std::string> databaseColumns(const InputRequest& request);
// The domain proposed from the database (distinct values, min/max; the time
// and key columns of request.file left out): derived from the private data,
// so marked derivedFromData and to be confirmed by the user before use.
data::Proposal proposeDatabaseDomain(const InputRequest& request);

class StreamInput {
public:
    // Reads (file) or connects and plans (database). Errors as loadStream;
    // database errors name the connection (never its password).
    static StreamInput open(const InputRequest& request);
    StreamInput(StreamInput&&) noexcept;
    StreamInput& operator=(StreamInput&&) noexcept;
    ~StreamInput();

    const data::Schema& schema() const;
    const std::vector<data::Problem>& problems() const;
    bool domainFromData() const;
    // "adult.csv" or "postgresql://ann@db/reg, table admissions".
    std::string description() const;
    int stepCount() const;
    long long rowCount() const;  // rows in the stream (excluded rows not counted)
    stream::StepSizeStats stepSizes() const;
    std::vector<std::string> periods() const;  // label of each step
    // The file as loaded (nullptr for a database).
    const stream::LoadedStream* file() const;

    // Where the next batch segment of a session starts: the row count of a
    // file (random/sorted orders) or one past the largest key (hash order).
    long long segmentEnd() const;
    // Session settings that say where the rows came from ("source",
    // "db" without password, "table"/"query").
    std::vector<std::pair<std::string, std::string>> sessionSettings() const;

    // A database stream planned again on the server with `coarse`, a
    // coarsening of its schema (public labels kept, bins merged, the same
    // attributes and stream settings): a new connection and snapshot, the
    // same rows. Setting Error for a file (its table is re-coded instead).
    void recode(const data::Schema& coarse);

    // The step source over `workloads` (its domain must be the schema's). A
    // database stream is handed over; a second call opens it again (a new
    // connection and snapshot, the same confirmed schema).
    std::unique_ptr<stream::StepSource> makeSource(const marginals::WorkloadSet& workloads, int threads = 1);

private:
    StreamInput();
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace streamsynth::workflow
