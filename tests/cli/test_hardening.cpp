// Issue 45's hardening round, each case as reproduced, named for it
// (docs/bad-inputs.md, "Hardening round"): an output folder belongs to one
// stream; no command writes over a session; folders 0700 and private files
// 0600 whatever the umask; a FIFO as an output is refused before anything
// blocks; absurd numeric bounds are refused; refused runs leave nothing
// behind; messages in the steward's words.
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "cli/registry_workspace.h"

using namespace streamsynth::test;

namespace {

int modeOf(const QString& path) {
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? static_cast<int>(st.st_mode & 0777) : -1;
}

// The CLI run with umask 000, as a careless shell would.
CliResult runWithUmask000(const QStringList& args) {
    QProcess p;
    p.setChildProcessModifier([] { ::umask(0); });
    p.start(cliPath(), args);
    if (!p.waitForFinished(120000)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QStringList evaluationRun(const QString& data, const QString& out) {
    return adultRun(data, 500, 1, 5, "baseline") + QStringList{"--seed", "1", "--out", out};
}

QStringList inspectArgs(const QString& data) {
    return {"inspect", "--data", data, "--schema", dataFile("adult-domain.json"), "--batch", "500"};
}

}  // namespace

class TestHardening : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Issue 45, 1: `continue` of stream B into stream A's output folder.
    void continueIntoAnotherStreamsFolderIsRefused() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli(w.continued());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto before = releaseFiles(w.out);
        const QByteArray ledger = readBytes(w.out + "/ledger.json");
        QStringList b = w.run({"--charge-to-dataset", "a1k"});
        const QString bSession = w.dir.filePath("b.session");
        b[b.indexOf("--session") + 1] = bSession;
        b[b.indexOf("--out") + 1] = w.dir.filePath("b");
        r = runCli(b);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli(w.continued(bSession, {"--out", w.out}));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("holds the releases of stream") && r.err.contains("belongs to one stream"),
                 qPrintable(r.err));
        QVERIFY(releaseFiles(w.out) == before);
        QCOMPARE(readBytes(w.out + "/ledger.json"), ledger);
    }

    // Issue 45, 2: evaluate --out and inspect --write-schema naming a session.
    void outputsNeverReplaceASession() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QByteArray session = readBytes(w.session);
        r = runCli(inspectArgs(w.a1k) << "--write-schema" << w.session);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("it is a StreamSynth session"), qPrintable(r.err));
        r = runCli({"evaluate", "--data", w.a1k, "--schema", dataFile("adult-domain.json"), "--batch", "500",
                    "--synthetic", w.out + "/releases/baseline/eps1", "--out", w.session});
        QCOMPARE(r.code, 3);  // refused for the session in the way, not for another reason
        QVERIFY2(r.err.contains("it is a StreamSynth session"), qPrintable(r.err));
        QCOMPARE(readBytes(w.session), session);
    }

    // Issue 45, 3: umask 000 gives no world-writable folder and no readable seed.
    void privateFoldersWhateverTheUmask() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        const QString out = w.dir.filePath("eval/deeper");
        auto r = runWithUmask000(evaluationRun(w.a1k, out));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(modeOf(w.dir.filePath("eval")), 0700);
        QCOMPARE(modeOf(out), 0700);
        QCOMPARE(modeOf(out + "/releases/baseline/eps1"), 0700);
        QCOMPARE(modeOf(out + "/releases/baseline/eps1/step-0001.csv"), 0600);   // seeded: not publishable
        QCOMPARE(modeOf(out + "/releases/baseline/eps1/step-0001.json"), 0600);  // names the seed
        QCOMPARE(modeOf(out + "/metrics.csv"), 0600);
        // The registry's folder and a release-mode run's folders.
        QStringList run = w.run();
        const QString registry = w.dir.filePath("reg/sub/registry.sqlite");
        run[run.indexOf("--registry") + 1] = registry;
        r = runWithUmask000(run);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(modeOf(w.dir.filePath("reg/sub")), 0700);
        QCOMPARE(modeOf(registry), 0600);
        QCOMPARE(modeOf(w.out), 0700);
        const int published = modeOf(w.out + "/releases/baseline/eps1/step-0001.csv.gz");
        QVERIFY2((published & 0022) == 0,
                 qPrintable(QString::number(published, 8)));  // never writable by others
    }

    // Issue 45, 4: a FIFO as an output, with no reader.
    void fifoAsAnOutputIsRefused() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        const QString fifo = w.dir.filePath("ff");
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        auto r = runCli(inspectArgs(w.a1k) << "--write-schema" << fifo, 60000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("named pipe (FIFO)"), qPrintable(r.err));
        const QString out = w.dir.filePath("o");
        QVERIFY2(runCli(evaluationRun(w.a1k, out)).code == 0, "the evaluation run failed");
        r = runCli({"evaluate", "--data", w.a1k, "--schema", dataFile("adult-domain.json"), "--batch", "500",
                    "--synthetic", out + "/releases/baseline/eps1", "--out", fifo},
                   60000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("named pipe (FIFO)"), qPrintable(r.err));
    }

    // Review 2026-12-01: readers of files StreamSynth reads back (fit's
    // measurements, the release journal, a release's manifest) blocked on a
    // FIFO or filled the memory from /dev/zero; now a regular file only.
    void fifoAsAnInputReadBackIsRefused() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        const QString fifo = w.dir.filePath("ff");
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        auto r = runCli({"fit", "--schema", dataFile("adult-domain.json"), "--measurements", fifo, "--sigma",
                         "1", "--iters", "5"},
                        60000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("FIFO (named pipe)"), qPrintable(r.err));
        const QString out = w.dir.filePath("o"), session = w.dir.filePath("e.session");
        QVERIFY2(runCli(evaluationRun(w.a1k, out) << "--session" << session << "--steps"
                                                  << "1")
                         .code == 0,
                 "the evaluation run failed");
        const QString journal = out + "/releases.journal";
        QVERIFY(QFile::remove(journal));
        QVERIFY(::mkfifo(QFile::encodeName(journal).constData(), 0600) == 0);
        r = runCli({"continue", "--session", session, "--data", w.a1k}, 60000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("FIFO (named pipe)") && r.err.contains("the journal"), qPrintable(r.err));
    }

    // Issue 45, 6: bounds of ±1e308 are finite, but no bin between them is printable.
    void absurdNumericBoundsAreRefused() {
        QTemporaryDir dir;
        const QString data = dir.filePath("d.csv"), schema = dir.filePath("s.json");
        QVERIFY(writeBytes(data, "x,y\n1,a\n2,b\n"));
        QVERIFY(writeBytes(schema, R"({"attributes": [{"name": "x", "kind": "numeric", "lower": -1e308,
            "upper": 1e308, "bins": 4}, {"name": "y", "kind": "categorical", "labels": ["a", "b"]}]})"));
        const auto r = runCli({"inspect", "--data", data, "--schema", schema, "--batch", "1"});
        QVERIFY2(r.code == 3 || r.code == 2, qPrintable(r.err));
        QVERIFY2(r.err.contains("too far apart"), qPrintable(r.err));
        QVERIFY(!r.err.contains("nan") && !r.err.contains("inf"));
    }

    // Issue 45, 5: at ε = 1e-6 the noisy total once asked for 13 million rows
    // of a 5,000-row table; a release's rows now follow the input's public size.
    void releaseSizeFollowsTheInput() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        const QString out = w.dir.filePath("tiny-eps");
        QStringList args = adultRun(w.a2k, 500, 1, 5, "baseline,proposed:simple") +
                           QStringList{"--seed", "3", "--epsilon", "1e-6", "--out", out};
        const auto r = runCli(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        bool clipped = false;
        for (const QString series : {"baseline", "proposed-simple"})
            for (int t = 1; t <= 4; ++t) {
                QFile f(QString("%1/releases/%2/eps1e-06/step-%3.json")
                            .arg(out, series)
                            .arg(t, 4, 10, QChar('0')));
                QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
                const QJsonObject m = QJsonDocument::fromJson(f.readAll()).object();
                QCOMPARE(m["release_row_cap"].toInteger(), qint64(4 * 500 * t));  // 4 x the batch size x t
                QVERIFY(m["rows"].toInteger() <= 4 * 500 * t);
                clipped = clipped || m.contains("release_row_cap_note");
            }
        QVERIFY2(clipped, "at ε = 1e-6 some noisy total should have passed the bound");
    }

    // Issue 45, 7: a CSV given as the session; nothing left behind.
    void aTableGivenAsTheSessionIsNotASessionFile() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        const QString out = w.dir.filePath("never");
        const QByteArray table = readBytes(w.a2k);
        QStringList run = w.run();
        run[run.indexOf("--session") + 1] = w.a2k;
        run[run.indexOf("--out") + 1] = out;
        const auto r = runCli(run);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("is not a session file"), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(w.a2k + ".lock"));
        QVERIFY(!QFileInfo::exists(out));
        QCOMPARE(readBytes(w.a2k), table);
    }

    // One step is said in the singular (a walkthrough of 2026-12-01 read "run: 1 steps",
    // "in 1 step files" and "steps 1..1 released").
    void oneStepIsSaidInTheSingular() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        QStringList args = w.run();
        args[args.indexOf("--batch") + 1] = "1000";  // the 1,000-row table in one step
        const auto r = runCli(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const char* words : {"run: 1 step, ", "(step 1 released)"})
            QVERIFY2(r.err.contains(words), qPrintable(words + ("\n" + r.err)));
        for (const char* wrong : {"1 steps", "1 step files", "steps 1..1"})
            QVERIFY2(!r.err.contains(wrong), qPrintable(r.err));
    }

    // Issue 45, 7: evaluate --synthetic reads a release-mode run's compact files
    // (gzip'd, a baseline step's file holding only its new rows).
    void evaluateReadsReleaseModeFiles() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString series = w.out + "/releases/baseline/eps1";
        QVERIFY(QFileInfo::exists(series + "/step-0002.csv.gz"));
        const QString metrics = w.dir.filePath("m.csv");
        r = runCli({"evaluate", "--data", w.a1k, "--schema", dataFile("adult-domain.json"), "--batch", "500",
                    "--synthetic", series, "--out", metrics});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QList<QByteArray> lines = readBytes(metrics).trimmed().split('\n');
        QCOMPARE(lines.size(), 4);  // the "not differentially private" note, the header and steps 1..2
        // Step 2's release is step 1's rows and its own: as many rows as its manifest says.
        QFile manifest(series + "/step-0002.json");
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const qint64 rows = QJsonDocument::fromJson(manifest.readAll()).object()["rows"].toInteger();
        QVERIFY(rows > 0);
        QVERIFY2(lines[3].contains("," + QByteArray::number(rows) + ","), lines[3].constData());
    }

    // Issue 45, 7: a schema size of 1e308 and a field of a million digits, in words.
    void hugeNumbersInWords() {
        QTemporaryDir dir;
        const QString data = dir.filePath("d.csv"), schema = dir.filePath("s.json");
        QVERIFY(writeBytes(schema, R"({"attributes": [{"name": "x", "kind": "integer", "size": 1e308}]})"));
        QVERIFY(writeBytes(data, "x\n1\n"));
        auto r = runCli({"inspect", "--data", data, "--schema", schema, "--batch", "1"});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("is too large (at most 2147483647)"), qPrintable(r.err));
        QVERIFY(
            writeBytes(schema, R"({"attributes": [{"name": "x", "kind": "numeric", "lower": 0, "upper": 10,
            "bins": 2}]})"));
        QVERIFY(writeBytes(data, "x\n1\n" + QByteArray(1000000, '9') + "\n"));
        r = runCli({"inspect", "--data", data, "--schema", schema, "--batch", "1"});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("line 3") && r.err.contains("a number of 1000000 digits, too large to hold"),
                 qPrintable(r.err.left(400)));
    }

    // Issue 45, 7: --max-total-epsilon 0 in words.
    void zeroLimitInWords() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        const auto r = runCli(w.run({"--max-total-epsilon", "0"}));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("a limit on ε greater than 0, such as 3"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestHardening)
#include "test_hardening.moc"
