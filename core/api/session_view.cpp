// openSessionView: a Run resumed from a session over an empty step source
// (see session_view.h). The engine restores every series' streamer state,
// so release(id) is the g_t the session recorded, bit for bit.
#include "core/api/session_view.h"

#include <algorithm>

#include "core/steps/step_plan.h"
#include "core/values/schema.h"
#include "core/values/workload_set.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/session_workflow.h"

namespace streamsynth::api {

namespace {

StreamSummary summarize(const std::string& path, const io::SessionData& d, const data::Schema& schema) {
    StreamSummary out;
    out.file = path;
    for (const data::AttributeSpec& a : schema.attributes)
        out.attributes.push_back({a.name, data::attributeKindToString(a), a.domainSize()});
    const data::Domain domain = schema.domain();
    out.log10DomainSize = domain.log10Size();
    const std::size_t p = static_cast<std::size_t>(domain.attributeCount());
    out.twoWayWorkloads = p * (p - 1) / 2;
    out.steps = static_cast<int>(d.stepDigests.size());
    std::vector<long long> rows(d.stepRows.begin(), d.stepRows.end());
    for (long long r : rows) out.rows += r;
    if (!rows.empty()) {
        std::sort(rows.begin(), rows.end());
        out.minRowsPerStep = rows.front();
        out.maxRowsPerStep = rows.back();
        out.medianRowsPerStep = rows[(rows.size() - 1) / 2];  // lower middle, as stream::stepSizeStats
    }
    out.streamDescription = data::describeStream(schema.stream);
    return out;
}

}  // namespace

SessionView openSessionView(const std::string& path) {
    io::SessionData d = io::loadSession(path);
    const data::Schema schema = data::parseSchemaJson(d.schemaJson, path);
    std::vector<marginals::Workload> wl;
    for (const auto& attrs : d.workloads) wl.push_back({attrs});
    marginals::WorkloadSet workloads(schema.domain(), wl);
    SessionView view;
    view.summary = summarize(path, d, schema);
    // No rows and no steps: the engine is restored, never stepped.
    const data::Table none(schema.domain(), std::size_t{0});
    view.run = std::make_unique<Run>(
        workflow::RunMachine::resume(d, none, stream::StepPlan{}, std::move(workloads)));
    return view;
}

}  // namespace streamsynth::api
