// Workbench: the GUI's document (detail/workbench_impl.h holds it). Opening
// a table (with its preview) or loading a stream, the confirmed schema and
// stream settings, and the self-contained runs prepared from them. The
// summary, the coarsening and the sessions have files of their own.
#include "core/api/workbench.h"

#include <optional>

#include "core/api/detail/workbench_impl.h"
#include "core/data/csv_reader.h"
#include "core/data/domain_proposal.h"
#include "core/data/table_encoder.h"
#include "core/steps/step_hash_order.h"
#include "core/steps/step_plan.h"
#include "core/values/error.h"
#include "core/values/workload_set.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/run_state.h"
#include "core/workflow/session_workflow.h"
#include "core/workflow/stream_input.h"

namespace streamsynth::api {

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
    workflow::StreamInput in = workflow::StreamInput::open(request);
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

void Workbench::saveSchema(const std::string& path, bool replacesOpenedSchema) const {
    data::Schema s = schema();
    s.stream = impl_->stream;
    // The remembered import settings describe a table, whoever confirmed
    // its domain: 0600 too (docs/gui.md).
    data::writeSchema(s, path, impl_->domainFromData || replacesOpenedSchema, replacesOpenedSchema);
}

void Workbench::setStreamSettings(const data::StreamSettings& settings, std::uint64_t batchSeed) {
    impl_->stream = settings;
    impl_->batchSeed = batchSeed;
    impl_->invalidate();
}

const data::StreamSettings& Workbench::streamSettings() const {
    return impl_->stream;
}

void Workbench::Impl::checkPublicEnd() {
    if (database) return;
    ensureStream();
    if (plan->endFromData)
        throw Error(ErrorKind::Privacy,
                    "the stream would end with the latest time found in the data, which is private; set a "
                    "public end or number of steps, or confirm that the data's last period is public");
}

void Workbench::checkRun(const stream::RunConfig& config, const WorkloadChoice& workloads) {
    impl_->checkPublicEnd();
    stream::validateRunConfig(config, makeWorkloadSet(impl_->schema->domain(), workloads).size());
}

std::unique_ptr<Run> Workbench::prepareRun(const stream::RunConfig& config, const WorkloadChoice& workloads) {
    // The settings are validated by the engine the run makes (RunEngine's
    // constructor); the callers' checkRun did so before any DP coarsening.
    impl_->checkPublicEnd();
    if (impl_->database) {
        marginals::WorkloadSet set = makeWorkloadSet(impl_->schema->domain(), workloads);
        workflow::StreamInput& in = *impl_->database;
        workflow::RunState state =
            workflow::newRunState(in.schema(), in.segmentEnd(), impl_->batchSeed, set, config);
        for (const auto& [key, value] : in.sessionSettings()) state.setSetting(key, value);
        if (impl_->streamCharge.amount > 0)
            state.setSetting(kStreamChargeSetting, streamChargeText(impl_->streamCharge));
        return std::make_unique<Run>(
            std::make_unique<workflow::RunMachine>(std::move(state), in.makeSource(set, config.threads)));
    }
    marginals::WorkloadSet set = makeWorkloadSet(impl_->schema->domain(), workloads);
    data::Schema schema = *impl_->schema;
    schema.stream = impl_->stream;
    const bool hash = schema.stream.batch && schema.stream.batch->order == data::BatchOrder::Hash;
    const long long rows = hash ? workflow::hashKeyEnd(impl_->encoded->keyValues)
                                : static_cast<long long>(impl_->encoded->table.rowCount());
    // The run's own state: the config goes to the engine from here, one way
    // (sessions are written from the run's state when saved).
    workflow::RunState state = workflow::newRunState(schema, rows, impl_->batchSeed, set, config);
    if (impl_->streamCharge.amount > 0)
        state.setSetting(kStreamChargeSetting, streamChargeText(impl_->streamCharge));
    return std::make_unique<Run>(workflow::RunMachine::overTable(std::move(state), impl_->encoded->table,
                                                                 *impl_->plan, std::move(set)));
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

}  // namespace streamsynth::api
