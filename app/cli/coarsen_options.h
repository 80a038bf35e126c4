// `run --coarsen`: keep the most frequent labels of large categorical
// attributes, chosen by a DP top-m selection before step 1 (api/coarsening.h),
// with the proposal and its noise preview for `--coarsen proposed`;
// `run --coarsen-labels`: keep labels the steward knows to be public (no
// charge; api/known_labels.h); `run --coarsen-parents`: coarsen to the
// parents of a public hierarchy (no charge; api/label_parents.h). All
// through api::Workbench::coarsen.
#pragma once

#include <QCommandLineParser>
#include <string>

#include "cli/run_options.h"

namespace streamsynth::cli {

void addCoarsenOptions(QCommandLineParser& parser);

// With --coarsen and/or --coarsen-labels: prints the proposal (for `proposed`), chooses the kept
// labels on the loaded stream and notes them (a DP output) in request.coarseningNote, for the
// caller to print once the run is set up. Call Workbench::checkRun and the output checks first:
// a run refused after the choice would make (and spend) it again on the next attempt. Without
// --small-cells and --small-share, the joint workloads of the coarsened
// attributes become tracked small workloads (request.config's smallCells
// raised to api::coarsenedPairCells, smallShare to
// api::kCoarsenedSmallShare). Returns true when the workbench's schema was
// coarsened. Setting Error naming --coarsen, --coarsen-labels (with the
// attribute and label) or --coarsen-share on bad input
// (also --coarsen-share without --coarsen).
bool applyCoarsening(const QCommandLineParser& parser, api::Workbench& workbench, RunRequest& request);

}  // namespace streamsynth::cli
