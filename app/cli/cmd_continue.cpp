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
// The check, re-planning, resumed run and write-ahead order are core/api's (shared with the GUI).
#include <cstdio>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/data_options.h"
#include "cli/interrupt.h"
#include "cli/password_prompt.h"
#include "cli/registry_options.h"
#include "cli/run_printer.h"
#include "core/api/session_file.h"
#include "core/values/counted_text.h"
#include "core/values/error.h"

namespace streamsynth::cli {
namespace {

// True when the session records that the run files of its own folder (no
// --out, or --out naming it) could not be written (kRunFilesOwedSetting: a
// folder made read-only, a full disk): they are written from the session,
// spending nothing. Files a steward removed on purpose are not owed.
bool runFilesOwed(const api::Run& run, const QCommandLineParser& p) {
    const std::string owed = run.sessionSetting(kRunFilesOwedSetting);
    return !owed.empty() && owed == run.recordedOutput().dir &&
           (!p.isSet("out") || p.value("out").toStdString() == owed);
}

// Opens the session and checks the grown table; refusals throw Error(Privacy).
// A session that is up to date but whose last step's files may be missing
// (its releases, or the run's metrics, summary and ledger) is resumed to
// finish them (check.accepted stays false).
api::Continuation openContinuation(const QCommandLineParser& p, const std::string& sessionPath) {
    api::SessionFile session(sessionPath);
    if (p.isSet("threads"))
        session.setThreads(static_cast<int>(parseInteger(p.value("threads"), "threads", 0, 256)));
    const bool database = session.fromDatabase();
    if (database && p.isSet("data"))
        throw settingError("--data", "this session reads its rows from a database (--db), not from a file");
    if (!database && (p.isSet("db") || p.isSet("table") || p.isSet("query")))
        throw settingError("--db",
                           "this session was made from a file: continue it with the grown file (--data)");
    api::Continuation cont;
    if (database) {
        // The session knows its table or query and the connection (without
        // password: the password file or a prompt gives it).
        const api::DatabaseSource override{p.value("db").toStdString(), p.value("table").toStdString(),
                                           p.value("query").toStdString()};
        cont = std::move(session).continueFromDatabase(override, terminalPasswordPrompt(),
                                                       /*resumeWhenUpToDate=*/true, continueEndFrom(p));
    } else {
        const char delimiter = p.isSet("delimiter") ? p.value("delimiter").toStdString().c_str()[0] : 0;
        cont = std::move(session).continueWithFile(requireOption(p, "data").toStdString(), delimiter,
                                                   /*resumeWhenUpToDate=*/true, continueEndFrom(p));
    }
    printNotes(cont.check.problems);
    const bool finishOnly =
        !cont.check.accepted && cont.check.upToDate && cont.run && cont.check.releasedSteps > 0 &&
        (cont.run->pendingReleaseStep() == cont.check.releasedSteps || runFilesOwed(*cont.run, p));
    if (!cont.check.accepted && !finishOnly) throw Error(ErrorKind::Privacy, cont.check.refusal, {});
    return cont;
}

// Runs the new steps into output (the releases, then the run's files and the
// session). True when a stop request (Ctrl+C) ended it before its last step.
bool continueInto(api::Run& run, const api::Continuation& cont, const api::ReleaseOutput& output,
                  const std::string& sessionPath, bool database) {
    const int released = cont.check.releasedSteps;
    run.setOutput(output);
    printReleaseStorage(run, output, released + 1, run.stepCount());
    // A run that stopped after saving its last step and before writing all
    // of that step's files: write the missing ones (identical to the lost ones).
    for (const std::string& series : run.finishPendingReleases())
        std::fprintf(
            stderr,
            "note: wrote the release of step %d for %s (the previous run stopped before writing it)\n",
            released, series.c_str());
    run.setSessionFile(sessionPath, /*autosave=*/true);  // write-ahead, as `run --autosave`
    StopRequests stops(true);  // Ctrl+C: stop once the step under way is released and saved
    if (cont.check.accepted) {
        std::fprintf(stderr, "continue: %s (%s already released), %zu series\n",
                     stepRange(released + 1, run.stepCount()).c_str(),
                     (released == 1 ? std::string("step 1") : "1.." + std::to_string(released)).c_str(),
                     run.config().series.size());
        stops.betweenSteps();  // a stop asked while the continuation was set up: no step at all
        run.run(stoppable(progressPrinter(run.stepCount()), stops), stops.cancel());
    }
    // Metrics, summary and ledger over the whole stream (old steps from the session).
    writeRunFiles(run, output.dir, sessionPath);
    run.saveSession(sessionPath);
    if (!cont.check.accepted)
        std::printf(
            "no new rows: all %s already released; the release files of step %d, metrics.csv, "
            "summary.json and ledger.json in %s are complete now (nothing was spent)\n",
            released == 1 ? "1 step is" : (std::to_string(released) + " steps are").c_str(), released,
            output.dir.c_str());
    else
        std::printf("released %s; session %s now holds %s\n",
                    stepRange(released + 1, run.nextStep() - 1).c_str(), sessionPath.c_str(),
                    stepRange(1, run.nextStep() - 1).c_str());
    return reportStop(stops, run.nextStep() - 1, run.stepCount(), run.stepCount(), sessionPath, database);
}

int runContinue(const QStringList& args) {
    QCommandLineParser p;
    p.addOption({"session", "Session file made by `run --session` (updated in place, atomically).", "FILE"});
    p.addOption({"data",
                 "The grown table: the session's rows unchanged, new rows appended (batch) or in new "
                 "periods (time).",
                 "FILE"});
    p.addOption({"db",
                 "A session made from PostgreSQL: its connection string, when not the one the session "
                 "recorded (which has no password: the password file or a prompt gives it).",
                 "URI"});
    p.addOption({"table", "A session made from PostgreSQL: the table, when not the session's.", "NAME"});
    p.addOption({"query", "A session made from PostgreSQL: the query, when not the session's.", "SQL"});
    p.addOption({"out", "Output folder (default: the run's --out).", "DIR"});
    p.addOption({"release-marginals",
                 "Also write the proposed series' noisy marginals beside the new steps' "
                 "releases (kept on when the run wrote them)."});
    p.addOption({"delimiter", "CSV delimiter (default: detect).", "C"});
    addContinueEndOptions(p);
    addRegistryOptions(p, /*withPublish=*/false);
    p.addOption({"threads",
                 "Threads for counting and model fitting (default: the session's; 0 = every core; never more "
                 "than the cores). "
                 "Results do not depend on it.",
                 "N"});
    if (!parseOrHelp(
            p, args,
            "Continues a saved stream with new rows: checks that released steps are unchanged, runs only "
            "the new steps, appends releases, metrics and ledger entries, and saves the session."))
        return kExitOk;
    const std::string sessionPath = requireOption(p, "session").toStdString();
    api::Continuation cont = openContinuation(p, sessionPath);
    api::Run& run = *cont.run;
    const int released = cont.check.releasedSteps;
    if (run.streamIdAssigned() && run.config().secureRandom)
        std::fprintf(stderr,
                     "note: the session had no stream id (it is older than stream ids); it is stream %s "
                     "from now on, and its releases from here are claimed in the release registry\n",
                     run.streamId().c_str());
    applyRegistryOptions(p, run);
    api::ReleaseOutput output = run.recordedOutput();
    const std::string recordedDir = output.dir;
    if (p.isSet("out")) output.dir = p.value("out").toStdString();
    if (run.config().secureRandom && output.dir != recordedDir && !recordedDir.empty())
        std::fprintf(stderr,
                     "note: this stream's releases of %s went to %s; %s gets those from step %d on: publish "
                     "the two folders together\n",
                     stepRange(1, released).c_str(), recordedDir.c_str(), output.dir.c_str(), released + 1);
    if (p.isSet("release-marginals")) output.marginals = true;
    // A continuation refused (by the registry, a lock, a lost folder) leaves no folder it made.
    const api::NewRunTargets targets = api::newRunTargets({}, output.dir);
    try {
        return continueInto(run, cont, output, sessionPath, !p.isSet("data")) ? kExitStopped : kExitOk;
    } catch (...) {
        api::removeRefusedRunLitter(targets);
        throw;
    }
}

const RegisterCommand reg{
    {"continue", "continue a saved session with new rows (only new steps spend budget)", runContinue}};

}  // namespace
}  // namespace streamsynth::cli
