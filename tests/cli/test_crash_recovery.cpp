// End to end: a `run --session --autosave` killed (SIGKILL) at points spread
// over a step — during the fits, during the session write, during the
// release writes — and then `continue`d (itself killed once more):
// - right after the kill, no release file on disk is of a step the session
//   does not record (the session is written ahead of the releases; otherwise
//   `continue` would re-run that step with fresh noise, spending its budget
//   twice), and the continuation never rewrites a file that was on disk;
// - seeded runs end with exactly the releases, ledger and metrics of one
//   uninterrupted run, byte for byte (timings aside); a release-mode run ends
//   with every step released once and the ledger at ε per step.
// Two attributes are numeric bins exported as values drawn inside the bin
// (--bins uniform), so the export random state must survive the crash too.
// A fault point (STREAMSYNTH_FAULT=after-session-save:<step>) stops the CLI
// exactly between a step's session save and its release files: `continue`
// writes the lost files, identical to the uninterrupted run's, and with
// --export-releases last writes nothing that was not due.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <map>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "core/io/session_store.h"
#include "support/test_data.h"

using streamsynth::test::adultHead;
using streamsynth::test::metricsWithoutSeconds;
using streamsynth::test::readBytes;
using streamsynth::test::releaseFiles;
using streamsynth::test::runCli;

namespace {

const QString kData = streamsynth::test::dataFile("adult.csv");
const QString kSchema = streamsynth::test::dataFile("adult-domain.json");
constexpr int kSteps = 12;  // 6,000 rows in batches of 500

// Adult with age and hours-per-week as numeric bins (the file holds their
// codes 0..84 and 0..98 as numbers), the rest as integer codes.
QString binnedSchema(const QString& dir) {
    const QString path = dir + "/adult-binned.json";
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(R"({"version": 1, "attributes": [
      {"name": "age", "kind": "numeric", "lower": 0, "upper": 85, "bins": 17},
      {"name": "workclass", "kind": "integer", "size": 9},
      {"name": "fnlwgt", "kind": "integer", "size": 100},
      {"name": "education-num", "kind": "integer", "size": 16},
      {"name": "marital-status", "kind": "integer", "size": 7},
      {"name": "occupation", "kind": "integer", "size": 15},
      {"name": "relationship", "kind": "integer", "size": 6},
      {"name": "race", "kind": "integer", "size": 5},
      {"name": "sex", "kind": "integer", "size": 2},
      {"name": "capital-gain", "kind": "integer", "size": 100},
      {"name": "capital-loss", "kind": "integer", "size": 100},
      {"name": "hours-per-week", "kind": "numeric", "lower": 0, "upper": 99, "bins": 9},
      {"name": "native-country", "kind": "integer", "size": 42},
      {"name": "income>50K", "kind": "integer", "size": 2}]})");
    return path;
}

QStringList runArgs(const QString& data, const QString& out) {
    const QString dir = QFileInfo(data).absolutePath();
    return {"run",
            "--data",
            data,
            "--schema",
            binnedSchema(dir),
            "--bins",
            "uniform",
            "--batch",
            "500",
            "--k",
            "2",
            "--iters",
            "30",
            "--seed",
            "4",
            "--series",
            "baseline,proposed:simple",
            "--out",
            out};
}

int stepOf(const QString& relPath) {
    const int at = relPath.lastIndexOf("step-");
    return relPath.mid(at + 5, 4).toInt();
}

// A temporary folder holding the first 6,000 rows of Adult (12 steps), the
// session path and the output folder of the run that will crash.
struct Workspace {
    QTemporaryDir dir;
    QString data = dir.filePath("adult6k.csv");
    QString session = dir.filePath("s.session");
    QString out = dir.filePath("crashed");
    bool ready = dir.isValid() && streamsynth::test::writeBytes(data, adultHead(6000));
    QStringList autosaved(const QStringList& extra = {}) const {
        return runArgs(data, out) + extra << "--session" << session << "--autosave";
    }
    QStringList continued() const { return {"continue", "--session", session, "--data", data}; }
};

