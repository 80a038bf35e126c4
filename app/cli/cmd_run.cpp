// `streamsynth-cli run`: runs several series (baseline, proposed:<counter>,
// each at one or more ε) over one stream and writes every release (CSV with
// labels + manifest), the per-step metrics, a summary and the ledger. The
// metrics use the private data and are NOT differentially private.
#include <QCommandLineParser>
#include <QDir>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/data_options.h"
#include "core/common/error.h"
#include "core/io/metrics_writer.h"
#include "core/io/release_writer.h"
#include "core/io/run_export.h"
#include "core/metrics/summary.h"
#include "core/privacy/counter.h"
#include "core/privacy/ledger.h"
#include "core/privacy/rng.h"
#include "core/stream/run_engine.h"
#include "core/stream/step_pipeline.h"
#include "core/stream/step_source.h"

namespace streamsynth::cli {
namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> splitList(const QString& text) {
    std::vector<std::string> out;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) out.push_back(part.trimmed().toStdString());
    return out;
}

std::string formatEpsilon(double e) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", e);
    return buf;
}

// "baseline" | "proposed:<counter spec>" (e.g. proposed:simple, proposed:block:16).
std::vector<stream::SeriesConfig> parseSeries(const QString& seriesText, const QString& epsilonText) {
    std::vector<double> epsilons;
    for (const std::string& e : splitList(epsilonText)) {
        const double v = parseDouble(QString::fromStdString(e), "epsilon");
        if (!std::isfinite(v) || v <= 0) throw settingError("--epsilon", "epsilon must be a finite number > 0");
        epsilons.push_back(v);
    }
    if (epsilons.empty()) throw settingError("--epsilon", "give at least one epsilon");
    std::vector<stream::SeriesConfig> out;
    for (const std::string& name : splitList(seriesText)) {
        stream::SeriesConfig s;
        std::string id;
        if (name == "baseline") {
            s.streamer = stream::StreamerKind::Baseline;
            s.counter.clear();
            id = "baseline";
        } else if (name.rfind("proposed", 0) == 0) {
            s.streamer = stream::StreamerKind::Proposed;
            s.counter = name.size() > 8 && name[8] == ':' ? name.substr(9) : "simple";
            (void)privacy::parseCounterSpec(s.counter);  // names the bad counter early
            id = "proposed-" + s.counter;
        } else {
            throw settingError("--series", "unknown series '" + name + "' (baseline or proposed:<counter>)");
        }
        for (char& ch : id)
            if (ch == ':' || ch == '+' || ch == '/') ch = '-';
        for (double e : epsilons) {
            stream::SeriesConfig si = s;
            si.epsilon = e;
            si.id = epsilons.size() > 1 ? id + "-eps" + formatEpsilon(e) : id;
            out.push_back(si);
        }
    }
    if (out.empty()) throw settingError("--series", "give at least one series");
    return out;
}


