// Every (series, step) release of a GUI run kept on disk, as the interfaces
// see it: a run keeps each step's release here while it runs
// (Run::setSpool), the Releases tab reads any step back, and
// Run::exportKept writes them. The engine's spool (io::ReleaseSpool: what
// changed per step, raw codes or recipes) stays inside the api library.
// Thread-safe like it: the run's worker appends while the GUI reads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/values/schema.h"
#include "core/values/table.h"

namespace streamsynth::api {

// One kept release, in the order kept.
struct KeptRelease {
    std::string series;
    int step = 0;        // 1-based
    std::string period;  // the step's time period label
    long long rows = 0;  // synthetic rows
};

class ReleaseSpool {
public:
    // A spool in dir (created if missing; Error(Io) naming it when it cannot
    // be) for releases over the schema's domain.
    ReleaseSpool(const std::string& dir, const data::Schema& schema);
    ~ReleaseSpool();
    ReleaseSpool(const ReleaseSpool&) = delete;
    ReleaseSpool& operator=(const ReleaseSpool&) = delete;

    // Keeps a series' release of a step whole (a reopened session's last
    // releases). Error(Io) naming the file; the spool stays usable.
    void append(const std::string& seriesId, int step, const std::string& period, const data::Table& release);
    bool contains(const std::string& seriesId, int step) const;
    // Error(Io) naming the file when the record is missing or damaged, a
    // setting Error when (series, step) was never kept.
    data::Table read(const std::string& seriesId, int step) const;
    std::vector<KeptRelease> entries() const;
    std::uint64_t bytesOnDisk() const;  // the spool files' size so far
    const std::string& directory() const;

    struct Impl;  // core/workflow/release_spool_impl.h

private:
    friend struct ReleaseSpoolAccess;
    std::unique_ptr<Impl> impl_;
};

// The result of Run::exportKept.
struct SpooledExport {
    std::vector<std::string> csvFiles;                     // absolute paths, one per exported release
    std::string manifestPath;                              // dir/manifest.json
    std::vector<std::pair<std::string, int>> unavailable;  // (series, step) not in the spool: skipped
};

}  // namespace streamsynth::api
