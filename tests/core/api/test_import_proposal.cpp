// Import proposals and the noise hint (core/api/import_proposal.h,
// noise_hint.h): 1-2-5 rounding, round public-looking bounds that keep every
// value of the movies table inside, the movies' date column detected, the
// steps and rows per step of each period counted on a small table whose
// answer is known by hand, the period proposal, and the noise std from the
// budget split.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "core/api/import_proposal.h"
#include "core/api/noise_hint.h"
#include "core/api/workbench.h"
#include "support/test_data.h"

using namespace streamsynth;

namespace {
const api::PeriodOption* option(const std::vector<api::PeriodOption>& all, data::PeriodUnit unit) {
    for (const auto& o : all)
        if (o.unit == unit) return &o;
    return nullptr;
}
}  // namespace

class TestImportProposal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void niceCeilIsTheNext125() {
        QCOMPARE(api::niceCeil(1565354.0), 2e6);  // the cost column
        QCOMPARE(api::niceCeil(146083.0), 2e5);
        QCOMPARE(api::niceCeil(100.0), 100.0);
        QCOMPARE(api::niceCeil(101.0), 200.0);
        QCOMPARE(api::niceCeil(499.0), 500.0);
        QCOMPARE(api::niceCeil(501.0), 1000.0);
        QCOMPARE(api::niceCeil(1.0), 1.0);
        QCOMPARE(api::niceCeil(0.7), 1.0);
        QVERIFY(std::abs(api::niceCeil(0.003) - 0.005) < 1e-15);
        QCOMPARE(api::niceCeil(0.0), 0.0);
        QCOMPARE(api::niceCeil(-3.0), 0.0);
        // Exact powers of ten stay themselves (log10 rounding must not push them a decade up).
        for (int k = -6; k <= 12; ++k) QCOMPARE(api::niceCeil(std::pow(10.0, k)), std::pow(10.0, k));
    }

    void moviesBoundsAreRoundAndHoldTheData() {
        api::Workbench wb;
        wb.open(test::dataPath("movies.csv"));
        const data::Schema raw = wb.proposedSchema(10);
        const data::Schema round = api::withRoundBounds(raw);
        QCOMPARE(round.attributes.size(), raw.attributes.size());
        int numeric = 0;
        for (std::size_t i = 0; i < raw.attributes.size(); ++i) {
            const data::AttributeSpec& a = raw.attributes[i];
            const data::AttributeSpec& r = round.attributes[i];
            if (a.kind != data::AttributeKind::Numeric || a.date) {  // dates keep their calendar edges
                QVERIFY(a == r);
                continue;
            }
            ++numeric;
            QVERIFY2(r.lower <= a.lower && r.upper >= a.upper, a.name.c_str());
            QCOMPARE(r.bins, a.bins);
            QVERIFY(r.lower == 0 || r.lower == -api::niceCeil(-r.lower));
            QCOMPARE(r.upper, api::niceCeil(r.upper));
        }
        QVERIFY(numeric >= 5);  // grosses, budget, running time, ratings, votes
        // Production Budget: its maximum is below 10^9, rounded to a 1-2-5 number at or above it.
        const data::AttributeSpec& budget =
            round.attributes[static_cast<std::size_t>(round.indexOf("Production Budget"))];
        QCOMPARE(budget.lower, 0.0);
        QCOMPARE(
            budget.upper,
            api::niceCeil(raw.attributes[static_cast<std::size_t>(raw.indexOf("Production Budget"))].upper));
    }

    void negativeAndConstantColumns() {
        data::Schema s;
        data::AttributeSpec a;
        a.name = "x";
        a.kind = data::AttributeKind::Numeric;
        a.lower = -37;
        a.upper = -2;
        a.bins = 4;
        s.attributes.push_back(a);
        a.name = "y";
        a.lower = 0;
        a.upper = 1;  // the proposal of a column of zeros: [0, 0 + 1]
        s.attributes.push_back(a);
        const data::Schema r = api::withRoundBounds(s);
        QCOMPARE(r.attributes[0].lower, -50.0);
        QCOMPARE(r.attributes[0].upper, 0.0);
        QCOMPARE(r.attributes[1].lower, 0.0);
        QCOMPARE(r.attributes[1].upper, 1.0);
    }

    void detectsTheMoviesReleaseDate() {
        api::Workbench wb;
        wb.open(test::dataPath("movies.csv"));
        const auto guess = api::detectTimeColumn(wb);
        QVERIFY(guess.has_value());
        QCOMPARE(guess->column, std::string("Release Date"));
        QVERIFY(guess->dates * 10 >= guess->values * 9);
        // Adult has no dates at all.
        api::Workbench adult;
        adult.open(test::dataPath("adult.csv"));
        QVERIFY(!api::detectTimeColumn(adult).has_value());
    }

    void periodOptionsCountedByHand() {
        QTemporaryDir dir;
        const QString csv = dir.filePath("t.csv");
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("when,x\n2020-01-05,a\n2020-01-20,b\n2020-03-01,a\n");
        f.close();
        api::Workbench wb;
        wb.open(csv.toStdString());
        const auto all = api::periodOptions(wb, "when");
        QCOMPARE(all.size(), std::size_t{6});
        // Months Jan..Mar: rows 2, 0, 1 -> sorted 0, 1, 2, lower median 1.
        const auto* month = option(all, data::PeriodUnit::Month);
        QVERIFY(month);
        QCOMPARE(month->steps, 3LL);
        QCOMPARE(month->medianRows, 1LL);
        QCOMPARE(month->rows, 3LL);
        // Days Jan 5 .. Mar 1: 26 + 29 + 2 = 57 days (2020 is a leap year), median 0.
        QCOMPARE(option(all, data::PeriodUnit::Day)->steps, 57LL);
        QCOMPARE(option(all, data::PeriodUnit::Day)->medianRows, 0LL);
        QCOMPARE(option(all, data::PeriodUnit::Quarter)->steps, 1LL);
        QCOMPARE(option(all, data::PeriodUnit::Year)->medianRows, 3LL);
        // A public start in December 2019 adds an empty month in front: 0, 2, 0, 1 -> median 0.
        const auto fromDecember = api::periodOptions(wb, "when", {}, "2019-12-01");
        QCOMPARE(option(fromDecember, data::PeriodUnit::Month)->steps, 4LL);
        QCOMPARE(option(fromDecember, data::PeriodUnit::Month)->medianRows, 0LL);
        // No unit reaches 2 rows per step over two steps or more: the longest with two steps (month).
        QCOMPARE(api::proposePeriod(all, 2), data::PeriodUnit::Month);
        // Two-week steps from the week of 2019-12-30: 1, 1, 0, 0, 1 rows -> median 1, the
        // shortest unit with one row per step (weeks: 1, 0, 0, 1, 0, 0, 0, 0, 1 -> median 0).
        QCOMPARE(option(all, data::PeriodUnit::TwoWeeks)->steps, 5LL);
        QCOMPARE(option(all, data::PeriodUnit::Week)->medianRows, 0LL);
        QCOMPARE(api::proposePeriod(all, 1), data::PeriodUnit::TwoWeeks);
        QCOMPARE(api::proposePeriod({}, 1), data::PeriodUnit::Month);
        // Two months per step: Jan–Feb 2 rows, Mar–Apr 1 row -> 2 steps, lower median 1.
        const auto twoMonths = api::periodOptions(wb, "when", {}, {}, 2);
        QCOMPARE(option(twoMonths, data::PeriodUnit::Month)->steps, 2LL);
        QCOMPARE(option(twoMonths, data::PeriodUnit::Month)->medianRows, 1LL);
        // A public end: months Jan..Feb only (rows 2, 0 -> lower median 0); an end in June adds empty months.
        const auto toFebruary = api::periodOptions(wb, "when", {}, {}, 1, "2020-02-15");
        QCOMPARE(option(toFebruary, data::PeriodUnit::Month)->steps, 2LL);
        QCOMPARE(option(toFebruary, data::PeriodUnit::Month)->rows, 2LL);
        QCOMPARE(option(toFebruary, data::PeriodUnit::Month)->medianRows, 0LL);
        QCOMPARE(
            option(api::periodOptions(wb, "when", {}, {}, 1, "2020-06-30"), data::PeriodUnit::Month)->steps,
            6LL);
        QVERIFY(api::periodOptions(wb, "x").empty());
        QVERIFY(api::periodOptions(wb, "no such column").empty());
    }

    void moviesProposeAPeriodWithEnoughRows() {
        api::Workbench wb;
        wb.open(test::dataPath("movies.csv"));
        const auto all = api::periodOptions(wb, "Release Date");
        const data::PeriodUnit unit = api::proposePeriod(all, 100);
        const auto* chosen = option(all, unit);
        QVERIFY(chosen);
        QVERIFY(chosen->steps >= 2);
        // Either it holds 100 rows per step, or no unit with two steps does.
        if (chosen->medianRows < 100)
            for (const auto& o : all) QVERIFY(o.steps < 2 || o.medianRows < 100);
        // Shorter units never hold more rows per step than longer ones here.
        QVERIFY(option(all, data::PeriodUnit::Month)->medianRows <=
                option(all, data::PeriodUnit::Year)->medianRows);
    }

    void noiseFromTheBudgetSplit() {
        // ε = 1, k = 5: measurement share 1/10, Laplace b = 10, std √2·10.
        QVERIFY(std::abs(api::countNoiseStd(privacy::PrivacyModel::Pure, 1.0, 5) - std::sqrt(2.0) * 10) <
                1e-9);
        // ρ = 0.5, k = 1: share 0.25, σ = 1/√(2·0.25) = √2.
        QVERIFY(std::abs(api::countNoiseStd(privacy::PrivacyModel::ZCdp, 0.5, 1) - std::sqrt(2.0)) < 1e-9);
        QCOMPARE(api::noiseLevel(14.1, 62), api::NoiseLevel::High);  // the issue's ~60-row months at ε = 1
        QCOMPARE(api::noiseLevel(14.1, 300), api::NoiseLevel::Noticeable);
        QCOMPARE(api::noiseLevel(14.1, 1000), api::NoiseLevel::Low);
        QCOMPARE(api::noiseLevel(14.1, 0), api::NoiseLevel::High);
    }
};

QTEST_GUILESS_MAIN(TestImportProposal)
#include "test_import_proposal.moc"
