// What `run` and `continue` print while and after they run: notes about the
// data, one line per series step and per step on stderr, the summary table.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "core/api/run.h"
#include "core/values/problem.h"

namespace streamsynth::cli {

void printNotes(const std::vector<data::Problem>& problems);
// Callbacks printing each series' step and each step's progress with an ETA.
api::RunCallbacks progressPrinter(int steps);
// The session setting naming the folder whose run files (metrics.csv,
// summary.json, ledger.json) could not be written: `continue` with no new
// rows writes them there.
inline constexpr const char* kRunFilesOwedSetting = "run-files-owed";

// Writes the run's files; when the operating system refuses one and a
// session holds the stream, the session records the debt (saved again) and
// the error says how to pay it (`continue` with no new rows). After a
// success the debt is cleared (saved by the caller's next session save).
void writeRunFiles(api::Run& run, const std::string& dir, const std::string& sessionPath,
                   const std::vector<std::vector<api::SeriesStepResult>>& repeats = {});

// The per-series table (last-10 means, all-steps AvgWE, s/step, the privacy
// guarantee) from summary.json's text, then the total time.
void printSummaryTable(std::FILE* out, const std::string& summaryJson, int repeats, double totalSeconds);

}  // namespace streamsynth::cli
