// `run --release-marginals` (core/io/marginals_release.h): every step's
// noisy marginals of each proposed series beside its release, none for the
// baseline; the ledger, the releases and the metrics are byte for byte those
// of the same run without the flag (post-processing: nothing drawn, nothing
// charged); the CSV and its manifest agree (cells, standard errors, the step,
// the budget so far) and carry no private count; files have the release's
// access; `continue` keeps writing them, and after a crash between the
// journal and the files it writes the lost ones identically.
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "support/test_data.h"

using namespace streamsynth::test;

namespace {
const QString kFolder = "releases/proposed-simple/eps1/";

QStringList runArgs(const QString& data, const QString& out, const QStringList& extra = {}) {
    return adultRun(data, 500, 2, 10, "baseline,proposed:simple") + QStringList{"--seed", "5", "--out", out} +
           extra;
}

QJsonObject readMarginalsJson(const QString& path) {
    return QJsonDocument::fromJson(readBytes(path)).object();
}

// Every marginals file under out/releases, by relative path.
std::map<QString, QByteArray> marginalsFiles(const QString& out) {
    std::map<QString, QByteArray> files;
    QDirIterator it(out + "/releases", {"marginals-*"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files[QDir(out).relativeFilePath(path)] = readBytes(path);
    }
    return files;
}
}  // namespace

class TestReleaseMarginals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writtenBesideReleasesAtNoCost() {
        QTemporaryDir dir;
        const QString a2k = writeAdultRows(dir, "a2k.csv", 2000);
        QVERIFY(!a2k.isEmpty());
        const QString with = dir.filePath("with"), without = dir.filePath("without");
        auto r = runCli(runArgs(a2k, with, {"--release-marginals"}));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli(runArgs(a2k, without));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // Nothing charged, nothing drawn: the same ledger, releases and metrics.
        QCOMPARE(readBytes(with + "/ledger.json"), readBytes(without + "/ledger.json"));
        QCOMPARE(releaseFiles(with), releaseFiles(without));
        QCOMPARE(metricsWithoutSeconds(with + "/metrics.csv"),
                 metricsWithoutSeconds(without + "/metrics.csv"));
        QVERIFY(marginalsFiles(without).empty());
        const auto files = marginalsFiles(with);
        QCOMPARE(int(files.size()), 2 * 4);  // proposed only, 4 steps, CSV + JSON
        for (const auto& [path, bytes] : files) QVERIFY2(path.startsWith(kFolder), qPrintable(path));
        for (int t = 1; t <= 4; ++t) {
            const QString base = with + "/" + kFolder + QString("marginals-%1").arg(t, 4, 10, QChar('0'));
            checkStep(base, t);
            // The access of the release beside it.
            QCOMPARE(QFileInfo(base + ".csv").permissions(),
                     QFileInfo(with + "/" + kFolder + QString("step-%1.csv").arg(t, 4, 10, QChar('0')))
                         .permissions());
        }
    }

    void continueAndCrashRecoveryWriteTheSame() {
        QTemporaryDir dir;
        const QString a2k = writeAdultRows(dir, "a2k.csv", 2000);
        const QString a3k = writeAdultRows(dir, "a3k.csv", 3000);
        const QString refOut = dir.filePath("ref"), refSession = dir.filePath("ref.session");
        auto r = runCli(runArgs(a2k, refOut, {"--release-marginals", "--session", refSession, "--autosave"}));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // The session keeps the choice: `continue` writes steps 5 and 6 too.
        r = runCli({"continue", "--session", refSession, "--data", a3k});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(refOut + "/" + kFolder + "marginals-0006.csv"));
        QVERIFY(QFile::exists(refOut + "/" + kFolder + "marginals-0006.json"));
        // A crash after step 3's journal, before its files: `continue` writes them from the session.
        const QString out = dir.filePath("crash"), session = dir.filePath("crash.session");
        QProcess crash;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("STREAMSYNTH_FAULT", "after-journal:3");
        crash.setProcessEnvironment(env);
        crash.start(streamsynth::test::cliWithFaultsPath(),
                    runArgs(a2k, out, {"--release-marginals", "--session", session, "--autosave"}));
        QVERIFY(crash.waitForFinished(120000));
        QCOMPARE(crash.exitCode(), 75);
        QVERIFY(!QFile::exists(out + "/" + kFolder + "marginals-0003.csv"));
        r = runCli({"continue", "--session", session, "--data", a3k});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto got = marginalsFiles(out), want = marginalsFiles(refOut);
        QCOMPARE(int(want.size()), 2 * 6);
        for (const auto& [path, bytes] : want)
            QVERIFY2(got.count(path) && got.at(path) == bytes, qPrintable(path));
    }

private:
    // The CSV's cells against the manifest's items; no private value.
    static void checkStep(const QString& base, int step) {
        const QJsonObject m = readMarginalsJson(base + ".json");
        QCOMPARE(m.value("product").toString(), QString("noisy marginals"));
        QCOMPARE(m.value("step").toInt(), step);
        QCOMPARE(m.value("publishable").toBool(true), false);  // seeded
        QVERIFY(!m.contains("rows"));
        QCOMPARE(m.value("cost_of_this_file").toDouble(-1), 0.0);
        // Every step of this run charges ε = 1 (two full rounds and the tracked counters).
        QVERIFY(std::fabs(m.value("epsilon_charged_so_far_sum_over_steps").toDouble() - step) < 1e-9);
        QVERIFY(std::fabs(m.value("epsilon_largest_step_charge_so_far").toDouble() - 1.0) < 1e-9);
        const QStringList lines = QString::fromUtf8(readBytes(base + ".csv")).split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() > 1);
        QVERIFY(lines[0].startsWith("step,workload,kind,count,standard_error,age,workclass,"));
        int cells = 0, continual = 0, anchored = 0;
        std::map<QString, double> se;  // workload|kind -> standard error
        for (const QJsonValue& v : m.value("workloads").toArray()) {
            const QJsonObject w = v.toObject();
            cells += w.value("cells").toInt();
            QVERIFY(w.value("standard_error").toDouble() > 0);
            QVERIFY(std::fabs(w.value("standard_error").toDouble() -
                              std::sqrt(w.value("variance").toDouble())) < 1e-12);
            se[w.value("workload").toString() + "|" + w.value("kind").toString()] =
                w.value("standard_error").toDouble();
            if (w.value("kind").toString() == "continual") {
                ++continual;
                QCOMPARE(w.value("counts_rows_of_steps").toArray(), (QJsonArray{1, step}));
            } else {
                ++anchored;
                QVERIFY(w.value("anchor_step").toInt() < step);
            }
        }
        QCOMPARE(continual, 14 + 5);              // every attribute; the five small workloads of Adult
        QVERIFY(anchored >= 1 && anchored <= 2);  // the workloads the two rounds measured
        QCOMPARE(lines.size() - 1, cells);
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList f = lines[i].split(',');  // Adult's labels hold no commas
            QCOMPARE(f.size(), 5 + 14);
            QCOMPARE(f[0].toInt(), step);
            QVERIFY2(se.count(f[1] + "|" + f[2]), qPrintable(lines[i]));
            QCOMPARE(f[4].toDouble(), se[f[1] + "|" + f[2]]);
            bool ok = false;
            f[3].toDouble(&ok);
            QVERIFY(ok);
            int labelled = 0;
            for (int a = 5; a < f.size(); ++a) labelled += f[a].isEmpty() ? 0 : 1;
            QCOMPARE(labelled, int(f[1].count(QString::fromUtf8("×"))) + 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestReleaseMarginals)
#include "test_release_marginals.moc"
