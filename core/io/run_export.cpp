// Manifests and the files of a run (see run_export.h).
#include "core/io/run_export.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <cstdio>

#include "core/io/attribute_names.h"
#include "core/io/marginals_release.h"
#include "core/io/metrics_writer.h"
#include "core/metrics/one_way.h"
#include "core/privacy/laplace.h"
#include "core/privacy/ledger.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"
#include "core/stream/streamer_support.h"
#include "core/values/error.h"
#include "core/values/output_file.h"
#include "core/values/privacy_unit.h"
#include "core/values/series_spec.h"

namespace streamsynth::io {

std::string seedPolicy(const stream::RunConfig& config, const stream::SeriesConfig& series) {
    if (config.secureRandom) return "os-entropy";
    return "seeded: " + std::to_string(config.seed) + " (stream '" + series.id + "')";
}

ReleaseManifest manifestFor(const stream::RunConfig& config, const stream::SeriesConfig& s,
                            const stream::SeriesStepResult& r, const StreamStamp* stamp) {
    ReleaseManifest m;
    m.series = s.id;
    m.step = r.step;
    m.period = r.period;
    m.rows = r.releaseRows;
    if (config.publicRowsPerStep >
        0) {  // the public bound on rows (batches): proposed |g_t|, baseline per step
        // A recovery stream's g_t holds g_0 too, released for stepsBefore steps.
        const bool proposed = s.streamer == stream::StreamerKind::Proposed;
        const int steps = r.step + std::max(0, config.stepsBefore);
        m.rowCap = proposed ? stream::detail::releaseRowCap(config, steps)
                            : stream::detail::releaseRowCap(config, 1) * static_cast<long long>(steps);
        m.atRowCap = m.rows >= m.rowCap;
    }
    m.privacyModel = privacy::privacyModelName(config.privacy);
    m.budget = s.budget.amount();
    m.budgetSpent = r.budgetSpent;
    m.delta = config.privacy == privacy::PrivacyModel::ZCdp ? config.delta : 0.0;
    m.streamer = stream::toString(s.streamer);
    m.counter = s.streamer == stream::StreamerKind::Proposed ? s.counter : "";
    m.score = stream::toString(config.score);
    m.scoreNoise = stream::toString(config.scoreNoise);
    m.releaseFrom = stream::toString(config.releaseFrom);
    if (s.streamer == stream::StreamerKind::Baseline) {
        const stream::AccuracyOptions a = stream::seriesAccuracy(config, s);
        m.baselineInit = stream::toString(a.baselineInit);
        m.baselineOneWayShare = a.baselineOneWayShare;
        if (stream::isCarriedBaseline(s)) m.variant = stream::kCarriedBaseline;
    }
    if (s.streamer == stream::StreamerKind::Proposed) {
        m.releaseAnswers = stream::toString(config.releaseAnswers);
        // The share this series spent: its rule resolved for its per-step budget and R.
        const stream::AccuracyOptions resolved = stream::seriesAccuracy(config, s);
        m.oneWayShare = resolved.oneWayShare;
        m.oneWayShareRule = stream::toString(config.accuracy.oneWayShareRule);
        if (m.oneWayShare > 0) m.oneWaySplit = config.accuracy.oneWaySplit;
        m.smallShare = config.accuracy.smallShare;
        if (m.smallShare > 0) {
            m.smallCells = config.accuracy.smallCells;
            m.trackedInRounds = stream::toString(resolved.trackedInRounds);
        }
        if (m.oneWayShare > 0 || m.smallShare > 0) {
            m.oneWayTarget = stream::toString(config.accuracy.oneWayTarget);
            m.oneWayShrink = stream::toString(config.accuracy.oneWayShrink);
            m.trackedBlocks = config.accuracy.trackedBlocks;
        }
    }
    m.noise = privacy::noiseKindName(privacy::noiseKindFor(config.privacy, config.discreteNoise));
    m.rounds = config.rounds;
    m.fitEngine = config.fitEngine;
    m.seedPolicy = seedPolicy(config, s);
    m.protection = privacy::protectionClause(config.unit, config.unitColumn);
    m.unitLevel = !config.unitColumn.empty();
    m.publishable = config.secureRandom && (stamp == nullptr || stamp->publishes(s.id));
    if (stamp != nullptr) m.stream = *stamp;
    return m;
}

std::string stepFileName(int step, ReleaseFileFormat format) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "step-%04d.", step);
    return buf + fileExtension(format);
}

