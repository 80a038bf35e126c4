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

#include "core/api/inspection.h"
#include "core/api/known_labels.h"
#include "core/api/label_parents.h"
#include "core/api/support.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/values/stream_charge_text.h"

namespace streamsynth::api {

// The default share of the steward's budget spent on the DP choice of the
// kept labels (CLI --coarsen-share).
inline constexpr double kDefaultCoarsenShare = 0.05;

// One attribute to coarsen by the DP selection: keep its `keep` most frequent labels.
struct CoarsenChoice {
    std::string attribute;
    int keep = 0;
};

// "Director=5,Distributor=8" (`proposed` is the caller's: proposeCoarsening).
// Setting Error naming "coarsen" and the bad part (no '=', an empty name, a
// count that is not a whole number ≥ 1, an attribute twice).
std::vector<CoarsenChoice> parseCoarsenChoices(const std::string& text);
// The share of the budget for the selection: 0 < share ≤ 0.5 (setting Error
// naming "coarsen-share").
double checkCoarsenShare(double share);

// What the steward accepted: attributes whose kept labels the DP selection
// chooses (`choices`, charged `share` of the budget once for the whole
// stream) and attributes whose kept labels are known to be public (`known`,
// charged nothing). The CLI's --coarsen/--coarsen-labels/--coarsen-share and
// the GUI's Large attributes both end here (Workbench::coarsen).
// `merges`: numeric attributes whose adjacent public bins are merged into
// `keep` bins (data::mergeBins; the edges are public: no charge).
struct CoarseningRequest {
    std::vector<CoarsenChoice> choices;
    std::vector<KnownLabels> known;
    double share = kDefaultCoarsenShare;
    std::vector<CoarsenChoice> merges;
    // Attributes coarsened to the parents of a public hierarchy the steward
    // confirms (api/label_parents.h; no charge).
    std::vector<LabelParents> parents;
};
// Moves the choices naming a numeric attribute of `schema` into merges (the
// CLI's --coarsen ATTRIBUTE=M is M bins for a numeric attribute).
void separateBinMerges(const data::Schema& schema, CoarseningRequest& request);
// The share the request spends: `share` with a DP choice, else 0.
double spentShare(const CoarseningRequest& request);

// What one choice of m gives an attribute in the support check's noise model.
struct CoarseningOption {
    int keep = 0;             // labels kept; 0 = the full domain
    int codes = 0;            // the attribute's codes then (kept + <other> [+ <missing>])
    double rowsPerCell = 0;   // expected rows per cell per step of its cheapest measurement
    double noisePerCell = 0;  // E|noise| per cell of one such measurement
    double stepsNeeded = 0;   // T*: steps until the signal overtakes the noise
    bool supported = false;   // T* within the stream
    bool known = false;       // the steward's public labels (keep = their count; no ε)
    bool parents = false;     // with known: the parents of a public hierarchy (keep = their count)
};

struct AttributeCoarsening {
    std::string attribute;
    int labels = 0;                         // regular labels of the full domain
    std::vector<CoarseningOption> options;  // the full domain first, then each m offered
    int proposedKeep = 0;                   // the proposal (see proposeCoarsening)
    bool known = false;                     // kept labels known to be public: not chosen by DP
    bool numeric = false;  // a numeric attribute: `labels` are its bins, keep = bins after merging (no ε)
    bool parents = false;  // with known: coarsened to a public hierarchy's parents (keep = their count)
};

// Attributes with fewer labels are never proposed for coarsening: keeping
// few of a handful of labels loses more than it gains.
inline constexpr int kLargeDomainLabels = 20;

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

// What a DP coarsening chose, for display: the kept labels of each
// attribute (a DP output: public) and the charge made for the whole stream.
struct CoarsenedAttribute {
    std::string attribute;
    int labels = 0;                 // of the full domain
    std::vector<std::string> kept;  // in the attribute's order
    bool known = false;             // public labels given by the steward (no ε), not a DP choice
    bool numeric = false;           // bins merged: labels = the old bin count, kept = the new intervals
    bool parents = false;           // with known: kept = the parents of a public hierarchy
};
struct Coarsening {
    data::Schema schema;  // the coarsened schema
    std::vector<CoarsenedAttribute> attributes;
    stream::StreamCharge charge;  // amount 0 when nothing was chosen by DP
};

// The cells of the largest workload over two coarsened attributes (0 with
// fewer than two): a run that accepts a coarsening tracks these joint
// workloads with continual counters (AccuracyOptions::smallCells raised to
// it, when the steward did not set it), so the coarsened columns get a
// counter fed at every step with the small-workload share instead of their
// thin 1-way shares (measured on movies by month: docs/history.md,
// "Large-domain attributes on thin streams"), whose share is raised to
// kCoarsenedSmallShare when the steward did not set it. At most
// kMaxCoarsenedPairCells.
inline constexpr int kMaxCoarsenedPairCells = 100;
inline constexpr double kCoarsenedSmallShare = 0.2;
int coarsenedPairCells(const Coarsening& coarsening);

// What accepting `coarsening` does to a run's accuracy options (CLI `run
// --coarsen`, the GUI's Large attributes): smallCells raised to
// coarsenedPairCells and smallShare to kCoarsenedSmallShare, each unless the
// steward set it (keepCells / keepShare). Returns the pair cells (0: nothing
// to track, nothing changed).
int trackCoarsenedPairs(const Coarsening& coarsening, stream::AccuracyOptions& accuracy,
                        bool keepCells = false, bool keepShare = false);

// The support check's settings for a coarsening proposal of a run of
// `config`: the proposed streamer's noise at the smallest series budget.
SupportSettings coarseningSupportSettings(const stream::RunConfig& config);

}  // namespace streamsynth::api