// Starts the CLI, waits until its stderr says `marker`, waits delayMs more
// and kills it. False if it finished (or never said marker) first.
bool killAfter(const QStringList& args, const QString& marker, int delayMs) {
    QProcess p;
    p.start(streamsynth::test::cliPath(), args);
    if (!p.waitForStarted(10000)) return false;
    QByteArray err;
    if (!streamsynth::test::waitForStderr(p, marker, err)) return false;
    if (delayMs > 0) QThread::msleep(static_cast<unsigned long>(delayMs));
    const bool running = p.state() == QProcess::Running;
    p.kill();  // SIGKILL: no cleanup, no flush
    p.waitForFinished(10000);
    return running;
}

}  // namespace

class TestCrashRecovery : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void killedRunsContinueToTheSameStream_data();
    void killedRunsContinueToTheSameStream();
    void releasesLostAfterTheSaveAreRewritten();
    void exportLastWritesOnlyWhatWasDue();
    void lostFilesOfTheLastStepAreFinishedWithoutNewRows();
    void runFilesThatCouldNotBeWrittenComeBackWithoutNewRows();
};

void TestCrashRecovery::killedRunsContinueToTheSameStream_data() {
    QTest::addColumn<QString>("marker");
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<bool>("releaseMode");
    // Kill points: just at the end of a step (while the session or the
    // releases are being written), and a few milliseconds into the next
    // steps (fits, selection, sampling).
    QTest::newRow("at end of step 2") << "step 2/12 done" << 0 << false;
    QTest::newRow("1 ms after step 3") << "step 3/12 done" << 1 << false;
    QTest::newRow("7 ms after step 5") << "step 5/12 done" << 7 << false;
    QTest::newRow("after step 7's last series") << "step 7/12 proposed-simple" << 0 << false;
    QTest::newRow("40 ms after step 8") << "step 8/12 done" << 40 << false;
    QTest::newRow("release mode, after step 4's last series") << "step 4/12 proposed-simple" << 0 << true;
    QTest::newRow("release mode, at end of step 6") << "step 6/12 done" << 0 << true;
}

void TestCrashRecovery::killedRunsContinueToTheSameStream() {
    QFETCH(QString, marker);
    QFETCH(int, delayMs);
    QFETCH(bool, releaseMode);
    const Workspace w;
    QVERIFY(w.ready);
    const QTemporaryDir& dir = w.dir;
    const QString& data = w.data;
    QStringList args = w.autosaved();
    if (releaseMode) {
        // Real releases take no seed (refused with --release-mode) and claim
        // their steps in a registry: the workspace's own.
        const auto seed = args.indexOf("--seed");
        args.remove(seed, 2);
        args << "--release-mode"
             << "--registry" << dir.filePath("registry.sqlite") << "--new-registry"
             << "--other-table";
    }
    const QString& session = w.session;
    const QString& out = w.out;
    // A run that ends before the kill point (refused, or done) fails here:
    // these rows were once skipped for years of commits by a refusal.
    QVERIFY2(killAfter(args, marker, delayMs), "the run ended before the kill point");
    QVERIFY2(QFile::exists(session), "a session is saved after step 1, before any release");

    // Write-ahead: every release on disk is of a step the session records.
    const auto atKill = releaseFiles(out);
    const int recorded =
        static_cast<int>(streamsynth::io::loadSession(session.toStdString()).stepDigests.size());
    for (const auto& [path, bytes] : atKill)
        QVERIFY2(stepOf(path) <= recorded,
                 qPrintable(QString("%1 on disk, session records steps 1..%2").arg(path).arg(recorded)));

    // The continuation is killed once too, right after its first series finished a step (claimed
    // and released; "step " alone matched its set-up line "… in 9 step files", before any step).
    QVERIFY2(killAfter(w.continued(), "/12 baseline", 0),
             "the continuation should still be running after its first step line");
    const auto cont = runCli(w.continued());
    QVERIFY2(cont.code == 0, qPrintable(cont.err));

    const auto atEnd = releaseFiles(out);
    // 2 series × 12 steps × (csv, json); release mode publishes the first series only.
    QCOMPARE(atEnd.size(), static_cast<std::size_t>((releaseMode ? 1 : 2) * 2 * kSteps));
    for (const auto& [path, bytes] : atKill)
        QVERIFY2(atEnd.at(path) == bytes, qPrintable(path + " was rewritten"));
    const QByteArray ledger = readBytes(out + "/ledger.json");
    if (releaseMode) {
        // ε = 1 charged once per step to the published series (the ledger of
        // release mode holds no other): a step run twice would show 2.
        std::map<std::pair<QString, int>, double> spent;
        for (const auto& c : QJsonDocument::fromJson(ledger).object().value("charges").toArray()) {
            const QJsonObject o = c.toObject();
            spent[{o.value("series").toString(), o.value("step").toInt()}] += o.value("epsilon").toDouble();
        }
        QCOMPARE(spent.size(), std::size_t{kSteps});
        for (const auto& [key, eps] : spent)
            QVERIFY2(std::abs(eps - 1.0) < 1e-9, qPrintable(key.first + QString::number(key.second)));
        return;
    }
    const auto once = runCli(runArgs(data, dir.filePath("once")));
    QVERIFY2(once.code == 0, qPrintable(once.err));
    const auto reference = releaseFiles(dir.filePath("once"));
    QCOMPARE(atEnd.size(), reference.size());
    for (const auto& [path, bytes] : reference) QVERIFY2(atEnd.at(path) == bytes, qPrintable(path));
    QCOMPARE(ledger, readBytes(dir.filePath("once/ledger.json")));
    QCOMPARE(metricsWithoutSeconds(out + "/metrics.csv"),
             metricsWithoutSeconds(dir.filePath("once/metrics.csv")));
}

