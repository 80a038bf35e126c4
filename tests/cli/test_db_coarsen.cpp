// End to end against a real PostgreSQL server (CTest's pg_server fixture):
// coarsening a database stream gives the file's run byte for byte. Public
// labels (--coarsen-labels) and merged bins charge nothing and plan the
// stream again on the server with the coarsened domain; the DP choice of
// kept labels reads the label counts the server sums over every planned
// step, charges once before step 1 and keeps the same labels as the file's
// run; a database session stopped and continued equals one run and never
// chooses or charges again. A public hierarchy (--coarsen-parents) too:
// the server's queries code the members as their parents.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "core/data/csv_reader.h"
#include "support/test_pg.h"

using namespace streamsynth;
using test::CliResult;
using test::readBytes;
using test::runCli;

namespace {

// 1200 rows: id 1..1200, city c00..c29 with counts falling like 1/(rank+1),
// amount in [0, 120), color of 3 labels.
QByteArray table() {
    QByteArray csv = "id,city,amount,color\n";
    int row = 0;
    for (int c = 0; c < 30; ++c)
        for (int n = 0; n < 360 / (c + 1) + 6 && row < 1200; ++n, ++row)
            csv += QString("%1,c%2,%3,%4\n")
                       .arg(row + 1)
                       .arg(c, 2, 10, QChar('0'))
                       .arg((row * 37) % 120)
                       .arg(QString("rgb")[row % 3])
                       .toUtf8();
    for (; row < 1200; ++row) csv += QString("%1,c29,%2,g\n").arg(row + 1).arg(row % 120).toUtf8();
    return csv;
}

QByteArray schema() {
    QString labels;
    for (int c = 0; c < 30; ++c) labels += QString("%1\"c%2\"").arg(c ? "," : "").arg(c, 2, 10, QChar('0'));
    return ("{\"attributes\": [{\"name\": \"city\", \"labels\": [" + labels +
            "]}, {\"name\": \"amount\", \"kind\": \"numeric\", \"lower\": 0, \"upper\": 120, \"bins\": 12}, "
            "{\"name\": \"color\", \"labels\": [\"r\", \"g\", \"b\"]}]}")
        .toUtf8();
}

QJsonArray charges(const QString& out) {
    return QJsonDocument::fromJson(readBytes(out + "/ledger.json")).object()["charges"].toArray();
}

int wholeStreamCharges(const QString& out) {
    int n = 0;
    for (const auto& v : charges(out)) n += v.toObject()["step"].toInt() == 0 ? 1 : 0;
    return n;
}

}  // namespace

class TestDbCoarsen : public QObject {
    Q_OBJECT
    QString uri_;
    QTemporaryDir dir_;

    QStringList args(const QString& out) const {
        return {"--schema",  dir_.filePath("t.json"),
                "--batch",   "200",
                "--order",   "hash",
                "--key",     "id",
                "--series",  "proposed:simple",
                "--epsilon", "1",
                "--iters",   "5",
                "--seed",    "7",
                "--k",       "2",
                "--out",     dir_.filePath(out)};
    }
    QStringList fileRun(const QString& out) const {
        return QStringList{"run", "--data", dir_.filePath("t.csv")} << args(out);
    }
    QStringList dbRun(const QString& out) const {
        return QStringList{"run", "--db", uri_, "--table", "coarsen_t"} << args(out);
    }
    void sameOutputs(const QString& a, const QString& b) {
        const auto ra = test::releaseFiles(dir_.filePath(a)), rb = test::releaseFiles(dir_.filePath(b));
        QVERIFY(!ra.empty());
        QVERIFY2(ra == rb, qPrintable(a + " vs " + b));
        QCOMPARE(test::metricsWithoutSeconds(dir_.filePath(b + "/metrics.csv")),
                 test::metricsWithoutSeconds(dir_.filePath(a + "/metrics.csv")));
        QCOMPARE(readBytes(dir_.filePath(b + "/ledger.json")), readBytes(dir_.filePath(a + "/ledger.json")));
        QCOMPARE(readBytes(dir_.filePath(b + "/schema-coarsened.json")),
                 readBytes(dir_.filePath(a + "/schema-coarsened.json")));
    }

private Q_SLOTS:
    void initTestCase() {
        const std::string uri = test::testPgUri();
        QVERIFY2(!uri.empty(), test::testPgMissing());
        uri_ = QString::fromStdString(uri);
        QVERIFY(dir_.isValid());
        QVERIFY(test::writeBytes(dir_.filePath("t.csv"), table()));
        QVERIFY(test::writeBytes(dir_.filePath("t.json"), schema()));
        const auto c = db::PgConnection::open(uri);
        test::loadTable(
            *c, "coarsen_t",
            {{"id", "bigint"}, {"city", "text"}, {"amount", "double precision"}, {"color", "text"}},
            data::readCsv(dir_.filePath("t.csv").toStdString()));
    }

