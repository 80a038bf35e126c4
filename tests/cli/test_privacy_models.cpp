// The privacy-model options of `counters` and `run` (issue 16): zcdp with
// --rho or with --epsilon/--delta converted, the CSV columns kept, the
// outputs naming the model, and the inconsistent combinations refused with
// exit 2 naming the option.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "support/test_data.h"

using namespace streamsynth::test;

class TestPrivacyModelsCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countersUnderZcdp() {
        for (const char* type : {"sqrt:1000", "smooth-binary:1000", "elders:7:1000", "honaker:1024"}) {
            const auto r = runCli({"counters", "--privacy", "zcdp", "--rho", "0.5", "--type", type, "--steps",
                                   "1000", "--reps", "400", "--seed", "3", "--csv"});
            QVERIFY2(r.code == 0, qPrintable(r.err));
            const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
            QCOMPARE(lines.first(), QString("step,rmse,theory_std"));
            QCOMPARE(lines.size(), 1001);
            // At t = 1000 the RMSE over 400 reps is within 4.5·√(2/(4·400)) ≈ 16% of the theory (Gaussian).
            const QStringList last = lines.last().split(',');
            QVERIFY(std::abs(last[1].toDouble() / last[2].toDouble() - 1) < 0.16);
        }
        const auto converted = runCli({"counters", "--privacy", "zcdp", "--epsilon", "1", "--delta", "1e-6",
                                       "--type", "sqrt:100", "--steps", "100", "--reps", "10"});
        QVERIFY2(converted.code == 0, qPrintable(converted.err));
        QVERIFY(converted.out.contains("zCDP, rho = "));
    }
    void inconsistentOptionsAreRefused() {
        const QList<QStringList> bad = {
            {"counters", "--type", "simple", "--rho", "0.1"},
            {"counters", "--type", "sqrt:100", "--steps", "10"},
            {"counters", "--privacy", "zcdp", "--type", "simple", "--epsilon", "1"},
            {"counters", "--privacy", "zcdp", "--type", "simple", "--rho", "0.1", "--epsilon", "1", "--delta",
             "1e-6"},
            {"counters", "--privacy", "zcdp", "--type", "simple", "--rho", "-1"},
            {"counters", "--privacy", "renyi", "--type", "simple"},
            {"counters", "--type", "elders:7", "--steps", "10"},
        };
        for (const QStringList& args : bad) {
            const auto r = runCli(args);
            QVERIFY2(r.code == 2, qPrintable(args.join(' ') + ": " + r.err));
        }
    }
    void runWritesTheModel() {
        QTemporaryDir dir;
        const QString out = QDir(dir.path()).filePath("out");
        const auto r = runCli({"run",
                               "--data",
                               dataFile("adult.csv"),
                               "--schema",
                               dataFile("adult-domain.json"),
                               "--batch",
                               "10000",
                               "--k",
                               "2",
                               "--series",
                               "baseline,proposed:sqrt:8",
                               "--privacy",
                               "zcdp",
                               "--rho",
                               "0.1",
                               "--delta",
                               "1e-9",
                               "--seed",
                               "2",
                               "--export-releases",
                               "last",
                               "--out",
                               out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile ledger(QDir(out).filePath("ledger.json"));
        QVERIFY(ledger.open(QIODevice::ReadOnly));
        const QJsonObject l = QJsonDocument::fromJson(ledger.readAll()).object();
        QCOMPARE(l["privacy_model"].toString(), QString("zcdp"));
        QCOMPARE(l["conversion_delta"].toDouble(), 1e-9);
        QFile summary(QDir(out).filePath("summary.json"));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const QJsonObject s =
            QJsonDocument::fromJson(summary.readAll()).object()["series"].toArray()[0].toObject();
        QCOMPARE(s["rho"].toDouble(), 0.1);
        QVERIFY(s["epsilon_at_delta"].toDouble() > 0);
        QFile manifest(QDir(out).filePath("releases/baseline/rho0.1/step-0005.json"));
        QVERIFY2(manifest.open(QIODevice::ReadOnly), qPrintable(manifest.fileName()));
        const QJsonObject m = QJsonDocument::fromJson(manifest.readAll()).object();
        QCOMPARE(m["privacy_model"].toString(), QString("zcdp"));
        QCOMPARE(m["noise"].toString(), QString("gaussian"));
    }
};

QTEST_GUILESS_MAIN(TestPrivacyModelsCli)
#include "test_privacy_models.moc"
