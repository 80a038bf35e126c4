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
// The check, re-planning and resumed run are core/api/session_workflow (shared with the GUI).
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/session_cli.h"
#include "cli/write_ahead.h"
#include "core/common/error.h"
#include "core/data/schema.h"
#include "core/io/metrics_writer.h"
#include "core/io/release_writer.h"
#include "core/io/run_export.h"
#include "core/io/session_store.h"
#include "core/privacy/ledger.h"

namespace streamsynth::cli {
namespace {

int runContinue(const QStringList& args) {
    QCommandLineParser p;
    p.addOption({"session", "Session file made by `run --session` (updated in place, atomically).", "FILE"});
    p.addOption({"data", "The grown table: the session's rows unchanged, new rows appended (batch) or in new "
                         "periods (time).",
                 "FILE"});
    p.addOption({"out", "Output folder (default: the run's --out).", "DIR"});
    p.addOption({"delimiter", "CSV delimiter (default: detect).", "C"});
    p.addOption({"threads", "Threads for counting and model fitting (default: the session's; 0 = every core). "
                            "Results do not depend on it.",
                 "N"});
    if (!parseOrHelp(p, args,
                     "Continues a saved stream with new rows: checks that released steps are unchanged, runs only "
                     "the new steps, appends releases, metrics and ledger entries, and saves the session."))
        return kExitOk;
    const std::string sessionPath = requireOption(p, "session").toStdString();
    const std::string dataPath = requireOption(p, "data").toStdString();
    io::SessionData d = io::loadSession(sessionPath);
    if (p.isSet("threads")) d.config.threads = static_cast<int>(parseInteger(p.value("threads"), "threads", 0, 256));
    if (d.engine.interruptedStep > 0)
        throw Error(ErrorKind::Privacy,
                    "step " + std::to_string(d.engine.interruptedStep) +
                        " of this session was cancelled after part of its budget was spent; it cannot be re-run",
                    {});

    // The schema (and stream settings) are the session's, never re-derived from the data.
    const char delimiter = p.isSet("delimiter") ? p.value("delimiter").toStdString().c_str()[0] : 0;
    api::Continuation cont = api::continueSession(std::move(d), dataPath, delimiter, sessionPath,
                                                  /*resumeWhenUpToDate=*/true);
    for (const data::Problem& pr : cont.check.problems)
        std::fprintf(stderr, "note: [%s] %s%s\n", pr.kind.c_str(), pr.column.empty() ? "" : (pr.column + ": ").c_str(),
                     pr.message.c_str());
    // Every released step must see exactly the rows it was released from.
    // Nothing new, but the last run stopped before writing the files of its
    // last step: finish those (no step runs, no budget is spent).
    const bool finishOnly = !cont.check.accepted && cont.check.upToDate && cont.run &&
                            cont.check.releasedSteps > 0 &&
                            std::atoi(cont.run->session().setting(kPendingReleaseStep, "0").c_str()) ==
                                cont.check.releasedSteps;
    if (!cont.check.accepted && !finishOnly) throw Error(ErrorKind::Privacy, cont.check.refusal, {});
    const int released = cont.check.releasedSteps;
    api::SessionRun& run = *cont.run;
    stream::RunEngine& engine = run.engine();
    const stream::RunConfig& config = engine.config();
    const io::SessionData& saved = run.session();
    const data::Schema& schema = cont.schema;
    const QString outDir = p.isSet("out") ? p.value("out") : QString::fromStdString(saved.setting("out", "streamsynth-run"));
    const std::string exportWhich = saved.setting("export-releases", "all");
    const io::BinOutput bins = saved.setting("bins") == "uniform" ? io::BinOutput::UniformValue : io::BinOutput::Interval;
    const int steps = run.stepCount();
    if (!finishOnly)
        std::fprintf(stderr, "continue: steps %d..%d (1..%d already released), %zu series\n", released + 1, steps,
                     released, config.series.size());

    std::map<std::string, stream::SeriesConfig> byId;
    for (const auto& s : config.series) byId[s.id] = s;
    auto releasePath = [&](const stream::SeriesConfig& s, int step) {
        const std::string folder = saved.setting("folder:" + s.id, "releases/" + s.id);
        return QDir(outDir).filePath(QString::fromStdString(folder + "/" + io::stepFileName(step))).toStdString();
    };
    auto writeOne = [&](const stream::SeriesStepResult& r) {
        const stream::SeriesConfig& s = byId.at(r.seriesId);
        io::writeRelease(releasePath(s, r.step), engine.release(s.id), schema, io::manifestFor(config, s, r), bins,
                         &run.exportRng(s.id));
    };
    // A run or continue that stopped after saving step `released` and before
    // writing all its files (write_ahead.h): replay that step's exports with
    // the export random state saved before them. Missing files are written
    // (identical to the lost ones); for files on disk the draws are repeated
    // and discarded, so the random state moves on exactly as it did.
    const int pendingStep = std::atoi(saved.setting(kPendingReleaseStep, "0").c_str());
    if (pendingStep > 0 && pendingStep == released) {
        for (const auto& s : config.series) {
            const std::string csv = releasePath(s, released);
            const std::string json = csv.substr(0, csv.size() - 4) + ".json";
            if (QFile::exists(QString::fromStdString(csv)) && QFile::exists(QString::fromStdString(json))) {
                (void)io::releaseCsv(engine.release(s.id), schema, bins, &run.exportRng(s.id));
                continue;
            }
            writeOne(engine.history(s.id)[static_cast<std::size_t>(released - 1)]);
            std::fprintf(stderr, "note: wrote the release of step %d for %s (the previous run stopped before writing it)\n",
                         released, s.id.c_str());
        }
    }
    // Write-ahead, as `run --autosave`: the session is saved at the end of
    // every step before that step's releases are written, so a crash never
    // leaves a release the session does not account for.
    WriteAheadReleases writeAhead(
        [&](int pendingStep) {
            run.setSetting(kPendingReleaseStep, std::to_string(pendingStep));
            run.saveSession(sessionPath);
        },
        writeOne);
    stream::RunCallbacks cb;
    cb.onStep = [&](const stream::SeriesStepResult& r) {
        if (exportWhich == "all" || (exportWhich == "last" && r.step == steps)) writeAhead.add(r);
        std::fprintf(stderr, "  step %d/%d %-24s rows %-7lld AvgWE %.5f  model %.0f cells  %.2fs\n", r.step, steps,
                     r.seriesId.c_str(), r.releaseRows, r.metrics.avgWE, r.modelCells, r.seconds);
    };
    cb.onProgress = [&](int step, int) { writeAhead.endStep(step); };
    if (!finishOnly) engine.run(cb);

    // Metrics, summary and ledger over the whole stream (old steps from the session).
    QDir().mkpath(outDir);
    std::vector<stream::SeriesStepResult> all;
    std::vector<io::SeriesSummaryInput> summary;
    for (const auto& s : config.series) summary.push_back({s, engine.history(s.id), {}, config.privacy, config.delta});
    for (int t = 1; t < engine.nextStep(); ++t)
        for (const auto& in : summary) all.push_back(in.history[static_cast<std::size_t>(t - 1)]);
    io::writeMetricsCsv(QDir(outDir).filePath("metrics.csv").toStdString(), config.series, {all});
    io::writeSummaryJson(QDir(outDir).filePath("summary.json").toStdString(), summary);
    io::writeLedgerJson(QDir(outDir).filePath("ledger.json").toStdString(), engine.ledger());

    run.setSetting(kPendingReleaseStep, "0");
    run.saveSession(sessionPath);
    if (finishOnly)
        std::printf("no new rows: all %d steps are already released; the release files of step %d are complete now\n",
                    released, released);
    else
        std::printf("released steps %d..%d; session %s now holds steps 1..%d\n", released + 1, engine.nextStep() - 1,
                    sessionPath.c_str(), engine.nextStep() - 1);
    return kExitOk;
}

const RegisterCommand reg{{"continue", "continue a saved session with new rows (only new steps spend budget)",
                           runContinue}};

}  // namespace
}  // namespace streamsynth::cli
