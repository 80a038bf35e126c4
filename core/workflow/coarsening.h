// The workflow behind core/api/coarsening.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/coarsening.h"
#include "core/values/inspection.h"
#include "core/values/known_labels.h"
#include "core/values/label_parents.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/values/stream_charge_text.h"
#include "core/values/support_finding.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

std::vector<CoarsenChoice> parseCoarsenChoices(const std::string& text);
double checkCoarsenShare(double share);
void separateBinMerges(const data::Schema& schema, CoarseningRequest& request);
double spentShare(const CoarseningRequest& request);
std::vector<AttributeCoarsening> proposeCoarsening(const data::Schema& schema,
                                                   const WorkloadChoice& workloads, long long rowsInSteps,
                                                   int steps, const SupportSettings& settings,
                                                   double selectionShare);
std::vector<AttributeCoarsening> proposeCoarsening(const Inspection& inspection,
                                                   const WorkloadChoice& workloads,
                                                   const SupportSettings& settings, double selectionShare,
                                                   const std::vector<KnownLabels>& known = {},
                                                   const std::vector<LabelParents>& parents = {});
std::vector<AttributeCoarsening> proposeCoarsening(const data::Schema& schema,
                                                   const WorkloadChoice& workloads, long long rowsInSteps,
                                                   int steps, const SupportSettings& settings,
                                                   double selectionShare,
                                                   const std::vector<KnownLabels>& known,
                                                   const std::vector<LabelParents>& parents = {});
std::vector<CoarsenChoice> proposedChoices(const std::vector<AttributeCoarsening>& proposal);
std::vector<CoarsenChoice> proposedMerges(const std::vector<AttributeCoarsening>& proposal);
bool mergePays(const AttributeCoarsening& a);
std::vector<std::string> coarseningPreview(const std::vector<AttributeCoarsening>& proposal);
int coarsenedPairCells(const Coarsening& coarsening);
int trackCoarsenedPairs(const Coarsening& coarsening, stream::RunConfig& config, bool keepCells = false,
                        bool keepShare = false);
SupportSettings coarseningSupportSettings(const stream::RunConfig& config);

}  // namespace streamsynth::workflow
