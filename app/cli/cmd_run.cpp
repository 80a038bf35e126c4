// `streamsynth-cli run`: runs several series (baseline, proposed:<counter>,
// each at one or more ε) over one stream and writes every release (CSV with
// labels + manifest), the per-step metrics, a summary and the ledger. The
// metrics use the private data and are NOT differentially private.
// `--repeat R` reruns with seeds derived from --seed (metrics averaged in
// summary.json); `--config FILE` reads the same options from a JSON object.
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/data_options.h"
#include "cli/privacy_options.h"
#include "cli/session_cli.h"
#include "cli/write_ahead.h"
#include "core/io/session_store.h"
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
// baseNames (optional) receives id -> series name without the budget suffix.
// epsilons: the validated budgets (ε, or ρ under zcdp: prefix "rho").
std::vector<stream::SeriesConfig> parseSeries(const QString& seriesText, const std::vector<double>& epsilons,
                                              const std::string& prefix,
                                              std::map<std::string, std::string>* baseNames = nullptr,
                                              privacy::PrivacyModel model = privacy::PrivacyModel::Pure) {
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
            (void)privacy::parseCounterSpec(s.counter, model);  // names the bad counter early
            id = "proposed-" + s.counter;
        } else {
            throw settingError("--series", "unknown series '" + name + "' (baseline or proposed:<counter>)");
        }
        for (char& ch : id)
            if (ch == ':' || ch == '+' || ch == '/') ch = '-';
        for (double e : epsilons) {
            stream::SeriesConfig si = s;
            si.epsilon = e;
            si.id = epsilons.size() > 1 ? id + "-" + prefix + formatEpsilon(e) : id;
            if (baseNames != nullptr) (*baseNames)[si.id] = id;
            out.push_back(si);
        }
    }
    if (out.empty()) throw settingError("--series", "give at least one series");
    return out;
}

// --config FILE: a JSON object whose keys are long option names ("batch": 50,
// "series": "baseline,proposed:simple", "epsilon": [0.5, 1], "json": true).
// Its options are placed before the command line's, so that a flag given on
// the command line overrides the file (QCommandLineParser keeps the last value).
QStringList withConfigFile(const QStringList& args) {
    QString path;
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == "--config" && i + 1 < args.size()) path = args[i + 1];
        else if (args[i].startsWith("--config=")) path = args[i].mid(9);
    }
    if (path.isEmpty()) return args;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw settingError("--config", "cannot read '" + path.toStdString() + "'");
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject())
        throw settingError("--config", "'" + path.toStdString() + "' is not a JSON object (" +
                                           perr.errorString().toStdString() + ")");
    QStringList fromFile;
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = it.key();
        if (key == "config" || key.startsWith('-'))
            throw settingError("--config", "key '" + key.toStdString() + "': use long option names without dashes");
        const QJsonValue v = it.value();
        if (v.isBool()) {
            if (v.toBool()) fromFile << "--" + key;  // false: the flag is not set
            continue;
        }
        QStringList parts;
        for (const QJsonValue& e : v.isArray() ? v.toArray() : QJsonArray{v}) {
            if (!e.isString() && !e.isDouble())
                throw settingError("--config", "key '" + key.toStdString() + "': give a string, number, list or bool");
            parts << e.toVariant().toString();
        }
        fromFile << "--" + key << parts.join(',');
    }
    QStringList out{args.first()};
    out << fromFile << args.mid(1);
    return out;
}

// Repeat 1 uses the seed itself (identical to a run without --repeat);
// repeat r >= 2 uses the first draw of the stream (seed, "repeat:r").
std::uint64_t repeatSeed(std::uint64_t seed, int repeat) {
    if (repeat <= 1) return seed;
    return privacy::makeSeededRng(seed, "repeat:" + std::to_string(repeat))->nextU64();
}

