// Exporting a run's per-step metrics (CSV), its summary (JSON: last-10 and
// all-steps means per series and metric, SPEC §6, averaged over repeats) and
// its ledger (JSON). The metrics are computed from the private data: they are
// NOT differentially private and the files say so.
#pragma once

#include <string>
#include <vector>

#include "core/stream/run_engine.h"

namespace streamsynth::privacy {
class PrivacyLedger;
}

namespace streamsynth::io {

inline constexpr const char* kMetricsNotPrivate =
    "metrics are computed from the private data: they are NOT differentially private; do not publish them";

// Per-step CSV, one line per repeat, series and step. repeats[r] holds every
// step result of repeat r+1 (a single run: one element); series gives each
// result's ε (looked up by id; a result whose id is not there gets an empty ε).
// First line is a '#' comment with kMetricsNotPrivate, then the header
// series,epsilon,repeat,step,period,rows_true,rows_synth,epsilon_spent,AvgWE,MaxWE,AvgRelWE,MaxRelWE,AvgRelL1,MaxRelL1,seconds
// (rows_true = |∇f_t|, rows_synth = |g_t|, seconds = wall time of the step).
// Optional columns after `seconds`: AvgWECount,MaxWECount,AvgRelL1Count,MaxRelL1Count;
// then, with attributeNames (the domain's attributes in order), the 1-way
// distances: MaxTV1 (the worst attribute's TV), MaxTV1Attribute and
// one TV1:<attribute> column per attribute (empty where unknown: an attribute
// no workload covers, or a step restored from a session older than format 3).
struct MetricsColumns {
    bool counts = false;
    std::vector<std::string> attributeNames;
};
std::string metricsCsv(const std::vector<stream::SeriesConfig>& series,
                       const std::vector<std::vector<stream::SeriesStepResult>>& repeats,
                       const MetricsColumns& columns = {});

struct SeriesSummaryInput {
    stream::SeriesConfig series;
    std::vector<stream::SeriesStepResult> history;                     // the only run, or repeat 1
    std::vector<std::vector<stream::SeriesStepResult>> moreRepeats{};  // repeats 2..R of the same series
    // The run's privacy model: under zcdp "epsilon"/"epsilon_spent"
    // become "rho"/"rho_spent" and "epsilon_at_delta" (with "delta") shows the
    // (ε, δ)-DP the ρ implies when delta > 0.
    privacy::PrivacyModel privacy = privacy::PrivacyModel::Pure;
    double delta = 0;
    std::string protection{};  // who is protected (privacy::protectionClause); empty: event level
    // The domain's attributes: with them the series gets
    // "one_way_tv_last" {attribute: TV at the last step of repeat 1}.
    std::vector<std::string> attributeNames{};
    // Per attribute, the TV a uniform column has from the truth at the last
    // step (metrics::oneWayUniformTV): with attributeNames the series gets
    // "one_way_uniform_tv" {attribute: TV}, the yardstick for "one_way_tv_last"
    // (is a column closer than uniform?).
    std::vector<double> oneWayUniformTV{};
    // The run's accuracy options: a baseline series gets "baseline_init" and
    // "baseline_one_way_share" (stream::seriesAccuracy: the carried
    // baseline's own), as its release manifests do.
    stream::AccuracyOptions accuracy{};
};
// {"warning": …, "version": …, "series": [{"series", "streamer", "counter", "variant" (the carried
//   baseline), "baseline_init" and "baseline_one_way_share" (baselines), "epsilon", "repeats", "steps",
//   "privacy": {"model", "epsilon"|"rho", "guarantee_epsilon"|"guarantee_rho" (the largest per-step
//   charge), "guarantee" (in words), "sum_over_steps_bookkeeping"}, "seconds", "seconds_per_step", "last10":
//   {metric: mean}, "all_steps": {…}, "last10_sd": {…} (only when repeats > 1), "one_way_tv_last":
//   {attribute: TV at the last step of repeat 1} (when the input has attributeNames and the last step has
//   distances), "one_way_uniform_tv": {attribute: a uniform column's TV} (with attributeNames and
//   oneWayUniformTV)}]}
// with every metric of metrics::metricNames(). With R repeats every number is
// the mean over repeats of that repeat's value (last10_sd: the sample standard
// deviation over repeats of the last-10 means); epsilon_spent and seconds are
// per repeat (summed over its steps). The spent figures (guarantee_*,
// sum_over_steps_bookkeeping, and metrics.csv's epsilon_spent) are sums of
// shares, written as budgetFigure says (core/values/number_text.h).
std::string summaryJson(const std::vector<SeriesSummaryInput>& series);
// "epsilon = 1 for the whole stream (event level: each row is counted at one
// step; the largest per-step charge is 1)".
std::string guaranteeText(privacy::PrivacyModel model, double budget, double largestStepCharge, double delta,
                          const std::string& protection = {});

// Atomic writers (Error(Io) on failure). Metrics and summary are created
// readable by their owner only (0600): they are computed from the private data.
void writeMetricsCsv(const std::string& path, const std::vector<stream::SeriesConfig>& series,
                     const std::vector<std::vector<stream::SeriesStepResult>>& repeats,
                     const MetricsColumns& columns = {}, const std::string& within = {});
void writeSummaryJson(const std::string& path, const std::vector<SeriesSummaryInput>& series,
                      const std::string& within = {});
// within: the output folder the file must stay inside (output_file.h), or empty.
void writeLedgerJson(const std::string& path, const privacy::PrivacyLedger& ledger,
                     const std::string& within = {});

}  // namespace streamsynth::io
