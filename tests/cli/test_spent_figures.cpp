// The ε spent as published (docs/streamers.md, "Exports"): a release-mode
// run of proposed:simple at ε = 1 spends shares that add up to
// 0.9999999999999997 at each step, and every figure written for people says
// 1: the manifests' epsilon_spent_this_step, ledger.json's max_step_spent,
// summary.json's guarantee, metrics.csv and the printed table; the charges
// in ledger.json stay exact, and `evaluate` reads the manifests' figure back.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_files.h"
#include "cli_runner.h"
#include "support/adult_rows.h"
#include "support/test_data.h"

using namespace streamsynth;
using test::CliResult;
using test::runCli;

namespace {

QJsonObject jsonFile(const QString& path) {
    return QJsonDocument::fromJson(test::readBytes(path)).object();
}

// The series' entry of a "series" array.
QJsonObject seriesEntry(const QJsonObject& root, const QString& key, const QString& id) {
    for (const QJsonValue& v : root["series"].toArray())
        if (v.toObject()[key].toString() == id) return v.toObject();
    return {};
}

// The sum of one step's charges of a series in ledger.json, added in the ledger's order.
double chargedAt(const QJsonObject& ledger, const QString& series, int step) {
    double sum = 0;
    for (const QJsonValue& v : ledger["charges"].toArray()) {
        const QJsonObject c = v.toObject();
        if (c["series"].toString() == series && c["step"].toInt() == step) sum += c["epsilon"].toDouble();
    }
    return sum;
}

// metrics.csv's epsilon_spent column (every data line).
QStringList spentColumn(const QString& csv) {
    const QStringList lines = csv.split('\n', Qt::SkipEmptyParts);
    const int at = static_cast<int>(lines.value(1).split(',').indexOf("epsilon_spent"));
    QStringList out;
    for (int i = 2; i < lines.size() && at >= 0; ++i) out << lines[i].split(',').value(at);
    return out;
}

}  // namespace

class TestSpentFigures : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString data_, out_;
    CliResult run_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        data_ = test::writeAdultRows(dir_, "a2k.csv", 2000);
        out_ = dir_.filePath("out");
        // The defaults' split (k = 3 rounds), which gives 0.9999999999999997 on these rows.
        run_ =
            runCli({"run", "--data", data_, "--schema", test::dataFile("adult-domain.json"), "--batch",
                    "1000", "--series", "proposed:simple", "--epsilon", "1", "--release-mode", "--registry",
                    dir_.filePath("registry.sqlite"), "--new-registry", "--other-table", "--out", out_});
        QVERIFY2(run_.code == 0, qPrintable(run_.err));
    }

    void theSharesDoNotAddUpToOneExactly() {
        // The premise: without the rounding every figure below would read 0.9999999999999997.
        const QJsonObject ledger = jsonFile(out_ + "/ledger.json");
        QCOMPARE(QString::number(chargedAt(ledger, "proposed-simple", 1), 'g', 17),
                 QString("0.99999999999999967"));
    }

    void manifestsSayOne() {
        for (const char* step : {"step-0001.json", "step-0002.json"}) {
            const QString path = out_ + "/releases/proposed-simple/eps1/" + step;
            const QByteArray text = test::readBytes(path);
            QVERIFY2(text.contains("\"epsilon_spent_this_step\": 1,"), text.constData());
            QCOMPARE(jsonFile(path)["epsilon_spent_this_step"].toDouble(), 1.0);
            QCOMPARE(jsonFile(path)["epsilon"].toDouble(), 1.0);
        }
    }

    void ledgerSummaryMetricsAndTableSayOne() {
        const QJsonObject ledger = seriesEntry(jsonFile(out_ + "/ledger.json"), "name", "proposed-simple");
        QCOMPARE(ledger["max_step_spent"].toDouble(), 1.0);
        QCOMPARE(ledger["sum_over_steps_bookkeeping"].toDouble(), 2.0);
        QVERIFY2(ledger["guarantee"].toString().contains("the largest per-step charge is 1)"),
                 qPrintable(ledger["guarantee"].toString()));
        const QJsonObject privacy =
            seriesEntry(jsonFile(out_ + "/summary.json"), "series", "proposed-simple")["privacy"].toObject();
        QCOMPARE(privacy["guarantee_epsilon"].toDouble(), 1.0);
        QCOMPARE(privacy["sum_over_steps_bookkeeping"].toDouble(), 2.0);
        QCOMPARE(spentColumn(QString::fromUtf8(test::readBytes(out_ + "/metrics.csv"))),
                 (QStringList{"1", "1"}));
        QVERIFY2(!(run_.out + run_.err).contains("0.9999"), qPrintable(run_.out + run_.err));
        QVERIFY2((run_.out + run_.err).contains("| epsilon 1\n"), qPrintable(run_.out + run_.err));
    }

    void evaluateReadsTheFigureBack() {
        const CliResult e = runCli({"evaluate", "--data", data_, "--schema",
                                    test::dataFile("adult-domain.json"), "--batch", "1000", "--synthetic",
                                    out_ + "/releases/proposed-simple/eps1", "--series", "proposed-simple"});
        QVERIFY2(e.code == 0, qPrintable(e.err));
        QCOMPARE(spentColumn(e.out), (QStringList{"1", "1"}));
    }
};

QTEST_APPLESS_MAIN(TestSpentFigures)
#include "test_spent_figures.moc"