int runRun(const QStringList& args) {
    QCommandLineParser p;
    addDataOptions(p);
    addWorkloadOptions(p);
    p.addOption({"series", "Series to run, comma-separated: baseline, proposed:<counter> with counter simple, "
                           "block:B, unbounded-block, tree:T, hybrid, honaker:T (default baseline,proposed:simple).",
                 "LIST"});
    p.addOption({"epsilon", "Privacy budget per stream, one or several comma-separated (default 1).", "E"});
    p.addOption({"rounds", "k: rounds (workloads measured) per step (default 5).", "K"});
    p.addOption({"engine", "Fit engine: pgm (default) or mw (explicit distribution, small domains).", "NAME"});
    p.addOption({"iters", "Mirror-descent iteration cap per fit (default 100).", "N"});
    p.addOption({"tol", "Fit convergence tolerance (relative loss change; <= 0: run the cap; default 1e-4).", "T"});
    p.addOption({"score", "Selection score: l1-minus-noise (default) or paper.", "NAME"});
    p.addOption({"score-noise", "Noise term of the score: since-reset (default) or full.", "NAME"});
    p.addOption({"release-from", "Proposed release: last (h_{t,k}, default) or mixture (of h_{t,1..k}).", "NAME"});
    p.addOption({"selection", "Selection mechanism: exponential (default) or permute-and-flip.", "NAME"});
    p.addOption({"max-model-cells", "Model-size cap in cells (default 1e5).", "CELLS"});
    p.addOption({"steps", "Stop after N steps (default: all).", "N"});
    p.addOption({"out", "Output folder (default: streamsynth-run).", "DIR"});
    p.addOption({"export-releases", "Which releases to write: all (default), last or none.", "WHICH"});
    p.addOption({"bins", "Numeric bins in release CSVs: interval (default) or uniform (a value drawn inside).", "HOW"});
    p.addOption({"release-mode", "Real release: OS entropy instead of the seed, and discrete Laplace noise."});
    p.addOption({"threads", "Threads for counting (default 1).", "N"});
    if (!parseOrHelp(p, args,
                     "Runs the baseline and proposed streamers over a stream and writes releases, metrics "
                     "(NOT differentially private: computed from the private data), a summary and the ledger."))
        return kExitOk;

    const auto started = Clock::now();
    stream::RunConfig config;
    config.series = parseSeries(p.isSet("series") ? p.value("series") : QString("baseline,proposed:simple"),
                                p.isSet("epsilon") ? p.value("epsilon") : QString("1"));
    if (p.isSet("rounds")) config.rounds = static_cast<int>(parseInteger(p.value("rounds"), "rounds", 1, 100000));
    if (p.isSet("engine")) config.fitEngine = p.value("engine").toStdString();
    if (p.isSet("iters")) config.fitIterations = static_cast<int>(parseInteger(p.value("iters"), "iters", 1, 10000000));
    if (p.isSet("tol")) config.fitTolerance = parseDouble(p.value("tol"), "tol");
    if (p.isSet("max-model-cells")) config.maxModelCells = parseDouble(p.value("max-model-cells"), "max-model-cells");
    if (p.isSet("threads")) config.threads = static_cast<int>(parseInteger(p.value("threads"), "threads", 0, 256));
    if (p.isSet("score")) {
        const QString s = p.value("score");
        if (s == "paper") config.score = stream::ScoreKind::Paper;
        else if (s != "l1-minus-noise") throw settingError("--score", "unknown score '" + s.toStdString() + "'");
    }
    if (p.isSet("score-noise")) {
        const QString s = p.value("score-noise");
        if (s == "full") config.scoreNoise = stream::ScoreNoise::Full;
        else if (s != "since-reset") throw settingError("--score-noise", "since-reset or full");
    }
    if (p.isSet("release-from")) {
        const QString s = p.value("release-from");
        if (s == "mixture") config.releaseFrom = stream::ReleaseFrom::Mixture;
        else if (s != "last") throw settingError("--release-from", "last or mixture");
    }
    if (p.isSet("selection")) {
        const QString s = p.value("selection");
        if (s == "permute-and-flip") config.selection = stream::SelectionMechanism::PermuteAndFlip;
        else if (s != "exponential") throw settingError("--selection", "exponential or permute-and-flip");
    }
    const bool releaseMode = p.isSet("release-mode");
    config.discreteNoise = releaseMode;
    config.secureRandom = releaseMode;
    config.seed = p.isSet("seed") ? parseSeed(p.value("seed"), "seed") : 0;
    const QString exportWhich = p.isSet("export-releases") ? p.value("export-releases") : QString("all");
    if (exportWhich != "all" && exportWhich != "last" && exportWhich != "none")
        throw settingError("--export-releases", "all, last or none");
    io::BinOutput bins = io::BinOutput::Interval;
    if (p.isSet("bins")) {
        if (p.value("bins") == "uniform") bins = io::BinOutput::UniformValue;
        else if (p.value("bins") != "interval") throw settingError("--bins", "interval or uniform");
    }
    const int stopAfter = p.isSet("steps") ? static_cast<int>(parseInteger(p.value("steps"), "steps", 1, 100000000)) : 0;
    const QString outDir = p.isSet("out") ? p.value("out") : QString("streamsynth-run");

    const stream::LoadedStream ls = stream::loadStream(streamRequestFrom(p, true));
    for (const data::Problem& pr : ls.problems)
        std::fprintf(stderr, "note: [%s] %s%s\n", pr.kind.c_str(), pr.column.empty() ? "" : (pr.column + ": ").c_str(),
                     pr.message.c_str());
    const marginals::WorkloadSet ws = workloadsFrom(p, ls.schema.domain());
    const stream::TableStepSource source(ls.encoded.table, ls.plan, ws, config.threads);
    stream::RunEngine engine(source, config);  // validates (k vs |Q|, ε, …)
    const int steps = stopAfter > 0 ? std::min(stopAfter, source.stepCount()) : source.stepCount();
    std::fprintf(stderr, "run: %d steps, %zu workloads, %zu series, k = %d, engine %s%s\n", steps, ws.size(),
                 config.series.size(), config.rounds, config.fitEngine.c_str(),
                 releaseMode ? ", release mode (OS entropy, discrete Laplace)" : "");

    std::map<std::string, stream::SeriesConfig> byId;
    for (const auto& s : config.series) byId[s.id] = s;
    std::map<std::string, std::unique_ptr<privacy::Rng>> exportRngs;  // uniform values inside bins
    for (const auto& s : config.series)
        exportRngs[s.id] = releaseMode ? privacy::makeSecureRng() : privacy::makeSeededRng(config.seed, "export:" + s.id);
    std::vector<stream::SeriesStepResult> all;
    const auto loopStart = Clock::now();

    auto writeOne = [&](const stream::SeriesStepResult& r) {
        const stream::SeriesConfig& s = byId.at(r.seriesId);
        const std::string path = QDir(outDir).filePath(QString::fromStdString(s.id + "/" + io::stepFileName(r.step))).toStdString();
        io::writeRelease(path, engine.release(s.id), ls.schema, io::manifestFor(config, s, r), bins, exportRngs.at(s.id).get());
    };

    stream::RunCallbacks cb;
    cb.onStep = [&](const stream::SeriesStepResult& r) {
        all.push_back(r);
        if (exportWhich == "all" || (exportWhich == "last" && r.step == steps)) writeOne(r);
        std::fprintf(stderr, "  step %d/%d %-24s rows %-7lld AvgWE %.5f  model %.0f cells  %.2fs\n", r.step, steps,
                     r.seriesId.c_str(), r.releaseRows, r.metrics.avgWE, r.modelCells, r.seconds);
    };
    cb.onProgress = [&](int step, int) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - loopStart).count();
        const double eta = elapsed / step * (steps - step);
        std::fprintf(stderr, "step %d/%d done, %.1fs elapsed, ETA %.0fs\n", step, steps, elapsed, eta);
    };
    engine.run(cb, nullptr, steps);

    QDir().mkpath(outDir);
    io::writeMetricsCsv(QDir(outDir).filePath("metrics.csv").toStdString(), all);
    std::vector<io::SeriesSummaryInput> summary;
    for (const auto& s : config.series) summary.push_back({s, engine.history(s.id)});
    io::writeSummaryJson(QDir(outDir).filePath("summary.json").toStdString(), summary);
    io::writeLedgerJson(QDir(outDir).filePath("ledger.json").toStdString(), engine.ledger());

    std::printf("%-24s %8s %6s | %-10s %-10s %-10s %-10s | %-10s | %8s\n", "series", "epsilon", "steps", "AvgWE",
                "MaxWE", "AvgRelWE", "MaxRelWE", "AvgWE(all)", "s/step");
    std::printf("%-24s %8s %6s | %-43s | %-10s | %8s\n", "", "", "", "last 10 steps", "all steps", "");
    for (const io::SeriesSummaryInput& s : summary) {
        std::vector<metrics::StepMetrics> perStep;
        double seconds = 0;
        for (const auto& r : s.history) {
            perStep.push_back(r.metrics);
            seconds += r.seconds;
        }
        const metrics::MetricSummary m = metrics::summarize(perStep);
        std::printf("%-24s %8g %6zu | %-10.6f %-10.6f %-10.6f %-10.6f | %-10.6f | %8.3f\n", s.series.id.c_str(),
                    s.series.epsilon, s.history.size(), m.last10.avgWE, m.last10.maxWE, m.last10.avgRelWE,
                    m.last10.maxRelWE, m.all.avgWE, s.history.empty() ? 0.0 : seconds / s.history.size());
    }
    const double total = std::chrono::duration<double>(Clock::now() - started).count();
    std::printf("total time %.1f s. Metrics are computed from the private data: NOT differentially private.\n", total);
    std::fprintf(stderr, "wrote %s/{metrics.csv,summary.json,ledger.json}%s\n", outDir.toUtf8().constData(),
                 exportWhich == "none" ? "" : " and releases");
    return kExitOk;
}

const RegisterCommand reg{{"run", "run baseline/proposed streamers over a stream; write releases, metrics, ledger",
                           runRun}};

}  // namespace
}  // namespace streamsynth::cli
