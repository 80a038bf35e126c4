// Coarsening large categorical attributes for CLI and GUI (docs/streamers.md
// "Coarsening large domains", docs/schema.md "Coarsened attributes"): keep m
// of an attribute's public labels and map the rest to `<other>`. The
// proposal and its noise preview (the support check's figures for the full
// domain and for a few m) read the rows per step of the private data: for
// the steward only. The m labels are chosen by a DP top-m selection over the
// confirmed label set (Workbench::coarsen), charged once for the whole
// stream; or known to the steward as public (public knowledge, no charge):
// listed in the schema, or given with the run (`--coarsen-labels`, the GUI's
// Known labels…; api/known_labels.h).
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

namespace streamsynth::api {

// "Director=5,Distributor=8" (`proposed` is the caller's: proposeCoarsening).
// Setting Error naming "coarsen" and the bad part (no '=', an empty name, a
// count that is not a whole number ≥ 1, an attribute twice).
std::vector<CoarsenChoice> parseCoarsenChoices(const std::string& text);

// The share of the budget for the selection: 0 < share ≤ 0.5 (setting Error
// naming "coarsen-share").
double checkCoarsenShare(double share);

// Moves the choices naming a numeric attribute of `schema` into merges (the
// CLI's --coarsen ATTRIBUTE=M is M bins for a numeric attribute).
void separateBinMerges(const data::Schema& schema, CoarseningRequest& request);

// The share the request spends: `share` with a DP choice, else 0.
double spentShare(const CoarseningRequest& request);

// For every categorical attribute with at least kLargeDomainLabels labels that the support
// check says the stream cannot support (T* beyond the stream), its figures
// for the full domain and for m in {1, 2, 3, 5, 8, 10, 20, 50} below its label
// count, each attribute coarsened alone, the rounds' budget lowered by the
// selection's share. The proposal is the largest m the stream supports; when
// none is supported, the m whose T* is smallest relative to its cells'
// signal (the fewest steps per kept label: argmin T*/m). Empty when every
// attribute is supported. rowsInSteps and steps are the private stream's.
// Likewise every numeric attribute of at least 3 bins the stream cannot
// support (numeric: true): its figures with its adjacent bins merged into
// each divisor of its bin count (equal groups; 2 .. 5 when it has none), the
// proposal chosen the same way; merging public edges spends nothing.
std::vector<AttributeCoarsening> proposeCoarsening(const data::Schema& schema,
                                                   const WorkloadChoice& workloads, long long rowsInSteps,
                                                   int steps, const SupportSettings& settings,
                                                   double selectionShare);

std::vector<AttributeCoarsening> proposeCoarsening(const Inspection& inspection,
                                                   const WorkloadChoice& workloads,
                                                   const SupportSettings& settings, double selectionShare,
                                                   const std::vector<KnownLabels>& known = {},
                                                   const std::vector<LabelParents>& parents = {});

// The same with the steward's public labels (withKnownLabels: errors name the
// attribute and label): each listed attribute is coarsened to them in the
// figures of every other, and has its own entry (known, the full domain and
// its public labels; proposedKeep = their count, whatever its size or
// support). The DP entries are those of the schema so coarsened; when there
// is none, no selection is spent and the known entries' figures have the
// whole budget (selectionShare is ignored). Likewise each attribute with
// `parents` (withLabelParents; its entry known and parents, proposedKeep =
// its parents' count, the figures of the coarsened domain).
std::vector<AttributeCoarsening> proposeCoarsening(const data::Schema& schema,
                                                   const WorkloadChoice& workloads, long long rowsInSteps,
                                                   int steps, const SupportSettings& settings,
                                                   double selectionShare,
                                                   const std::vector<KnownLabels>& known,
                                                   const std::vector<LabelParents>& parents = {});

// The proposal as DP choices (proposedKeep of each categorical attribute not known).
std::vector<CoarsenChoice> proposedChoices(const std::vector<AttributeCoarsening>& proposal);

// The proposal's bin merges that pass the per-attribute check: the numeric
// attribute's proposed bin count is one the stream supports (its T* within
// the steps), so merging turns a column the support check expects near
// uniform into one it expects learnt. A merge that leaves the column
// unsupported only loses resolution: it stays in the preview for the steward
// to name, and is not applied by `--coarsen proposed` nor ticked in the GUI.
std::vector<CoarsenChoice> proposedMerges(const std::vector<AttributeCoarsening>& proposal);

// True when `a` is a numeric entry whose proposed merge passes that check.
bool mergePays(const AttributeCoarsening& a);

// One line per attribute and option for people ("Director (550 labels): full
// 0.0072 rows/cell/step vs noise 16, T* 9.9e+06 steps: not supported; keep 5 …").
std::vector<std::string> coarseningPreview(const std::vector<AttributeCoarsening>& proposal);

int coarsenedPairCells(const Coarsening& coarsening);

// What accepting `coarsening` does to a run's accuracy options (CLI `run
// --coarsen`, the GUI's Large attributes): smallCells raised to
// coarsenedPairCells and smallShare to kCoarsenedSmallShare, each unless the
// steward set it (keepCells / keepShare); that share is taken out of the
// 1-way share (smallFromOneWay) when the 1-way share is Auto, and the tracked
// workloads out of the rounds' candidates (trackedInRounds No) when that rule
// is Auto and every series has at least kCoarsenedOutOfRoundsEpsilon a step.
// Returns the pair cells (0: nothing to track, nothing changed).
int trackCoarsenedPairs(const Coarsening& coarsening, stream::RunConfig& config, bool keepCells = false,
                        bool keepShare = false);

// The support check's settings for a coarsening proposal of a run of
// `config`: the proposed streamer's noise at the smallest series budget.
SupportSettings coarseningSupportSettings(const stream::RunConfig& config);

}  // namespace streamsynth::api
