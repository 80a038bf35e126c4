// End to end: `run --coarsen-parents` coarsens a 30-label attribute to the
// parents of a public hierarchy the steward gives in a CSV file (or inline):
// nothing is charged (no whole-stream charge, every step's charges sum to
// ε), the written schema-coarsened.json lists the parents and their
// members, a run with that schema instead codes the table the same (the same
// releases and ledger), a session continued gives the files of one run, bad
// input names the attribute and label (or the file, line and column) and
// never a data value, and inspect shows the hierarchy's figures. On the
// bundled movies.csv, `Major Genre` coarsened to two public groups.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "support/test_data.h"

namespace {

using Result = streamsynth::test::CliResult;
using streamsynth::test::readBytes;
using streamsynth::test::runCli;
using streamsynth::test::writeBytes;

// 600 rows: city c00..c29 (c00 most frequent), color of 3 labels, size
// 0..3; batches of 100 rows in file order. A hierarchy over city:
// c00..c14 -> North, c15..c24 -> "South, coast" (quoted), c25..c29 none.
void writeParentsTable(const QString& dir) {
    QByteArray csv = "city,color,size\n";
    for (int row = 0; row < 600; ++row)
        csv += QString("c%1,%2,%3\n")
                   .arg((row * row + row / 7) % 30, 2, 10, QChar('0'))
                   .arg(QString("rgb")[row % 3])
                   .arg(row % 4)
                   .toUtf8();
    QVERIFY(writeBytes(dir + "/t.csv", csv));
    QString labels;
    for (int c = 0; c < 30; ++c) labels += QString("%1\"c%2\"").arg(c ? "," : "").arg(c, 2, 10, QChar('0'));
    QVERIFY(writeBytes(dir + "/t.json", ("{\"attributes\": [{\"name\": \"city\", \"labels\": [" + labels +
                                         "]}, {\"name\": \"color\", \"labels\": [\"r\", \"g\", \"b\"]}, "
                                         "{\"name\": \"size\", \"kind\": \"integer\", \"size\": 4}], "
                                         "\"batch\": {\"size\": 100, \"order\": \"sorted\"}}")
                                            .toUtf8()));
    QByteArray parents = "label,parent\n";
    for (int c = 0; c < 25; ++c)
        parents +=
            QString("c%1,%2\n").arg(c, 2, 10, QChar('0')).arg(c < 15 ? "North" : "\"South, coast\"").toUtf8();
    QVERIFY(writeBytes(dir + "/parents.csv", parents));
}

QStringList parentsRunArgs(const QString& dir, const QString& schema, const QString& out) {
    return {"run",
            "--data",
            dir + "/t.csv",
            "--schema",
            schema,
            "--k",
            "2",
            "--iters",
            "5",
            "--seed",
            "4",
            "--series",
            "baseline,proposed:simple",
            "--epsilon",
            "0.7",
            "--out",
            out};
}

QStringList parentArgs(const QString& dir, const QString& out) {
    return parentsRunArgs(dir, dir + "/t.json", out) << "--coarsen-parents"
                                                     << "city=@" + dir + "/parents.csv";
}

QJsonObject readParentsJson(const QString& path) {
    return QJsonDocument::fromJson(readBytes(path)).object();
}

}  // namespace