// --workloads FILE, else all W-way workloads (--way, default 2). In `run`,
// --k is the number of rounds (the issue's CLI), so the arity is --way.
marginals::WorkloadSet runWorkloads(const QCommandLineParser& p, const data::Domain& domain) {
    if (p.isSet("workloads")) {
        if (p.isSet("way")) throw settingError("--way", "give either --way or --workloads, not both");
        return marginals::WorkloadSet::readFile(p.value("workloads").toStdString(), domain);
    }
    const int way = p.isSet("way") ? static_cast<int>(parseInteger(p.value("way"), "way", 1, 64)) : 2;
    if (way > domain.attributeCount())
        throw settingError("--way", std::to_string(way) + "-way workloads need more than the " +
                                        std::to_string(domain.attributeCount()) + " attributes of the table");
    return marginals::WorkloadSet::allKWay(domain, way);
}


int runRun(const QStringList& args) {
    QCommandLineParser p;
    addDataOptions(p);
    p.addOption({"way", "Workloads: all W-way marginals (default 2).", "W"});
    p.addOption({"workloads", "Workload file: one workload per line, attribute names separated by commas.", "FILE"});
    p.addOption({"config", "JSON file of options (keys = long option names); command-line flags override it.",
                 "FILE"});
    p.addOption({"repeat", "Repeat the run R times with seeds derived from --seed; summary.json averages (default 1).",
                 "R"});
    p.addOption({"json", "Print summary.json to stdout (the table then goes to stderr)."});
    p.addOption({"series", "Series to run, comma-separated: baseline, proposed:<counter> with counter simple, "
                           "block:B, unbounded-block, tree:T, hybrid, honaker:T (default baseline,proposed:simple).",
                 "LIST"});
    p.addOption({"epsilon", "Privacy budget per stream, one or several comma-separated (default 1); with --privacy "
                            "zcdp and --delta converted to rho.", "E"});
    addPrivacyOptions(p);
    p.addOption({{"rounds", "k"}, "k: rounds (workloads measured) per step (default 5).", "K"});
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
    p.addOption({"threads", "Threads for counting and model fitting (default 1; 0 = all cores). Releases and metrics are the same for any value.", "N"});
    p.addOption({"session", "Save a session file after the run; `continue` resumes it with new rows.", "FILE"});
    p.addOption({"autosave", "With --session: save the session after every step, before that step's releases are "
                             "written (a crash loses at most the step in progress; `continue` resumes)."});
    if (!parseOrHelp(p, withConfigFile(args),
                     "Runs the baseline and proposed streamers over a stream and writes releases, metrics "
                     "(NOT differentially private: computed from the private data), a summary and the ledger."))
        return kExitOk;

    const auto started = Clock::now();
    stream::RunConfig config;
    std::map<std::string, std::string> baseNames;  // series id -> name without ε (release folders)
    const PrivacyOptions privacyOptions = readPrivacyOptions(p, "1");
    config.privacy = privacyOptions.model;
    config.delta = privacyOptions.delta;
    const std::string budgetPrefix = config.privacy == privacy::PrivacyModel::ZCdp ? "rho" : "eps";
    config.series = parseSeries(p.isSet("series") ? p.value("series") : QString("baseline,proposed:simple"),
                                privacyOptions.budgets, budgetPrefix, &baseNames, config.privacy);
    const int repeats = p.isSet("repeat") ? static_cast<int>(parseInteger(p.value("repeat"), "repeat", 1, 10000)) : 1;
    const bool jsonOut = p.isSet("json");
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
    const marginals::WorkloadSet ws = runWorkloads(p, ls.schema.domain());
    const stream::TableStepSource source(ls.encoded.table, ls.plan, ws, config.threads);
    stream::RunEngine engine(source, config);  // validates (k vs |Q|, ε, …)
    const int steps = stopAfter > 0 ? std::min(stopAfter, source.stepCount()) : source.stepCount();
    if (!releaseMode && exportWhich != "none")
        std::fprintf(stderr,
                     "warning: releases are written for evaluation only: with a fixed seed the noise can be "
                     "regenerated, so they are NOT differentially private (their manifests say "
                     "\"publishable\": false). Use --release-mode to make publishable releases.\n");
    std::fprintf(stderr, "run: %d steps, %zu workloads, %zu series, k = %d, engine %s%s\n", steps, ws.size(),
                 config.series.size(), config.rounds, config.fitEngine.c_str(),
                 releaseMode ? ", release mode (OS entropy, discrete noise)" : "");
    for (double b : privacyOptions.budgets)
        std::fprintf(stderr, "privacy: %s per stream\n", describePrivacy(privacyOptions, b).c_str());

    std::map<std::string, stream::SeriesConfig> byId;
    for (const auto& s : config.series) byId[s.id] = s;
    std::map<std::string, std::unique_ptr<privacy::Rng>> exportRngs;  // uniform values inside bins
    for (const auto& s : config.series)
        exportRngs[s.id] = releaseMode ? privacy::makeSecureRng() : privacy::makeSeededRng(config.seed, "export:" + s.id);
    std::vector<stream::SeriesStepResult> all;
    const auto loopStart = Clock::now();

    auto writeOne = [&](const stream::SeriesStepResult& r) {
        const stream::SeriesConfig& s = byId.at(r.seriesId);
        // DIR/releases/<series>/eps<E>/step-NNNN.csv (+ .json manifest).
        const std::string rel = "releases/" + baseNames.at(s.id) + "/" + budgetPrefix + formatEpsilon(s.epsilon) + "/" +
                                io::stepFileName(r.step);
        const std::string path = QDir(outDir).filePath(QString::fromStdString(rel)).toStdString();
        io::writeRelease(path, engine.release(s.id), ls.schema, io::manifestFor(config, s, r), bins, exportRngs.at(s.id).get());
    };

    // Session (run --session): fixed part now, state after the run (and
    // after every step with --autosave; onProgress runs between steps).
    const std::string sessionPath = p.isSet("session") ? p.value("session").toStdString() : std::string();
    io::SessionData session;
    if (!sessionPath.empty()) {
        std::map<std::string, std::string> folders;
        for (const auto& s : config.series)
            folders[s.id] = "releases/" + baseNames.at(s.id) + "/" + budgetPrefix + formatEpsilon(s.epsilon);
        session = newRunSession(ls, streamRequestFrom(p, true).seed, ws, config, folders,
                                bins == io::BinOutput::UniformValue ? "uniform" : "interval",
                                exportWhich.toStdString(), outDir.toStdString());
    }
    // pendingStep: the step whose release files are still to be written (0:
    // none; the export random state is then after every write).
    auto saveSessionNow = [&](int pendingStep) {
        updateSession(session, source, engine, exportRngs);
        session.setSetting(kPendingReleaseStep, std::to_string(pendingStep));
        io::saveSession(sessionPath, session);
    };

    // With --autosave the session is written ahead of the releases: a step's
    // files are written only after the session records that step, so a crash
    // can never leave a release on disk whose budget the session does not
    // know (`continue` would re-run that step with fresh noise). A crash
    // between the two loses only the files, and `continue` rewrites them from
    // the session.
    const bool autosave = !sessionPath.empty() && p.isSet("autosave");
    WriteAheadReleases writeAhead(saveSessionNow, writeOne);
    stream::RunCallbacks cb;
    cb.onStep = [&](const stream::SeriesStepResult& r) {
        all.push_back(r);
        if (exportWhich == "all" || (exportWhich == "last" && r.step == steps)) {
            if (autosave) writeAhead.add(r);
            else writeOne(r);
        }
        std::fprintf(stderr, "  step %d/%d %-24s rows %-7lld AvgWE %.5f  model %.0f cells  %.2fs\n", r.step, steps,
                     r.seriesId.c_str(), r.releaseRows, r.metrics.avgWE, r.modelCells, r.seconds);
    };
    cb.onProgress = [&](int step, int) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - loopStart).count();
        const double eta = elapsed / step * (steps - step);
        std::fprintf(stderr, "step %d/%d done, %.1fs elapsed, ETA %.0fs\n", step, steps, elapsed, eta);
        if (autosave) writeAhead.endStep(step);
    };
    engine.run(cb, nullptr, steps);
    if (!sessionPath.empty()) {
        saveSessionNow(0);
        std::fprintf(stderr, "session saved to %s (steps 1..%d released)\n", sessionPath.c_str(), engine.nextStep() - 1);
    }

    // Repeats 2..R: fresh engines with derived seeds, metrics only (releases
    // and the ledger are those of repeat 1; every repeat charges the same).
    std::vector<std::vector<stream::SeriesStepResult>> runs{all};
    for (int rep = 2; rep <= repeats; ++rep) {
        stream::RunConfig rc = config;
        rc.seed = repeatSeed(config.seed, rep);
        stream::RunEngine more(source, rc);
        runs.emplace_back();
        const auto repStart = Clock::now();
        stream::RunCallbacks mcb;
        mcb.onStep = [&](const stream::SeriesStepResult& r) { runs.back().push_back(r); };
        mcb.onProgress = [&](int step, int) {
            const double elapsed = std::chrono::duration<double>(Clock::now() - repStart).count();
            std::fprintf(stderr, "repeat %d/%d: step %d/%d done, %.1fs elapsed, ETA %.0fs\n", rep, repeats, step,
                         steps, elapsed, elapsed / step * (steps - step));
        };
        more.run(mcb, nullptr, steps);
    }

    QDir().mkpath(outDir);
    io::writeMetricsCsv(QDir(outDir).filePath("metrics.csv").toStdString(), config.series, runs);
    std::vector<io::SeriesSummaryInput> summary;
    for (const auto& s : config.series) {
        io::SeriesSummaryInput in{s, engine.history(s.id), {}, config.privacy, config.delta};
        for (std::size_t rep = 1; rep < runs.size(); ++rep) {
            in.moreRepeats.emplace_back();
            for (const auto& r : runs[rep])
                if (r.seriesId == s.id) in.moreRepeats.back().push_back(r);
        }
        summary.push_back(std::move(in));
    }
    const std::string summaryText = io::summaryJson(summary);
    io::writeSummaryJson(QDir(outDir).filePath("summary.json").toStdString(), summary);
    if (jsonOut) std::fwrite(summaryText.data(), 1, summaryText.size(), stdout);
    io::writeLedgerJson(QDir(outDir).filePath("ledger.json").toStdString(), engine.ledger());

    FILE* table = jsonOut ? stderr : stdout;  // --json: stdout is the JSON alone
    const char* unit = privacy::budgetName(config.privacy);
    std::fprintf(table, "%-24s %8s %6s | %-10s %-10s %-10s %-10s | %-10s | %8s\n", "series", unit, "steps", "AvgWE",
                 "MaxWE", "AvgRelWE", "MaxRelWE", "AvgWE(all)", "s/step");
    std::fprintf(table, "%-24s %8s %6s | %-43s | %-10s | %8s\n", "", "", "",
                 repeats > 1 ? "last 10 steps, mean over repeats" : "last 10 steps", "all steps", "");
    for (const QJsonValue& v : QJsonDocument::fromJson(QByteArray::fromStdString(summaryText)).object()["series"].toArray()) {
        const QJsonObject o = v.toObject();
        const QJsonObject l = o["last10"].toObject();
        std::fprintf(table, "%-24s %8g %6d | %-10.6f %-10.6f %-10.6f %-10.6f | %-10.6f | %8.3f\n",
                     o["series"].toString().toUtf8().constData(), o[unit].toDouble(), o["steps"].toInt(),
                     l["AvgWE"].toDouble(), l["MaxWE"].toDouble(), l["AvgRelWE"].toDouble(), l["MaxRelWE"].toDouble(),
                     o["all_steps"].toObject()["AvgWE"].toDouble(), o["seconds_per_step"].toDouble());
    }
    const double total = std::chrono::duration<double>(Clock::now() - started).count();
    std::fprintf(table, "total time %.1f s%s. Metrics are computed from the private data: NOT differentially private.\n",
                 total, repeats > 1 ? (" (" + std::to_string(repeats) + " repeats)").c_str() : "");
    std::fprintf(stderr, "wrote %s/{metrics.csv,summary.json,ledger.json}%s\n", outDir.toUtf8().constData(),
                 exportWhich == "none" ? "" : " and releases");
    return kExitOk;
}

const RegisterCommand reg{{"run", "run baseline/proposed streamers over a stream; write releases, metrics, ledger",
                           runRun}};

}  // namespace
}  // namespace streamsynth::cli
