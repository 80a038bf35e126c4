// End to end: --threads never changes a result. `fit` on the pgm-adult-15
// fixture gives the same loss, total and L1 (to the last printed digit) for
// 1, 2 and 3 threads; `run` on Adult (baseline and two proposed series)
// writes byte-identical releases and metrics (timings aside) for 1 and 2
// threads, so a session may be continued with another thread count.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "support/test_data.h"

using streamsynth::test::metricsWithoutSeconds;
using streamsynth::test::readBytes;
using streamsynth::test::runCli;

namespace {
const QString kThreadsData = streamsynth::test::dataFile("adult.csv");
const QString kThreadsSchema = streamsynth::test::dataFile("adult-domain.json");
const QString kMeasurements = streamsynth::test::testDataFile("pgm-adult-15/measurements.csv");

}  // namespace

class TestThreads : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fitSameForAnyThreads();
    void runSameForAnyThreads();
};

void TestThreads::fitSameForAnyThreads() {
    QJsonObject first;
    for (const char* threads : {"1", "2", "3"}) {
        const auto r = runCli({"fit", "--schema", kThreadsSchema, "--measurements", kMeasurements, "--sigma",
                               "25", "--iters", "100", "--threads", threads, "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("threads").toInt(), QString(threads).toInt());
        QCOMPARE(o.value("iterations").toInt(), 100);
        if (first.isEmpty()) {
            first = o;
            continue;
        }
        for (const char* key : {"final_loss", "weighted_loss", "fitted_total", "l1_over_n_mean", "bp_calls",
                                "model_size_cells"})
            QVERIFY2(o.value(key) == first.value(key), key);
    }
}

void TestThreads::runSameForAnyThreads() {
    QTemporaryDir one, two;
    const QStringList common{"run",
                             "--data",
                             kThreadsData,
                             "--schema",
                             kThreadsSchema,
                             "--batch",
                             "6000",
                             "--order",
                             "random",
                             "--series",
                             "baseline,proposed:simple,proposed:tree:16",
                             "--epsilon",
                             "1",
                             "--rounds",
                             "3",
                             "--iters",
                             "60",
                             "--seed",
                             "5",
                             "--export-releases",
                             "all"};
    const auto a = runCli(common + QStringList{"--threads", "1", "--out", one.path()});
    QVERIFY2(a.code == 0, qPrintable(a.err));
    const auto b = runCli(common + QStringList{"--threads", "2", "--out", two.path()});
    QVERIFY2(b.code == 0, qPrintable(b.err));
    const QStringList ma = metricsWithoutSeconds(one.filePath("metrics.csv"));
    QVERIFY(ma.size() > 2);
    QCOMPARE(metricsWithoutSeconds(two.filePath("metrics.csv")), ma);
    int releases = 0;
    for (const char* series : {"baseline", "proposed-simple", "proposed-tree-16"}) {
        const QString sub = QStringLiteral("releases/%1/eps1").arg(series);
        const QStringList files = QDir(one.filePath(sub)).entryList({"step-*.csv"}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() == 9, qPrintable(sub));
        for (const QString& f : files) {
            const QByteArray x = readBytes(one.filePath(sub + "/" + f));
            QVERIFY2(x == readBytes(two.filePath(sub + "/" + f)), qPrintable(sub + "/" + f));
            ++releases;
        }
    }
    QCOMPARE(releases, 27);
}

QTEST_GUILESS_MAIN(TestThreads)
#include "test_threads.moc"