    // Public labels and merged bins: no charge, the file's outputs.
    void publicLabelsAndMergesEqualTheFile() {
        const QStringList flags{"--coarsen-labels", "city=c00|c03|c07", "--coarsen", "amount=3"};
        CliResult f = runCli(fileRun("pub-file") << flags);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        CliResult d = runCli(dbRun("pub-db") << flags);
        QVERIFY2(d.code == 0, qPrintable(d.err));
        QVERIFY2(d.err.contains("'city' keeps 3 of 30 labels known to be public (no budget spent)") &&
                     d.err.contains("'amount' has its 12 bins merged into 3"),
                 qPrintable(d.err));
        QCOMPARE(wholeStreamCharges(dir_.filePath("pub-db")), 0);
        sameOutputs("pub-file", "pub-db");
        const QJsonArray attrs =
            QJsonDocument::fromJson(readBytes(dir_.filePath("pub-db/schema-coarsened.json")))
                .object()["attributes"]
                .toArray();
        QCOMPARE(attrs[0].toObject()["labels"].toArray(), (QJsonArray{"c00", "c03", "c07"}));
        QCOMPARE(attrs[1].toObject()["edges"].toArray(), (QJsonArray{0, 40, 80, 120}));
    }

    // A public hierarchy: no charge, the members coded by the server's queries as by the file's encoder.
    void hierarchyEqualsTheFile() {
        QVERIFY(
            test::writeBytes(dir_.filePath("parents.csv"), "c00,North\nc01,North\nc05,South\nc09,North\n"));
        const QStringList flags{"--coarsen-parents", "city=@" + dir_.filePath("parents.csv")};
        CliResult f = runCli(fileRun("tree-file") << flags);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        CliResult d = runCli(dbRun("tree-db") << flags);
        QVERIFY2(d.code == 0, qPrintable(d.err));
        QVERIFY2(d.err.contains("'city' coarsened to its 2 parents (public hierarchy, no budget spent)"),
                 qPrintable(d.err));
        QCOMPARE(wholeStreamCharges(dir_.filePath("tree-db")), 0);
        sameOutputs("tree-file", "tree-db");
        const QJsonObject city =
            QJsonDocument::fromJson(readBytes(dir_.filePath("tree-db/schema-coarsened.json")))
                .object()["attributes"]
                .toArray()[0]
                .toObject();
        QCOMPARE(city["members"].toObject()["North"].toArray(), (QJsonArray{"c00", "c01", "c09"}));
    }

    // The DP choice from the server's counts: the file's labels, one charge per series at step 0.
    void dpChoiceEqualsTheFile() {
        const QStringList flags{"--coarsen", "city=4"};
        CliResult f = runCli(fileRun("dp-file") << flags);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        CliResult d = runCli(dbRun("dp-db") << flags);
        QVERIFY2(d.code == 0, qPrintable(d.err));
        QVERIFY2(d.err.contains("kept labels chosen by DP (gumbel-top-m)"), qPrintable(d.err));
        QCOMPARE(wholeStreamCharges(dir_.filePath("dp-db")), 1);
        sameOutputs("dp-file", "dp-db");
    }

    // Stopped after 2 of 6 steps and continued: one run's files, the choice charged once.
    void continuedDatabaseSessionEqualsOneRun() {
        const QStringList flags{"--coarsen", "city=4,amount=4"};
        CliResult r = runCli(dbRun("once") << flags);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString session = dir_.filePath("s.session");
        r = runCli(dbRun("split") << flags << "--steps"
                                  << "2"
                                  << "--session" << session);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli({"continue", "--session", session});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains("kept labels chosen"), qPrintable(r.err));  // never chooses again
        QCOMPARE(readBytes(dir_.filePath("split/ledger.json")), readBytes(dir_.filePath("once/ledger.json")));
        QVERIFY(test::releaseFiles(dir_.filePath("split")) == test::releaseFiles(dir_.filePath("once")));
        QCOMPARE(wholeStreamCharges(dir_.filePath("once")), 1);
    }
};

QTEST_APPLESS_MAIN(TestDbCoarsen)
#include "test_db_coarsen.moc"