std::string releaseFolder(const stream::RunConfig& config, const stream::SeriesConfig& series) {
    return "releases/" + stream::seriesBaseId(series) + "/" +
           stream::budgetTag(series.budget.amount(), config.privacy);
}

std::string releaseFile(const stream::RunConfig& config, const stream::SeriesConfig& series, int step) {
    return releaseFolder(config, series) + "/" + stepFileName(step);
}

std::unique_ptr<privacy::Rng> makeExportRng(const stream::RunConfig& config, const std::string& seriesId,
                                            int step) {
    if (config.secureRandom) return privacy::makeSecureRng();
    return privacy::makeSeededRng(config.seed, privacy::seedstream::exportValues(seriesId, step));
}

std::vector<SeriesSummaryInput> summaryInputs(const stream::RunEngine& engine, const data::Schema& schema) {
    const stream::RunConfig& config = engine.config();
    const std::vector<std::string> names = attributeNames(schema.domain());
    std::vector<SeriesSummaryInput> out;
    for (const stream::SeriesConfig& s : config.series) {
        out.push_back({s,
                       engine.history(s.id),
                       {},
                       config.privacy,
                       config.delta,
                       privacy::protectionClause(config.unit, config.unitColumn)});
        out.back().attributeNames = names;
        out.back().accuracy = config.accuracy;
    }
    const bool stepped =
        std::any_of(out.begin(), out.end(), [](const SeriesSummaryInput& in) { return !in.history.empty(); });
    if (stepped) {
        const std::vector<double> uniformTV =
            metrics::oneWayUniformTV(engine.workloads(), engine.truthAnswers());
        for (SeriesSummaryInput& in : out) in.oneWayUniformTV = uniformTV;
    }
    return out;
}

int exportRun(const stream::RunEngine& engine, const data::Schema& schema, const std::string& dir,
              const RunExportOptions& options) {
    const QDir out(QString::fromStdString(dir));
    makePrivateFolders(dir);
    const stream::RunConfig& config = engine.config();
    const std::vector<SeriesSummaryInput> summary = summaryInputs(engine, schema);
    int files = 0;
    std::vector<stream::SeriesStepResult> all;
    for (const SeriesSummaryInput& in : summary) {
        all.insert(all.end(), in.history.begin(), in.history.end());
        if (in.history.empty()) continue;
        if (config.secureRandom && options.stamp != nullptr && !options.stamp->publishes(in.series.id))
            continue;
        const stream::SeriesStepResult& last = in.history.back();
        auto rng = makeExportRng(config, in.series.id, last.step);
        const std::string path =
            out.filePath(QString::fromStdString(releaseFile(config, in.series, last.step))).toStdString();
        const ReleaseManifest manifest = manifestFor(config, in.series, last, options.stamp);
        writeRelease(path, engine.release(in.series.id), schema, manifest, options.bins, rng.get(), dir);
        files += 2;
        if (options.marginals && in.series.streamer == stream::StreamerKind::Proposed) {
            const std::string marginals =
                path.substr(0, path.find_last_of('/') + 1) + marginalsFileName(last.step);
            writeMarginalsRelease(marginals, engine.noisyMarginals(in.series.id), schema, manifest,
                                  engine.ledger(in.series.id), dir);
            files += 2;
        }
    }
    MetricsColumns columns;
    columns.attributeNames = attributeNames(schema.domain());
    writeMetricsCsv(out.filePath("metrics.csv").toStdString(), config.series, {all}, columns, dir);
    writeSummaryJson(out.filePath("summary.json").toStdString(), summary, dir);
    if (options.ledgerJson.empty())
        writeLedgerJson(out.filePath("ledger.json").toStdString(), engine.ledger(), dir);
    else
        writeOutputFile(out.filePath("ledger.json").toStdString(), options.ledgerJson, insideFolder(dir));
    return files + 3;
}

}  // namespace streamsynth::io
