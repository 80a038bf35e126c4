// The exact budget split (issue 17 item 6, issue 12 item 3): for many
// (budget, k) pairs a full step's charges, summed in charge order as the
// ledger sums them, equal the budget and never exceed it; the ledger takes a
// full step and refuses one ulp more (no tolerance); zCDP selections run at
// ε = √(8ρ).
#include <QtTest>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <cmath>
#include <sstream>

#include "core/privacy/budget_split.h"
#include "core/privacy/ledger.h"
#include "core/values/error.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

class TestBudgetSplit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fullStepSumsToTheBudgetExactly() {
        const double budgets[] = {0.1, 0.3, 0.7, 1.0, 1.1, 2.0, 3.3, 0.05, 1e-3, 0.123456789, 7.0, 1e-6};
        int pairs = 0, exactHits = 0;
        for (double budget : budgets) {
            for (int k = 1; k <= 40; ++k) {
                for (PrivacyModel model : {PrivacyModel::Pure, PrivacyModel::ZCdp}) {
                    const BudgetSplit split(model, budget, k);
                    double sum = 0.0;
                    PrivacyLedger ledger(budget, model);
                    for (int r = 1; r <= k; ++r) {
                        for (ChargeKind kind : {ChargeKind::Selection, ChargeKind::Measurement}) {
                            const double share = split.share(kind, r);
                            QVERIFY(share > 0);
                            // Within a few ulps of budget/(2k); measurements exactly so.
                            QVERIFY(std::abs(share - budget / (2.0 * k)) <= 1e-14 * budget);
                            if (kind == ChargeKind::Measurement) QCOMPARE(share, budget / (2.0 * k));
                            sum += share;
                            ledger.charge({"s", kind, "m", share, 1, r, ""});
                        }
                    }
                    QVERIFY2(sum <= budget, qPrintable(QString("%1 k=%2").arg(budget, 0, 'g', 17).arg(k)));
                    // Never above; the largest sum reachable in floating point,
                    // at most two ulps below (often the budget itself).
                    const double ulp0 = std::nextafter(budget, 2 * budget) - budget;
                    QVERIFY2(
                        sum <= budget && budget - sum <= 2 * ulp0,
                        qPrintable(
                            QString("%1 k=%2 sum %3").arg(budget, 0, 'g', 17).arg(k).arg(sum, 0, 'g', 17)));
                    QVERIFY(ledger.spent("s", 1) == sum);
                    exactHits += sum == budget ? 1 : 0;
                    // No slack: the smallest further charge is refused.
                    const double ulp = std::nextafter(budget, 2 * budget) - sum;
                    QVERIFY2(!ledger.canCharge({"s", ChargeKind::Selection, "m", ulp, 1, k, ""}),
                             qPrintable(QString("%1 k=%2 spent %3")
                                            .arg(budget, 0, 'g', 17)
                                            .arg(k)
                                            .arg(ledger.spent("s", 1), 0, 'g', 17)));
                    ++pairs;
                }
            }
        }
        QCOMPARE(pairs, 12 * 40 * 2);
        QVERIFY(exactHits > pairs / 2);  // most steps sum to the budget exactly
    }
    void theIssuesCase() {
        // ε/(2k) added 2k times gave 0.10000000000000002 at ε = 0.1, k = 7.
        double naive = 0.0;
        for (int i = 0; i < 14; ++i) naive += 0.1 / 14.0;
        QVERIFY(naive > 0.1);
        const BudgetSplit split(PrivacyModel::Pure, 0.1, 7);
        double exact = 0.0;
        for (int r = 1; r <= 7; ++r) exact = (exact + split.selection(r)) + split.measurement(r);
        QVERIFY(exact == 0.1);
        PrivacyLedger ledger(0.1);
        for (int i = 0; i < 13; ++i) ledger.charge({"s", ChargeKind::Measurement, "m", 0.1 / 14.0, 1, 1, ""});
        QVERIFY_THROWS_EXCEPTION(Error,
                                 ledger.charge({"s", ChargeKind::Measurement, "m", 0.1 / 14.0, 1, 1, ""}));
    }
    void skippedRoundsStayBelow() {
        const BudgetSplit split(PrivacyModel::Pure, 0.7, 9);
        for (int skip = 1; skip <= 9; ++skip) {
            double sum = 0.0;
            for (int r = 1; r <= 9; ++r)
                if (r != skip) sum = (sum + split.selection(r)) + split.measurement(r);
            QVERIFY(sum < 0.7);
        }
    }
    void selectionEpsilonPerModel() {
        const BudgetSplit pure(PrivacyModel::Pure, 1.0, 5);
        QCOMPARE(pure.selectionEpsilon(1, true), pure.selection(1));
        const BudgetSplit zcdp(PrivacyModel::ZCdp, 0.5, 5);
        // Exponential mechanism: ε²/8-zCDP, so ρ' buys ε = √(8ρ'); ε-DP only: √(2ρ').
        QCOMPARE(zcdp.selectionEpsilon(2, true), std::sqrt(8.0 * 0.05));
        QCOMPARE(zcdp.selectionEpsilon(2, false), std::sqrt(2.0 * 0.05));
    }
    void badBudgetsAreRefusedOnce() {
        for (double bad : {0.0, -1.0, double(NAN), double(INFINITY)}) {
            QVERIFY_THROWS_EXCEPTION(Error, BudgetSplit(PrivacyModel::Pure, bad, 3));
            try {
                BudgetSplit(PrivacyModel::ZCdp, bad, 3);
                QFAIL("accepted");
            } catch (const Error& e) {
                QCOMPARE(e.context().setting, std::string("rho"));
            }
        }
        QVERIFY_THROWS_EXCEPTION(Error, BudgetSplit(PrivacyModel::Pure, 1.0, 0));
    }
    void version1LedgersKeepLoading() {
        // A v1 ledger (pure, mechanism names) whose step is one ulp above ε,
        // as the old split made them, still loads; new steps are exact.
        std::ostringstream out;
        {
            boost::archive::binary_oarchive ar(out);
            int version = 1;
            double budget = 0.1;
            std::size_t n = 14;
            ar << version << budget << n;
            for (int r = 1; r <= 7; ++r)
                for (const char* mech : {"exponential", "laplace"}) {
                    std::string series = "baseline", mechanism = mech, workload = "w";
                    double eps = 0.1 / 14.0;
                    int step = 3, round = r;
                    ar << series << mechanism << eps << step << round << workload;
                }
        }
        PrivacyLedger old = PrivacyLedger::load(out.str());
        QVERIFY(old.spent("baseline", 3) > 0.1);  // one ulp above, accepted as before
        QCOMPARE(old.charges()[0].kind, ChargeKind::Selection);
        QCOMPARE(old.charges()[1].kind, ChargeKind::Measurement);
        old.charge({"baseline", ChargeKind::Selection, "exponential", 0.1, 4, 1, ""});  // a new step: exact
        QVERIFY_THROWS_EXCEPTION(
            Error, old.charge({"baseline", ChargeKind::Selection, "exponential", 1e-17, 4, 2, ""}));
        PrivacyLedger loaded = PrivacyLedger::load(PrivacyLedger(0.1).save());  // round trip of v2
        QCOMPARE(loaded.model(), PrivacyModel::Pure);
        PrivacyLedger z(0.25, PrivacyModel::ZCdp);
        z.setConversionDelta(1e-6);
        z.charge({"p", ChargeKind::Selection, "exponential", 0.125, 1, 1, ""});
        const PrivacyLedger back = PrivacyLedger::load(z.save());
        QCOMPARE(back.model(), PrivacyModel::ZCdp);
        QCOMPARE(back.conversionDelta(), 1e-6);
        QCOMPARE(back.charges()[0].kind, ChargeKind::Selection);
        QVERIFY(back.toJson().find("\"privacy_model\":\"zcdp\"") != std::string::npos);
        QVERIFY(back.toJson().find("\"rho\":0.125") != std::string::npos);
        QVERIFY(back.toJson().find("\"epsilon_at_delta\":") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestBudgetSplit)
#include "test_budget_split.moc"
