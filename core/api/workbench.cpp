// Workbench: the GUI's document. Keeps the raw table for the preview, the
// confirmed schema and stream settings, and the encoded stream (recomputed
// lazily after a change); creates self-contained runs.
#include "core/api/workbench.h"

#include <algorithm>
#include <map>
#include <optional>

#include "core/api/coarsening.h"
#include "core/api/db_session.h"
#include "core/api/detail/coarsening_selection.h"
#include "core/api/detail/run_state.h"
#include "core/api/known_labels.h"
#include "core/api/session_workflow.h"
#include "core/data/coarsening.h"
#include "core/data/csv_reader.h"
#include "core/data/domain_proposal.h"
#include "core/data/table_encoder.h"
#include "core/io/run_export.h"
#include "core/io/session_store.h"
#include "core/marginals/workload_set.h"
#include "core/steps/step_hash_order.h"
#include "core/steps/step_plan.h"
#include "core/steps/step_source.h"
#include "core/values/error.h"
#include "core/values/message_text.h"

namespace streamsynth::api {

struct Workbench::Impl {
    std::optional<data::RawTable> raw;
    std::optional<data::Schema> schema;  // confirmed only
    bool domainFromData = false;
    data::StreamSettings stream;
    std::uint64_t batchSeed = 1;
    std::string file;                      // the table's path
    std::vector<data::Problem> loadNotes;  // notes of load() (proposal, encoding, steps)
    // Derived, reset by any change above.
    std::optional<data::EncodedTable> encoded;
    std::optional<stream::StepPlan> plan;
    // Sessions: the opened session (kept current by saveSession) and the
    // continuation prepared by continueSession.
    std::optional<io::SessionData> session;
    std::string sessionPath;
    std::unique_ptr<Run> continued;
    // A database stream (loadInput): planned on the server, no rows here.
    std::optional<StreamInput> database;
    // The DP coarsening's charge (coarsen): recorded by every run prepared after it.
    stream::StreamCharge streamCharge;

    void invalidate() {
        if (!raw) return;  // load(): nothing to recompute from
        encoded.reset();
        plan.reset();
        loadNotes.clear();
    }

    void ensureStream() {
        if (encoded && plan) return;
        if (!raw) throw settingError("table", "no table is open");
        if (!schema)
            throw Error(ErrorKind::Privacy,
                        "the domain of this table has not been confirmed as public; load a schema file or "
                        "confirm the proposed domain first");
        if (!stream.time && !stream.batch)
            throw settingError("stream", "choose a time column and period, or a batch size");
        if (!encoded) {
            data::Schema s = *schema;
            s.stream = stream;
            encoded = data::encodeTable(*raw, s);
        }
        if (!plan) plan = stream::planSteps(*encoded, stream, batchSeed, raw->file);
    }

