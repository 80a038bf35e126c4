// The one budget parser of the GUI and the CLI (core/api/budget_input.h):
// valid ε, ρ and (ε, δ) become privacy::Budget values (ρ the largest that
// implies (ε, δ)-DP, checked against the conversion's definition); invalid
// text, values and δ are refused with the setting named and a message that
// says why; the throwing form names the option with the caller's prefix.
#include <QtTest>
#include <cmath>

#include "core/api/budget_input.h"
#include "core/values/epsilon_range.h"
#include "core/values/error.h"
#include "core/values/zcdp_conversion.h"

using namespace streamsynth;
using namespace streamsynth::api;
using privacy::Budget;
using privacy::PrivacyModel;

namespace {

BudgetInput pure(const std::string& values) {
    return {PrivacyModel::Pure, values, false, {}};
}
BudgetInput rho(const std::string& values, const std::string& delta = {}) {
    return {PrivacyModel::ZCdp, values, false, delta};
}
BudgetInput epsDelta(const std::string& values, const std::string& delta) {
    return {PrivacyModel::ZCdp, values, true, delta};
}

}  // namespace

class TestBudgetInput : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pureEpsilonList() {
        const ParsedBudgets p = readBudgets(pure(" 0.5, 1 ,2"));
        QVERIFY2(p.ok(), p.message.c_str());
        QCOMPARE(p.budgets.size(), std::size_t(3));
        QCOMPARE(p.budgets[0], Budget::of(PrivacyModel::Pure, 0.5));
        QCOMPARE(p.budgets[2].amount(), 2.0);
        for (const Budget& b : p.budgets) {
            QCOMPARE(b.model(), PrivacyModel::Pure);
            QCOMPARE(b.delta(), 0.0);
            QCOMPARE(b.epsilonAtDelta(), b.amount());  // pure: the ε is the budget itself
        }
        // The bounds of the user range are accepted, and δ text is ignored under pure ε-DP.
        BudgetInput bounds = pure("1e-6, 1000");
        bounds.delta = "not read";
        QVERIFY(readBudgets(bounds).ok());
    }
    void rhoIsNeverCalledEpsilon() {
        const ParsedBudgets p = readBudgets(rho("0.05", "1e-9"));
        QVERIFY2(p.ok(), p.message.c_str());
        const Budget b = p.budgets.at(0);
        QCOMPARE(b.model(), PrivacyModel::ZCdp);
        QCOMPARE(std::string(b.unit()), std::string("rho"));
        QCOMPARE(b.amount(), 0.05);
        QCOMPARE(b.delta(), 1e-9);
        QCOMPARE(b.epsilonAtDelta(), privacy::zcdpEpsilon(0.05, 1e-9));
        // Without δ a typed ρ is stated at the default δ.
        QCOMPARE(readBudgets(rho("0.05")).budgets.at(0).delta(), kDefaultStatedDelta);
    }
    void epsilonDeltaConvertsToTheLargestRho() {
        const ParsedBudgets p = readBudgets(epsDelta("1, 2", "1e-6"));
        QVERIFY2(p.ok(), p.message.c_str());
        QCOMPARE(p.typed, (std::vector<double>{1.0, 2.0}));
        for (std::size_t i = 0; i < 2; ++i) {
            const Budget& b = p.budgets[i];
            QCOMPARE(b.model(), PrivacyModel::ZCdp);
            QCOMPARE(b.amount(), privacy::zcdpRhoFor(p.typed[i], 1e-6));
            // The ρ implies (ε, δ)-DP: its δ at the typed ε is at most the typed δ.
            QVERIFY(privacy::zcdpDelta(b.amount(), p.typed[i]) <= 1e-6);
            QVERIFY(b.epsilonAtDelta() <= p.typed[i] * (1 + 1e-12));
        }
    }
    void refusalsNameTheSettingAndSayWhy() {
        struct Case {
            BudgetInput input;
            BudgetProblem problem;
            const char* setting;
            const char* inMessage;
        };
        const std::vector<Case> cases = {
            {pure(""), BudgetProblem::NoValue, "epsilon", "missing"},
            {pure("1,,2"), BudgetProblem::NoValue, "epsilon", "empty value"},
            {pure("1,"), BudgetProblem::NoValue, "epsilon", "empty value"},
            {pure(",1"), BudgetProblem::NoValue, "epsilon", "empty value"},
            {pure("one"), BudgetProblem::NotANumber, "epsilon", "is not a finite number"},
            {pure("nan"), BudgetProblem::NotANumber, "epsilon", "is not a finite number"},
            {pure("inf"), BudgetProblem::NotANumber, "epsilon", "is not a finite number"},
            {pure("0"), BudgetProblem::NotPositive, "epsilon", "> 0"},
            {pure("1, -1"), BudgetProblem::NotPositive, "epsilon", "> 0"},
            {pure("1e-300"), BudgetProblem::OutOfRange, "epsilon", "below 1e-06"},
            {pure("1e300"), BudgetProblem::OutOfRange, "epsilon", "above 1000"},
            {rho("1e-13"), BudgetProblem::OutOfRange, "rho", "below 1e-12"},
            {rho("-0.1"), BudgetProblem::NotPositive, "rho", "rho must be"},
            {rho("0.1", "1"), BudgetProblem::Delta, "delta", "strictly between 0 and 1"},
            {rho("0.1", "0"), BudgetProblem::Delta, "delta", "strictly between 0 and 1"},
            {rho("0.1", "tiny"), BudgetProblem::Delta, "delta", "is not a finite number"},
            {epsDelta("1", ""), BudgetProblem::Delta, "delta", "needs delta"},
            {epsDelta("1", "-1e-6"), BudgetProblem::Delta, "delta", "strictly between 0 and 1"},
            {epsDelta("2000", "1e-6"), BudgetProblem::OutOfRange, "epsilon", "above 1000"},
        };
        for (const Case& c : cases) {
            const ParsedBudgets p = readBudgets(c.input);
            const QByteArray what = QByteArray::fromStdString(c.input.values + " / " + c.input.delta + ": " +
                                                              p.setting + ": " + p.message);
            QVERIFY2(p.problem == c.problem, what.constData());
            QVERIFY2(!p.ok() && p.budgets.empty(), what.constData());
            QCOMPARE(p.setting, std::string(c.setting));
            QVERIFY2(p.message.find(c.inMessage) != std::string::npos, what.constData());
        }
    }
    void throwingFormNamesTheOption() {
        QCOMPARE(parseBudgets(pure("2")).at(0).amount(), 2.0);
        try {
            (void)parseBudgets(rho("0.1", "2"), "--");
            QFAIL("δ = 2 was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Setting);
            QCOMPARE(e.context().setting, std::string("--delta"));
            QVERIFY(e.message().find("between 0 and 1") != std::string::npos);
        }
        try {
            (void)parseBudgets(pure("1,,2"), "--");
            QFAIL("an empty item was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.context().setting, std::string("--epsilon"));
            QVERIFY(e.message().find("empty") != std::string::npos);
        }
    }
    void typedValuesAndDeltaAlone() {
        // plan's --epsilon: the ε typed kept beside the ρ it converts to.
        const ParsedBudgets p = parseTypedBudgets(epsDelta("1", "1e-6"), "--");
        QCOMPARE(p.typed, std::vector<double>{1.0});
        QCOMPARE(p.budgets.at(0), Budget::requestedFor(1, 1e-6));
        // δ without a budget reads as readBudgets reads it, with the same refusals.
        QCOMPARE(parseDelta("", "--"), kDefaultStatedDelta);
        QCOMPARE(parseDelta(" 1e-5 ", "--"), 1e-5);
        for (const std::string bad : {"0", "1", "abc", "nan"}) {
            const ParsedBudgets viaBudget = readBudgets(rho("0.1", bad));
            try {
                (void)parseDelta(bad, "--");
                QFAIL(("delta " + bad + " was accepted").c_str());
            } catch (const Error& e) {
                QCOMPARE(e.context().setting, std::string("--delta"));
                QCOMPARE(e.message(), viaBudget.message);
            }
        }
    }
    void typedUnitFollowsTheInput() {
        QCOMPARE(std::string(typedUnit(pure("1"))), std::string("epsilon"));
        QCOMPARE(std::string(typedUnit(rho("1"))), std::string("rho"));
        QCOMPARE(std::string(typedUnit(epsDelta("1", "1e-6"))), std::string("epsilon"));
    }
};

QTEST_APPLESS_MAIN(TestBudgetInput)
#include "test_budget_input.moc"