namespace {
// Runs the crash tests' CLI (streamsynth-cli-faults) with STREAMSYNTH_FAULT set for this call only.
streamsynth::test::CliResult runWithFault(const QStringList& args, const QString& fault) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("STREAMSYNTH_FAULT", fault);
    return streamsynth::test::runCliEnv(args, env);
}

// Runs the uninterrupted reference (runArgs + extra) into dir/once and checks
// that out holds exactly its release files, byte for byte.
void expectReleasesOfOneRun(const Workspace& w, const QStringList& extra = {}) {
    const auto once = runCli(runArgs(w.data, w.dir.filePath("once")) + extra);
    QVERIFY2(once.code == 0, qPrintable(once.err));
    const auto reference = releaseFiles(w.dir.filePath("once"));
    const auto got = releaseFiles(w.out);
    QVERIFY(!reference.empty());
    QCOMPARE(got.size(), reference.size());
    for (const auto& [path, bytes] : reference)
        QVERIFY2(got.count(path) && got.at(path) == bytes, qPrintable(path));
}
}  // namespace

void TestCrashRecovery::releasesLostAfterTheSaveAreRewritten() {
    const Workspace w;
    QVERIFY(w.ready);
    const auto crashed = runWithFault(w.autosaved(), "after-session-save:5");
    QCOMPARE(crashed.code, 75);  // stopped by the fault point
    QCOMPARE(streamsynth::io::loadSession(w.session.toStdString()).stepDigests.size(), std::size_t{5});
    for (const QString series : {"baseline", "proposed-simple"}) {
        QVERIFY(QFile::exists(w.out + "/releases/" + series + "/eps1/step-0004.csv"));
        QVERIFY(!QFile::exists(w.out + "/releases/" + series + "/eps1/step-0005.csv"));
    }
    const auto cont = runCli(w.continued());
    QVERIFY2(cont.code == 0, qPrintable(cont.err));
    QVERIFY(cont.err.contains("wrote the release of step 5 for proposed-simple"));
    QVERIFY(cont.err.contains("wrote the release of step 5 for baseline"));
    expectReleasesOfOneRun(w);
}

void TestCrashRecovery::exportLastWritesOnlyWhatWasDue() {
    // --export-releases last: a crash at step 5 must not make `continue`
    // write step 5 (it was never due); the final step's files equal the
    // uninterrupted run's, random draws inside bins included.
    const Workspace w;
    QVERIFY(w.ready);
    const auto crashed = runWithFault(w.autosaved({"--export-releases", "last"}), "after-session-save:5");
    QCOMPARE(crashed.code, 75);
    const auto cont = runCli(w.continued());
    QVERIFY2(cont.code == 0, qPrintable(cont.err));
    QVERIFY(!cont.err.contains("wrote the release"));
    QCOMPARE(releaseFiles(w.out).size(), std::size_t{4});  // 2 series × step 12 × (csv, json)
    expectReleasesOfOneRun(w, {"--export-releases", "last"});
}

