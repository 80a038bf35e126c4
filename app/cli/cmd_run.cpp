// `streamsynth-cli run`: runs several series (baseline, proposed:<counter>,
// each at one or more ε) over one stream and writes every release (CSV with
// labels + manifest), the per-step metrics, a summary and the ledger. The
// metrics use the private data and are NOT differentially private.
// `--repeat R` reruns with seeds derived from --seed (metrics averaged in
// summary.json); `--config FILE` reads the same options from a JSON object.
// The workflow (stream, run, write-ahead session, files) is core/api's, as in the GUI.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "cli/cli_common.h"
#include "cli/coarsen_options.h"
#include "cli/command.h"
#include "cli/config_file.h"
#include "cli/interrupt.h"
#include "cli/one_way_summary.h"
#include "cli/registry_options.h"
#include "cli/run_options.h"
#include "cli/run_printer.h"
#include "core/values/counted_text.h"
#include "core/values/error.h"

namespace streamsynth::cli {
namespace {

using Clock = std::chrono::steady_clock;

void warnAboutSeeds(const RunRequest& r, const api::Run& run, int steps) {
    if (!r.config.secureRandom && r.output.which != api::ExportWhich::None)
        std::fprintf(stderr,
                     "warning: releases are written for evaluation only: with a fixed seed the noise can be "
                     "regenerated, so they are NOT differentially private (their manifests say "
                     "\"publishable\": false). Use --release-mode to make publishable releases.\n");
    std::fprintf(stderr, "run: %s, %s, %zu series, k = %d, engine %s%s\n", counted(steps, "step").c_str(),
                 counted(static_cast<long long>(run.workloadLabels().size()), "workload").c_str(),
                 r.config.series.size(), r.config.rounds, r.config.fitEngine.c_str(),
                 r.config.secureRandom ? ", release mode (OS entropy, discrete noise)" : "");
    for (const privacy::Budget& b : r.privacy.budgets)
        std::fprintf(stderr, "privacy: %s per stream\n", b.describe().c_str());
}

// Repeats 2..R: metrics only (releases and the ledger are those of repeat 1).
std::vector<std::vector<api::SeriesStepResult>> runRepeats(api::Run& run, const RunRequest& r, int steps) {
    std::vector<std::vector<api::SeriesStepResult>> more;
    for (int rep = 2; rep <= r.repeats; ++rep) {
        const auto start = Clock::now();
        more.push_back(run.runRepeat(rep, steps, [&](int step, int count) {
            const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
            std::fprintf(stderr, "repeat %d/%d: step %d/%d done, %.1fs elapsed, ETA %.0fs\n", rep, r.repeats,
                         step, count, elapsed, elapsed / step * (count - step));
        }));
    }
    return more;
}

int runChecked(const QCommandLineParser& p, RunRequest& r, Clock::time_point started);

void addRecoveryOptions(QCommandLineParser& p) {
    p.addOption({"recover-from",
                 "Release mode: a recovery stream for a lost session. Starts each series from its last "
                 "published release in OUT (the lost stream's output folder) and releases only steps the "
                 "lost stream never claimed; charged to its dataset (docs/privacy-models.md, \"A lost "
                 "session\").",
                 "OUT"});
    p.addOption({"only-new-rows",
                 "With --recover-from on a batched stream: confirms the table holds only rows the lost "
                 "stream never read (its batch order was kept only in its session)."});
}

// --recover-from: the new stream starts from the lost stream's releases (before step 1).
void applyRecovery(const QCommandLineParser& p, api::Run& run, const RunRequest& r) {
    if (!p.isSet("recover-from")) {
        if (p.isSet("only-new-rows"))
            throw settingError("--only-new-rows", "applies with --recover-from only");
        return;
    }
    if (r.repeats > 1) throw settingError("--repeat", "a recovery stream runs once (--recover-from)");
    api::RecoveryRequest request;
    request.releasesDir = p.value("recover-from").toStdString();
    request.onlyNewRows = p.isSet("only-new-rows");
    std::fputs(api::recoveryText(run.recoverFrom(request)).c_str(), stderr);
}

int runRun(const QStringList& args) {
    QCommandLineParser p;
    addRunOptions(p);
    addCoarsenOptions(p);
    addRecoveryOptions(p);
    ConfigOrigin config;  // a refused value the config file gave names the file
    if (!parseOrHelp(
            p, withConfigFile(p, args, &config),
            "Runs the baseline and proposed streamers over a stream and writes releases, metrics "
            "(NOT differentially private: computed from the private data), a summary and the ledger."))
        return kExitOk;
    const auto started = Clock::now();
    RunRequest r;
    try {
        r = runRequestFrom(p);
    } catch (const Error& e) {
        throw config.blame(e);
    }
    // Refused targets are refused before anything is created or locked (no
    // lock file beside a table given as --session, no empty output folder).
    api::checkNewRunTargets(r.sessionPath, r.output.dir, r.replace);
    const api::NewRunTargets targets = api::newRunTargets(r.sessionPath, r.output.dir);
    try {
        return runChecked(p, r, started);
    } catch (const Error& e) {
        api::removeRefusedRunLitter(targets);  // a refused run leaves nothing behind (issue 45)
        throw config.blame(e);
    } catch (...) {
        api::removeRefusedRunLitter(targets);
        throw;
    }
}

// Saves the session at the run's end and says which steps it holds.
void saveSessionSaying(api::Run& run, const std::string& path) {
    run.saveSession(path);
    const int skipped = std::atoi(run.sessionSetting(api::kRecoveredSkippedSetting).c_str());
    if (skipped > 0)  // a recovery stream: its first steps are the lost stream's
        std::fprintf(stderr, "session saved to %s (%s released; 1..%d by the lost stream)\n", path.c_str(),
                     stepRange(skipped + 1, run.nextStep() - 1).c_str(), skipped);
    else
        std::fprintf(stderr, "session saved to %s (%s released)\n", path.c_str(),
                     stepRange(1, run.nextStep() - 1).c_str());
}

int runChecked(const QCommandLineParser& p, RunRequest& r, Clock::time_point started) {
    api::Workbench workbench;
    workbench.loadInput(r.input);  // a file, or a PostgreSQL table counted by the server (--db)
    printNotes(workbench.summary().problems);
    if (p.isSet("coarsen")) {  // every refusal that needs no coarsened domain comes before the DP choice
        workbench.checkRun(r.config, r.workloads);
        api::checkNewRunTargets(r.sessionPath, r.output.dir, r.replace);
    }
    const bool coarsened = applyCoarsening(p, workbench, r);  // before step 1, once per stream
    std::unique_ptr<api::Run> run =
        workbench.prepareRun(r.config, r.workloads);  // validates (k vs |Q|, ε, …)
    const int steps = r.stopAfter > 0 ? std::min(r.stopAfter, run->stepCount()) : run->stepCount();
    warnAboutSeeds(r, *run, steps);
    if (!r.seedNote.empty()) std::fprintf(stderr, "%s\n", r.seedNote.c_str());
    for (const std::string& w : run->supportWarnings(steps)) std::fprintf(stderr, "warning: %s\n", w.c_str());
    run->setOutput(r.output);                        // locks the folder
    run->setSessionFile(r.sessionPath, r.autosave);  // locks the session
    if (r.sessionDefaulted)
        std::fprintf(stderr,
                     "session: %s (a real release keeps one; `streamsynth-cli continue --session %s --data "
                     "FILE` releases the table's new rows)\n",
                     r.sessionPath.c_str(), r.sessionPath.c_str());
    api::checkNewRunTargets(r.sessionPath, r.output.dir, r.replace);
    applyRegistryOptions(p, *run,
                         &r.input);  // release mode: the registry, the published series and their total
    applyRecovery(p, *run, r);
    std::fputs(r.coarseningNote.c_str(), stderr);  // the run is set up: the choice is released with it
    printReleaseStorage(*run, r.output, run->nextStep(), steps);
    // --replace: the old release tree leaves first, so no stale step file remains.
    const std::string aside = r.replace ? api::setAsideReplacedReleases(r.output.dir) : std::string();
    // Ctrl+C: stop once the step under way is released and saved (a second one leaves a
    // session to continue from only when it is saved after every step).
    StopRequests stops(!r.sessionPath.empty() && r.autosave);
    const auto runAndWrite = [&] {
        stops.betweenSteps();  // a stop asked while the run was set up: no step at all
        run->run(stoppable(progressPrinter(steps), stops), stops.cancel(), steps);
        if (!r.sessionPath.empty()) saveSessionSaying(*run, r.sessionPath);
        const bool stopped = stops.requested() && run->nextStep() - 1 < steps;
        if (stopped && r.repeats > 1)
            std::fprintf(stderr, "note: the reruns of --repeat %d were not made: the run was stopped\n",
                         r.repeats);
        auto repeats =
            stopped ? std::vector<std::vector<api::SeriesStepResult>>{} : runRepeats(*run, r, steps);
        writeRunFiles(*run, r.output.dir, r.sessionPath, repeats);
        if (coarsened) {  // the kept labels are a DP output: a re-run reads them instead of choosing again
            workbench.saveSchema(r.output.dir + "/schema-coarsened.json");
            std::fprintf(stderr, "wrote %s/schema-coarsened.json (the coarsened domain)\n",
                         r.output.dir.c_str());
        }
        return repeats;
    };
    std::vector<std::vector<api::SeriesStepResult>> more;
    try {
        more = runAndWrite();
    } catch (...) {
        api::finishReplacedReleases(r.output.dir, aside, false);
        throw;
    }
    api::finishReplacedReleases(r.output.dir, aside, true);
    const std::string summary = run->summaryJson(more);
    if (r.json) writeOutput({}, summary);
    printOneWaySummary(r.json ? stderr : stdout, *run);
    // The repeats made: a stopped run skips the reruns (summary.json says 1).
    printSummaryTable(r.json ? stderr : stdout, summary, static_cast<int>(more.size()) + 1,
                      std::chrono::duration<double>(Clock::now() - started).count());
    std::fprintf(stderr, "wrote %s/{metrics.csv,summary.json,ledger.json}%s\n", r.output.dir.c_str(),
                 r.output.which == api::ExportWhich::None ? "" : " and releases");
    return reportStop(stops, run->nextStep() - 1, steps, run->stepCount(), r.sessionPath,
                      !r.input.database.connection.empty())
               ? kExitStopped
               : kExitOk;
}

const RegisterCommand reg{
    {"run", "run baseline/proposed streamers over a stream; write releases, metrics, ledger", runRun}};

}  // namespace
}  // namespace streamsynth::cli
