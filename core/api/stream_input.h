// Where a run's rows come from, for the CLI and the GUI alike: a file read
// into memory (stream::loadStream) or a PostgreSQL table or query counted by
// the server (core/db). Both give a confirmed public schema with the stream
// settings in effect, the notes for the user and, once the workloads are
// known, the step source the run engine reads. The domain rules are the
// same: a schema file, or a domain proposed from the data that the user
// confirms; likewise a time stream's start read from the data.
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
#include "core/values/workload_set.h"

namespace streamsynth::workflow {
class StreamInput;  // core/workflow/stream_input.h: the input behind this handle
}

namespace streamsynth::api {

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
    long long rowCount() const;                // rows in the stream (excluded rows not counted)
    std::vector<std::string> periods() const;  // label of each step

private:
    explicit StreamInput(std::unique_ptr<workflow::StreamInput> input);
    std::unique_ptr<workflow::StreamInput> input_;
};

}  // namespace streamsynth::api
