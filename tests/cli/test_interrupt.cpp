// End to end: Ctrl+C (SIGINT) and SIGTERM during `run` and `continue`. The
// first stops the stream once the step under way is released and saved:
// exit 130, words saying which steps are released and how to go on, and
// files byte for byte those of a run told to stop at that step (`--steps N`),
// so the stopped step's release is a whole one (its rounds not cut short).
// `continue` then resumes at the next step. A second signal stops at once
// (the process ends by the signal), and `continue` still resumes.
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <csignal>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "support/test_data.h"

using streamsynth::test::adultHead;
using streamsynth::test::metricsWithoutSeconds;
using streamsynth::test::releaseFiles;
using streamsynth::test::runCli;

namespace {

constexpr int kRows = 6000;
constexpr int kSteps = kRows / 50;

struct Signalled {
    bool started = false;  // the marker was seen while the process ran
    int code = -1;
    QProcess::ExitStatus status = QProcess::NormalExit;
    QString err;
};

// Starts the CLI, waits until stderr says `marker`, sends `sent` and
// waits for the end. Several are sent while the process is stopped
// (SIGSTOP), so that all reach it however fast it would finish the step
// after the first; they must differ, as ordinary signals are not queued.
Signalled signalAfter(const QStringList& args, const QString& marker, const QList<int>& sent) {
    Signalled s;
    QProcess p;
    p.start(streamsynth::test::cliPath(), args);
    if (!p.waitForStarted(10000)) return s;
    QByteArray err;
    if (!streamsynth::test::waitForStderr(p, marker, err)) return s;
    s.started = p.state() == QProcess::Running;
    const auto pid = static_cast<pid_t>(p.processId());
    if (sent.size() > 1) ::kill(pid, SIGSTOP);
    for (int sig : sent) ::kill(pid, sig);
    if (sent.size() > 1) ::kill(pid, SIGCONT);
    p.waitForFinished(120000);
    s.code = p.exitCode();
    s.status = p.exitStatus();
    s.err = QString::fromUtf8(err + p.readAllStandardError());
    return s;
}

struct Workspace {
    QTemporaryDir dir;
    QString data = dir.filePath("adult6k.csv");
    QString session = dir.filePath("s.session");
    bool ready = dir.isValid() && streamsynth::test::writeBytes(data, adultHead(kRows));
    QStringList run(const QString& out, const QStringList& extra = {}) const {
        return QStringList{"run",
                           "--data",
                           data,
                           "--schema",
                           streamsynth::test::dataFile("adult-domain.json"),
                           "--batch",
                           "50",
                           "--k",
                           "2",
                           "--iters",
                           "30",
                           "--seed",
                           "7",
                           "--series",
                           "baseline,proposed:simple",
                           "--threads",
                           "1",
                           "--out",
                           dir.filePath(out)} +
               extra;
    }
    QStringList continued() const { return {"continue", "--session", session, "--data", data}; }
};

}  // namespace

class TestInterrupt : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ctrlCStopsAfterAWholeStepAndContinueResumes();
    void aSecondSignalStopsAtOnceAndContinueResumes();
    void theWordsFitAShortenedRunAndOneWithoutASession();
};