class TestCoarsenParents : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hierarchyChargesNothing() {
        QTemporaryDir dir;
        writeParentsTable(dir.path());
        const Result r = runCli(parentArgs(dir.path(), dir.filePath("out")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(
            r.err.contains("'city' coarsened to its 2 parents (public hierarchy, no budget spent): North | "
                           "South, coast"),
            qPrintable(r.err));
        QVERIFY(!r.err.contains("chosen by DP"));
        // The ledger: no whole-stream charge, every step's charges sum to ε.
        std::map<std::pair<QString, int>, double> perStep;
        for (const auto& v : readParentsJson(dir.filePath("out/ledger.json"))["charges"].toArray()) {
            const QJsonObject c = v.toObject();
            QVERIFY2(c["step"].toInt() > 0, qPrintable(c["mechanism"].toString()));
            perStep[{c["series"].toString(), c["step"].toInt()}] += c["epsilon"].toDouble();
        }
        QCOMPARE(perStep.size(), std::size_t{12});  // 2 series × 6 steps
        for (const auto& [key, sum] : perStep) QVERIFY2(std::abs(sum - 0.7) < 1e-12, qPrintable(key.first));
        // The written schema holds the parents and their members.
        const QJsonObject city =
            readParentsJson(dir.filePath("out/schema-coarsened.json"))["attributes"].toArray()[0].toObject();
        QCOMPARE(city["labels"].toArray(), (QJsonArray{"North", "South, coast"}));
        QVERIFY(city["other"].toBool());
        const QJsonObject members = city["members"].toObject();
        QCOMPARE(members["North"].toArray().size(), 15);
        QCOMPARE(members["South, coast"].toArray().size(), 10);
        QCOMPARE(members["North"].toArray()[0].toString(), QString("c00"));
        // The releases are over the parents.
        bool north = false;
        for (const auto& [name, bytes] : streamsynth::test::releaseFiles(dir.filePath("out"))) {
            north = north || bytes.contains("North");
            QVERIFY2(!bytes.contains("c03"), qPrintable(name));
        }
        QVERIFY(north);
    }

    void rerunWithTheWrittenSchemaCodesTheSame() {
        QTemporaryDir dir;
        writeParentsTable(dir.path());
        QVERIFY(runCli(parentArgs(dir.path(), dir.filePath("out"))).code == 0);
        QVERIFY(QFile::copy(dir.filePath("out/schema-coarsened.json"), dir.filePath("coarse.json")));
        const Result again =
            runCli(parentsRunArgs(dir.path(), dir.filePath("coarse.json"), dir.filePath("again")));
        QVERIFY2(again.code == 0, qPrintable(again.err));
        QVERIFY(!again.err.contains("coarsening:"));
        QCOMPARE(readBytes(dir.filePath("again/ledger.json")), readBytes(dir.filePath("out/ledger.json")));
        const auto a = streamsynth::test::releaseFiles(dir.filePath("out"));
        QCOMPARE(a.size(), std::size_t{24});  // 2 series × 6 steps × (csv + json)
        QVERIFY(a == streamsynth::test::releaseFiles(dir.filePath("again")));
    }

    void continueEqualsOneRun() {
        QTemporaryDir dir;
        writeParentsTable(dir.path());
        QVERIFY(runCli(parentArgs(dir.path(), dir.filePath("once"))).code == 0);
        const QString session = dir.filePath("s.session");
        const Result first = runCli(parentArgs(dir.path(), dir.filePath("split")) << "--steps"
                                                                                  << "2"
                                                                                  << "--session" << session);
        QVERIFY2(first.code == 0, qPrintable(first.err));
        const Result cont = runCli({"continue", "--session", session, "--data", dir.filePath("t.csv")});
        QVERIFY2(cont.code == 0, qPrintable(cont.err));
        QVERIFY(!cont.err.contains("coarsening:"));
        QCOMPARE(readBytes(dir.filePath("split/ledger.json")), readBytes(dir.filePath("once/ledger.json")));
        const auto a = streamsynth::test::releaseFiles(dir.filePath("once"));
        QCOMPARE(a.size(), std::size_t{24});
        QVERIFY(a == streamsynth::test::releaseFiles(dir.filePath("split")));
    }

    void badInputNamesPublicValuesOnly() {
        QTemporaryDir dir;
        writeParentsTable(dir.path());
        const QString base = dir.filePath("t.json");
        const std::pair<QStringList, QString> cases[] = {
            {{"--coarsen-parents", "city=Paris>France"}, "attribute 'city' has no label 'Paris'"},
            {{"--coarsen-parents", "town=c01>N"}, "no attribute 'town'"},
            {{"--coarsen-parents", "city=c01"}, "expected CHILD>PARENT"},
            {{"--coarsen-parents", "size=1>low"}, "not categorical"},
            {{"--coarsen-parents", "city=c01>N", "--coarsen", "city=3"}, "give one of them"},
            {{"--coarsen-parents", "city=c01>N", "--coarsen-labels", "city=c02"}, "give one of them"},
        };
        for (const auto& [extra, text] : cases) {
            const Result r = runCli(parentsRunArgs(dir.path(), base, dir.filePath("out")) << extra);
            QVERIFY2(r.code == 2, qPrintable(extra.join(' ') + ": " + r.err));
            QVERIFY2(r.err.contains(text), qPrintable(extra.join(' ') + ": " + r.err));
            QVERIFY(!QDir(dir.filePath("out")).exists() || QDir(dir.filePath("out")).isEmpty());
        }
        // A bad line of the file: its name, line and column.
        QVERIFY(writeBytes(dir.filePath("bad.csv"), "c01,North\nc02,\n"));
        const Result bad = runCli(parentsRunArgs(dir.path(), base, dir.filePath("out"))
                                  << "--coarsen-parents"
                                  << "city=@" + dir.filePath("bad.csv"));
        QCOMPARE(bad.code, 3);
        QVERIFY2(bad.err.contains("bad.csv") && bad.err.contains("line 2") && bad.err.contains("column 2") &&
                     bad.err.contains("the label 'c02' has no parent"),
                 qPrintable(bad.err));
    }

    void inspectShowsTheHierarchy() {
        QTemporaryDir dir;
        writeParentsTable(dir.path());
        const Result in =
            runCli({"inspect", "--data", dir.filePath("t.csv"), "--schema", dir.filePath("t.json"),
                    "--coarsen-parents", "city=@" + dir.filePath("parents.csv")});
        QVERIFY2(in.code == 0, qPrintable(in.err));
        QVERIFY2(in.out.contains("'city' (30 labels): coarsened to its 2 parents"), qPrintable(in.out));
        QVERIFY2(in.out.contains("hierarchy 2 (3 codes)"), qPrintable(in.out));
    }

    void moviesGenresToTwoGroups() {
        // The confirmed genres of movies.csv (public: a film database's
        // genre list) and two groups of them, written by the test; the
        // genres given no group go to <other>.
        QTemporaryDir dir;
        QVERIFY(writeBytes(dir.filePath("movies.json"),
                           R"({"attributes": [
              {"name": "Major Genre", "labels": ["Action", "Adventure", "Black Comedy", "Comedy",
               "Concert/Performance", "Documentary", "Drama", "Horror", "Musical", "Romantic Comedy",
               "Thriller/Suspense", "Western"], "missing": true},
              {"name": "MPAA Rating", "labels": ["G", "PG", "PG-13", "R", "NC-17", "Not Rated", "Open"],
               "missing": true}]})"));
        QVERIFY(writeBytes(
            dir.filePath("genres.csv"),
            "Action,Spectacle\nAdventure,Spectacle\nHorror,Spectacle\nThriller/Suspense,Spectacle\n"
            "Drama,Talk\nComedy,Talk\nRomantic Comedy,Talk\nBlack Comedy,Talk\n"));
        const QString movies = streamsynth::test::dataFile("movies.csv");
        const Result r = runCli({"run",
                                 "--data",
                                 movies,
                                 "--schema",
                                 dir.filePath("movies.json"),
                                 "--batch",
                                 "400",
                                 "--k",
                                 "1",
                                 "--iters",
                                 "5",
                                 "--seed",
                                 "3",
                                 "--series",
                                 "baseline",
                                 "--epsilon",
                                 "1",
                                 "--coarsen-parents",
                                 "Major Genre=@" + dir.filePath("genres.csv"),
                                 "--out",
                                 dir.filePath("out")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(
            r.err.contains("'Major Genre' coarsened to its 2 parents (public hierarchy, no budget spent): "
                           "Spectacle | Talk"),
            qPrintable(r.err));
        const QJsonObject genre =
            readParentsJson(dir.filePath("out/schema-coarsened.json"))["attributes"].toArray()[0].toObject();
        QCOMPARE(genre["labels"].toArray(), (QJsonArray{"Spectacle", "Talk"}));
        QCOMPARE(genre["members"].toObject()["Talk"].toArray(),
                 (QJsonArray{"Black Comedy", "Comedy", "Drama", "Romantic Comedy"}));
        QVERIFY(genre["other"].toBool());  // Concert/Performance, Documentary, Musical, Western
        for (const auto& v : readParentsJson(dir.filePath("out/ledger.json"))["charges"].toArray())
            QVERIFY(v.toObject()["step"].toInt() > 0);
    }
};

QTEST_GUILESS_MAIN(TestCoarsenParents)
#include "test_coarsen_parents.moc"
