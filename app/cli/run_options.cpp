// Parsing `run`'s options into a RunRequest (see run_options.h).
#include "cli/run_options.h"

#include <QDir>

#include "cli/cli_common.h"
#include "cli/data_options.h"
#include "cli/privacy_options.h"
#include "cli/registry_options.h"
#include "cli/run_seed.h"
#include "core/api/fit_engine_choice.h"
#include "core/api/privacy_choice.h"
#include "core/api/series_plan.h"
#include "core/values/error.h"

namespace streamsynth::cli {
namespace {

template <class E>
E choice(const QCommandLineParser& p, const char* option, E fallback,
         std::initializer_list<std::pair<const char*, E>> values) {
    if (!p.isSet(option)) return fallback;
    const QString v = p.value(option);
    std::string known;
    for (const auto& [name, value] : values) {
        if (v == name) return value;
        known += (known.empty() ? "" : ", ") + std::string(name);
    }
    throw settingError(std::string("--") + option, "unknown value '" + v.toStdString() + "' (" + known + ")");
}

void parseSettings(const QCommandLineParser& p, stream::RunConfig& c) {
    if (p.isSet("rounds")) c.rounds = static_cast<int>(parseInteger(p.value("rounds"), "rounds", 1, 100000));
    if (p.isSet("engine")) c.fitEngine = p.value("engine").toStdString();
    if (p.isSet("iters"))
        c.fitIterations = static_cast<int>(parseInteger(p.value("iters"), "iters", 1, 10000000));
    if (p.isSet("tol")) c.fitTolerance = parseDouble(p.value("tol"), "tol");
    if (p.isSet("fit-work")) c.fitWork = parseDouble(p.value("fit-work"), "fit-work");
    if (p.isSet("max-model-cells"))
        c.maxModelCells = parseDouble(p.value("max-model-cells"), "max-model-cells");
    if (p.isSet("threads")) c.threads = static_cast<int>(parseInteger(p.value("threads"), "threads", 0, 256));
    using namespace stream;
    c.score = choice(p, "score", c.score,
                     {{"l1-minus-noise", ScoreKind::L1MinusNoise},
                      {"paper", ScoreKind::Paper},
                      {"l1-minus-size", ScoreKind::L1MinusSize},
                      {"l1", ScoreKind::L1}});
    // The accuracy options beyond the paper's streamers (stream/accuracy_options.h).
    c.accuracy.baselineInit =
        choice(p, "baseline-init", c.accuracy.baselineInit,
               {{"uniform", BaselineInit::Uniform}, {"previous", BaselineInit::Previous}});
    if (p.isSet("baseline-one-way-share"))
        c.accuracy.baselineOneWayShare =
            parseDouble(p.value("baseline-one-way-share"), "baseline-one-way-share");
    readOneWayShare(p, c.accuracy.oneWayShareRule, c.accuracy.oneWayShare);
    if (p.isSet("one-way-split"))
        c.accuracy.oneWaySplit = parseDouble(p.value("one-way-split"), "one-way-split");
    if (p.isSet("small-share")) c.accuracy.smallShare = parseDouble(p.value("small-share"), "small-share");
    readTrackedBlocks(p, c.accuracy.trackedBlocks);
    if (p.isSet("small-cells"))
        c.accuracy.smallCells =
            static_cast<int>(parseInteger(p.value("small-cells"), "small-cells", 1, 1000000));
    c.accuracy.trackedInRounds =
        choice(p, "tracked-in-rounds", c.accuracy.trackedInRounds,
               {{"auto", TrackedInRounds::Auto}, {"yes", TrackedInRounds::Yes}, {"no", TrackedInRounds::No}});
    c.accuracy.oneWayShrink = choice(p, "one-way-shrink", c.accuracy.oneWayShrink,
                                     {{"none", OneWayShrink::None},
                                      {"james-stein", OneWayShrink::JamesStein},
                                      {"james-stein-all", OneWayShrink::JamesSteinAll},
                                      {"james-stein-spikes", OneWayShrink::JamesSteinSpikes}});
    c.accuracy.oneWayTarget =
        choice(p, "one-way-target", c.accuracy.oneWayTarget,
               {{"increment", OneWayTarget::Increment}, {"whole", OneWayTarget::Whole}});
    c.scoreNoise = choice(p, "score-noise", c.scoreNoise,
                          {{"since-reset", ScoreNoise::SinceReset}, {"full", ScoreNoise::Full}});
    c.releaseFrom = choice(p, "release-from", c.releaseFrom,
                           {{"last", ReleaseFrom::LastModel}, {"mixture", ReleaseFrom::Mixture}});
    c.releaseAnswers = choice(p, "release-answers", c.releaseAnswers,
                              {{"model", ReleaseAnswers::Model}, {"sampled", ReleaseAnswers::Sampled}});
    c.selection = choice(p, "selection", c.selection,
                         {{"exponential", SelectionMechanism::Exponential},
                          {"permute-and-flip", SelectionMechanism::PermuteAndFlip}});
    const bool releaseMode = p.isSet("release-mode");
    c.discreteNoise = releaseMode;
    c.secureRandom = releaseMode;
}

// Where and how the release files are written.
void addOutputOptions(QCommandLineParser& p) {
    p.addOption({"out", "Output folder (default: streamsynth-run).", "DIR"});
    p.addOption({"export-releases", "Which releases to write: all (default), last or none.", "WHICH"});
    p.addOption({"bins",
                 "Numeric bins in release CSVs: interval (default) or uniform (a value drawn inside).",
                 "HOW"});
    p.addOption(
        {"release-files",
         "Release step files: compact (gzip'd CSV, step-NNNN.csv.gz; a baseline step's file holds only "
         "the rows new at that step; the default with --release-mode) or csv (each step's whole release "
         "as plain CSV, the default otherwise).",
         "FORM"});
    p.addOption(
        {"release-marginals",
         "Also write each proposed series' noisy marginals beside its releases (marginals-NNNN.csv + "
         ".json: the counters' DP answers at that step with their standard errors; post-processing, no "
         "budget)."});
}

// The proposed streamer's own options (1-way and small-workload counters, score noise, release).
void addProposedOptions(QCommandLineParser& p) {
    p.addOption({"one-way-share", oneWayShareHelp(), "auto|F"});
    p.addOption({"one-way-target",
                 "Proposed, with a 1-way share: what a 1-way counter gives the fit: increment "
                 "(its increase on the last release's 1-way, default) or whole (its whole "
                 "release).",
                 "HOW"});
    p.addOption({"one-way-split",
                 "Proposed, with a 1-way share: how it is split over the attributes: each gets a "
                 "part proportional to its codes to the power P (default 0.5: the least summed "
                 "noise; 1: the same expected noise in every column, more for the largest).",
                 "P"});
    p.addOption({"one-way-shrink",
                 "Proposed: a 1-way or small-workload counter whose noise exceeds its signal is "
                 "given to the fit shrunk toward the flat histogram: james-stein-spikes (default: "
                 "when it passes the noise test, and when it does not but some cells stand clear "
                 "of the noise, those cells as counted), james-stein (only when it passes), "
                 "james-stein-all (also when it does not) or none.",
                 "HOW"});
    p.addOption({"small-share",
                 "Proposed: share of each step's budget for continual counters of the small "
                 "workloads (default 0.1; 0 = none; with --one-way-share 0 the paper's streamer).",
                 "F"});
    p.addOption({"small-cells",
                 "Proposed: the largest workload (in cells) counted with --small-share (default 12).", "N"});
    p.addOption({"tracked-blocks",
                 "Proposed, batched streams: feed each 1-way and small-workload counter once per "
                 "block of steps, the block the fewest steps whose rows per cell reach K times one "
                 "feed's noise scale (default 1; off = every step, as before 2026-12-02).",
                 "K|off"});
    p.addOption({"tracked-in-rounds",
                 "Proposed: may the rounds select a workload counted with --small-share? auto "
                 "(default: no when the series' per-step ε is 2 or more, or 0.75 or more with an accepted "
                 "--coarsen; yes below), yes or no.",
                 "HOW"});
    p.addOption({"score-noise", "Noise term of the score: since-reset (default) or full.", "NAME"});
    p.addOption(
        {"release-from", "Proposed release: last (h_{t,k}, default) or mixture (of h_{t,1..k}).", "NAME"});
    p.addOption(
        {"release-answers",
         "Proposed q(g_t): model (the release models' expected answers; a step's cost does not grow with "
         "|g_t|, default) or sampled (the paper's counts of g_t sampled at every step).",
         "HOW"});
}

}  // namespace

void addRunOptions(QCommandLineParser& p) {
    addDataOptions(p);
    p.addOption({"way", "Workloads: all W-way marginals (default 2).", "W"});
    p.addOption(
        {"workloads", "Workload file: one workload per line, attribute names separated by commas.", "FILE"});
    p.addOption({"config", "JSON file of options (keys = long option names); command-line flags override it.",
                 "FILE"});
    p.addOption({"repeat",
                 "Repeat the run R times with seeds derived from --seed; summary.json averages (default 1).",
                 "R"});
    p.addOption({"json", "Print summary.json to stdout (the table then goes to stderr)."});
    p.addOption({"series",
                 "Series to run, comma-separated: baseline, baseline:carried (each step starts from the "
                 "last model and measures every column first: the most accurate on Adult), "
                 "proposed:<counter> with counter " +
                     QString::fromStdString(api::counterGrammarList()) +
                     " ((zcdp): under zcdp only; default baseline,proposed:simple).",
                 "LIST"});
    p.addOption({"epsilon",
                 "Privacy budget per stream, one or several comma-separated (default 1); with --privacy "
                 "zcdp and --delta converted to rho.",
                 "E"});
    addPrivacyOptions(p);
    p.addOption({{"rounds", "k"}, "k: rounds (workloads measured) per step (default 5).", "K"});
    p.addOption({"engine", QString::fromStdString("Fit engine: " + api::fitEngineHelp()), "NAME"});
    p.addOption({"iters", "Mirror-descent iteration cap per fit (default 100).", "N"});
    p.addOption({"fit-work",
                 "Bound on one fit's work: at most CELLS / (model cells) iterations, so a step's "
                 "cost stops growing with the model (default 1.5e6; 0 = no bound).",
                 "CELLS"});
    p.addOption(
        {"tol", "Fit convergence tolerance (relative loss change; <= 0: run the cap; default 1e-4).", "T"});
    p.addOption({"score",
                 "Selection score: l1-minus-noise (default), paper, l1-minus-size (MWEM+PGM's) or l1 "
                 "(MWEM's).",
                 "NAME"});
    p.addOption({"baseline-init",
                 "Baseline: the model each step starts from: uniform (default, SPEC) or previous "
                 "(step t-1's final model). Not for baseline:carried, which fixes its own.",
                 "HOW"});
    p.addOption({"baseline-one-way-share",
                 "Baseline: share of each step's budget for measuring every attribute's "
                 "1-way marginal before the rounds, split evenly (default 0 = SPEC; "
                 "0.75 with k = 5 on adult-liu: the paper-baseline preset; baseline:carried fixes 0.75).",
                 "F"});
    addProposedOptions(p);
    p.addOption({"selection", "Selection mechanism: exponential (default) or permute-and-flip.", "NAME"});
    p.addOption({"max-model-cells", "Model-size cap in cells (default 1e5).", "CELLS"});
    p.addOption({"steps", "Stop after N steps (default: all).", "N"});
    addOutputOptions(p);
    p.addOption(
        {"release-mode", "Real release: OS entropy instead of the seed, and discrete Laplace noise."});
    addRegistryOptions(p, /*withPublish=*/true);
    p.addOption({"threads",
                 "Threads for counting and model fitting (default 1; 0 = all cores; never more than the "
                 "cores). Releases and "
                 "metrics are the same for any value.",
                 "N"});
    p.addOption({"session",
                 "Save a session file after the run; `continue` resumes it with new rows (release mode: "
                 "default OUT/stream.session).",
                 "FILE"});
    p.addOption({"autosave",
                 "With --session: save the session after every step, before that step's releases are "
                 "written (a crash loses at most the step in progress; `continue` resumes). The default "
                 "in release mode."});
    p.addOption({"no-autosave",
                 "Release mode: save the session only at the end. A crash then loses the session, and "
                 "with it the stream: its released rows can never be released again."});
    p.addOption({"replace",
                 "Start a new stream over an existing --session file or a non-empty --out folder "
                 "(never over a real release's session or publishable releases)."});
}

RunRequest runRequestFrom(const QCommandLineParser& p) {
    RunRequest r;
    r.input = inputRequestFrom(p, true);
    r.stream = r.input.file;
    if (p.isSet("workloads")) {
        if (p.isSet("way")) throw settingError("--way", "give either --way or --workloads, not both");
        r.workloads.file = p.value("workloads").toStdString();
    } else if (p.isSet("way")) {
        r.workloads.way = static_cast<int>(parseInteger(p.value("way"), "way", 1, 64));
    }
    r.privacy = readPrivacyOptions(p, "1");
    api::planRunSeries(
        r.config,
        splitOptionList(p.isSet("series") ? p.value("series") : QString("baseline,proposed:simple"),
                        "series"),
        r.privacy.budgets);
    parseSettings(p, r.config);
    // The seed of the noise and of the random batch order (run_seed.h).
    const RunSeed seed = runSeedFrom(p, r.config.secureRandom);
    r.config.seed = seed.value;
    r.stream.seed = seed.value;
    r.input.file.seed = seed.value;  // the run reads r.input (a file or a database)
    r.seedNote = drawnSeedNote(seed, r.config.secureRandom);
    r.repeats = p.isSet("repeat") ? static_cast<int>(parseInteger(p.value("repeat"), "repeat", 1, 10000)) : 1;
    // Repeats are seeded reruns for evaluation: a real release publishes one run, and more runs over
    // the private rows would be unreleased work (a review of 2026-12-01).
    if (r.repeats > 1 && r.config.secureRandom)
        throw settingError("--repeat",
                           "applies to seeded evaluation runs; a real release (--release-mode) publishes one "
                           "run");
    r.json = p.isSet("json");
    r.stopAfter =
        p.isSet("steps") ? static_cast<int>(parseInteger(p.value("steps"), "steps", 1, 100000000)) : 0;
    r.output.dir = p.isSet("out") ? p.value("out").toStdString() : std::string("streamsynth-run");
    if (p.isSet("export-releases"))
        r.output.which = api::parseExportWhich(p.value("export-releases").toStdString());
    if (p.isSet("bins")) r.output.bins = api::parseBinOutput(p.value("bins").toStdString());
    r.output.marginals = p.isSet("release-marginals");
    r.output.files = r.config.secureRandom ? api::ReleaseFiles::Compact : api::ReleaseFiles::Full;
    if (p.isSet("release-files"))
        r.output.files = api::parseReleaseFiles(p.value("release-files").toStdString());
    r.sessionPath = p.value("session").toStdString();
    // A real release keeps its session, in its folder unless named (as the GUI does): without one
    // the stream could never be continued, and next week's rows could only start a new stream (a
    // review of 2026-12-01 saw `--release-mode` without --session accepted silently).
    if (r.config.secureRandom && r.sessionPath.empty()) {
        r.sessionPath = QDir(QString::fromStdString(r.output.dir)).filePath("stream.session").toStdString();
        r.sessionDefaulted = true;
    }
    r.replace = p.isSet("replace");
    if (p.isSet("autosave") && p.isSet("no-autosave"))
        throw settingError("--no-autosave", "give either --autosave or --no-autosave, not both");
    if (p.isSet("autosave") && r.sessionPath.empty())
        throw settingError("--autosave", "--autosave needs --session FILE");
    if (p.isSet("no-autosave") && !r.config.secureRandom)
        throw settingError("--no-autosave", "applies to release-mode runs (--release-mode)");
    // Release mode saves before each step's releases unless the steward opts out (crash-safe by default).
    r.autosave =
        p.isSet("autosave") || (r.config.secureRandom && !r.sessionPath.empty() && !p.isSet("no-autosave"));
    return r;
}

}  // namespace streamsynth::cli
