// Release period and batch order: accepted spellings, canonical text, and
// the round trip text -> settings -> text -> settings.
#include <QtTest>

#include "core/values/error.h"
#include "core/values/stream_settings.h"

using namespace streamsynth;
using namespace streamsynth::data;

namespace {
void expectPeriod(const char* text, PeriodUnit unit, int count) {
    const TimeSettings t = parsePeriod(text);
    if (t.unit != unit || t.count != count) QFAIL((std::string("wrong reading of '") + text + "'").c_str());
}
}  // namespace

class TestStreamSettings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void singleWords() {
        expectPeriod("day", PeriodUnit::Day, 1);
        expectPeriod("week", PeriodUnit::Week, 1);
        expectPeriod("Month", PeriodUnit::Month, 1);
        expectPeriod(" quarter ", PeriodUnit::Quarter, 1);
        expectPeriod("year", PeriodUnit::Year, 1);
        expectPeriod("weekly", PeriodUnit::Week, 1);
        expectPeriod("daily", PeriodUnit::Day, 1);
        expectPeriod("unit", PeriodUnit::Units, 1);
    }
    void twoWeeks() {
        expectPeriod("2weeks", PeriodUnit::TwoWeeks, 1);
        expectPeriod("two weeks", PeriodUnit::TwoWeeks, 1);
        expectPeriod("fortnight", PeriodUnit::TwoWeeks, 1);
        expectPeriod("biweekly", PeriodUnit::TwoWeeks, 1);
        expectPeriod("3 fortnights", PeriodUnit::TwoWeeks, 3);
        // "2 weeks" is "every 2 weeks": the same length, counted in weeks.
        expectPeriod("2 weeks", PeriodUnit::Week, 2);
    }
    void countedPeriods() {
        expectPeriod("3 days", PeriodUnit::Day, 3);
        expectPeriod("every 6 months", PeriodUnit::Month, 6);
        expectPeriod("10 units", PeriodUnit::Units, 10);
        expectPeriod("1 year", PeriodUnit::Year, 1);
        expectPeriod("2 quarters", PeriodUnit::Quarter, 2);
        expectPeriod("three days", PeriodUnit::Day, 3);
    }
    void keepsColumnAndFormat() {
        TimeSettings base;
        base.column = "Release Date";
        base.format = "MMM dd yyyy";
        const TimeSettings t = parsePeriod("month", base);
        QCOMPARE(QString::fromStdString(t.column), QString("Release Date"));
        QCOMPARE(QString::fromStdString(t.format), QString("MMM dd yyyy"));
    }
    void rejectsNonsense() {
        for (const char* bad :
             {"", "fortnite", "0 days", "-2 weeks", "3", "days 3", "1.5 days", "week month"}) {
            try {
                parsePeriod(bad);
                QFAIL((std::string("accepted '") + bad + "'").c_str());
            } catch (const Error& e) {
                QCOMPARE(e.kind(), ErrorKind::Setting);
                QCOMPARE(QString::fromStdString(e.context().setting), QString("period"));
            }
        }
    }
    void canonicalTextRoundTrips() {
        for (PeriodUnit u : {PeriodUnit::Day, PeriodUnit::Week, PeriodUnit::TwoWeeks, PeriodUnit::Month,
                             PeriodUnit::Quarter, PeriodUnit::Year, PeriodUnit::Units}) {
            for (int n = 1; n <= 5; ++n) {
                TimeSettings t;
                t.unit = u;
                t.count = n;
                const TimeSettings back = parsePeriod(periodToString(t));
                if (back.unit != u || back.count != n)
                    QFAIL(("round trip of '" + periodToString(t) + "'").c_str());
            }
        }
        TimeSettings t;
        t.unit = PeriodUnit::TwoWeeks;
        QCOMPARE(QString::fromStdString(periodToString(t)), QString("2weeks"));
        t.unit = PeriodUnit::Day;
        t.count = 3;
        QCOMPARE(QString::fromStdString(periodToString(t)), QString("3 days"));
    }
    void batchOrder() {
        QCOMPARE(parseBatchOrder("random"), BatchOrder::Random);
        QCOMPARE(parseBatchOrder("Sorted"), BatchOrder::Sorted);
        QCOMPARE(parseBatchOrder(batchOrderToString(BatchOrder::Sorted)), BatchOrder::Sorted);
        QCOMPARE(parseBatchOrder(batchOrderToString(BatchOrder::Random)), BatchOrder::Random);
        QVERIFY_THROWS_EXCEPTION(Error, parseBatchOrder("alphabetical"));
    }
};

QTEST_APPLESS_MAIN(TestStreamSettings)
#include "test_stream_settings.moc"
