// Step formation: calendar periods (empty periods kept), unparsable times,
// single-value columns, units, batch sizes, seeded shuffles, sorted order,
// and the TableStepSource answers.
#include <QtTest>
#include <algorithm>
#include <set>

#include "core/marginals/marginal_counter.h"
#include "core/steps/step_plan.h"
#include "core/steps/step_source.h"
#include "core/values/error.h"

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
        for (int a = 0; a < 3; ++a)
            t.set(r, a, static_cast<data::Code>(rng->uniformBelow(static_cast<std::uint64_t>(d.size(a)))));
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
        // 4/1/19 is also 4 January: read month first, and said (the only date with slashes).
        QCOMPARE(p.problems.size(), std::size_t(1));
        QCOMPARE(p.problems[0].kind, std::string("ambiguous-date"));
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
        const std::vector<std::string> t{"2019-03-03", "2019-03-04", "2019-03-10", "2019-03-11",
                                         "2019-03-25"};
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
        const std::vector<std::string> t{"2018-12-31", "2019-01-01", "2019-03-31", "2019-04-01",
                                         "2019-12-31"};
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
    void endFromDataIsFlagged() {
        // Issue #17 item 3: with a public start and a weekly period, one row
        // dated 2099-12-31 stretches the stream to 4,175 weeks; the end is
        // then read from the private data and flagged for confirmation.
        data::TimeSettings s = period(data::PeriodUnit::Week);
        s.start = "2020-01-01";
        const std::vector<std::string> t{"2020-01-02", "2020-01-20", "2099-12-31"};
        const StepPlan p = stream::planByTime(t, {2, 3, 4}, s, "f");
        QVERIFY(p.endFromData);
        QCOMPARE(p.derivedEnd, std::string("2099-12-31"));
        // Mondays 2019-12-30 .. 2099-12-28: (2099-12-28 − 2019-12-30)/7 + 1 = 4175 weeks.
        QCOMPARE(p.stepCount(), std::size_t(4175));
        QVERIFY(p.problems.empty());  // under the many-steps warning; the caller asks for the confirmation
    }
    void publicEndExcludesLaterRowsLikeEarlierOnes() {
        data::TimeSettings s = period(data::PeriodUnit::Week);
        s.start = "2020-01-01";
        s.end = "2020-01-31";
        const std::vector<std::string> t{"2019-12-20", "2020-01-02", "2020-01-20", "2099-12-31",
                                         "2020-02-03"};
        const StepPlan p = stream::planByTime(t, {2, 3, 4, 5, 6}, s, "f");
        QVERIFY(!p.endFromData && !p.startFromData);
        // Weeks of Dec 30, Jan 6, 13, 20, 27: five steps, the last holding Jan 31.
        QCOMPARE(p.stepCount(), std::size_t(5));
        QCOMPARE(sizes(p), (std::vector<std::size_t>{1, 0, 0, 1, 0}));
        QCOMPARE(p.periods.back(), std::string("week of 2020-01-27"));
        QCOMPARE(p.problems.size(), std::size_t(2));
        QCOMPARE(p.problems[0].kind, std::string("before-start"));
        const data::Problem& late = p.problems[1];
        QCOMPARE(late.kind, std::string("after-end"));
        QCOMPARE(late.count, 2LL);
        QCOMPARE(late.exampleLines, (std::vector<long long>{5, 6}));
        QCOMPARE(late.examples[0], std::string("line 5: '2099-12-31'"));
        // The message says how many and why, never which values.
        QVERIFY(late.message.find("2099") == std::string::npos);
        QVERIFY(late.message.find("2 rows are dated after the stream's end ('2020-01-31')") !=
                std::string::npos);
    }
    void publicStepCountEndsTheStream() {
        data::TimeSettings s = period(data::PeriodUnit::Month);
        s.start = "2020-01-01";
        s.steps = 2;
        const StepPlan p = stream::planByTime({"2020-01-05", "2020-02-05", "2020-03-05"}, {2, 3, 4}, s, "f");
        QVERIFY(!p.endFromData);
        QCOMPARE(sizes(p), (std::vector<std::size_t>{1, 1}));
        QCOMPARE(p.problems.size(), std::size_t(1));
        QCOMPARE(p.problems[0].kind, std::string("after-end"));
        QVERIFY(p.problems[0].message.find("2 steps from the start") != std::string::npos);
        // Units: the end is a number.
        data::TimeSettings u = period(data::PeriodUnit::Units, 10);
        u.start = "0";
        u.end = "19";
        QCOMPARE(sizes(stream::planByTime({"1", "15", "25"}, {}, u, "f")), (std::vector<std::size_t>{1, 1}));
    }
    void badEndsAreSettingErrors() {
        data::TimeSettings s = period(data::PeriodUnit::Month);
        s.start = "2020-03-01";
        const std::vector<std::string> t{"2020-03-05"};
        auto settingErrorOn = [&](const data::TimeSettings& x, const std::string& setting) {
            try {
                stream::planByTime(t, {}, x, "f");
            } catch (const Error& e) {
                return e.kind() == ErrorKind::Setting && e.context().setting == setting;
            }
            return false;
        };
        data::TimeSettings before = s;
        before.end = "2020-01-31";
        QVERIFY(settingErrorOn(before, "time end"));
        data::TimeSettings both = s;
        both.end = "2020-05-01";
        both.steps = 3;
        QVERIFY(settingErrorOn(both, "time end"));
        data::TimeSettings garbage = s;
        garbage.end = "soon";
        QVERIFY(settingErrorOn(garbage, "time end"));
        data::TimeSettings far = period(data::PeriodUnit::Day);
        far.start = "2020-01-01";
        far.steps = static_cast<long long>(stream::kMaxSteps) + 1;
        QVERIFY(settingErrorOn(far, "period"));
    }
    void manyStepsWarn() {
        // A day period from the year 1000 with a public end in 2020: about
        // 372,000 steps, allowed (public) but reported.
        data::TimeSettings s = period(data::PeriodUnit::Day);
        s.start = "1000-01-01";
        s.end = "2020-01-01";
        const StepPlan p = stream::planByTime({"2019-06-01"}, {2}, s, "f");
        QVERIFY(p.stepCount() > 370'000);
        QCOMPARE(p.problems.size(), std::size_t(1));
        QCOMPARE(p.problems[0].kind, std::string("many-steps"));
        QVERIFY(p.problems[0].message.find(std::to_string(p.stepCount())) != std::string::npos);
        // 10,000 steps exactly: no warning.
        s.start = "2000-01-01";
        s.end.clear();
        s.steps = static_cast<long long>(stream::kManyStepsWarning);
        QVERIFY(stream::planByTime({"2000-01-05"}, {2}, s, "f").problems.empty());
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
        QCOMPARE(pr.exampleLines, (std::vector<long long>{11, 12, 14, 15, 16}));
        QVERIFY(pr.message.find("31/02") == std::string::npos);
        QVERIFY(pr.message.find("excluded") != std::string::npos);
    }
    // Review 2026-12-01: 13/02/2020 was unreadable (month first only) and
    // 01/02/2020 silently January 2 in a day-first file.
    void slashDatesDayFirstWhenTheColumnSaysSo() {
        const std::vector<std::string> t{"13/02/2020", "01/03/2020", "28/04/2020", "05/05/2020"};
        const StepPlan p = stream::planByTime(t, {}, period(data::PeriodUnit::Month), "f.csv");
        QCOMPARE(p.rowCount(), std::size_t(4));                      // none unreadable
        QCOMPARE(sizes(p), (std::vector<std::size_t>{1, 1, 1, 1}));  // February, March, April, May
        QCOMPARE(p.problems.size(), std::size_t(1));
        QCOMPARE(p.problems[0].kind, std::string("day-first-date"));
        QCOMPARE(p.problems[0].count, 2LL);  // 13/02 and 28/04 read only day first
        // Month first when the column says so (03/18), and ambiguous dates said when nothing decides.
        const StepPlan us =
            stream::planByTime({"02/13/2020", "03/01/2020"}, {}, period(data::PeriodUnit::Month), "f");
        QVERIFY(us.problems.empty());
        QCOMPARE(sizes(us), (std::vector<std::size_t>{1, 1}));  // February, March
        const StepPlan ambiguous =
            stream::planByTime({"01/02/2020", "02/03/2020"}, {}, period(data::PeriodUnit::Month), "f");
        QCOMPARE(ambiguous.problems.size(), std::size_t(1));
        QCOMPARE(ambiguous.problems[0].kind, std::string("ambiguous-date"));
        QCOMPARE(ambiguous.problems[0].count, 2LL);
        QCOMPARE(sizes(ambiguous), (std::vector<std::size_t>{1, 1}));  // 2 January, 3 February: month first
        // Both orders in one column: month first as before, the day-first-only ones unreadable.
        const StepPlan mixed = stream::planByTime({"02/13/2020", "13/02/2020", "03/01/2020"}, {},
                                                  period(data::PeriodUnit::Month), "f");
        QCOMPARE(mixed.rowCount(), std::size_t(2));
        QCOMPARE(mixed.problems[0].kind, std::string("unparsable-time"));
    }
    void nothingParsesIsAnError() {
        QVERIFY_THROWS_EXCEPTION(Error,
                                 stream::planByTime({"x", "y"}, {}, period(data::PeriodUnit::Month), "f"));
        try {  // the unreadable value is private: in the context, not the message
            stream::planByTime({"secret-when", "y"}, {7, 8}, period(data::PeriodUnit::Month), "f");
        } catch (const Error& e) {
            QVERIFY(e.describe().find("secret-when") == std::string::npos);
            QCOMPARE(e.context().line, 7LL);
            QCOMPARE(e.context().value, std::string("secret-when"));
        }
        QVERIFY_THROWS_EXCEPTION(Error, stream::planByTime({}, {}, period(data::PeriodUnit::Month), "f"));
        // A stray far date with a daily period would exceed the step cap.
        QVERIFY_THROWS_EXCEPTION(
            Error, stream::planByTime({"0001-01-01", "9999-12-31"}, {}, period(data::PeriodUnit::Day), "f"));
    }
    void singleValueWarns() {
        const StepPlan p =
            stream::planByTime({"2019-01-01", "2019-01-01"}, {}, period(data::PeriodUnit::Week), "f");
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
            for (std::size_t s = 0; s + 1 < p.stepCount(); ++s)
                QCOMPARE(static_cast<long long>(p.rows[s].size()), b);
            // A permutation: every row exactly once.
            std::set<std::size_t> all;
            for (const auto& r : p.rows) all.insert(r.begin(), r.end());
            QCOMPARE(all.size(), std::size_t(103));
            QCOMPARE(p.rowCount(), std::size_t(103));
        }
        QVERIFY_THROWS_EXCEPTION(Error, stream::planByBatch(t, {0, data::BatchOrder::Random}, *rng));
        const StepPlan none =
            stream::planByBatch(data::Table(t.domain(), 0), {5, data::BatchOrder::Sorted}, *rng);
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