void TestInterrupt::ctrlCStopsAfterAWholeStepAndContinueResumes() {
    Workspace w;
    QVERIFY(w.ready);
    const Signalled s = signalAfter(w.run("stopped", {"--session", w.session}), "step 3/", {SIGINT});
    QVERIFY2(s.started, "the run ended before its third step was reported");
    QCOMPARE(s.status, QProcess::NormalExit);
    QCOMPARE(s.code, 130);
    const QRegularExpression said(
        QStringLiteral(
            "stopped on request after step (\\d+) of %1: steps 1\\.\\.\\1 are released and saved in ")
            .arg(kSteps));
    const auto m = said.match(s.err);
    QVERIFY2(m.hasMatch(), qPrintable(s.err.right(600)));
    const int n = m.captured(1).toInt();
    QVERIFY(n >= 3 && n < kSteps);
    QVERIFY(s.err.contains(QStringLiteral("continue --session %1 --data TABLE` runs steps %2..%3")
                               .arg(w.session)
                               .arg(n + 1)
                               .arg(kSteps)));

    // The files of a run told to stop at step n, byte for byte (timings aside).
    const auto whole = runCli(w.run("told", {"--steps", QString::number(n)}));
    QCOMPARE(whole.code, 0);
    QCOMPARE(metricsWithoutSeconds(w.dir.filePath("stopped/metrics.csv")),
             metricsWithoutSeconds(w.dir.filePath("told/metrics.csv")));
    const auto files = releaseFiles(w.dir.filePath("told"));
    QVERIFY(!files.empty());
    QVERIFY(releaseFiles(w.dir.filePath("stopped")) == files);

    // continue goes on from step n + 1 to the end.
    const auto rest = runCli(w.continued());
    QVERIFY2(rest.code == 0, qPrintable(rest.err.right(600)));
    QVERIFY2(rest.out.contains(QStringLiteral("released steps %1..%2").arg(n + 1).arg(kSteps)),
             qPrintable(rest.out));
}

void TestInterrupt::aSecondSignalStopsAtOnceAndContinueResumes() {
    Workspace w;
    QVERIFY(w.ready);
    const Signalled s =
        signalAfter(w.run("killed", {"--session", w.session, "--autosave"}), "step 3/", {SIGINT, SIGTERM});
    QVERIFY2(s.started, "the run ended before its third step was reported");
    QCOMPARE(s.status, QProcess::CrashExit);  // ended by the signal, not by a return
    QVERIFY(!s.err.contains("stopped on request"));
    const auto rest = runCli(w.continued());
    QVERIFY2(rest.code == 0, qPrintable(rest.err.right(600)));
    QVERIFY2(rest.out.contains(QStringLiteral("session %1 now holds steps 1..%2").arg(w.session).arg(kSteps)),
             qPrintable(rest.out));
}

// A CLI walkthrough of 2026-12-01 found: with --steps 60 the words said
// `continue` runs steps n+1..60, but it runs the whole stream; without a
// session (or one saved only at the end) the first signal still promised that
// `continue` resumes after a second; and a stopped --repeat 3 printed "mean
// over repeats (3 repeats)" over one run.
void TestInterrupt::theWordsFitAShortenedRunAndOneWithoutASession() {
    Workspace w;
    QVERIFY(w.ready);
    const Signalled s = signalAfter(w.run("short", {"--session", w.session, "--autosave", "--steps", "60"}),
                                    "step 3/", {SIGINT});
    QVERIFY2(s.started, "the run ended before its third step was reported");
    QCOMPARE(s.code, 130);
    const auto m =
        QRegularExpression(QStringLiteral("stopped on request after step (\\d+) of 60: ")).match(s.err);
    QVERIFY2(m.hasMatch(), qPrintable(s.err.right(600)));
    const int n = m.captured(1).toInt();
    QVERIFY2(s.err.contains(QStringLiteral("` runs steps %1..%2").arg(n + 1).arg(kSteps)),
             qPrintable(s.err.right(600)));
    QVERIFY(s.err.contains("`continue` then resumes the stream"));

    QProcess p;
    p.start(streamsynth::test::cliPath(), w.run("once", {"--repeat", "3"}));
    QVERIFY(p.waitForStarted(10000));
    QByteArray err;
    QVERIFY(streamsynth::test::waitForStderr(p, "step 3/", err));
    ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 130);
    const QString said = QString::fromUtf8(err + p.readAllStandardError());
    const QString table = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(said.contains("leaving no session to continue from"), qPrintable(said.right(600)));
    QVERIFY2(!said.contains("`continue` then resumes"), qPrintable(said.right(600)));
    QVERIFY(said.contains("the reruns of --repeat 3 were not made"));
    QVERIFY2(!table.contains("repeats"), qPrintable(table));
}

QTEST_APPLESS_MAIN(TestInterrupt)
#include "test_interrupt.moc"
