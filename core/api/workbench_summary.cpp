// The workbench's summary of the stream it holds (workbench.h): rows,
// attributes, steps and the problems found, for a file or a database
// stream; a time stream's end taken from the data, confirmed as public.
#include <cstddef>

#include "core/api/detail/workbench_impl.h"
#include "core/api/workbench.h"
#include "core/steps/step_plan.h"
#include "core/steps/unit_steps.h"
#include "core/values/error.h"
#include "core/workflow/stream_input.h"

namespace streamsynth::api {

StreamSummary Workbench::summary() {
    if (impl_->database) {
        // A database stream: its plan's figures, counted by the server.
        const workflow::StreamInput& in = *impl_->database;
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
    out.unit = impl_->stream.unit;
    if (impl_->plan && impl_->plan->unitBounded) {
        const stream::UnitDrops drops = stream::unitDrops(*impl_->plan);
        out.unitDroppedRows = drops.dropped;
        out.unitWorstStep = drops.worstStep;
        out.unitWorstStepShare = drops.worstShare;
    }
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

}  // namespace streamsynth::api
