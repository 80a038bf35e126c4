// Files and database tables behind one input; see stream_input.h.
#include "core/workflow/stream_input.h"

#include <algorithm>
#include <limits>

#include "core/db/db_domain_proposal.h"
#include "core/db/db_step_source.h"
#include "core/db/pg_connection.h"
#include "core/steps/step_pipeline.h"
#include "core/steps/step_source.h"
#include "core/values/error.h"

namespace streamsynth::workflow {

struct StreamInput::Impl {
    InputRequest request;  // a database stream is opened again for a second step source
    std::optional<stream::LoadedStream> file;
    std::unique_ptr<db::OpenedDbStream> db;  // until handed to the step source
    db::DbPlan plan;                         // the database stream's plan (kept)
    double maxSetCells = 0;
    bool unionAll = false;
    std::string description;
    std::vector<std::pair<std::string, std::string>> settings;
    data::Schema schema;  // the database's (the file's lives in `file`)
    std::vector<data::Problem> problems;
    bool domainFromData = false;
};

StreamInput::StreamInput() : impl_(std::make_unique<Impl>()) {}
StreamInput::StreamInput(StreamInput&&) noexcept = default;
StreamInput& StreamInput::operator=(StreamInput&&) noexcept = default;
StreamInput::~StreamInput() = default;

namespace {

// The database's schema, by the same rules as a file's (stream::loadStream).
data::Schema databaseSchema(const InputRequest& r, const db::OpenedDbStream& s, bool& fromData,
                            std::vector<data::Problem>& problems) {
    data::Schema schema;
    if (r.schema) {
        schema = *r.schema;
        return schema;  // with its own stream settings
    }
    if (!r.file.schemaPath.empty()) {
        schema = stream::readConfirmedSchema(r.file, fromData);
    } else {
        data::Proposal p = db::proposeDbSchema(*s.connection, s.relation, stream::proposalOptions(r.file));
        schema = std::move(p.schema);
        schema.derivedFromData = false;  // confirmed by the user (proposalOptions checked it)
        fromData = true;
        problems = std::move(p.notes);
    }
    schema.stream = stream::effectiveStream(schema.stream, r.file);
    if (schema.stream.unit)
        throw settingError("privacy-unit",
                           "a privacy unit is not yet available for a stream read from PostgreSQL: its rows "
                           "would have to be bounded inside the database. Export the table to a file to "
                           "protect units, or run without --privacy-unit (each row is protected)");
    return schema;
}

}  // namespace

std::string connectionForDisplay(const std::string& conninfo) {
    return db::displayConnection(conninfo);
}

std::vector<std::string> databaseColumns(const InputRequest& r) {
    db::validate(r.database);
    const auto c = db::PgConnection::open(r.database.connection, r.prompt);
    std::vector<std::string> out;
    for (const db::SourceColumn& col : db::describeRelation(*c, r.database).columns) out.push_back(col.name);
    return out;
}

data::Proposal proposeDatabaseDomain(const InputRequest& r) {
    db::validate(r.database);
    const auto c = db::PgConnection::open(r.database.connection, r.prompt);
    db::beginSnapshot(*c);
    data::ProposalOptions options = r.file.proposal;
    if (r.file.time && !r.file.time->column.empty()) options.exclude.push_back(r.file.time->column);
    if (r.file.batch && !r.file.batch->key.empty()) options.exclude.push_back(r.file.batch->key);
    return db::proposeDbSchema(*c, db::describeRelation(*c, r.database), options);
}

StreamInput StreamInput::open(const InputRequest& r) {
    StreamInput in;
    Impl& d = *in.impl_;
    if (r.database.connection.empty()) {
        d.file = stream::loadStream(r.file);
        d.description = r.file.dataPath;
        d.problems = d.file->problems;
        d.domainFromData = d.file->domainFromData;
        return in;
    }
    db::validate(r.database);
    d.request = r;
    auto s = std::make_unique<db::OpenedDbStream>();
    s->connection = db::PgConnection::open(r.database.connection, r.prompt);
    db::beginSnapshot(*s->connection);
    s->relation = db::describeRelation(*s->connection, r.database);
    d.schema = databaseSchema(r, *s, d.domainFromData, d.problems);
    s->plan = db::planDbStream(*s->connection, s->relation, d.schema, r.file.seed, r.keyRanges);
    if (s->plan.startFromData) {
        stream::requireStartConfirmation(r.file, d.schema.stream.time->column);
        d.problems.push_back(stream::timeSpanProblem(*d.schema.stream.time));
        // Confirmed: from now on the start is a public setting.
        d.schema.stream.time->start = s->plan.derivedStart;
        s->plan.startFromData = false;
    }
    if (s->plan.endFromData) {
        stream::requireEndConfirmation(r.file, d.schema.stream.time->column);
        d.problems.push_back(stream::timeEndProblem(*d.schema.stream.time, true));
        // Confirmed: the end is public from now on (sessions keep it).
        d.schema.stream.time->end = s->plan.derivedEnd;
        s->plan.endFromData = false;
    }
    d.problems.insert(d.problems.end(), s->plan.problems.begin(), s->plan.problems.end());
    s->schema = d.schema;
    d.plan = s->plan;
    d.maxSetCells = r.maxSetCells;
    d.unionAll = r.unionAll;
    d.description = s->connection->display() + ", " + s->relation.label;
    d.settings = {{"source", "postgresql"}, {"db", s->connection->display()}};
    if (!r.database.table.empty())
        d.settings.emplace_back("table", r.database.table);
    else
        d.settings.emplace_back("query", r.database.query);
    d.db = std::move(s);
    return in;
}

const data::Schema& StreamInput::schema() const {
    return impl_->file ? impl_->file->schema : impl_->schema;
}
const std::vector<data::Problem>& StreamInput::problems() const {
    return impl_->problems;
}
bool StreamInput::domainFromData() const {
    return impl_->domainFromData;
}
std::string StreamInput::description() const {
    return impl_->description;
}
const stream::LoadedStream* StreamInput::file() const {
    return impl_->file ? &*impl_->file : nullptr;
}

int StreamInput::stepCount() const {
    if (impl_->file) return static_cast<int>(impl_->file->plan.stepCount());
    return impl_->plan.stepCount();
}

long long StreamInput::rowCount() const {
    if (impl_->file) return static_cast<long long>(impl_->file->plan.rowCount());
    long long n = 0;
    for (long long r : impl_->plan.rows) n += r;
    return n;
}

stream::StepSizeStats StreamInput::stepSizes() const {
    if (impl_->file) return stream::stepSizeStats(impl_->file->plan);
    std::vector<long long> sizes = impl_->plan.rows;
    stream::StepSizeStats s;
    if (sizes.empty()) return s;
    std::sort(sizes.begin(), sizes.end());
    s.min = sizes.front();
    s.max = sizes.back();
    s.median = sizes[(sizes.size() - 1) / 2];
    return s;
}

std::vector<std::string> StreamInput::periods() const {
    return impl_->file ? impl_->file->plan.periods : impl_->plan.periods;
}

long long StreamInput::segmentEnd() const {
    const data::Schema& s = schema();
    const bool hash = s.stream.batch && s.stream.batch->order == data::BatchOrder::Hash;
    if (impl_->file) {
        if (!hash) return static_cast<long long>(impl_->file->encoded.table.rowCount());
        long long end = std::numeric_limits<long long>::min();
        for (const std::string& k : impl_->file->encoded.keyValues) {
            long long v = 0;
            if (stream::parseKey(k, v)) end = std::max(end, v + 1);
        }
        return end;
    }
    return impl_->plan.keyEnd;
}

std::vector<std::pair<std::string, std::string>> StreamInput::sessionSettings() const {
    return impl_->settings;
}

void StreamInput::recode(const data::Schema& coarse) {
    if (impl_->file) throw settingError("coarsen", "a file's table is re-coded in memory, not planned again");
    InputRequest again = impl_->request;
    again.schema = coarse;
    StreamInput fresh = open(again);
    fresh.impl_->domainFromData = impl_->domainFromData;
    // The load's notes stay (the same rows); the re-plan's would count the values each coarsened
    // attribute now codes as <other>, which a file's coarsening never shows.
    fresh.impl_->problems = impl_->problems;
    *this = std::move(fresh);
}

std::unique_ptr<stream::StepSource> StreamInput::makeSource(const marginals::WorkloadSet& ws, int threads) {
    if (impl_->file)
        return std::make_unique<stream::TableStepSource>(impl_->file->encoded.table, impl_->file->plan, ws,
                                                         threads);
    if (!impl_->db) {
        // A second run: a new connection and snapshot, with the schema this
        // input confirmed (its start is no longer read from the data).
        InputRequest again = impl_->request;
        again.schema = impl_->schema;
        StreamInput fresh = open(again);
        impl_->db = std::move(fresh.impl_->db);
        impl_->plan = fresh.impl_->plan;
    }
    auto source = std::make_unique<db::DbStepSource>(
        std::move(*impl_->db), ws, 32u << 20, impl_->maxSetCells,
        impl_->unionAll ? db::QueryForm::UnionAll : db::QueryForm::GroupingSets);
    impl_->db.reset();
    return source;
}

}  // namespace streamsynth::workflow
