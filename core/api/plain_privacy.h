// ε in plain words (issue 47): the figures a steward reads where ε is chosen
// (the experiment panel, the import dialog, the target-accuracy dialog and
// the release confirmation): whom the guarantee protects and how strongly
// (any conclusion about one row becomes at most e^ε times more or less
// likely; Dwork & Roth 2014, §2.3), how accurate each kind of released
// number is (the noisy marginals' exact standard error; the synthetic
// shares' planner figure, a calibrated model), and how each series' budget
// is split. Public settings only: nothing is drawn or charged. The words
// are the GUI's (translated there); these are the numbers.
#pragma once

#include <string>
#include <vector>

#include "core/api/accuracy_plan.h"
#include "core/values/plain_privacy.h"
#include "core/values/plain_privacy_request.h"

namespace streamsynth::api {

// The planner's 1-way figure as measured on tables it was not fitted on
// (docs/streamers.md, "Calibration on unseen data"): movies by month, about
// 13 rows a step, needed 2.26 times it for every share of 10 seeds to be
// within it; by year, about 161 rows, 1.5 times; a generated table in
// batches of 500 and Adult's 1,000 stayed within it. The plain-words panel
// shows it widened by this factor of the rows per step (1 from 200 rows),
// and the planner says "optimistic" below 200 rows.
double shareFigureWidening(double rowsPerStep);

// True below 200 rows per step, and below 13 (not measured: still optimistic).
bool shareFigureOptimistic(double rowsPerStep);

PlainPrivacy describePrivacy(const PlainPrivacyRequest& request);

}  // namespace streamsynth::api
