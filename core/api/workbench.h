// The facade between the user interfaces and the core (ARCHITECTURE.md).
// A Workbench is one "document": an opened table, its public schema (loaded
// or proposed-then-confirmed), the stream settings, and the runs made on it.
// Not thread-safe: the GUI keeps it on the GUI thread and hands a Run (which
// owns everything it needs) to the worker thread.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/data/problem.h"
#include "core/data/schema.h"
#include "core/data/stream_settings.h"
#include "core/metrics/workload_error.h"
#include "core/stream/run_config.h"
#include "core/stream/run_engine.h"

namespace streamsynth::api {

struct OpenOptions {
    std::string schemaPath;        // empty: no schema file
    bool confirmDomain = false;    // accept a domain proposed from the data (SPEC §1: must be explicit)
    char delimiter = 0;            // 0: detect
};

struct AttributeSummary {
    std::string name;
    std::string kind;              // "categorical" | "numeric" | "integer"
    int size = 0;
};

struct StreamSummary {
    std::string file;
    long long rows = 0;            // encoded rows (after exclusions)
    std::vector<AttributeSummary> attributes;
    double log10DomainSize = 0;
    int steps = 0;
    long long minRowsPerStep = 0, medianRowsPerStep = 0, maxRowsPerStep = 0;
    std::size_t twoWayWorkloads = 0;
    bool domainDerivedFromData = false;
    std::vector<data::Problem> problems;
    std::string streamDescription; // "batches of 1000, random order" / "monthly on Release Date"
};

// A prepared run: owns its step source and engine; safe to move to a worker
// thread and run there while the Workbench stays on the GUI thread.
class Run {
public:
    virtual ~Run() = default;
    virtual int stepCount() const = 0;
    virtual std::vector<std::string> workloadLabels() const = 0;
    // Runs to the end (or until cancel); see stream::RunEngine::run.
    virtual int run(const stream::RunCallbacks& callbacks, const std::atomic<bool>* cancel) = 0;
    virtual stream::RunEngine& engine() = 0;
};

class Workbench {
public:
    Workbench();
    ~Workbench();

    // Reads the table. With a schema file, the schema's stream settings are
    // taken too. Without one and without confirmDomain, the table is read and
    // previewable but not encodable: hasConfirmedSchema() is false and
    // proposedSchema() shows what the data suggests ("derived from the data").
    void open(const std::string& path, const OpenOptions& options = {});
    // The bundled Adult stream (resources): adult.csv + adult-domain.json, batches of 1000, random order.
    void openBundledAdult(const std::string& csvPath, const std::string& schemaPath);
    bool isOpen() const;

    // Preview of the raw file (header + cells), for the import grid.
    int previewColumnCount() const;
    long long previewRowCount() const;
    const std::string& previewHeader(int column) const;
    const std::string& previewCell(long long row, int column) const;

    bool hasConfirmedSchema() const;
    const data::Schema& schema() const;          // the confirmed one; throws if none
    data::Schema proposedSchema(int numericBins = 10) const;
    // The user confirmed (or edited and confirmed) a schema: it becomes public.
    void confirmSchema(data::Schema schema);
    void saveSchema(const std::string& path) const;

    void setStreamSettings(const data::StreamSettings& settings, std::uint64_t batchSeed);
    const data::StreamSettings& streamSettings() const;

    // Encodes and forms steps (needs a confirmed schema and stream settings).
    StreamSummary summary();

    std::vector<std::string> attributeNames() const;
    // Prepares a run over the current stream with workloads = all `way`-way
    // workloads (or the named ones when not empty).
    std::unique_ptr<Run> prepareRun(const stream::RunConfig& config, int way = 2,
                                    const std::vector<std::vector<std::string>>& workloads = {});

    // Writes the latest release of every series of `run` (CSV with labels +
    // manifest), metrics.csv, summary.json and ledger.json into dir. Numeric
    // bins as intervals, or as values drawn uniformly inside (binsAsValues).
    // Returns the number of files written.
    int exportRun(Run& run, const std::string& dir, bool binsAsValues = false) const;
    // Writes the latest release of one series of `run` to csvPath (labels;
    // numeric bins as intervals, or values drawn inside them) and its
    // manifest beside it (csvPath with .csv -> .json). Returns the manifest
    // path. Throws a setting Error naming the series when it is unknown or
    // has no finished step yet.
    std::string exportRelease(Run& run, const std::string& seriesId, const std::string& csvPath,
                              bool binsAsValues = false) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace streamsynth::api
