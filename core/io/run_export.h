// Exporting what a run produced, shared by the CLI and the GUI: the manifest
// of a release from the run's settings, and the whole set of files of a
// finished (or cancelled) run: each series' latest release with its manifest,
// the per-step metrics, the summary and the ledger.
#pragma once

#include <string>

#include "core/data/schema.h"
#include "core/io/release_writer.h"
#include "core/stream/run_engine.h"

namespace streamsynth::io {

// "seeded: 42 (stream 'baseline')" or "os-entropy", as the manifest states it.
std::string seedPolicy(const stream::RunConfig& config, const stream::SeriesConfig& series);

ReleaseManifest manifestFor(const stream::RunConfig& config, const stream::SeriesConfig& series,
                            const stream::SeriesStepResult& result);

// "step-0001.csv"
std::string stepFileName(int step);

struct RunExportOptions {
    BinOutput bins = BinOutput::Interval;
};

// Writes into dir (created if needed): <series>/step-NNNN.csv + .json for
// the latest release of every series, metrics.csv, summary.json and
// ledger.json. Every file is written atomically; a failure leaves files
// already written intact. Returns the number of files written.
int exportRun(const stream::RunEngine& engine, const data::Schema& schema, const std::string& dir,
              const RunExportOptions& options = {});

}  // namespace streamsynth::io
