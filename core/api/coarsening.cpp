// core/api/coarsening.h over the workflow of core/workflow/coarsening.h.
#include "core/api/coarsening.h"

#include <utility>

#include "core/workflow/coarsening.h"

namespace streamsynth::api {

std::vector<CoarsenChoice> parseCoarsenChoices(const std::string& text) {
    return workflow::parseCoarsenChoices(text);
}

double checkCoarsenShare(double share) {
    return workflow::checkCoarsenShare(share);
}

void separateBinMerges(const data::Schema& schema, CoarseningRequest& request) {
    workflow::separateBinMerges(schema, request);
}

double spentShare(const CoarseningRequest& request) {
    return workflow::spentShare(request);
}

std::vector<AttributeCoarsening> proposeCoarsening(const data::Schema& schema,
                                                   const WorkloadChoice& workloads, long long rowsInSteps,
                                                   int steps, const SupportSettings& settings,
                                                   double selectionShare) {
    return workflow::proposeCoarsening(schema, workloads, rowsInSteps, steps, settings, selectionShare);
}

std::vector<AttributeCoarsening> proposeCoarsening(const Inspection& inspection,
                                                   const WorkloadChoice& workloads,
                                                   const SupportSettings& settings, double selectionShare,
                                                   const std::vector<KnownLabels>& known,
                                                   const std::vector<LabelParents>& parents) {
    return workflow::proposeCoarsening(inspection, workloads, settings, selectionShare, known, parents);
}

std::vector<AttributeCoarsening> proposeCoarsening(const data::Schema& schema,
                                                   const WorkloadChoice& workloads, long long rowsInSteps,
                                                   int steps, const SupportSettings& settings,
                                                   double selectionShare,
                                                   const std::vector<KnownLabels>& known,
                                                   const std::vector<LabelParents>& parents) {
    return workflow::proposeCoarsening(schema, workloads, rowsInSteps, steps, settings, selectionShare, known,
                                       parents);
}

std::vector<CoarsenChoice> proposedChoices(const std::vector<AttributeCoarsening>& proposal) {
    return workflow::proposedChoices(proposal);
}

std::vector<CoarsenChoice> proposedMerges(const std::vector<AttributeCoarsening>& proposal) {
    return workflow::proposedMerges(proposal);
}

bool mergePays(const AttributeCoarsening& a) {
    return workflow::mergePays(a);
}

std::vector<std::string> coarseningPreview(const std::vector<AttributeCoarsening>& proposal) {
    return workflow::coarseningPreview(proposal);
}

int coarsenedPairCells(const Coarsening& coarsening) {
    return workflow::coarsenedPairCells(coarsening);
}

int trackCoarsenedPairs(const Coarsening& coarsening, stream::RunConfig& config, bool keepCells,
                        bool keepShare) {
    return workflow::trackCoarsenedPairs(coarsening, config, keepCells, keepShare);
}

SupportSettings coarseningSupportSettings(const stream::RunConfig& config) {
    return workflow::coarseningSupportSettings(config);
}

}  // namespace streamsynth::api
