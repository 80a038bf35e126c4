// `streamsynth-cli continue`: opens a session, reads the grown table, proves
// that every released step still sees exactly the same rows (digests), runs
// only the new steps and appends their releases, metrics and ledger charges,
// then saves the session again. Past releases are never recomputed: that
// would spend their budget a second time.
//   Batch mode: rows appended after those the session has seen form new
//   batches after the existing ones; a random order shuffles only the new
//   rows (a seeded Rng labelled by the first new step).
//   Time mode: the periods come from the time column as in `run`; rows dated
//   inside an already released period change that step's digest and are refused.
#include <QCommandLineParser>
#include <QDir>
#include <QTemporaryDir>
#include <cstdio>
#include <map>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/session_cli.h"
#include "core/common/error.h"
#include "core/data/schema.h"
#include "core/io/metrics_writer.h"
#include "core/io/release_writer.h"
#include "core/io/run_export.h"
#include "core/io/session_store.h"
#include "core/privacy/ledger.h"
#include "core/stream/step_plan.h"

namespace streamsynth::cli {
namespace {

// The batch plan over the grown table: each saved segment re-planned as it
// was, plus (when rows were appended) a new segment of the new rows.
stream::StepPlan batchPlan(io::SessionData& d, const data::Table& table, const data::BatchSettings& batch) {
    const long long seen = d.segments.empty() ? 0 : d.segments.back().rowsEnd;
    const auto rows = static_cast<long long>(table.rowCount());
    if (rows < seen)
        throw Error(ErrorKind::Privacy,
                    "the file has " + std::to_string(rows) + " rows but the session has already seen " +
                        std::to_string(seen) +
                        "; rows of released steps cannot be removed: past releases cannot be revised without "
                        "spending new budget",
                    {});
    stream::StepPlan plan;
    auto addSegment = [&](const io::BatchSegment& s) {
        std::vector<std::size_t> idx;
        for (long long r = s.rowsBegin; r < s.rowsEnd; ++r) idx.push_back(static_cast<std::size_t>(r));
        auto rng = privacy::makeSeededRng(d.batchSeed, s.orderLabel);
        const stream::StepPlan part = stream::planByBatch(table.selectRows(idx), batch, *rng);
        for (std::size_t t = 0; t < part.rows.size(); ++t) {
            std::vector<std::size_t> stepRows;
            for (std::size_t r : part.rows[t]) stepRows.push_back(r + static_cast<std::size_t>(s.rowsBegin));
            plan.rows.push_back(std::move(stepRows));
            plan.periods.push_back("batch " + std::to_string(plan.rows.size()));
        }
    };
    for (const io::BatchSegment& s : d.segments) addSegment(s);
    if (rows > seen) {
        const int first = static_cast<int>(plan.rows.size()) + 1;
        d.segments.push_back({seen, rows, first, "batch-order:from-step-" + std::to_string(first)});
        addSegment(d.segments.back());
    }
    return plan;
}

int runContinue(const QStringList& args) {
    QCommandLineParser p;
    p.addOption({"session", "Session file made by `run --session` (updated in place, atomically).", "FILE"});
    p.addOption({"data", "The grown table: the session's rows unchanged, new rows appended (batch) or in new "
                         "periods (time).",
                 "FILE"});
    p.addOption({"out", "Output folder (default: the run's --out).", "DIR"});
    p.addOption({"delimiter", "CSV delimiter (default: detect).", "C"});
    if (!parseOrHelp(p, args,
                     "Continues a saved stream with new rows: checks that released steps are unchanged, runs only "
                     "the new steps, appends releases, metrics and ledger entries, and saves the session."))
        return kExitOk;
    const std::string sessionPath = requireOption(p, "session").toStdString();
    const std::string dataPath = requireOption(p, "data").toStdString();
    io::SessionData d = io::loadSession(sessionPath);
    if (d.engine.interruptedStep > 0)
        throw Error(ErrorKind::Privacy,
                    "step " + std::to_string(d.engine.interruptedStep) +
                        " of this session was cancelled after part of its budget was spent; it cannot be re-run",
                    {});

    // The schema (and stream settings) are the session's, never re-derived from the data.
    QTemporaryDir tmp;
    if (!tmp.isValid()) throw Error(ErrorKind::Io, "cannot create a temporary folder", {});
    const QString schemaPath = tmp.filePath("schema.json");
    writeOutput(schemaPath, d.schemaJson);
    stream::StreamRequest req;
    req.dataPath = dataPath;
    req.schemaPath = schemaPath.toStdString();
    req.seed = d.batchSeed;
    if (p.isSet("delimiter")) req.delimiter = p.value("delimiter").toStdString().c_str()[0];
    const stream::LoadedStream ls = stream::loadStream(req);
    for (const data::Problem& pr : ls.problems)
        std::fprintf(stderr, "note: [%s] %s%s\n", pr.kind.c_str(), pr.column.empty() ? "" : (pr.column + ": ").c_str(),
                     pr.message.c_str());
    std::vector<marginals::Workload> wl;
    for (const auto& attrs : d.workloads) wl.push_back({attrs});
    const marginals::WorkloadSet ws(ls.schema.domain(), wl);

    const bool batchMode = ls.schema.stream.batch.has_value();
    const stream::StepPlan plan = batchMode ? batchPlan(d, ls.encoded.table, *ls.schema.stream.batch) : ls.plan;
    const stream::TableStepSource source(ls.encoded.table, plan, ws, d.config.threads);

    // Every released step must see exactly the rows it was released from.
    const int released = static_cast<int>(d.stepDigests.size());
    const std::string why = "; past releases cannot be revised without spending new budget, so the changed rows are "
                            "refused (restore them, or publish a revised stream as a new session with new budget)";
    if (source.stepCount() < released)
        throw Error(ErrorKind::Privacy,
                    "the file gives " + std::to_string(source.stepCount()) + " steps but " +
                        std::to_string(released) + " are already released" + why,
                    {});
    for (int t = 1; t <= released; ++t) {
        const auto u = static_cast<std::size_t>(t - 1);
        if (io::stepDigest(source.orderedRows(), source.stepBegin(t), source.stepBegin(t + 1)) == d.stepDigests[u])
            continue;
        std::string what = "step " + std::to_string(t) + " (" + d.stepPeriods[u] + ") was released from " +
                           std::to_string(d.stepRows[u]) + " rows; the file now gives it " +
                           std::to_string(source.stepRows(t)) + (source.stepRows(t) == d.stepRows[u] ? " different" : "") +
                           " rows";
        if (!batchMode) what += " (rows dated inside an already released period)";
        throw Error(ErrorKind::Privacy, what + why, {});
    }
    if (source.stepCount() == released)
        throw Error(ErrorKind::Privacy,
                    "no new rows: all " + std::to_string(released) +
                        " steps are already released; re-running a released step would spend its budget again",
                    {});

    const stream::RunConfig& config = d.config;
    stream::RunEngine engine(source, config, d.engine);
    std::map<std::string, std::unique_ptr<privacy::Rng>> exportRngs;
    for (const auto& s : config.series) {
        exportRngs[s.id] = config.secureRandom ? privacy::makeSecureRng() : privacy::makeSeededRng(config.seed, "export:" + s.id);
        for (const auto& [id, state] : d.exportRngs)
            if (id == s.id && !config.secureRandom) exportRngs[s.id]->loadState(state);
    }
    const QString outDir = p.isSet("out") ? p.value("out") : QString::fromStdString(d.setting("out", "streamsynth-run"));
    const std::string exportWhich = d.setting("export-releases", "all");
    const io::BinOutput bins = d.setting("bins") == "uniform" ? io::BinOutput::UniformValue : io::BinOutput::Interval;
    const int steps = source.stepCount();
    std::fprintf(stderr, "continue: steps %d..%d (1..%d already released), %zu series\n", released + 1, steps,
                 released, config.series.size());

    std::map<std::string, stream::SeriesConfig> byId;
    for (const auto& s : config.series) byId[s.id] = s;
    stream::RunCallbacks cb;
    cb.onStep = [&](const stream::SeriesStepResult& r) {
        const stream::SeriesConfig& s = byId.at(r.seriesId);
        if (exportWhich == "all" || (exportWhich == "last" && r.step == steps)) {
            const std::string folder = d.setting("folder:" + s.id, "releases/" + s.id);
            const std::string path =
                QDir(outDir).filePath(QString::fromStdString(folder + "/" + io::stepFileName(r.step))).toStdString();
            io::writeRelease(path, engine.release(s.id), ls.schema, io::manifestFor(config, s, r), bins,
                             exportRngs.at(s.id).get());
        }
        std::fprintf(stderr, "  step %d/%d %-24s rows %-7lld AvgWE %.5f  model %.0f cells  %.2fs\n", r.step, steps,
                     r.seriesId.c_str(), r.releaseRows, r.metrics.avgWE, r.modelCells, r.seconds);
    };
    engine.run(cb);

    // Metrics, summary and ledger over the whole stream (old steps from the session).
    QDir().mkpath(outDir);
    std::vector<stream::SeriesStepResult> all;
    std::vector<io::SeriesSummaryInput> summary;
    for (const auto& s : config.series) summary.push_back({s, engine.history(s.id), {}});
    for (int t = 1; t < engine.nextStep(); ++t)
        for (const auto& in : summary) all.push_back(in.history[static_cast<std::size_t>(t - 1)]);
    io::writeMetricsCsv(QDir(outDir).filePath("metrics.csv").toStdString(), config.series, {all});
    io::writeSummaryJson(QDir(outDir).filePath("summary.json").toStdString(), summary);
    io::writeLedgerJson(QDir(outDir).filePath("ledger.json").toStdString(), engine.ledger());

    updateSession(d, source, engine, exportRngs);
    io::saveSession(sessionPath, d);
    std::printf("released steps %d..%d; session %s now holds steps 1..%d\n", released + 1, engine.nextStep() - 1,
                sessionPath.c_str(), engine.nextStep() - 1);
    return kExitOk;
}

const RegisterCommand reg{{"continue", "continue a saved session with new rows (only new steps spend budget)",
                           runContinue}};

}  // namespace
}  // namespace streamsynth::cli
