// End-to-end `streamsynth-cli fit` on the pgm-adult-15 fixture (200
// iterations): the JSON keys, the reference's junction tree (12 maximal
// cliques, 471,505 cells), a finite loss no worse than the reference's at 200
// iterations (9,647,528.39, README.md of the fixture), and --out.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "support/test_data.h"
#include "support/test_paths.h"

class TestFit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fixture_200_iterations();
    void missing_option_is_usage_error();
};

namespace {
const QString kSchema = streamsynth::test::dataFile("adult-domain.json");
const QString kMeasurements = streamsynth::test::testDataFile("pgm-adult-15/measurements.csv");
}  // namespace

void TestFit::fixture_200_iterations() {
    QTemporaryDir out;
    QProcess p;
    p.start(streamsynth::test::cliPath(), {"fit", "--schema", kSchema, "--measurements", kMeasurements,
                                           "--iters", "200", "--json", "--out", out.path()});
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    const auto doc = QJsonDocument::fromJson(p.readAllStandardOutput());
    QVERIFY(doc.isObject());
    const auto o = doc.object();
    for (const char* key : {"maximal_cliques", "model_size_cells", "iterations", "bp_calls", "final_loss",
                            "fitted_total", "l1_over_n_mean", "ms_per_iteration"})
        QVERIFY2(o.contains(key), key);
    QCOMPARE(o["model_size_cells"].toDouble(), 471505.0);
    QCOMPARE(o["maximal_cliques"].toArray().size(), 12);
    QCOMPARE(o["maximal_cliques"].toArray().at(0).toArray().at(0).toString(), QString("age"));
    QCOMPARE(o["iterations"].toInt(), 200);
    QVERIFY(o["bp_calls"].toInt() > 200);
    const double loss = o["final_loss"].toDouble();
    QVERIFY(std::isfinite(loss));
    QVERIFY(loss <= 9647528.39);
    QVERIFY(std::abs(o["fitted_total"].toDouble() - 48806.10819183026) <
            1e-6);  // fixture.json total_estimate
    const double l1 = o["l1_over_n_mean"].toDouble();
    QVERIFY(l1 > 0 && l1 < 0.2);
    QFile csv(out.filePath("fitted_marginals.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QVERIFY(csv.readLine().startsWith("pair_index,attr_a,attr_b,a,b,flat_index,fitted"));
}

void TestFit::missing_option_is_usage_error() {
    QProcess p;
    p.start(streamsynth::test::cliPath(), {"fit", "--measurements", kMeasurements});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 2);
}

QTEST_APPLESS_MAIN(TestFit)
#include "test_fit.moc"
