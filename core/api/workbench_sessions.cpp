// The workbench's sessions (workbench.h): saving the run's session, opening
// one (its history and workloads), and continuing it on a grown table or
// database stream (continueSession, continueDatabaseSession → continueRun).
#include <algorithm>

#include "core/api/detail/db_session.h"
#include "core/api/detail/workbench_impl.h"
#include "core/api/workbench.h"
#include "core/data/csv_reader.h"
#include "core/data/table_encoder.h"
#include "core/io/session_store.h"
#include "core/values/error.h"
#include "core/values/workload_set.h"
#include "core/workflow/session_workflow.h"

namespace streamsynth::api {

void Workbench::saveSession(Run& run, const std::string& path) const {
    run.saveSession(path);
    adoptSession(run);
    impl_->sessionPath = path;
}

void Workbench::adoptSession(Run& run) const {
    impl_->session = run.machine_->updatedSession();
    if (impl_->sessionPath.empty()) impl_->sessionPath = "session";
}

SessionInfo Workbench::openSession(const std::string& path) {
    io::SessionData d = io::loadSession(path);
    data::Schema schema = data::parseSchemaJson(d.schemaJson, path);
    SessionInfo info;
    info.path = path;
    info.releasedSteps = static_cast<int>(d.stepDigests.size());
    info.interruptedStep = d.engine.interruptedStep;
    info.config = d.config;
    std::vector<marginals::Workload> wl;
    for (const auto& attrs : d.workloads) wl.push_back({attrs});
    const marginals::WorkloadSet ws(schema.domain(), wl);
    for (std::size_t i = 0; i < ws.size(); ++i) info.workloadLabels.push_back(ws.label(i));
    std::size_t longest = 0;
    for (const auto& s : d.engine.series) longest = std::max(longest, s.history.size());
    // (step-major, series order: the order a run reports them)
    for (std::size_t t = 0; t < longest; ++t)
        for (const auto& s : d.engine.series)
            if (t < s.history.size()) info.history.push_back(s.history[t]);
    info.streamDescription = data::describeStream(schema.stream);
    // Commit only after everything was read.
    impl_->raw.reset();
    impl_->encoded.reset();
    impl_->plan.reset();
    impl_->database.reset();
    impl_->file = path;
    impl_->stream = schema.stream;
    impl_->batchSeed = d.batchSeed;
    impl_->schema = std::move(schema);
    impl_->domainFromData = false;
    impl_->invalidate();
    impl_->session = std::move(d);
    impl_->sessionPath = path;
    impl_->continued.reset();
    return info;
}

bool Workbench::hasSession() const {
    return impl_->session.has_value();
}

ContinueCheck Workbench::continueSession(const std::string& grownTablePath, char delimiter,
                                         const TimeEnd& end) {
    if (!impl_->session) throw settingError("session", "open a session first");
    data::CsvOptions csv;
    csv.delimiter = delimiter;
    data::RawTable raw = data::readCsv(grownTablePath, csv);
    workflow::Continuation c =
        workflow::continueSession(*impl_->session, raw, impl_->sessionPath, false, end);
    impl_->continued.reset();
    if (!c.check.accepted) return c.check;
    impl_->encoded = data::encodeTable(raw, c.schema);
    impl_->stream = c.schema.stream;  // with the new public end, if one was given
    impl_->plan = std::move(c.plan);
    impl_->file = grownTablePath;
    impl_->raw = std::move(raw);
    impl_->continued = std::make_unique<Run>(std::move(c.run));
    return c.check;
}

bool Workbench::sessionIsDatabase() const {
    return impl_->session && isDatabaseSession(*impl_->session);
}

std::string Workbench::sessionSourceText() const {
    if (!sessionIsDatabase()) return {};
    const db::DbSourceSpec source = databaseSourceOf(*impl_->session);
    return connectionForDisplay(source.connection) + ", " + db::sourceLabel(source);
}

ContinueCheck Workbench::continueDatabaseSession(const PasswordPrompt& prompt, const TimeEnd& end) {
    if (!sessionIsDatabase()) throw settingError("session", "open a session made from a database first");
    DatabaseContinuation c = api::continueDatabaseSession(*impl_->session, databaseSourceOf(*impl_->session),
                                                          prompt, impl_->sessionPath, false, end);
    impl_->continued.reset();
    if (!c.check.accepted) return c.check;
    impl_->stream = c.schema.stream;  // with the new public end, if one was given
    impl_->continued = std::make_unique<Run>(std::move(c.run));
    // The document's summary now shows the grown stream (the server's plan).
    if (c.input) impl_->database.emplace(std::move(*c.input));
    return c.check;
}

std::unique_ptr<Run> Workbench::continueRun() {
    return std::move(impl_->continued);
}

}  // namespace streamsynth::api
