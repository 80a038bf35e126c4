// Whole-stream charges (step 0, a mechanism run once before step 1 on the
// rows of every step): they count toward every step's sum, the step charges
// of a budget lowered by runBudgetAfter fit exactly beside them, anything
// more is refused, and a saved ledger re-proves them.
#include <QtTest>

#include "core/privacy/budget_split.h"
#include "core/privacy/ledger.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/run_config.h"
#include "tiny_stream.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

namespace {

Charge whole(const std::string& series, double amount) {
    return {series, ChargeKind::Selection, "gumbel-top-m", amount, kWholeStreamStep, 0, "A:2"};
}

// A full step of `rounds` selections and measurements of a BudgetSplit of `budget`.
void chargeStep(PrivacyLedger& ledger, const std::string& series, int step, const Budget& budget,
                int rounds) {
    const BudgetSplit split(budget, rounds);
    for (int r = 1; r <= rounds; ++r) {
        ledger.charge({series, ChargeKind::Selection, "exponential", split.selection(r), step, r, ""});
        ledger.charge({series, ChargeKind::Measurement, "laplace", split.measurement(r), step, r, "AB"});
    }
}

}  // namespace

class TestWholeStreamLedger : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsTowardEveryStep() {
        // Awkward numbers: ε = 0.7, the selection 0.1·ε, k = 7.
        const Budget budget = Budget::of(PrivacyModel::Pure, 0.7);
        const double s = 0.1 * 0.7;
        PrivacyLedger ledger(budget);
        ledger.charge(whole("p", s));
        const Budget rest = stream::runBudgetAfter(budget, s);
        QVERIFY(rest.amount() + s <= 0.7);
        for (int t = 1; t <= 3; ++t) chargeStep(ledger, "p", t, rest, 7);
        for (int t = 1; t <= 3; ++t) {
            QVERIFY(ledger.spent("p", t) <= 0.7);
            QVERIFY(std::abs(ledger.spent("p", t) - 0.7) < 1e-15);
            // Nothing more fits at any step, not even the smallest amount.
            QVERIFY(!ledger.canCharge({"p", ChargeKind::Measurement, "laplace", 1e-9, t, 8, ""}));
        }
        QCOMPARE(ledger.spent("p", kWholeStreamStep), s);
        QVERIFY(std::abs(ledger.maxStepSpent("p") - 0.7) < 1e-15);
        // A second whole-stream charge no longer fits beside the full steps.
        QVERIFY_THROWS_EXCEPTION(Error, ledger.charge(whole("p", 1e-9)));
        // A new step still may only spend the rest.
        QVERIFY_THROWS_EXCEPTION(
            Error, ledger.charge({"p", ChargeKind::Measurement, "laplace", 0.7 - s + 1e-9, 4, 1, ""}));
    }
    void wholeChargeMustFitBesideExistingSteps() {
        PrivacyLedger ledger(1.0);
        ledger.charge({"p", ChargeKind::Measurement, "laplace", 0.95, 2, 1, ""});
        QVERIFY_THROWS_EXCEPTION(Error, ledger.charge(whole("p", 0.1)));
        ledger.charge(whole("p", 0.05));
        QCOMPARE(ledger.spent("p", 2), 1.0);
        QCOMPARE(ledger.spent("p", 5), 0.05);  // a step without charges still carries it
    }
    void saveLoadAndJson() {
        const Budget budget = Budget::of(PrivacyModel::ZCdp, 0.05, 1e-6);
        PrivacyLedger ledger(budget);
        ledger.charge(whole("p", 0.005));
        chargeStep(ledger, "p", 1, stream::runBudgetAfter(budget, 0.005), 5);
        const PrivacyLedger back = PrivacyLedger::load(ledger.save());
        QCOMPARE(back.charges().size(), ledger.charges().size());
        QCOMPARE(back.spent("p", 1), ledger.spent("p", 1));
        QCOMPARE(back.spent("p", kWholeStreamStep), 0.005);
        const std::string json = ledger.toJson();
        QVERIFY(json.find("\"steps\":1") != std::string::npos);  // step 0 is not a time step
        QVERIFY(json.find("\"step\":0") != std::string::npos);
    }
    void engineChargesItOncePerSeriesAndSpendsTheRest() {
        // Every series' ledger: the whole-stream charge once, then steps of
        // exactly ε − s, so each step's sum is the steward's ε; a resumed
        // engine whose config lost the charge is refused.
        auto source = test::tinySource(300, 100);  // 3 steps
        const double eps = 0.7, s = 0.07;
        std::vector<stream::SeriesConfig> series{
            test::seriesOf("baseline", stream::StreamerKind::Baseline, "", eps),
            test::seriesOf("proposed-simple", stream::StreamerKind::Proposed, "simple", eps),
            test::seriesOf("proposed-tree-8", stream::StreamerKind::Proposed, "tree:8", eps)};
        stream::RunConfig config = test::tinyConfig(series, 3);
        config.fitIterations = 10;
        config.accuracy.oneWayShare = 0.2;
        config.accuracy.smallShare = 0.1;
        config.streamCharge = {"gumbel-top-m", "a:1", s};
        stream::RunEngine engine(*source, config);
        QCOMPARE(engine.run({}, nullptr, 2), 2);
        for (const stream::SeriesConfig& sc : series) {
            const PrivacyLedger& ledger = engine.ledger(sc.id);
            int wholeCharges = 0;
            for (const Charge& c : ledger.charges())
                if (c.step == kWholeStreamStep) ++wholeCharges;
            QCOMPARE(wholeCharges, 1);
            QCOMPARE(ledger.spent(sc.id, kWholeStreamStep), s);
            for (int t = 1; t <= 2; ++t) {
                QVERIFY2(ledger.spent(sc.id, t) <= eps, sc.id.c_str());
                QVERIFY2(std::abs(ledger.spent(sc.id, t) - eps) < 1e-12, sc.id.c_str());
            }
            for (const auto& r : engine.history(sc.id)) QVERIFY(std::abs(r.budgetSpent - eps) < 1e-12);
        }
        const stream::EngineState state = engine.saveState();
        stream::RunEngine resumed(*source, config, state);
        QCOMPARE(resumed.run({}), 1);
        QCOMPARE(resumed.ledger("proposed-simple").spent("proposed-simple", kWholeStreamStep), s);
        stream::RunConfig lost = config;
        lost.streamCharge = {};
        QVERIFY_THROWS_EXCEPTION(Error, stream::RunEngine(*source, lost, state));
    }
    void runBudgetAfterRefusesNothingLeft() {
        const Budget b = Budget::of(PrivacyModel::Pure, 1.0);
        QVERIFY(stream::runBudgetAfter(b, 0) == b);
        QVERIFY_THROWS_EXCEPTION(Error, stream::runBudgetAfter(b, 1.0));
        for (double s : {0.1, 0.3, 1.0 / 3, 0.05, 0.123456789})
            QVERIFY(stream::runBudgetAfter(b, s).amount() + s <= 1.0);
    }
};

QTEST_APPLESS_MAIN(TestWholeStreamLedger)
#include "test_whole_stream_ledger.moc"
