// Exporting what a run produced, shared by the CLI and the GUI: the manifest
// of a release from the run's settings, and the whole set of files of a
// finished (or cancelled) run: each series' latest release with its manifest,
// the per-step metrics, the summary and the ledger.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/io/metrics_writer.h"
#include "core/io/release_writer.h"
#include "core/stream/run_engine.h"
#include "core/values/schema.h"

namespace streamsynth::privacy {
class Rng;
}

namespace streamsynth::io {

// "seeded: 42 (stream 'baseline')" or "os-entropy", as the manifest states it.
std::string seedPolicy(const stream::RunConfig& config, const stream::SeriesConfig& series);

// With a stamp (api::Run's stream), a release-mode release is publishable
// only when the stamp publishes its series; without, whenever release mode.
ReleaseManifest manifestFor(const stream::RunConfig& config, const stream::SeriesConfig& series,
                            const stream::SeriesStepResult& result, const StreamStamp* stamp = nullptr);

// "step-0001.csv" ("step-0001.csv.gz" for CsvGz)
std::string stepFileName(int step, ReleaseFileFormat format = ReleaseFileFormat::Csv);

// The one release layout (CLI --out folders, GUI exports, `continue`):
// "releases/<base id>/eps<E>" for a series (stream/series_spec.h), and that
// folder + "/step-NNNN.csv" for one of its releases, relative to the output folder.
// (under zCDP "rho<R>" instead of "eps<E>").
std::string releaseFolder(const stream::RunConfig& config, const stream::SeriesConfig& series);
std::string releaseFile(const stream::RunConfig& config, const stream::SeriesConfig& series, int step);

// The randomness of an export (uniform values drawn inside numeric bins:
// post-processing, no privacy cost) for one series' release of one step:
// OS entropy for a release-mode run, else seeded by (seed, "export:<id>:<step>"),
// so any step's file can be written again identically, in any order.
std::unique_ptr<privacy::Rng> makeExportRng(const stream::RunConfig& config, const std::string& seriesId,
                                            int step);

// summary.json's input for every series of the engine (one run, no other
// repeats): its history, the run's privacy model, δ and accuracy options, the
// domain's attribute names and the 1-way yardstick "one_way_uniform_tv" (a
// uniform column's TV from the truth after the last finished step; none
// before the first step, when the truth counts are still zeros).
std::vector<SeriesSummaryInput> summaryInputs(const stream::RunEngine& engine, const data::Schema& schema);

struct RunExportOptions {
    BinOutput bins = BinOutput::Interval;
    // Also each proposed series' noisy marginals of its latest step beside
    // its release (marginals-NNNN.csv + .json, io/marginals_release.h).
    bool marginals = false;
    const StreamStamp* stamp = nullptr;  // manifestFor's; release mode: unpublished series are not written
    // ledger.json's text when the caller has it (a release stream's: its
    // published series' charges only); empty: the engine's whole ledger.
    std::string ledgerJson;
};

// Writes into dir (created if needed): <series>/step-NNNN.csv + .json for
// the latest release of every series, metrics.csv, summary.json and
// ledger.json. Every file is written atomically; a failure leaves files
// already written intact. Returns the number of files written.
int exportRun(const stream::RunEngine& engine, const data::Schema& schema, const std::string& dir,
              const RunExportOptions& options = {});

}  // namespace streamsynth::io
