// Step formation: calendar periods (empty periods kept), unparsable times,
// single-value columns, units, batch sizes, seeded shuffles, sorted order,
// and the TableStepSource answers.
#include <QtTest>
#include <algorithm>
#include <set>

#include "core/common/error.h"
#include "core/marginals/marginal_counter.h"
#include "core/stream/step_plan.h"
#include "core/stream/step_source.h"

using namespace streamsynth;
using stream::StepPlan;

namespace {
data::TimeSettings period(data::PeriodUnit u, int count = 1, std::string format = {}) {
    data::TimeSettings s;
    s.column = "when";
    s.unit = u;
    s.count = count;
    s.format = std::move(format);
    return s;
}
std::vector<std::size_t> sizes(const StepPlan& p) {
    std::vector<std::size_t> out;
    for (const auto& r : p.rows) out.push_back(r.size());
    return out;
}
data::Table randomTable(std::size_t rows, std::uint64_t seed) {
    const data::Domain d({{"a", 3}, {"b", 4}, {"c", 2}});
    auto rng = privacy::makeSeededRng(seed);
    data::Table t(d, rows);
    for (std::size_t r = 0; r < rows; ++r)
        for (int a = 0; a < 3; ++a) t.set(r, a, static_cast<data::Code>(rng->uniformBelow(static_cast<std::uint64_t>(d.size(a)))));
    return t;
}
}  // namespace

class TestStepPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void monthsKeepEmptyPeriods() {
        // Jan, Jan, Apr, Feb: March is empty but still a step.
        const std::vector<std::string> t{"2019-01-05", "Jan 31 2019", "4/1/19", "2019-02-10T08:00"};
        const StepPlan p = stream::planByTime(t, {2, 3, 4, 5}, period(data::PeriodUnit::Month), "f.csv");
        QCOMPARE(p.stepCount(), std::size_t(4));
        QCOMPARE(sizes(p), (std::vector<std::size_t>{2, 1, 0, 1}));
        QCOMPARE(p.rows[0], (std::vector<std::size_t>{0, 1}));  // file order within a step
        QCOMPARE(p.rows[3], (std::vector<std::size_t>{2}));
        QCOMPARE(p.periods[0], std::string("2019-01 (month)"));
        QCOMPARE(p.periods[2], std::string("2019-03 (month)"));
        QVERIFY(p.problems.empty());
    }
    void startFromDataIsFlagged() {
        const std::vector<std::string> t{"2019-02-05", "2019-01-31"};
        const StepPlan p = stream::planByTime(t, {}, period(data::PeriodUnit::Month), "f");
        QVERIFY(p.startFromData);
        QCOMPARE(p.derivedStart, std::string("2019-01-31"));
    }
    void publicStartFixesStepOneAndExcludesEarlierRows() {
        // Start in December 2018: step 1 is an empty December, the row of
        // November is excluded and reported, and nothing is read from the data.
        data::TimeSettings s = period(data::PeriodUnit::Month);
        s.start = "2018-12-01";
        const std::vector<std::string> t{"2019-01-05", "2018-11-30", "2019-02-01"};
        const StepPlan p = stream::planByTime(t, {2, 3, 4}, s, "f");
        QVERIFY(!p.startFromData);
        QCOMPARE(sizes(p), (std::vector<std::size_t>{0, 1, 1}));
        QCOMPARE(p.periods[0], std::string("2018-12 (month)"));
        QCOMPARE(p.problems.size(), std::size_t(1));
        QCOMPARE(p.problems[0].kind, std::string("before-start"));
        QCOMPARE(p.problems[0].count, 1LL);
        s.start = "not a date";
        QVERIFY_THROWS_EXCEPTION(Error, stream::planByTime(t, {}, s, "f"));
    }
    void weeksStartMonday() {
        // 2019-03-04 is a Monday. Sun 03-03 is in the week of 02-25.
        const std::vector<std::string> t{"2019-03-03", "2019-03-04", "2019-03-10", "2019-03-11", "2019-03-25"};
        const StepPlan p = stream::planByTime(t, {}, period(data::PeriodUnit::Week), "f");
        QCOMPARE(sizes(p), (std::vector<std::size_t>{1, 2, 1, 0, 1}));
        QCOMPARE(p.periods[0], std::string("week of 2019-02-25"));
        QCOMPARE(p.periods[1], std::string("week of 2019-03-04"));
        // Two weeks: pairs of weeks from the first week (02-25).
        const StepPlan two = stream::planByTime(t, {}, period(data::PeriodUnit::TwoWeeks), "f");
        QCOMPARE(sizes(two), (std::vector<std::size_t>{3, 1, 1}));
        QCOMPARE(two.periods[1], std::string("2 weeks from 2019-03-11"));
    }
    void quartersYearsDays() {
        const std::vector<std::string> t{"2018-12-31", "2019-01-01", "2019-03-31", "2019-04-01", "2019-12-31"};
        const StepPlan q = stream::planByTime(t, {}, period(data::PeriodUnit::Quarter), "f");
        QCOMPARE(sizes(q), (std::vector<std::size_t>{1, 2, 1, 0, 1}));
        QCOMPARE(q.periods[0], std::string("2018-Q4 (quarter)"));
        QCOMPARE(q.periods[4], std::string("2019-Q4 (quarter)"));
        const StepPlan y = stream::planByTime(t, {}, period(data::PeriodUnit::Year), "f");
        QCOMPARE(sizes(y), (std::vector<std::size_t>{1, 4}));
        QCOMPARE(y.periods[1], std::string("2019 (year)"));
        const StepPlan d = stream::planByTime(t, {}, period(data::PeriodUnit::Day, 7), "f");
        // Days from 2018-12-31: 0, 1, 90, 91, 365 -> steps 0, 0, 12, 13, 52.
        QCOMPARE(d.stepCount(), std::size_t(53));
        QCOMPARE(d.rows[0].size(), std::size_t(2));
        QCOMPARE(d.rows[12], (std::vector<std::size_t>{2}));
        QCOMPARE(d.rows[13], (std::vector<std::size_t>{3}));
        const StepPlan m3 = stream::planByTime(t, {}, period(data::PeriodUnit::Month, 3), "f");
        // Months from 2018-12: 0, 1, 3, 4, 12 -> steps 0, 0, 1, 1, 4.
        QCOMPARE(sizes(m3), (std::vector<std::size_t>{2, 2, 0, 0, 1}));
        QCOMPARE(m3.periods[1], std::string("3 months from 2019-03"));
    }
    void unparsableReportedAndExcluded() {
        std::vector<std::string> t{"2019-01-01", "31/02/2020", "", "2019-02-01"};
        for (int i = 0; i < 6; ++i) t.push_back("garbage" + std::to_string(i));
        std::vector<long long> lines;
        for (std::size_t i = 0; i < t.size(); ++i) lines.push_back(static_cast<long long>(i) + 10);
        const StepPlan p = stream::planByTime(t, lines, period(data::PeriodUnit::Month), "f.csv");
        QCOMPARE(p.rowCount(), std::size_t(2));
        QCOMPARE(p.problems.size(), std::size_t(1));
        const data::Problem& pr = p.problems[0];
        QCOMPARE(pr.kind, std::string("unparsable-time"));
        QCOMPARE(pr.column, std::string("when"));
        QCOMPARE(pr.count, 8LL);
        QCOMPARE(pr.examples.size(), std::size_t(5));
        QCOMPARE(pr.examples[0], std::string("line 11: '31/02/2020'"));
        QVERIFY(pr.message.find("excluded") != std::string::npos);
    }
    void nothingParsesIsAnError() {
        QVERIFY_THROWS_EXCEPTION(Error, stream::planByTime({"x", "y"}, {}, period(data::PeriodUnit::Month), "f"));
        QVERIFY_THROWS_EXCEPTION(Error, stream::planByTime({}, {}, period(data::PeriodUnit::Month), "f"));
        // A stray far date with a daily period would exceed the step cap.
        QVERIFY_THROWS_EXCEPTION(Error, stream::planByTime({"0001-01-01", "9999-12-31"}, {},
                                                           period(data::PeriodUnit::Day), "f"));
    }
    void singleValueWarns() {
        const StepPlan p = stream::planByTime({"2019-01-01", "2019-01-01"}, {}, period(data::PeriodUnit::Week), "f");
        QCOMPARE(p.stepCount(), std::size_t(1));
        QCOMPARE(p.problems.size(), std::size_t(1));
        QCOMPARE(p.problems[0].kind, std::string("single-time-value"));
    }
    void units() {
        const std::vector<std::string> t{"3", "5", "12", "4.5", "2019-01-01"};
        const StepPlan p = stream::planByTime(t, {}, period(data::PeriodUnit::Units, 4), "f");
        // From 3: [3,7) -> 3, 5, 4.5; [7,11) empty; [11,15) -> 12. Dates are not numbers.
        QCOMPARE(sizes(p), (std::vector<std::size_t>{3, 0, 1}));
        QCOMPARE(p.periods[0], std::string("[3, 7)"));
        QCOMPARE(p.problems.size(), std::size_t(1));
        QCOMPARE(p.problems[0].count, 1LL);
        // Calendar periods do not accept plain numbers.
        const StepPlan q = stream::planByTime({"2019-01-01", "17"}, {}, period(data::PeriodUnit::Month), "f");
        QCOMPARE(q.rowCount(), std::size_t(1));
    }
    void explicitFormat() {
        const StepPlan p = stream::planByTime({"01.02.2019", "15.03.2019"}, {},
                                              period(data::PeriodUnit::Month, 1, "dd.MM.yyyy"), "f");
        QCOMPARE(sizes(p), (std::vector<std::size_t>{1, 1}));
        QCOMPARE(p.periods[0], std::string("2019-02 (month)"));
    }
    void batchSizes() {
        const data::Table t = randomTable(103, 1);
        auto rng = privacy::makeSeededRng(1);
        for (long long b : {1LL, 10LL, 50LL, 103LL, 500LL}) {
            const StepPlan p = stream::planByBatch(t, {b, data::BatchOrder::Random}, *rng);
            QCOMPARE(static_cast<long long>(p.stepCount()), (103 + b - 1) / b);
            for (std::size_t s = 0; s + 1 < p.stepCount(); ++s) QCOMPARE(static_cast<long long>(p.rows[s].size()), b);
            // A permutation: every row exactly once.
            std::set<std::size_t> all;
            for (const auto& r : p.rows) all.insert(r.begin(), r.end());
            QCOMPARE(all.size(), std::size_t(103));
            QCOMPARE(p.rowCount(), std::size_t(103));
        }
        QVERIFY_THROWS_EXCEPTION(Error, stream::planByBatch(t, {0, data::BatchOrder::Random}, *rng));
        const StepPlan none = stream::planByBatch(data::Table(t.domain(), 0), {5, data::BatchOrder::Sorted}, *rng);
        QCOMPARE(none.stepCount(), std::size_t(0));
    }
    void randomShuffleReproducible() {
        const data::Table t = randomTable(500, 2);
        auto a = privacy::makeSeededRng(42), b = privacy::makeSeededRng(42), c = privacy::makeSeededRng(43);
        const StepPlan pa = stream::planByBatch(t, {50, data::BatchOrder::Random}, *a);
        const StepPlan pb = stream::planByBatch(t, {50, data::BatchOrder::Random}, *b);
        const StepPlan pc = stream::planByBatch(t, {50, data::BatchOrder::Random}, *c);
        QCOMPARE(pa.rows, pb.rows);
        QVERIFY(pa.rows != pc.rows);  // P(equal) = 1/500!
        // Not the identity either.
        std::vector<std::size_t> flat;
        for (const auto& r : pa.rows) flat.insert(flat.end(), r.begin(), r.end());
        QVERIFY(!std::is_sorted(flat.begin(), flat.end()));
        QCOMPARE(pa.periods[9], std::string("batch 10"));
    }
    void sortedIsLexicographicAndStable() {
        const data::Table t = randomTable(400, 3);
        auto rng = privacy::makeSeededRng(1);
        const StepPlan p = stream::planByBatch(t, {64, data::BatchOrder::Sorted}, *rng);
        std::vector<std::size_t> flat;
        for (const auto& r : p.rows) flat.insert(flat.end(), r.begin(), r.end());
        QCOMPARE(flat.size(), std::size_t(400));
        auto key = [&](std::size_t r) { return std::vector<int>{t.at(r, 0), t.at(r, 1), t.at(r, 2)}; };
        for (std::size_t i = 1; i < flat.size(); ++i) {
            QVERIFY(key(flat[i - 1]) <= key(flat[i]));
            if (key(flat[i - 1]) == key(flat[i])) QVERIFY(flat[i - 1] < flat[i]);  // ties keep file order
        }
    }
    void stepSourceAnswersEachStep() {
        const data::Table t = randomTable(230, 4);
        auto rng = privacy::makeSeededRng(9);
        const StepPlan p = stream::planByBatch(t, {50, data::BatchOrder::Random}, *rng);
        const auto ws = marginals::WorkloadSet::allKWay(t.domain(), 2);
        const stream::TableStepSource src(t, p, ws);
        QCOMPARE(src.stepCount(), 5);
        marginals::MarginalAccumulator acc(ws);
        for (int s = 1; s <= src.stepCount(); ++s) {
            const stream::StepMarginals m = src.step(s);
            QCOMPARE(m.step, s);
            QCOMPARE(m.rows, static_cast<long long>(p.rows[static_cast<size_t>(s - 1)].size()));
            QCOMPARE(src.stepRows(s), m.rows);
            // Answers equal a direct count of the plan's rows of that step.
            const data::Table rows = t.selectRows(p.rows[static_cast<size_t>(s - 1)]);
            QCOMPARE(m.answers, marginals::countAll(rows, ws));
            QCOMPARE(src.stepTable(s).rowCount(), rows.rowCount());
            acc.add(m.answers, m.rows);
        }
        QCOMPARE(acc.answers(), marginals::countAll(t, ws));
        QVERIFY_THROWS_EXCEPTION(Error, src.step(0));
        QVERIFY_THROWS_EXCEPTION(Error, src.step(6));
    }
};

QTEST_APPLESS_MAIN(TestStepPlan)
#include "test_step_plan.moc"
