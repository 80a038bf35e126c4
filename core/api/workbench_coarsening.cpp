// The workbench's coarsening (workbench.h): the proposal with its noise
// preview, and the coarsened schema put in effect, from public labels,
// parents, merged bins or the DP choice (once per stream, before step 1;
// a database stream's label counts summed by the server).
#include <algorithm>
#include <cmath>

#include "core/api/coarsening.h"
#include "core/api/detail/workbench_impl.h"
#include "core/api/known_labels.h"
#include "core/api/label_parents.h"
#include "core/api/workbench.h"
#include "core/data/coarsening.h"
#include "core/steps/step_source.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/workload_set.h"
#include "core/workflow/coarsening_selection.h"
#include "core/workflow/stream_input.h"

namespace streamsynth::api {

namespace {

// Each choice's label counts over every planned step of a database stream,
// summed from the 1-way answers the server counts (the same counts a file's
// table gives: every row of every step, one count per regular label).
std::vector<std::vector<double>> databaseLabelCounts(workflow::StreamInput& in, const data::Schema& schema,
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

std::vector<AttributeCoarsening> Workbench::coarseningProposal(const SupportSettings& settings,
                                                               const WorkloadChoice& workloads, double share,
                                                               int steps,
                                                               const std::vector<KnownLabels>& known,
                                                               const std::vector<LabelParents>& parents,
                                                               double publicRowsPerStep) {
    // The rows of `count` steps: the public figure's when given, else the stream's.
    auto rowsOf = [publicRowsPerStep](int count, long long own) {  // the figure is at most 10^9
        return publicRowsPerStep > 0 ? static_cast<long long>(std::llround(publicRowsPerStep * count)) : own;
    };
    if (impl_->database) {
        const StreamSummary s = summary();
        const int used = steps > 0 ? std::min(s.steps, steps) : s.steps;  // the run's steps, as a file's
        return proposeCoarsening(schema(), workloads, rowsOf(used, s.rows), used, settings, share, known,
                                 parents);
    }
    impl_->ensureStream();
    const auto& plan = impl_->plan->rows;
    const std::size_t used = steps > 0 ? std::min(plan.size(), static_cast<std::size_t>(steps)) : plan.size();
    long long rows = 0;
    for (std::size_t t = 0; t < used; ++t) rows += static_cast<long long>(plan[t].size());
    return proposeCoarsening(schema(), workloads, rowsOf(static_cast<int>(used), rows),
                             static_cast<int>(used), settings, share, known, parents);
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
        workflow::coarsenedAttributes(*impl_->schema, request.choices);  // errors before the server counts
        checkCoarsenShare(request.share);
        if (config.series.empty()) throw settingError("series", "no series to run");
        c = workflow::selectCoarsening(*impl_->schema,
                                       databaseLabelCounts(*impl_->database, *impl_->schema, request.choices),
                                       request.choices, request.share, config);
    } else {
        impl_->ensureStream();
        c = workflow::selectCoarsening(*impl_->schema, impl_->encoded->table, *impl_->plan, request.choices,
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

}  // namespace streamsynth::api
