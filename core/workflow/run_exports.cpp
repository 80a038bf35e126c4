// A run's files after the fact (run.h): summary and metrics, the stream's
// ledger, the latest releases, one release, the kept releases of the GUI.
#include <QDir>

#include "core/io/attribute_names.h"
#include "core/io/metrics_writer.h"
#include "core/io/release_spool.h"
#include "core/io/run_export.h"
#include "core/privacy/rng.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/output_file.h"
#include "core/values/release_output.h"
#include "core/values/stream_ledger.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/release_spool_impl.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/run_state.h"
#include "core/workflow/stream_ledger_parts.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

std::string RunMachine::summaryJson(const std::vector<std::vector<SeriesStepResult>>& moreRepeats) const {
    std::vector<io::SeriesSummaryInput> summary = io::summaryInputs(*engine, state.schema);
    for (io::SeriesSummaryInput& in : summary)
        for (const auto& rep : moreRepeats) {
            in.moreRepeats.emplace_back();
            for (const SeriesStepResult& r : rep)
                if (r.seriesId == in.series.id) in.moreRepeats.back().push_back(r);
        }
    return io::summaryJson(summary);
}

std::vector<std::string> RunMachine::writeRunFiles(
    const std::string& dir, const std::vector<std::vector<SeriesStepResult>>& moreRepeats) const {
    const QDir out(QString::fromStdString(dir));
    std::vector<std::vector<SeriesStepResult>> repeats{allHistory()};
    repeats.insert(repeats.end(), moreRepeats.begin(), moreRepeats.end());
    const std::vector<std::string> paths = {out.filePath("metrics.csv").toStdString(),
                                            out.filePath("summary.json").toStdString(),
                                            out.filePath("ledger.json").toStdString()};
    io::MetricsColumns columns;
    columns.attributeNames = io::attributeNames(state.schema.domain());  // the 1-way distances' columns
    writeOutputFile(paths[0], io::metricsCsv(config().series, repeats, columns),
                    insideFolder(dir, privateFile()));
    writeOutputFile(paths[1], summaryJson(moreRepeats), insideFolder(dir, privateFile()));
    writeStreamLedger(paths[2], dir);
    return paths;
}

std::string RunMachine::streamLedgerText() const {
    std::vector<registry::ReleaseRecord> records;
    std::string location;
    if (claims.active()) {
        records = claims.registry().releases(streamId_);
        location = claims.registry().location();
    }
    StreamBudget budget = streamBudget();
    if (!claims.active()) budget.streamId.clear();  // an evaluation run publishes no stream
    return streamLedgerJson(engine->ledger(), budget, records, location);
}

void RunMachine::writeStreamLedger(const std::string& path, const std::string& within) const {
    writeOutputFile(path, streamLedgerText(), within.empty() ? WriteOptions{} : insideFolder(within));
}

int RunMachine::exportLatest(const std::string& dir, BinOutput bins, bool marginals) const {
    std::vector<std::pair<std::string, int>> latest;
    for (const SeriesConfig& s : config().series)
        if (published(s.id) && !history(s.id).empty()) latest.emplace_back(s.id, history(s.id).back().step);
    claims.requireClaimed(latest);
    const io::StreamStamp stamp = this->stamp();
    io::RunExportOptions options;
    options.bins = bins;
    options.stamp = &stamp;
    options.marginals = marginals;
    options.ledgerJson = streamLedgerText();  // a release stream's: its published series' charges only
    return io::exportRun(*engine, state.schema, dir, options);
}

stream::NoisyMarginals RunMachine::noisyMarginals(const std::string& seriesId) const {
    series(seriesId);  // a setting Error on an unknown id
    return engine->noisyMarginals(seriesId);
}

std::string RunMachine::exportRelease(const std::string& seriesId, const std::string& csvPath,
                                      BinOutput bins) const {
    const SeriesConfig& series = this->series(seriesId);
    const std::vector<SeriesStepResult> h = history(seriesId);
    if (h.empty())
        throw settingError("series", "series '" + seriesId + "' has no finished step, so nothing to export");
    requirePublished(seriesId);
    claims.requireClaimed({{seriesId, h.back().step}});
    auto rng = io::makeExportRng(config(), seriesId, h.back().step);
    const io::StreamStamp stamp = this->stamp();
    return io::writeRelease(csvPath, engine->release(seriesId), state.schema,
                            io::manifestFor(config(), series, h.back(), &stamp), bins, rng.get());
}

SpooledExport RunMachine::exportKept(const std::vector<std::pair<std::string, int>>& which,
                                     const std::string& dir, BinOutput bins) const {
    if (!spool_) throw settingError("releases", "this run kept no releases of past steps");
    std::vector<SeriesStepResult> results;
    for (const auto& [seriesId, step] : which) {
        const std::vector<SeriesStepResult> h = history(seriesId);
        if (step < 1 || step > static_cast<int>(h.size()))
            throw settingError("step",
                               "series '" + seriesId + "' has no released step " + std::to_string(step));
        if (published(seriesId)) results.push_back(h[static_cast<std::size_t>(step - 1)]);
    }
    // Release mode: series run for comparison only are left out (refused when nothing else is asked for).
    if (results.empty() && !which.empty()) requirePublished(which.front().first);
    std::vector<std::pair<std::string, int>> claimed;
    for (const SeriesStepResult& r : results) claimed.emplace_back(r.seriesId, r.step);
    claims.requireClaimed(claimed);
    const io::StreamStamp stamp = this->stamp();
    io::SpooledExport out = io::exportSpooledReleases(ReleaseSpoolAccess::of(*spool_), config(), results,
                                                      state.schema, dir, bins, &stamp);
    return {std::move(out.csvFiles), std::move(out.manifestPath), std::move(out.unavailable)};
}

}  // namespace streamsynth::workflow
