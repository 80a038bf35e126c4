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

    // Batches of 50 at ε = 0.5 (R·ε = 25): the run feeds its tracked counters
    // in blocks, which the model does not follow; the text and the JSON say
    // so, and at ε = 4 (R·ε = 200) or with --tracked-blocks off they do not.
    void saysWhereCountersAreFedInBlocks() {
        const auto plan = [](const char* eps, bool json) {
            QStringList args = base() << "--batch"
                                      << "50"
                                      << "--epsilon" << eps;
            if (json) args << "--json";
            return test::runCli(args);
        };
        const Result low = plan("0.5", false), lowJson = plan("0.5", true), high = plan("4", false),
                     highJson = plan("4", true);
        for (const Result* r : {&low, &lowJson, &high, &highJson}) QVERIFY2(r->code == 0, qPrintable(r->err));
        QVERIFY2(
            low.out.contains("likely pessimistic here: at this budget the run feeds its tracked counters "
                             "once per block of batches"),
            qPrintable(low.out));
        QVERIFY(!high.out.contains("pessimistic here"));
        const Result off = test::runCli(base() << "--batch"
                                               << "50"
                                               << "--epsilon"
                                               << "0.5"
                                               << "--tracked-blocks"
                                               << "off");
        QVERIFY2(off.code == 0 && !off.out.contains("pessimistic here"), qPrintable(off.out + off.err));
        QVERIFY(planJson(lowJson)["atEpsilon"].toObject()["countersInBlocks"].toBool());
        QVERIFY(planJson(highJson)["atEpsilon"].toObject().contains("countersInBlocks"));
        QVERIFY(!planJson(highJson)["atEpsilon"].toObject()["countersInBlocks"].toBool());
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
