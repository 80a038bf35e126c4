// The value types of core/api/coarsening.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

#include "core/values/inspection.h"
#include "core/values/known_labels.h"
#include "core/values/label_parents.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/values/stream_charge_text.h"
#include "core/values/support_finding.h"
#include "core/values/workload_choice.h"

namespace streamsynth::api {

// The default share of the steward's budget spent on the DP choice of the
// kept labels (CLI --coarsen-share).
inline constexpr double kDefaultCoarsenShare = 0.05;

// One attribute to coarsen by the DP selection: keep its `keep` most frequent labels.
struct CoarsenChoice {
    std::string attribute;
    int keep = 0;
};

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
// kCoarsenedSmallShare when the steward did not set it, taken out of the
// 1-way share when that is Auto (AccuracyOptions::smallFromOneWay; issue 52:
// taken from the rounds, 0.2 of ε moved untouched attributes up to ×1.30),
// and the tracked workloads leave the rounds' candidates when that rule is
// Auto from kCoarsenedOutOfRoundsEpsilon a step (AccuracyOptions::
// trackedInRounds No). At most kMaxCoarsenedPairCells.
inline constexpr int kMaxCoarsenedPairCells = 100;

inline constexpr double kCoarsenedSmallShare = 0.1;

// From this noise-equivalent per-step budget (after the whole-stream charge,
// as tracked_in_rounds.h reads it) an accepted coarsening takes the tracked
// workloads out of the rounds when their rule is Auto. Measured on movies by
// month (docs/results.md, "Issue 52, item 1, on fresh seeds"): at ε = 1
// (0.95 after the choice's charge) out of the rounds kept every untouched
// column within ×1.06 where in them two reached ×1.11; at ε = 0.5 (0.475) in
// the rounds was better on every count. The bound lies between the two.
inline constexpr double kCoarsenedOutOfRoundsEpsilon = 0.75;

}  // namespace streamsynth::api