    void applyCoarsened(const Coarsening& c);
};

namespace {

// Each choice's label counts over every planned step of a database stream,
// summed from the 1-way answers the server counts (the same counts a file's
// table gives: every row of every step, one count per regular label).
std::vector<std::vector<double>> databaseLabelCounts(StreamInput& in, const data::Schema& schema,
                                                     const std::vector<CoarsenChoice>& choices) {
    WorkloadChoice oneWay;
    for (const CoarsenChoice& c : choices) oneWay.names.push_back({c.attribute});
    const std::unique_ptr<stream::StepSource> source =
        in.makeSource(makeWorkloadSet(schema.domain(), oneWay));
    std::vector<std::vector<double>> counts;
    for (const CoarsenChoice& c : choices)
        counts.emplace_back(
            schema.attributes[static_cast<std::size_t>(schema.indexOf(c.attribute))].labels.size(), 0.0);
    for (int t = 1; t <= source->stepCount(); ++t) {
        const stream::StepMarginals m = source->step(t);
        for (std::size_t i = 0; i < counts.size(); ++i)
            for (std::size_t code = 0; code < counts[i].size(); ++code) counts[i][code] += m.answers[i][code];
    }
    return counts;
}

}  // namespace

Workbench::Workbench() : impl_(std::make_unique<Impl>()) {}
Workbench::~Workbench() = default;

void Workbench::open(const std::string& path, const OpenOptions& options) {
    // Read everything first: a failure leaves the current document untouched.
    data::CsvOptions csv;
    csv.delimiter = options.delimiter;
    data::RawTable raw = data::readCsv(path, csv);
    std::optional<data::Schema> schema;
    bool fromData = false;
    if (!options.schemaPath.empty()) {
        schema = data::readSchema(options.schemaPath);
        if (schema->derivedFromData && !options.confirmDomain)
            throw Error(
                ErrorKind::Privacy,
                "this schema was proposed from the data and never confirmed as public; confirm it first");
        schema->derivedFromData = false;
    } else if (options.confirmDomain) {
        schema = data::proposeSchema(raw);
        schema->derivedFromData = false;
        fromData = true;
    }
    impl_->file = path;
    impl_->raw = std::move(raw);
    impl_->database.reset();
    impl_->streamCharge = {};
    impl_->schema = std::move(schema);
    impl_->domainFromData = fromData;
    impl_->stream = impl_->schema ? impl_->schema->stream : data::StreamSettings{};
    impl_->invalidate();
}

void Workbench::loadInput(const InputRequest& request) {
    if (request.database.connection.empty()) {
        load(request.file);
        return;
    }
    StreamInput in = StreamInput::open(request);
    impl_->raw.reset();
    impl_->encoded.reset();
    impl_->plan.reset();
    impl_->file = in.description();
    impl_->domainFromData = in.domainFromData();
    impl_->stream = in.schema().stream;
    impl_->batchSeed = request.file.seed;
    impl_->loadNotes = in.problems();
    impl_->schema = in.schema();
    impl_->session.reset();
    impl_->continued.reset();
    impl_->streamCharge = {};
    impl_->database = std::move(in);
}

bool Workbench::isDatabase() const {
    return impl_->database.has_value();
}

void Workbench::load(const StreamRequest& request) {
    stream::LoadedStream ls = stream::loadStream(request);
    impl_->database.reset();
    impl_->raw.reset();
    impl_->file = request.dataPath;
    impl_->domainFromData = ls.domainFromData;
    impl_->stream = ls.schema.stream;
    impl_->batchSeed = request.seed;
    impl_->loadNotes = std::move(ls.problems);
    impl_->encoded = std::move(ls.encoded);
    impl_->plan = std::move(ls.plan);
    impl_->schema = std::move(ls.schema);
    impl_->session.reset();
    impl_->continued.reset();
    impl_->streamCharge = {};
}

void Workbench::openBundledAdult(const std::string& csvPath, const std::string& schemaPath) {
    OpenOptions o;
    o.schemaPath = schemaPath;
    open(csvPath, o);
    if (!impl_->stream.time && !impl_->stream.batch) {
        data::StreamSettings s;
        s.batch = data::BatchSettings{1000, data::BatchOrder::Random};
        setStreamSettings(s, 1);
    }
}

bool Workbench::isOpen() const {
    return impl_->raw.has_value() || impl_->encoded.has_value() || impl_->database.has_value();
}

int Workbench::previewColumnCount() const {
    return impl_->raw ? static_cast<int>(impl_->raw->header.size()) : 0;
}
long long Workbench::previewRowCount() const {
    return impl_->raw ? static_cast<long long>(impl_->raw->rowCount()) : 0;
}
const std::string& Workbench::previewHeader(int column) const {
    return impl_->raw.value().header.at(static_cast<std::size_t>(column));
}
const std::string& Workbench::previewCell(long long row, int column) const {
    return impl_->raw.value().columns.at(static_cast<std::size_t>(column)).at(static_cast<std::size_t>(row));
}

bool Workbench::hasConfirmedSchema() const {
    return impl_->schema.has_value();
}

const data::Schema& Workbench::schema() const {
    if (!impl_->schema) throw settingError("schema", "no confirmed schema");
    return *impl_->schema;
}

data::Schema Workbench::proposedSchema(int numericBins) const {
    if (!impl_->raw) throw settingError("table", "no table is open");
    data::ProposalOptions o;
    o.numericBins = numericBins;
    if (impl_->stream.time) o.exclude.push_back(impl_->stream.time->column);
    return data::proposeSchema(*impl_->raw, o);
}

void Workbench::confirmSchema(data::Schema schema) {
    const bool wasDerived = schema.derivedFromData;
    schema.derivedFromData = false;
    const std::string problem = data::validationError(schema);
    if (!problem.empty()) throw settingError("domain", problem);
    if (schema.stream.time || schema.stream.batch) impl_->stream = schema.stream;
    impl_->schema = std::move(schema);
    impl_->domainFromData = wasDerived;
    impl_->invalidate();
}

void Workbench::saveSchema(const std::string& path) const {
    data::Schema s = schema();
    s.stream = impl_->stream;
    data::writeSchema(s, path);
}

void Workbench::setStreamSettings(const data::StreamSettings& settings, std::uint64_t batchSeed) {
    impl_->stream = settings;
    impl_->batchSeed = batchSeed;
    impl_->invalidate();
}

const data::StreamSettings& Workbench::streamSettings() const {
    return impl_->stream;
}

StreamSummary Workbench::summary() {
    if (impl_->database) {
        // A database stream: its plan's figures, counted by the server.
        const StreamInput& in = *impl_->database;
        StreamSummary out;
        out.file = in.description();
        out.rows = in.rowCount();
        for (const auto& a : in.schema().attributes)
            out.attributes.push_back({a.name, data::attributeKindToString(a), a.domainSize()});
        out.log10DomainSize = in.schema().domain().log10Size();
        out.steps = in.stepCount();
        const auto stats = in.stepSizes();
        out.minRowsPerStep = stats.min;
        out.medianRowsPerStep = stats.median;
        out.maxRowsPerStep = stats.max;
        const auto p = static_cast<std::size_t>(in.schema().domain().attributeCount());
        out.twoWayWorkloads = p * (p - 1) / 2;
        out.domainDerivedFromData = in.domainFromData();
        out.problems = in.problems();
        out.streamDescription = data::describeStream(impl_->stream);
        return out;
    }
    impl_->ensureStream();
    const data::Schema& s = *impl_->schema;
    const data::Domain domain = s.domain();
    StreamSummary out;
    out.file = impl_->file;
    out.rows = static_cast<long long>(impl_->plan->rowCount());
    for (const auto& a : s.attributes)
        out.attributes.push_back({a.name, data::attributeKindToString(a), a.domainSize()});
    out.log10DomainSize = domain.log10Size();
    out.steps = static_cast<int>(impl_->plan->stepCount());
    const auto stats = stream::stepSizeStats(*impl_->plan);
    out.minRowsPerStep = stats.min;
    out.medianRowsPerStep = stats.median;
    out.maxRowsPerStep = stats.max;
    const std::size_t p = static_cast<std::size_t>(domain.attributeCount());
    out.twoWayWorkloads = p * (p - 1) / 2;
    out.domainDerivedFromData = impl_->domainFromData;
    if (!impl_->loadNotes.empty() || !impl_->raw) {
        out.problems = impl_->loadNotes;  // load() gathered them all
    } else {
        out.problems = impl_->encoded->problems;
        out.problems.insert(out.problems.end(), impl_->plan->problems.begin(), impl_->plan->problems.end());
        // A time stream without a public start begins at the earliest date in
        // the private data: shown so the steward can state a public start.
        if (impl_->plan->startFromData) out.problems.push_back(stream::timeSpanProblem(*impl_->stream.time));
    }
    if (impl_->plan && impl_->plan->endFromData) {
        out.endFromData = true;
        out.problems.push_back(stream::timeEndProblem(*impl_->stream.time, false));
    }
    if (impl_->plan && !impl_->plan->periods.empty()) out.lastPeriod = impl_->plan->periods.back();
    out.streamDescription = data::describeStream(impl_->stream);
    return out;
}

void Workbench::confirmDataEnd() {
    impl_->ensureStream();
    if (!impl_->plan->endFromData) return;
    impl_->stream.time->end = impl_->plan->derivedEnd;
    impl_->plan.reset();  // the same steps, now from a public end
}

std::vector<std::string> Workbench::attributeNames() const {
    return schema().domain().names();
}

void Workbench::checkRun(const stream::RunConfig& config, const WorkloadChoice& workloads) {
    if (!impl_->database) {
        impl_->ensureStream();
        if (impl_->plan->endFromData)
            throw Error(
                ErrorKind::Privacy,
                "the stream would end with the latest time found in the data, which is private; set a "
                "public end or number of steps, or confirm that the data's last period is public");
    }
    stream::validateRunConfig(config, makeWorkloadSet(impl_->schema->domain(), workloads).size());
}

std::unique_ptr<Run> Workbench::prepareRun(const stream::RunConfig& config, const WorkloadChoice& workloads) {
    checkRun(config, workloads);
    if (impl_->database) {
        marginals::WorkloadSet set = makeWorkloadSet(impl_->schema->domain(), workloads);
        StreamInput& in = *impl_->database;
        RunState state = newRunState(in.schema(), in.segmentEnd(), impl_->batchSeed, set, config);
        for (const auto& [key, value] : in.sessionSettings()) state.setSetting(key, value);
        if (impl_->streamCharge.amount > 0)
            state.setSetting(kStreamChargeSetting, streamChargeText(impl_->streamCharge));
        return Run::fromSource(std::move(state), in.makeSource(set, config.threads));
    }
    marginals::WorkloadSet set = makeWorkloadSet(impl_->schema->domain(), workloads);
    data::Schema schema = *impl_->schema;
    schema.stream = impl_->stream;
    const bool hash = schema.stream.batch && schema.stream.batch->order == data::BatchOrder::Hash;
    const long long rows = hash ? hashKeyEnd(impl_->encoded->keyValues)
                                : static_cast<long long>(impl_->encoded->table.rowCount());
    // The run's own state: the config goes to the engine from here, one way
    // (sessions are written from the run's state when saved).
    RunState state = newRunState(schema, rows, impl_->batchSeed, set, config);
    if (impl_->streamCharge.amount > 0)
        state.setSetting(kStreamChargeSetting, streamChargeText(impl_->streamCharge));
    return std::make_unique<Run>(std::move(state), impl_->encoded->table, *impl_->plan, std::move(set));
}

std::vector<AttributeCoarsening> Workbench::coarseningProposal(const SupportSettings& settings,
                                                               const WorkloadChoice& workloads, double share,
                                                               int steps,
                                                               const std::vector<KnownLabels>& known,
                                                               const std::vector<LabelParents>& parents) {
    if (impl_->database) {
        const StreamSummary s = summary();
        return proposeCoarsening(schema(), workloads, s.rows, s.steps, settings, share, known, parents);
    }
    impl_->ensureStream();
    const auto& plan = impl_->plan->rows;
    const std::size_t used = steps > 0 ? std::min(plan.size(), static_cast<std::size_t>(steps)) : plan.size();
    long long rows = 0;
    for (std::size_t t = 0; t < used; ++t) rows += static_cast<long long>(plan[t].size());
    return proposeCoarsening(schema(), workloads, rows, static_cast<int>(used), settings, share, known,
                             parents);
}

Coarsening Workbench::coarsen(const std::vector<CoarsenChoice>& choices, double share,
                              const stream::RunConfig& config) {
    CoarseningRequest request;
    request.choices = choices;
    request.share = share;
    return coarsen(request, config);
}

Coarsening Workbench::coarsen(const CoarseningRequest& request, const stream::RunConfig& config) {
    if (request.choices.empty() && request.known.empty() && request.merges.empty() && request.parents.empty())
        throw settingError("coarsen", "no attribute to coarsen");
    checkOnePublicForm(request.known, request.parents);
    for (const CoarsenChoice& c : request.choices)
        if (knownLabelsOf(request.known, c.attribute))
            throw settingError("coarsen", "attribute " + quotedText(c.attribute) +
                                              " has public labels listed and a DP choice: give one of them");
    for (const CoarsenChoice& c : request.choices)
        if (labelParentsOf(request.parents, c.attribute))
            throw settingError("coarsen", "attribute " + quotedText(c.attribute) +
                                              " has parents given and a DP choice: give one of them");
    if (!request.choices.empty() && impl_->streamCharge.amount > 0)
        throw settingError("coarsen",
                           "this stream's labels were already chosen once; a second choice would "
                           "spend budget again");
    const data::Schema known = withKnownLabels(*impl_->schema, request.known);  // errors before any draw
    const data::Schema parented = withLabelParents(*impl_->schema, request.parents);
    std::vector<data::AttributeSpec> merged;
    for (const CoarsenChoice& m : request.merges) {
        const int a = impl_->schema->indexOf(m.attribute);
        if (a < 0) throw settingError("coarsen", "the schema has no attribute " + quotedText(m.attribute));
        merged.push_back(data::mergeBins(impl_->schema->attributes[static_cast<std::size_t>(a)], m.keep));
    }
    Coarsening c;
    if (request.choices.empty()) {
        c.schema = *impl_->schema;
    } else if (impl_->database) {  // the label counts summed by the server over every planned step
        coarsenedAttributes(*impl_->schema, request.choices);  // errors before the server counts
        checkCoarsenShare(request.share);
        if (config.series.empty()) throw settingError("series", "no series to run");
        c = selectCoarsening(*impl_->schema,
                             databaseLabelCounts(*impl_->database, *impl_->schema, request.choices),
                             request.choices, request.share, config);
    } else {
        impl_->ensureStream();
        c = selectCoarsening(*impl_->schema, impl_->encoded->table, *impl_->plan, request.choices,
                             request.share, config);
    }
    for (const KnownLabels& k : request.known) {
        const auto a = static_cast<std::size_t>(known.indexOf(k.attribute));
        c.schema.attributes[a] = known.attributes[a];
        c.attributes.push_back({k.attribute, static_cast<int>(impl_->schema->attributes[a].labels.size()),
                                known.attributes[a].labels, true});
    }
    for (const LabelParents& p : request.parents) {  // a public hierarchy: no charge
        const auto a = static_cast<std::size_t>(parented.indexOf(p.attribute));
        c.schema.attributes[a] = parented.attributes[a];
        CoarsenedAttribute h{p.attribute, static_cast<int>(impl_->schema->attributes[a].labels.size()),
                             parented.attributes[a].labels, true};
        h.parents = true;
        c.attributes.push_back(std::move(h));
    }
    for (data::AttributeSpec& spec : merged) {
        const auto a = static_cast<std::size_t>(c.schema.indexOf(spec.name));
        CoarsenedAttribute m{spec.name, impl_->schema->attributes[a].regularSize(), {}, false, true};
        for (int code = 0; code < spec.regularSize(); ++code) m.kept.push_back(spec.label(code));
        c.attributes.push_back(std::move(m));
        c.schema.attributes[a] = std::move(spec);
    }
    impl_->applyCoarsened(c);
    return c;
}

// The coarsened schema in effect: the table re-coded (a file) or the stream
// planned again on the server (a database), and the selection's charge kept.
void Workbench::Impl::applyCoarsened(const Coarsening& c) {
    if (database) {
        database->recode(c.schema);  // the server codes the same rows with the coarsened domain
    } else {
        ensureStream();
        encoded->table = data::coarsenTable(encoded->table, *schema, c.schema);
    }
    schema = c.schema;
    if (c.charge.amount > 0) streamCharge = c.charge;
    // A sorted batch order sorts by the codes, which changed: plan again, as
    // a continued session will from the coarsened schema (the same rows,
    // so the same counts the choice read; time and random orders do not
    // depend on the codes; a database stream has neither).
    if (!database && stream.batch && stream.batch->order == data::BatchOrder::Sorted) {
        stream::StepPlan sorted = stream::planSteps(*encoded, stream, batchSeed, file);
        sorted.problems = plan->problems;
        plan = std::move(sorted);
    }
}

std::unique_ptr<Run> Workbench::prepareRun(const stream::RunConfig& config, int way,
                                           const std::vector<std::vector<std::string>>& workloads) {
    WorkloadChoice choice;
    choice.way = way;
    choice.names = workloads;
    return prepareRun(config, choice);
}

std::vector<std::string> Workbench::workloadLabels(const WorkloadChoice& workloads) const {
    const marginals::WorkloadSet set = makeWorkloadSet(schema().domain(), workloads);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < set.size(); ++i) out.push_back(set.label(i));
    return out;
}

