// Database sessions; see db_session.h.
#include "core/api/detail/db_session.h"

#include <limits>
#include <optional>

#include "core/db/db_step_source.h"
#include "core/values/error.h"
#include "core/values/schema.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/session_workflow.h"
#include "core/workflow/stream_input.h"

namespace streamsynth::api {

bool isDatabaseSession(const io::SessionData& d) {
    return d.setting("source") == "postgresql";
}

db::DbSourceSpec databaseSourceOf(const io::SessionData& d, const db::DbSourceSpec& o) {
    db::DbSourceSpec s;
    s.connection = o.connection.empty() ? d.setting("db") : o.connection;
    if (!o.table.empty() || !o.query.empty()) {
        s.table = o.table;
        s.query = o.query;
    } else {
        s.table = d.setting("table");
        s.query = d.setting("query");
    }
    return s;
}

DatabaseContinuation continueDatabaseSession(io::SessionData session, const db::DbSourceSpec& source,
                                             const db::PgConnection::PasswordPrompt& prompt,
                                             const std::string& sessionName, bool resumeWhenUpToDate,
                                             const TimeEnd& end) {
    DatabaseContinuation out;
    out.check.releasedSteps = static_cast<int>(session.stepDigests.size());
    out.schema = data::parseSchemaJson(session.schemaJson, sessionName);
    if (out.schema.stream.unit)
        throw settingError("privacy-unit",
                           "this session protects privacy units, which a stream read from "
                           "PostgreSQL cannot bound yet; continue it from a file");
    if (session.engine.interruptedStep > 0) {
        out.check.refusal =
            "step " + std::to_string(session.engine.interruptedStep) +
            " of this session was cancelled after part of its budget was spent; it cannot be re-run";
        return out;
    }
    if (out.schema.stream.batch && end.given())
        throw settingError("--end", "the end of a stream applies to time streams only");
    if (out.schema.stream.time)
        out.schema.stream.time = workflow::continuedTime(*out.schema.stream.time, end);
    const data::StreamSettings& s = out.schema.stream;
    const bool hash = s.batch && s.batch->order == data::BatchOrder::Hash;
    InputRequest r;
    r.database = source;
    r.prompt = prompt;
    r.schema = out.schema;
    r.file.seed = session.batchSeed;
    r.file.confirmEnd = end.confirmDataEnd;
    if (hash) {
        // The session's ranges, then every key above them (the new rows).
        r.keyRanges = workflow::hashRanges(session);
        const long long seen =
            r.keyRanges.empty() ? std::numeric_limits<long long>::min() : r.keyRanges.back().end;
        r.keyRanges.push_back({seen, std::numeric_limits<long long>::max()});
    }
    std::optional<workflow::StreamInput> opened;
    try {
        opened.emplace(workflow::StreamInput::open(r));
    } catch (const Error& e) {
        // An end read from the data without --confirm-end: refused, as for a file.
        if (e.kind() != ErrorKind::Privacy) throw;
        out.check.refusal = e.message();
        return out;
    }
    workflow::StreamInput& in = *opened;
    out.check.problems = in.problems();
    // The end in effect is public from now on: the session keeps it.
    out.schema = in.schema();
    session.schemaJson = data::schemaToJson(out.schema);
    std::vector<marginals::Workload> wl;
    for (const auto& attrs : session.workloads) wl.push_back({attrs});
    const marginals::WorkloadSet ws(out.schema.domain(), wl);
    const long long keyEnd = in.segmentEnd();
    std::unique_ptr<stream::StepSource> src = in.makeSource(ws, session.config.threads);
    if (hash) {
        const auto& plan = static_cast<const db::DbStepSource&>(*src).plan();
        (void)workflow::grownHashRanges(session, keyEnd, plan.segments.back().firstStep);
    }
    std::vector<data::Problem> problems = std::move(out.check.problems);
    out.check = workflow::checkContinuation(session, *src, s.batch.has_value());
    out.check.problems = std::move(problems);
    if (!out.check.accepted && !(out.check.upToDate && resumeWhenUpToDate)) return out;
    out.run = workflow::RunMachine::fromSource(session, std::move(src));
    out.input = std::make_shared<workflow::StreamInput>(std::move(in));
    return out;
}

}  // namespace streamsynth::api
