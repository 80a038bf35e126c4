// End to end: a date attribute's adjacent public bins merged by `run
// --coarsen Opened=2`: no whole-stream charge in the ledger, the releases
// show the merged date intervals, schema-coarsened.json lists kind "date"
// with the merged ISO edges, and a run with that schema (nothing merged)
// gives the same releases, as does a session stopped and continued; a bad
// date cell is an error naming its line and column without the value.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"

namespace {

using Result = streamsynth::test::CliResult;
using streamsynth::test::readBytes;
using streamsynth::test::runCli;

// 400 rows: Opened on a day of 2000..2010 (yearly bins: 11), color; batches of 100.
void writeDateTable(const QString& dir) {
    QByteArray csv = "Opened,color\n";
    const QDate first(2000, 1, 1);
    for (int row = 0; row < 400; ++row)
        csv += QString("%1,%2\n")
                   .arg(first.addDays((row * 397) % 4018).toString(Qt::ISODate))
                   .arg(QString("rgb")[row % 3])
                   .toUtf8();
    QVERIFY(streamsynth::test::writeBytes(dir + "/d.csv", csv));
    QVERIFY(streamsynth::test::writeBytes(
        dir + "/d.json",
        "{\"attributes\": [{\"name\": \"Opened\", \"kind\": \"date\", \"lower\": \"2000-01-01\", \"upper\": "
        "\"2010-12-31\", \"period\": \"year\"}, {\"name\": \"color\", \"labels\": [\"r\", \"g\", \"b\"]}], "
        "\"batch\": {\"size\": 100}}"));
}

QStringList runArgs(const QString& dir, const QString& schema, const QString& out) {
    return {"run", "--data",   dir + "/d.csv",    "--schema",  schema, "--k",   "1", "--iters", "5", "--seed",
            "3",   "--series", "proposed:simple", "--epsilon", "0.5",  "--out", out};
}

QJsonObject readDatesJson(const QString& path) {
    return QJsonDocument::fromJson(readBytes(path)).object();
}

}  // namespace

class TestCoarsenDates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void dateBinsMergedAtNoCharge() {
        QTemporaryDir dir;
        writeDateTable(dir.path());
        const Result r =
            runCli(runArgs(dir.path(), dir.filePath("d.json"), dir.filePath("out")) << "--coarsen"
                                                                                    << "Opened=2");
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("'Opened' has its 11 bins merged into 2 (public edges, no budget spent): "
                                "[2000-01-01, 2005-01-01) | [2005-01-01, 2010-12-31]"),
                 qPrintable(r.err));
        const QJsonArray charges = readDatesJson(dir.filePath("out/ledger.json"))["charges"].toArray();
        QVERIFY(!charges.isEmpty());
        for (const auto& v : charges) QVERIFY(v.toObject()["step"].toInt() > 0);  // no whole-stream charge
        const auto files = streamsynth::test::releaseFiles(dir.filePath("out"));
        bool merged = false;
        for (const auto& [name, bytes] : files) {
            if (!name.endsWith(".csv")) continue;
            merged = merged || bytes.contains("[2005-01-01, 2010-12-31]");
            QVERIFY2(!bytes.contains("2001-01-01"), qPrintable(name));  // an edge of the old bins only
        }
        QVERIFY(merged);
        const QJsonObject opened =
            readDatesJson(dir.filePath("out/schema-coarsened.json"))["attributes"].toArray()[0].toObject();
        QCOMPARE(opened["kind"].toString(), QString("date"));
        QCOMPARE(opened["edges"].toArray(), (QJsonArray{"2000-01-01", "2005-01-01", "2010-12-31"}));
        // The written schema, used as the schema of a run, merges nothing and gives the same releases.
        const Result again =
            runCli(runArgs(dir.path(), dir.filePath("out/schema-coarsened.json"), dir.filePath("again")));
        QVERIFY2(again.code == 0, qPrintable(again.err));
        QVERIFY2(!again.err.contains("merged into"), qPrintable(again.err));
        const auto againFiles = streamsynth::test::releaseFiles(dir.filePath("again"));
        QCOMPARE(againFiles.size(), files.size());
        for (const auto& [name, bytes] : files)
            if (name.endsWith(".csv")) QCOMPARE(againFiles.at(name), bytes);
    }

    void continuedSessionKeepsTheDateBins() {
        // The session holds the merged date attribute (its schema JSON): a run
        // stopped after 2 steps and continued gives the one run's files.
        QTemporaryDir dir;
        writeDateTable(dir.path());
        const QStringList coarsen{"--coarsen", "Opened=2"};
        const Result once =
            runCli(runArgs(dir.path(), dir.filePath("d.json"), dir.filePath("once")) << coarsen);
        QVERIFY2(once.code == 0, qPrintable(once.err));
        const QString session = dir.filePath("d.session");
        const Result first = runCli(runArgs(dir.path(), dir.filePath("d.json"), dir.filePath("split"))
                                    << coarsen << "--steps"
                                    << "2"
                                    << "--session" << session);
        QVERIFY2(first.code == 0, qPrintable(first.err));
        const Result cont = runCli({"continue", "--session", session, "--data", dir.filePath("d.csv")});
        QVERIFY2(cont.code == 0, qPrintable(cont.err));
        QCOMPARE(readBytes(dir.filePath("split/ledger.json")), readBytes(dir.filePath("once/ledger.json")));
        const auto files = streamsynth::test::releaseFiles(dir.filePath("once"));
        QCOMPARE(files.size(), std::size_t{8});  // 4 steps × (csv + json)
        QVERIFY(files == streamsynth::test::releaseFiles(dir.filePath("split")));
    }

    void badDateCellNamesLineAndColumn() {
        QTemporaryDir dir;
        writeDateTable(dir.path());
        QByteArray csv = readBytes(dir.filePath("d.csv"));
        csv += "2009-02-30,r\n";  // line 402: no such day
        QVERIFY(streamsynth::test::writeBytes(dir.filePath("d.csv"), csv));
        const Result r = runCli(runArgs(dir.path(), dir.filePath("d.json"), dir.filePath("out")));
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("line 402") && r.err.contains("is not a date"), qPrintable(r.err));
        QVERIFY2(r.err.contains("Opened"), qPrintable(r.err));
        QVERIFY2(!r.err.contains("2009-02-30"), qPrintable(r.err));
    }
};

QTEST_APPLESS_MAIN(TestCoarsenDates)
#include "test_coarsen_dates.moc"
