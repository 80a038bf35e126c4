// Exporting a run's per-step metrics (CSV), its summary (JSON: last-10 and
// all-steps means per series and metric, SPEC §6) and its ledger (JSON).
// The metrics are computed from the private data: they are NOT differentially
// private and the files say so.
#pragma once

#include <string>
#include <vector>

#include "core/stream/run_engine.h"

namespace streamsynth::privacy { class PrivacyLedger; }

namespace streamsynth::io {

inline constexpr const char* kMetricsNotPrivate =
    "metrics are computed from the private data: they are NOT differentially private; do not publish them";

// Per-step CSV, one line per series and step. First line is a '#' comment
// with kMetricsNotPrivate, then the header
// series,step,period,true_rows,release_rows,epsilon_spent,AvgWE,MaxWE,AvgRelWE,MaxRelWE,AvgRelL1,MaxRelL1,seconds
std::string metricsCsv(const std::vector<stream::SeriesStepResult>& results);

struct SeriesSummaryInput {
    stream::SeriesConfig series;
    std::vector<stream::SeriesStepResult> history;
};
// {"warning": …, "series": [{"series", "streamer", "counter", "epsilon", "steps",
//   "epsilon_spent", "seconds", "seconds_per_step", "last10": {metric: mean}, "all_steps": {…}}]}
// with every metric of metrics::metricNames().
std::string summaryJson(const std::vector<SeriesSummaryInput>& series);

// Atomic writers (Error(Io) on failure).
void writeMetricsCsv(const std::string& path, const std::vector<stream::SeriesStepResult>& results);
void writeSummaryJson(const std::string& path, const std::vector<SeriesSummaryInput>& series);
void writeLedgerJson(const std::string& path, const privacy::PrivacyLedger& ledger);

}  // namespace streamsynth::io
