// The budget value type (core/privacy/budget.h): a user's budget inside the
// user range, a recorded one only finite and > 0; ρ stated at its δ, never
// an ε; the (ε, δ) conversion; the text for people; the ledger and the
// budget split made from a Budget charge exactly what they did from numbers.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/privacy/budget_split.h"
#include "core/privacy/ledger.h"
#include "core/values/budget.h"
#include "core/values/epsilon_range.h"
#include "core/values/error.h"
#include "core/values/zcdp_conversion.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

namespace {

// The setting an Error names, or "" when f does not throw a setting Error.
template <class F>
std::string refusedSetting(F f) {
    try {
        f();
    } catch (const Error& e) {
        return e.kind() == ErrorKind::Setting ? e.context().setting : std::string();
    }
    return {};
}

}  // namespace

class TestBudget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultIsPureEpsilonOne() {
        const Budget b;
        QCOMPARE(b.model(), PrivacyModel::Pure);
        QCOMPARE(b.amount(), 1.0);
        QCOMPARE(b.delta(), 0.0);
        QCOMPARE(std::string(b.unit()), std::string("epsilon"));
    }
    void requestedKeepsTheUserRange() {
        QCOMPARE(Budget::requested(PrivacyModel::Pure, kMinUserEpsilon).amount(), kMinUserEpsilon);
        QCOMPARE(Budget::requested(PrivacyModel::ZCdp, kMinUserRho, 1e-6).amount(), kMinUserRho);
        QCOMPARE(Budget::requested(PrivacyModel::Pure, kMaxUserBudget).amount(), kMaxUserBudget);
        QCOMPARE(refusedSetting([] { Budget::requested(PrivacyModel::Pure, kMinUserEpsilon / 2); }),
                 std::string("epsilon"));
        QCOMPARE(refusedSetting([] { Budget::requested(PrivacyModel::ZCdp, kMinUserRho / 2, 1e-6); }),
                 std::string("rho"));
        QCOMPARE(
            refusedSetting([] { Budget::requested(PrivacyModel::Pure, kMaxUserBudget * 2, 0, "--epsilon"); }),
            std::string("--epsilon"));
        QCOMPARE(refusedSetting([] { Budget::requested(PrivacyModel::ZCdp, 0.1, 1.0); }),
                 std::string("delta"));
        QCOMPARE(refusedSetting([] { Budget::requested(PrivacyModel::Pure, 1.0, 1e-6); }),
                 std::string("delta"));
    }
    void recordedBudgetsNeedOnlyBeFiniteAndPositive() {
        // A session's ρ below the user range still loads (it was accepted when the run began).
        QCOMPARE(Budget::of(PrivacyModel::ZCdp, 1e-14).amount(), 1e-14);
        QCOMPARE(Budget::of(PrivacyModel::ZCdp, 0.5, 0).delta(), 0.0);
        for (double bad : {0.0, -1.0, std::numeric_limits<double>::infinity(), std::nan("")})
            QCOMPARE(refusedSetting([bad] { Budget::of(PrivacyModel::ZCdp, bad); }), std::string("rho"));
        QCOMPARE(refusedSetting([] { Budget::of(PrivacyModel::ZCdp, 0.5, -0.1); }), std::string("delta"));
    }
    void rhoStatesItsEpsilonAtDelta() {
        const Budget b = Budget::requested(PrivacyModel::ZCdp, 0.05, 1e-6);
        QCOMPARE(b.epsilonAtDelta(), zcdpEpsilon(0.05, 1e-6));
        QVERIFY(b.epsilonAtDelta() > b.amount());  // ρ is not an ε: the statement is larger
        QCOMPARE(Budget::of(PrivacyModel::ZCdp, 0.05).epsilonAtDelta(), 0.0);  // δ not stated
        const Budget converted = Budget::requestedFor(1.0, 1e-6);
        QCOMPARE(converted.model(), PrivacyModel::ZCdp);
        QCOMPARE(converted.amount(), zcdpRhoFor(1.0, 1e-6));
        QVERIFY(zcdpDelta(converted.amount(), 1.0) <= 1e-6);
        QCOMPARE(refusedSetting([] { Budget::requestedFor(1.0, 0.0); }), std::string("delta"));
        QCOMPARE(refusedSetting([] { Budget::requestedFor(0.0, 1e-6); }), std::string("epsilon"));
    }
    void describeSaysTheModel() {
        QCOMPARE(Budget::requested(PrivacyModel::Pure, 0.5).describe(),
                 std::string("pure epsilon-DP, epsilon = 0.5"));
        const Budget z = Budget::requested(PrivacyModel::ZCdp, 0.05, 1e-6);
        QVERIFY(z.describe().rfind("zCDP, rho = 0.05 (implies (", 0) == 0);
        QVERIFY(z.describe().find(", 1e-06)-DP)") != std::string::npos);
    }
    void ledgerAndSplitFromABudgetChargeTheSame() {
        const Budget z = Budget::requested(PrivacyModel::ZCdp, 0.3, 1e-9);
        const PrivacyLedger fromBudget(z);
        QCOMPARE(fromBudget.model(), PrivacyModel::ZCdp);
        QCOMPARE(fromBudget.budgetPerStep(), 0.3);
        QCOMPARE(fromBudget.conversionDelta(), 1e-9);
        const BudgetSplit a(z, 7), b(PrivacyModel::ZCdp, 0.3, 7);
        for (int r = 1; r <= 7; ++r) {
            QCOMPARE(a.selection(r), b.selection(r));
            QCOMPARE(a.measurement(r), b.measurement(r));
        }
    }
};

QTEST_APPLESS_MAIN(TestBudget)
#include "test_budget.moc"