void TestCrashRecovery::lostFilesOfTheLastStepAreFinishedWithoutNewRows() {
    // The crash hits between the last step's session save and its files:
    // there are no new rows, yet `continue` must finish those files (and run
    // nothing); a second `continue` is then the plain "nothing new" refusal.
    const Workspace w;
    QVERIFY(w.ready);
    const auto crashed = runWithFault(w.autosaved(), QString("after-session-save:%1").arg(kSteps));
    QCOMPARE(crashed.code, 75);
    QVERIFY(!QFile::exists(w.out + "/releases/baseline/eps1/step-0012.csv"));
    const auto finish = runCli(w.continued());
    QVERIFY2(finish.code == 0, qPrintable(finish.err));
    QVERIFY(finish.out.contains("complete now"));
    expectReleasesOfOneRun(w);
    // The run's other outputs, never written by the crashed run, are there too.
    QCOMPARE(readBytes(w.out + "/ledger.json"), readBytes(w.dir.filePath("once/ledger.json")));
    QCOMPARE(metricsWithoutSeconds(w.out + "/metrics.csv"),
             metricsWithoutSeconds(w.dir.filePath("once/metrics.csv")));
    QVERIFY(QFile::exists(w.out + "/summary.json"));
    const auto again = runCli(w.continued());
    QCOMPARE(again.code, 4);
    QVERIFY(again.err.contains("no new rows"));
}

void TestCrashRecovery::runFilesThatCouldNotBeWrittenComeBackWithoutNewRows() {
    // The run's folder takes its releases but not metrics.csv (a folder of
    // that name is in the way, as a folder made read-only or a full disk
    // would refuse it): the error says how to get the files back, and a
    // `continue` with no new rows writes metrics, summary and ledger from
    // the session, the same as one uninterrupted run's, releasing nothing.
    const Workspace w;
    QVERIFY(w.ready);
    QVERIFY(QDir().mkpath(w.out + "/metrics.csv/in-the-way"));
    QVERIFY(streamsynth::test::writeBytes(w.out + "/.streamsynth.lock", {}));  // an earlier run's folder
    const auto refused = runCli(w.autosaved({"--replace"}));
    QCOMPARE(refused.code, 3);
    QVERIFY2(
        refused.err.contains("The releases and the session are saved") &&
            refused.err.contains("continue --session " + w.session + "` (a file's session: with --data") &&
            refused.err.contains("releasing nothing"),
        qPrintable(refused.err));
    QVERIFY(!QFile::exists(w.out + "/ledger.json"));
    QVERIFY(QDir(w.out + "/metrics.csv").removeRecursively());
    const auto back = runCli(w.continued());
    QVERIFY2(back.code == 0, qPrintable(back.err));
    QVERIFY2(back.out.contains("complete now (nothing was spent)"), qPrintable(back.out));
    expectReleasesOfOneRun(w);
    QCOMPARE(readBytes(w.out + "/ledger.json"), readBytes(w.dir.filePath("once/ledger.json")));
    QCOMPARE(metricsWithoutSeconds(w.out + "/metrics.csv"),
             metricsWithoutSeconds(w.dir.filePath("once/metrics.csv")));
    QVERIFY(QFile::exists(w.out + "/summary.json"));
    // Files a steward removes on purpose are not owed: no new rows is refused.
    QVERIFY(QFile::remove(w.out + "/metrics.csv"));
    const auto removed = runCli(w.continued());
    QCOMPARE(removed.code, 4);
    QVERIFY(removed.err.contains("no new rows"));
    QVERIFY(!QFile::exists(w.out + "/metrics.csv"));
    // Another folder (--out) is not this stream's: nothing to finish there.
    const auto elsewhere = runCli(w.continued() << "--out" << w.dir.filePath("elsewhere"));
    QCOMPARE(elsewhere.code, 4);
    QVERIFY(elsewhere.err.contains("no new rows"));
    const auto again = runCli(w.continued());
    QCOMPARE(again.code, 4);
    QVERIFY(again.err.contains("no new rows"));
}

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "test_crash_recovery.moc"
