// End to end: `streamsynth-cli run` on Adult in 10 batches of 5000 with both
// streamers: exit 0, every file written, metrics finite, the ledger at ε per
// step, and the last release better than a uniform release.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "core/marginals/marginal_counter.h"
#include "core/metrics/workload_error.h"
#include "core/stream/step_pipeline.h"

using namespace streamsynth;

namespace {

const QString kData = QStringLiteral(STREAMSYNTH_SHARED_DIR "/data/adult.csv");
const QString kSchema = QStringLiteral(STREAMSYNTH_SHARED_DIR "/data/adult-domain.json");

struct Result {
    int code = -1;
    QString out, err;
};

Result runCli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(STREAMSYNTH_CLI_PATH), args);
    p.waitForFinished(120000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// AvgWE of a release that spreads the |f| rows uniformly over every cell.
double uniformAvgWE() {
    stream::StreamRequest r;
    r.dataPath = kData.toStdString();
    r.schemaPath = kSchema.toStdString();
    r.requireStream = false;
    const stream::LoadedStream ls = stream::loadStream(r);
    const auto ws = marginals::WorkloadSet::allKWay(ls.schema.domain(), 2);
    const auto truth = marginals::countAll(ls.encoded.table, ws);
    auto uniform = truth;
    const double n = static_cast<double>(ls.encoded.table.rowCount());
    for (auto& m : uniform) std::fill(m.begin(), m.end(), n / static_cast<double>(m.size()));
    return metrics::evaluateStep(truth, n, uniform, n).avgWE;
}

}  // namespace

class TestRun : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void adultBothStreamers();
    void badSettingsExitTwo();
};

void TestRun::adultBothStreamers() {
    QTemporaryDir dir;
    const Result r = runCli({"run", "--data", kData, "--schema", kSchema, "--batch", "5000", "--order", "random",
                             "--series", "baseline,proposed:simple", "--epsilon", "1", "--rounds", "2", "--iters", "50",
                             "--seed", "3", "--out", dir.path()});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("baseline") && r.out.contains("proposed-simple") && r.out.contains("total time"));
    for (const char* f : {"metrics.csv", "summary.json", "ledger.json", "baseline/step-0001.csv",
                          "baseline/step-0010.csv", "baseline/step-0010.json", "proposed-simple/step-0010.csv"})
        QVERIFY2(QFile::exists(dir.filePath(f)), f);

    // metrics.csv: 2 series x 10 steps, every metric finite, ε spent = 1 per step.
    QFile m(dir.filePath("metrics.csv"));
    QVERIFY(m.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(m.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2 + 20);
    const QStringList header = lines[1].split(',');
    const int avgWE = static_cast<int>(header.indexOf("AvgWE"));
    const int spent = static_cast<int>(header.indexOf("epsilon_spent"));
    QVERIFY(avgWE > 0 && spent > 0);
    const double uniform = uniformAvgWE();
    for (int i = 2; i < lines.size(); ++i) {
        const QStringList f = lines[i].split(',');
        for (int c = avgWE; c < f.size(); ++c) QVERIFY(std::isfinite(f[c].toDouble()));
        QCOMPARE(f[spent].toDouble(), 1.0);
        if (f[1] == "10") QVERIFY2(f[avgWE].toDouble() < uniform, qPrintable(lines[i] + " uniform " + QString::number(uniform)));
    }

    // The release CSV: header = attribute names, 10 steps of ~5000 rows each (noisy total).
    QFile rel(dir.filePath("proposed-simple/step-0010.csv"));
    QVERIFY(rel.open(QIODevice::ReadOnly));
    const QStringList relLines = QString::fromUtf8(rel.readAll()).split('\n', Qt::SkipEmptyParts);
    QVERIFY(relLines[0].startsWith("age,workclass,"));
    QVERIFY(std::abs(relLines.size() - 1 - 48842) < 1000);

    QFile sj(dir.filePath("summary.json"));
    QVERIFY(sj.open(QIODevice::ReadOnly));
    const QJsonArray series = QJsonDocument::fromJson(sj.readAll()).object()["series"].toArray();
    QCOMPARE(series.size(), 2);
    QVERIFY(series[0].toObject()["last10"].toObject().contains("MaxRelWE"));
}

void TestRun::badSettingsExitTwo() {
    QTemporaryDir dir;
    const Result r = runCli({"run", "--data", kData, "--schema", kSchema, "--batch", "5000", "--rounds", "500",
                             "--out", dir.path()});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("exceeds"));
    const Result e = runCli({"run", "--data", kData, "--schema", kSchema, "--batch", "5000", "--epsilon", "0",
                             "--out", dir.path()});
    QCOMPARE(e.code, 2);
}

QTEST_APPLESS_MAIN(TestRun)
#include "test_run.moc"