void Workbench::saveSession(Run& run, const std::string& path) const {
    run.saveSession(path);
    adoptSession(run);
    impl_->sessionPath = path;
}

void Workbench::adoptSession(Run& run) const {
    impl_->session = run.updatedSession();
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
    Continuation c = api::continueSession(*impl_->session, raw, impl_->sessionPath, false, end);
    impl_->continued.reset();
    if (!c.check.accepted) return c.check;
    impl_->encoded = data::encodeTable(raw, c.schema);
    impl_->stream = c.schema.stream;  // with the new public end, if one was given
    impl_->plan = std::move(c.plan);
    impl_->file = grownTablePath;
    impl_->raw = std::move(raw);
    impl_->continued = std::move(c.run);
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
    Continuation c = api::continueDatabaseSession(*impl_->session, databaseSourceOf(*impl_->session), prompt,
                                                  impl_->sessionPath, false, end);
    impl_->continued.reset();
    if (!c.check.accepted) return c.check;
    impl_->stream = c.schema.stream;  // with the new public end, if one was given
    impl_->continued = std::move(c.run);
    // The document's summary now shows the grown stream (the server's plan).
    if (c.databaseInput) impl_->database.emplace(std::move(*c.databaseInput));
    return c.check;
}

std::unique_ptr<Run> Workbench::continueRun() {
    return std::move(impl_->continued);
}

}  // namespace streamsynth::api
