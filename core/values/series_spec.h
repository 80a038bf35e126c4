// Series identity, defined once for the GUI, the CLI, sessions, folders,
// spools, manifests, charts and the ledger: the text of a spec
// ("baseline", "proposed:tree:16"), its portable id ("proposed-tree-16":
// letters, digits, '-', '_' and '.' only, valid as a file name everywhere),
// and the ids of a run's series. A series' Rng stream is derived from its id,
// so the same seed and specs give the same noise through every front end.
#pragma once

#include <string>
#include <vector>

#include "core/values/privacy_model.h"
#include "core/values/run_config.h"

namespace streamsynth::stream {

// The carried baseline ("baseline:carried"): the baseline whose
// steps start from step t−1's model and first measure every column
// (BaselineInit::Previous with a 1-way share of kCarriedOneWayShare), the most
// accurate series on Adult (docs/history.md). Its SeriesSpec::counter is
// kCarriedBaseline; the plain baseline's is empty.
inline constexpr const char* kCarriedBaseline = "carried";
inline constexpr double kCarriedOneWayShare = 0.75;
bool isCarriedBaseline(const SeriesSpec& spec);
// The accuracy options a series runs with: the run's, except that the
// carried baseline fixes its start and its 1-way share, and that the
// proposed streamer's 1-way share is resolved (rule Fixed, the share of
// oneWayShareFor, one_way_share.h) for `perStep`, the budget the series'
// streamer spends per step, and the public rows per step R (0: not public).
AccuracyOptions seriesAccuracy(const AccuracyOptions& run, const SeriesSpec& spec,
                               const privacy::Budget& perStep, double publicRowsPerStep);
// The same for a series of a run: perStep = runBudgetAfter(series' budget,
// the run's whole-stream charge), R = config.publicRowsPerStep.
AccuracyOptions seriesAccuracy(const RunConfig& config, const SeriesConfig& series);

// "baseline", "baseline:carried" or "proposed[:<counter>]"
// (privacy::parseCounterSpec text; "proposed" alone = the simple counter)
// with its budget (validated when it was made). Validates the text
// (settingError "series"; the counter in the budget's model); the counter
// text is normalised.
SeriesSpec parseSeriesSpec(const std::string& text, const privacy::Budget& budget = {});
// The spec's text without its budget: parseSeriesSpec(seriesName(s), s.budget) == s.
std::string seriesName(const SeriesSpec& spec);
// The portable base id: seriesName with every other character replaced by '-'.
std::string seriesBaseId(const SeriesSpec& spec);
// A budget as text: the shortest decimal that reads back as the same double ("0.5", "1").
std::string epsilonText(double epsilon);
// The budget part of ids and folders: "eps0.5" (pure) or "rho0.05" (zCDP).
std::string budgetTag(double budget, privacy::PrivacyModel model);

// The series of a run from parsed specs: id = the base id, with "-" +
// budgetTag appended when the specs have several budgets (the user's names ×
// budgets: api::planRunSeries). Throws a setting Error when empty or when two
// series would share an id.
std::vector<SeriesConfig> planSeries(const std::vector<SeriesSpec>& specs);

}  // namespace streamsynth::stream
