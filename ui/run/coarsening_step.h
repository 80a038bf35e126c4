// The GUI's side of coarsening large categorical attributes (api/coarsening.h,
// docs/gui.md "Large attributes"): the steward's accepted choice applied
// before a new run is prepared with the same api calls (Workbench::coarsen,
// api::trackCoarsenedPairs) as the CLI's `run --coarsen`
// (app/cli/coarsen_options.cpp).
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "core/api/coarsening.h"
#include "core/values/run_config.h"

namespace streamsynth::api {
class Workbench;
}

namespace streamsynth::ui {

// What the steward accepted in the Large attributes dialog, for the document it was made for.
struct AcceptedCoarsening {
    api::CoarseningRequest request;  // DP choices, public labels, the DP choice's share
    QString document;                // the document's name when accepted: another document drops it
    // The public rows per step its proposal was computed from; 0: the stream's own, private rows
    // (evaluation mode), which must not decide what a release publishes.
    double rowsPerStep = 0;
    // How many labels to keep and which bins to merge were proposed from private row counts.
    bool readsPrivateRows() const {
        return rowsPerStep <= 0 && (!request.choices.empty() || !request.merges.empty());
    }
    bool empty() const {
        return request.choices.empty() && request.known.empty() && request.merges.empty() &&
               request.parents.empty();
    }
};

// Coarsens the workbench's stream as accepted (api::Workbench::coarsen: the
// public labels kept at no charge, the DP choice charged once for the whole
// stream) and, as the CLI does when the steward
// set neither small-cells nor small-share (the GUI has neither), tracks the
// coarsened attributes' joint workloads as small workloads in `config`.
// Returns the lines to log (the kept labels are a DP output: public).
// Throws the api's Error.
QStringList applyCoarsening(api::Workbench& workbench, const AcceptedCoarsening& accepted,
                            stream::RunConfig& config);

// "Director keeps 8, Distributor keeps 20 (share 0.05)"; public labels as
// "Studio keeps 4 public labels" (and no share when nothing is chosen by DP).
QString coarseningSummary(const AcceptedCoarsening& accepted);

}  // namespace streamsynth::ui
