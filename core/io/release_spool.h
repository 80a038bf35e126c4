// The release spool: every (series, step) release of a run kept on disk, so
// a user interface can preview and export any past step without holding all
// releases in memory. What is kept per step is what changed (the
// GUI's cost of a step must not grow with |g_t|): a release kept as a recipe
// (the proposed streamer) is stored as its models, rows and seed and drawn
// again, identically, when read; a release that grows by appending (the
// baseline's union of ∇g_s) is stored as the rows new at this step; any
// other release whole, as raw uint16 codes (the Table's column-major layout).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/io/release_writer.h"
#include "core/stream/release_recipe.h"
#include "core/stream/run_engine.h"
#include "core/values/domain.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/values/table.h"

namespace streamsynth::io {

// Where one spooled release lives.
struct SpoolEntry {
    std::string series;
    int step = 0;              // 1-based
    std::string period;        // the step's time period label
    long long rows = 0;        // synthetic rows of the release
    std::string file;          // spool file holding it
    std::uint64_t offset = 0;  // byte offset of its record in file
    std::uint64_t bytes = 0;   // record size (header + payload: rows x attributes x 2, or the recipe)
};

// Thread-safe: one thread may append (the run's worker) while another reads
// (the GUI). The spool never deletes its files: the owner of the directory
// (e.g. a QTemporaryDir) does. One file per series, records appended; the
// index is in memory (it dies with the spool, like the temporary files).
class ReleaseSpool {
public:
    // dir is created if missing (throws Error(Io) naming it when it cannot
    // be). Every release appended must have this domain.
    ReleaseSpool(std::string dir, data::Domain domain);
    ~ReleaseSpool();
    ReleaseSpool(const ReleaseSpool&) = delete;
    ReleaseSpool& operator=(const ReleaseSpool&) = delete;

    // Appends the release of (series, step); a later append of the same key
    // replaces the index entry. Cost: 32 bytes + 2 bytes per cell on disk.
    // Throws Error(Io) naming the file (disk full, folder gone); the spool
    // stays usable and the partial record is cut off when possible.
    // Throws a setting Error when release's domain differs from the spool's.
    void append(const std::string& series, int step, const std::string& period, const data::Table& release);
    // The same for a release that is the series' previous release with rows
    // appended: only the rows beyond those this series already spooled are
    // written (read() joins the series' records up to the step). A setting
    // Error when the release has fewer rows than were spooled.
    void appendGrowth(const std::string& series, int step, const std::string& period,
                      const data::Table& release);
    // A release kept as a recipe: its models (Model::state), rows per part and
    // seed; read() restores the models and draws the same rows again.
    void appendRecipe(const std::string& series, int step, const std::string& period,
                      const stream::ReleaseRecipe& recipe);

    // Reads a release back. Throws Error(Io) naming the file when the record
    // is missing, truncated or corrupted (header or checksum mismatch), and
    // a setting Error when (series, step) was never spooled.
    data::Table read(const std::string& series, int step) const;

    std::optional<SpoolEntry> find(const std::string& series, int step) const;
    bool contains(const std::string& series, int step) const { return find(series, step).has_value(); }
    // Every entry, in append order (replaced keys appear once, at their first place).
    std::vector<SpoolEntry> entries() const;
    // Bytes appended to the spool files so far (records cut off after a failure excluded).
    std::uint64_t bytesOnDisk() const;
    const std::string& directory() const;
    const data::Domain& domain() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The result of exporting spooled releases.
struct SpooledExport {
    std::vector<std::string> csvFiles;                     // absolute paths, one per exported release
    std::string manifestPath;                              // dir/manifest.json
    std::vector<std::pair<std::string, int>> unavailable;  // (series, step) not in the spool: skipped
};

// Writes each release of `which` that the spool holds as
// dir/<series>/step-NNNN.csv with its manifest beside it (writeRelease: the
// CLI's CSV and manifest format), and dir/manifest.json listing every file
// written with its manifest (step, period, rows, ε, counter, seed policy,
// publishable) and the steps that were unavailable. Series names are made
// safe as folder names ([A-Za-z0-9._-], others '_'). With UniformValue bins
// each release draws from its own Rng (seeded from (config.seed, series,
// step), or the OS entropy for a secure run). Throws Error(Io) naming the
// file that could not be written or read. stamp: as io::manifestFor's.
SpooledExport exportSpooledReleases(const ReleaseSpool& spool, const stream::RunConfig& config,
                                    const std::vector<stream::SeriesStepResult>& which,
                                    const data::Schema& schema, const std::string& dir,
                                    BinOutput bins = BinOutput::Interval, const StreamStamp* stamp = nullptr);

}  // namespace streamsynth::io
