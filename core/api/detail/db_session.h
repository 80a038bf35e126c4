// Sessions whose rows live in PostgreSQL: what a new session records about
// its source (the connection without password, the table or query), and
// continuing one: the session's schema and settings, the stream planned
// again on the server, every released step checked by the digest of its
// answers (counted by the server), then the run resumed on the same
// database step source. Hash-order streams grow by key ranges: rows whose
// key is above every key the session has seen form the new batches.
#pragma once

#include <string>

#include "core/db/db_source.h"
#include "core/db/pg_connection.h"
#include "core/io/session_data.h"
#include "core/values/continue_check.h"
#include "core/values/time_end.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/stream_input.h"

namespace streamsynth::api {

// True when the session was made from a database ("source" setting).
bool isDatabaseSession(const io::SessionData& d);
// The session's source with `override`'s non-empty fields taken instead
// (a new connection string, e.g. with another host, or table/query).
db::DbSourceSpec databaseSourceOf(const io::SessionData& d, const db::DbSourceSpec& override = {});

// Like continueSession for a file: problems, refusals and the resumed run
// in the returned Continuation (its plan stays empty: the steps are the
// run's source's). Connection and query errors throw.
// A time stream's public end may be moved forward as for a file (`end`);
// an end read from the data needs end.confirmDataEnd (privacy Error).
// A database session continued: as api::Continuation, with the run's
// machinery and the opened stream input (the workbench shows its summary).
struct DatabaseContinuation {
    ContinueCheck check;
    data::Schema schema;
    std::unique_ptr<workflow::RunMachine> run;
    std::shared_ptr<workflow::StreamInput> input;
};

DatabaseContinuation continueDatabaseSession(io::SessionData session, const db::DbSourceSpec& source,
                                             const db::PgConnection::PasswordPrompt& prompt,
                                             const std::string& sessionName, bool resumeWhenUpToDate = false,
                                             const TimeEnd& end = {});

}  // namespace streamsynth::api
