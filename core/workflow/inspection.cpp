// Inspecting a stream (see inspection.h).
#include "core/workflow/inspection.h"

#include "core/steps/step_pipeline.h"
#include "core/steps/unit_steps.h"
#include "core/workflow/stream_input.h"

namespace streamsynth::workflow {

Inspection inspectStream(const StreamRequest& request, const WorkloadChoice& workloads,
                         bool explicitWorkloads) {
    StreamRequest r = request;
    r.requireStream = false;
    const stream::LoadedStream ls = stream::loadStream(r);
    const data::Domain domain = ls.schema.domain();
    Inspection out;
    out.file = request.dataPath;
    out.domainFromData = ls.domainFromData;
    out.schema = ls.schema;
    out.rows = static_cast<long long>(ls.encoded.table.rowCount());
    out.log10DomainSize = domain.log10Size();
    out.hasStream = ls.hasStream;
    out.problems = ls.problems;
    if (ls.hasStream) {
        const stream::StepSizeStats sizes = stream::stepSizeStats(ls.plan);
        out.steps = static_cast<int>(ls.plan.stepCount());
        out.minRowsPerStep = sizes.min;
        out.medianRowsPerStep = sizes.median;
        out.maxRowsPerStep = sizes.max;
        out.rowsInSteps = static_cast<long long>(ls.plan.rowCount());
        const stream::UnitDrops drops = stream::unitDrops(ls.plan);
        out.unitDroppedRows = drops.dropped;
        out.unitWorstStep = drops.worstStep;
        out.unitWorstStepShare = drops.worstShare;
        out.unitDroppedPerStep = ls.plan.unitDropped;
        if (ls.plan.unitBounded)
            for (const auto& rows : ls.plan.rows)
                out.keptPerStep.push_back(static_cast<long long>(rows.size()));
        out.excludedRows = out.rows - out.rowsInSteps - out.unitDroppedRows;
        if (out.steps > 0) {
            out.firstPeriod = ls.plan.periods.front();
            out.lastPeriod = ls.plan.periods.back();
        }
    }
    if (explicitWorkloads || domain.attributeCount() >= 2) {
        const marginals::WorkloadSet ws = makeWorkloadSet(domain, workloads);
        out.workloads = ws.size();
        out.workloadCells = ws.totalCells();
        out.workloadWay = workloads.file.empty() && ws.size() > 0 ? static_cast<int>(ws[0].attrs.size()) : 0;
    }
    return out;
}

Inspection inspectInput(const InputRequest& request, const WorkloadChoice& workloads,
                        bool explicitWorkloads) {
    if (request.database.connection.empty()) return inspectStream(request.file, workloads, explicitWorkloads);
    const workflow::StreamInput in = workflow::StreamInput::open(request);
    const data::Domain domain = in.schema().domain();
    Inspection out;
    out.file = in.description();
    out.domainFromData = in.domainFromData();
    out.schema = in.schema();
    out.log10DomainSize = domain.log10Size();
    out.hasStream = true;
    out.problems = in.problems();
    out.steps = in.stepCount();
    out.rowsInSteps = in.rowCount();
    for (const data::Problem& p : out.problems)
        if (p.kind == "unparsable-time" || p.kind == "before-start" || p.kind == "after-end")
            out.excludedRows += p.count;
    out.rows = out.rowsInSteps + out.excludedRows;
    const stream::StepSizeStats sizes = in.stepSizes();
    out.minRowsPerStep = sizes.min;
    out.medianRowsPerStep = sizes.median;
    out.maxRowsPerStep = sizes.max;
    const std::vector<std::string> periods = in.periods();
    if (!periods.empty()) {
        out.firstPeriod = periods.front();
        out.lastPeriod = periods.back();
    }
    if (explicitWorkloads || domain.attributeCount() >= 2) {
        const marginals::WorkloadSet ws = makeWorkloadSet(domain, workloads);
        out.workloads = ws.size();
        out.workloadCells = ws.totalCells();
        out.workloadWay = workloads.file.empty() && ws.size() > 0 ? static_cast<int>(ws[0].attrs.size()) : 0;
    }
    return out;
}

}  // namespace streamsynth::workflow
