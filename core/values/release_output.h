// Where a run's releases go and what it reports as it goes (core/api/run.h):
// the output folder's settings (which steps, bins, compact files), the
// callbacks of a running run, and what a new run's targets were. Values the
// front ends fill and the run machinery (core/workflow) reads.
#pragma once

#include <functional>
#include <string>

#include "core/values/bin_output.h"
#include "core/values/step_result.h"

namespace streamsynth::api {

using io::BinOutput;
using stream::SeriesStepResult;

// Which releases a run writes to its output folder as it goes.
enum class ExportWhich { All, Last, None };
enum class ReleaseFiles { Full, Compact };
std::string toString(ReleaseFiles files);                 // "csv" | "compact"
ReleaseFiles parseReleaseFiles(const std::string& text);  // settingError("release-files")
std::string toString(ExportWhich which);                  // "all" | "last" | "none"
ExportWhich parseExportWhich(const std::string& text);    // settingError("export-releases")
std::string toString(BinOutput bins);                     // "interval" | "uniform"
BinOutput parseBinOutput(const std::string& text);        // settingError("bins")

// The output folder (CLI --out): each due release as
// dir/releases/<series>/eps<E>/step-NNNN.csv + its manifest (io::releaseFile).
struct ReleaseOutput {
    std::string dir;
    ExportWhich which = ExportWhich::All;
    BinOutput bins = BinOutput::Interval;
    // Also each proposed series' noisy marginals of the same steps, beside
    // the release: .../marginals-NNNN.csv + .json (io/marginals_release.h;
    // post-processing, no budget). The baseline keeps no counters: none.
    bool marginals = false;
    // Compact step files (docs/spec.md, "Release files"): gzip'd CSV
    // (step-NNNN.csv.gz), and for a series whose release extends the last one
    // (the baseline) only the rows new at the step. The default of release
    // mode; Full writes each step's whole release as plain CSV.
    ReleaseFiles files = ReleaseFiles::Full;
};

struct RunCallbacks {
    // After a series finished a step (its release already kept in the spool),
    // on the running thread.
    std::function<void(const SeriesStepResult&)> onStep;
    // After every step, once its session save and release files are done.
    std::function<void(int step, int stepCount)> onProgress;
    // A release could not be kept in the spool: the run goes on without it.
    std::function<void(const std::string& seriesId, int step, const std::string& error)> onKeepFailed;
    // After each automatic session save (error empty on success). A failed
    // save stops the run when release files were due at that step (a release
    // must never exist that its session does not record); otherwise the run
    // goes on and the next step saves again.
    std::function<void(int step, const std::string& error)> onAutosaved;
};

// What a new run's targets were before it started, so that a run refused
// later (by the registry, its dataset, a setting) leaves nothing behind.
struct NewRunTargets {
    std::string sessionPath, outDir;
    bool sessionExisted = false, outExisted = false, outLockExisted = false;
};

}  // namespace streamsynth::api
