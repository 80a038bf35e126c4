// End-to-end: `streamsynth-cli plan` on the bundled Adult domain: the
// proposed ε, the expected errors at it and at a chosen ε agree with the
// library (api/accuracy_plan.h), the JSON says whose rows per step it used,
// an unreachable target and bad arguments exit 2 with the option named.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>

#include "cli/cli_runner.h"
#include "core/api/accuracy_plan.h"
#include "core/values/schema.h"
#include "support/test_data.h"

using namespace streamsynth;

namespace {
using Result = test::CliResult;
QString sharedFile(const char* name) {
    return test::dataFile(name);
}
QJsonObject planJson(const Result& r) {
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}
QStringList base() {
    return {"plan", "--schema", sharedFile("adult-domain.json"), "--steps", "24", "--check-every", "12"};
}
}  // namespace

class TestPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void proposesTheLibrarysEpsilon() {
        const Result r = test::runCli(base() << "--batch"
                                             << "1000"
                                             << "--target-accuracy"
                                             << "1-way:2@0.9"
                                             << "--epsilon"
                                             << "1"
                                             << "--json");
        QCOMPARE(r.code, 0);
        const QJsonObject o = planJson(r);
        api::PlanRequest req;
        req.domain = data::readSchema(sharedFile("adult-domain.json").toStdString()).domain();
        req.rowsPerStep = 1000;
        req.rowsArePublic = true;  // --batch: the 1-way share's rule reads it
        req.steps = 24;
        req.checkEvery = 12;
        const api::PlanResult plan = api::planEpsilon(req, api::parseAccuracyTarget("1-way:2@0.9"));
        const QJsonObject proposed = o["proposed"].toObject();
        QVERIFY(std::abs(proposed["epsilon"].toDouble() / plan.budget - 1) < 1e-12);
        const QJsonArray checks = proposed["checks"].toArray();
        QCOMPARE(checks.size(), 2);
        QCOMPARE(checks[0].toObject()["step"].toInt(), 12);
        QVERIFY(std::abs(checks[0].toObject()["oneWayShare"].toDouble() - 0.02) <
                1e-9);  // the worst check meets it
        QVERIFY(o["rowsArePublic"].toBool());
        // At ε = 1 (below the proposal) the target is missed and more rows are needed.
        const QJsonObject at1 = o["atEpsilon"].toObject();
        QVERIFY(at1["checks"].toArray()[0].toObject()["oneWayShare"].toDouble() > 0.02);
        QVERIFY(o["rowsPerStepNeeded"].toDouble() > 1000);
    }

    // Batches of 50 over Adult's 977 steps at ε = 0.5 (R·ε = 25): the run
    // feeds its tracked counters in blocks, and the model follows it: the
    // text and the JSON say so, the 1-way figure there and the ε proposed for
    // ±10 points are below those of counters fed at every step
    // (--tracked-blocks off); at ε = 4 (R·ε = 200) nothing is fed in blocks.
    void followsCountersFedInBlocks() {
        const auto plan = [](const char* eps, bool json, bool off = false) {
            QStringList args{"plan",      "--schema", sharedFile("adult-domain.json"),
                             "--steps",   "977",      "--check-every",
                             "0",         "--batch",  "50",
                             "--epsilon", eps,        "--target-accuracy",
                             "1-way:10"};
            if (json) args << "--json";
            if (off)
                args << "--tracked-blocks"
                     << "off";
            return test::runCli(args);
        };
        const Result low = plan("0.5", false), lowJson = plan("0.5", true), high = plan("4", false),
                     highJson = plan("4", true), off = plan("0.5", false, true),
                     offJson = plan("0.5", true, true);
        for (const Result* r : {&low, &lowJson, &high, &highJson, &off, &offJson})
            QVERIFY2(r->code == 0, qPrintable(r->err));
        QVERIFY2(low.out.contains("counters fed in blocks: at this budget the run feeds its 1-way and "
                                  "small-workload counters once per block of batches"),
                 qPrintable(low.out));
        QVERIFY(high.out.contains("At epsilon = 4"));
        QVERIFY2(!high.out.mid(high.out.indexOf("At epsilon = 4")).contains("counters fed in blocks"),
                 qPrintable(high.out));  // the proposed ε, itself fed in blocks, comes before
        QVERIFY2(!off.out.contains("counters fed in blocks"), qPrintable(off.out));
        const QJsonObject blocks = planJson(lowJson), every = planJson(offJson);
        QVERIFY(blocks["atEpsilon"].toObject()["countersInBlocks"].toBool());
        QVERIFY(!every["atEpsilon"].toObject()["countersInBlocks"].toBool());
        QVERIFY(!planJson(highJson)["atEpsilon"].toObject()["countersInBlocks"].toBool());
        const auto lastOneWay = [](const QJsonObject& o) {
            return o["atEpsilon"].toObject()["checks"].toArray().last().toObject()["oneWayShare"].toDouble();
        };
        QVERIFY2(lastOneWay(blocks) < lastOneWay(every),
                 qPrintable(QString("%1 vs %2").arg(lastOneWay(blocks)).arg(lastOneWay(every))));
        const double proposed = blocks["proposed"].toObject()["epsilon"].toDouble();
        const double proposedOff = every["proposed"].toObject()["epsilon"].toDouble();
        QVERIFY2(proposed > 0 && proposed < proposedOff,
                 qPrintable(QString("%1 vs %2").arg(proposed).arg(proposedOff)));
        QVERIFY(blocks["proposed"].toObject()["countersInBlocks"].toBool());
    }

    void textNamesTheEstimateOnATimeStream() {
        const Result r = test::runCli(base() << "--rows-per-step"
                                             << "800"
                                             << "--target-accuracy"
                                             << "avgwe:0.003");
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("Proposed:    epsilon = "), qPrintable(r.out));
        QVERIFY(r.out.contains("your estimate: a period's row count is private"));
        QVERIFY(r.out.contains("calibrated on Adult"));
    }

    void zcdpGivesEpsilonAtDelta() {
        const Result r = test::runCli(base() << "--batch"
                                             << "1000"
                                             << "--privacy"
                                             << "zcdp"
                                             << "--delta"
                                             << "1e-6"
                                             << "--target-accuracy"
                                             << "1-way:2"
                                             << "--json");
        QCOMPARE(r.code, 0);
        const QJsonObject o = planJson(r);
        QVERIFY(o["rho"].toDouble() > 0);
        QVERIFY(o["proposed"].toObject()["epsilon"].toDouble() > o["rho"].toDouble());
    }

    void unreachableAndBadArguments() {
        const Result below = test::runCli(base() << "--batch"
                                                 << "1000"
                                                 << "--target-accuracy"
                                                 << "avgwe:0.0001");
        QCOMPARE(below.code, 2);
        QVERIFY(below.out.contains("not reachable"));
        const Result noRows = test::runCli(base() << "--target-accuracy"
                                                  << "1-way:2");
        QCOMPARE(noRows.code, 2);
        QVERIFY(noRows.err.contains("--rows-per-step"));
        const Result badTarget = test::runCli(base() << "--batch"
                                                     << "1000"
                                                     << "--target-accuracy"
                                                     << "2 points");
        QCOMPARE(badTarget.code, 2);
        QVERIFY(badTarget.err.contains("target-accuracy"));
        const Result noSchema = test::runCli({"plan", "--steps", "3", "--batch", "10", "--epsilon", "1"});
        QCOMPARE(noSchema.code, 2);
        QVERIFY(noSchema.err.contains("schema"));
    }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "test_plan.moc"
