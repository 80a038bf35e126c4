// Budget figures written for people (budgetFigure, spentFigure in
// core/values/number_text.h): a sum of shares reads as the budget it fills
// (0.9999999999999997 as 1, 0.30000000000000004 as 0.3), a real overspend is
// never written below the exact sum by more than 1e-12 of it, and a spend
// within its budget never reads above it.
#include <QRegularExpression>
#include <QtTest>
#include <random>

#include "core/values/number_text.h"

using namespace streamsynth;

namespace {

// The significant digits of v's shortest text ("0.00125" has 3, "1.5e-07" 2).
int significantDigits(double v) {
    QString digits = QString::fromStdString(shortestNumberText(v));
    digits.remove(QRegularExpression("e.*$")).remove(QLatin1Char('.'));
    return static_cast<int>(digits.remove(QRegularExpression("^0+")).size());
}

}  // namespace

class TestBudgetFigure : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sumsOfSharesReadAsTheBudget() {
        QCOMPARE(shortestNumberText(budgetFigure(0.9999999999999997)), std::string("1"));
        QCOMPARE(shortestNumberText(budgetFigure(0.1 + 0.2)), std::string("0.3"));
        QCOMPARE(shortestNumberText(budgetFigure(1.9999999999999993)), std::string("2"));
        QCOMPARE(shortestNumberText(budgetFigure(0.49999999999999983)), std::string("0.5"));
        QCOMPARE(shortestNumberText(budgetFigure(1.0000000000000002)), std::string("1"));
        double tenths = 0;  // ten shares of 0.1, added one by one
        for (int i = 0; i < 10; ++i) tenths += 0.1;
        QVERIFY(tenths != 1.0);
        QCOMPARE(budgetFigure(tenths), 1.0);
        QCOMPARE(budgetFigure(0.0), 0.0);
        QCOMPARE(budgetFigure(1e-300), 1e-300);
        QCOMPARE(shortestNumberText(budgetFigure(0.123456789)), std::string("0.123456789"));  // nothing lost
    }

    void anOverspendIsNeverHidden() {
        // The nearest 12 digits would write 1.000000000004 as 1 (4e-12 below): the 12th goes up.
        QCOMPARE(shortestNumberText(budgetFigure(1.000000000004)), std::string("1.00000000001"));
        QCOMPARE(shortestNumberText(spentFigure(1.000000000004, 1.0)), std::string("1.00000000001"));
        QCOMPARE(shortestNumberText(budgetFigure(1.0000000000005)), std::string("1"));  // 5e-13 above: 1
        QCOMPARE(shortestNumberText(budgetFigure(9.999999999994)),
                 std::string("9.99999999999"));  // 4e-13 below
        QCOMPARE(shortestNumberText(budgetFigure(9.9999999999996)), std::string("10"));
        // Any value: never more than 1e-12 below, at most one unit of the 12th digit above,
        // at most 12 digits, and its own figure.
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> mantissa(1.0, 10.0);
        std::uniform_int_distribution<int> exponent(-8, 4);
        for (int i = 0; i < 200000; ++i) {
            const double v = mantissa(rng) * std::pow(10.0, exponent(rng));
            const double f = budgetFigure(v);
            const QString where = QString::number(v, 'g', 17) + " -> " + QString::number(f, 'g', 17);
            QVERIFY2(f >= v * (1 - 1e-12) && f <= v * (1 + 1e-11), qPrintable(where));
            QVERIFY2(significantDigits(f) <= 12, qPrintable(where));
            QVERIFY2(budgetFigure(f) == f, qPrintable(where));
        }
    }

    void aSpendWithinItsBudgetNeverReadsAboveIt() {
        // A budget written with 14 digits: 12 would round the full spend up past it.
        const double budget = 0.12345678901275;
        QVERIFY(budgetFigure(budget) > budget);
        QCOMPARE(spentFigure(budget, budget), budget);
        QCOMPARE(spentFigure(0.9999999999999997, 1.0), 1.0);
        QCOMPARE(spentFigure(0.25), 0.25);  // no budget: the figure alone
    }
};

QTEST_APPLESS_MAIN(TestBudgetFigure)
#include "test_budget_figure.moc"
