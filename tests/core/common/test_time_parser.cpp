// Date/time parsing for time attributes: the formats seen in real files,
// explicit formats, rejects, and the civil calendar arithmetic.
#include <QtTest>

#include "core/common/time_parser.h"

using namespace streamsynth::stream;

namespace {
long long day(int y, int m, int d) {
    return daysFromCivil(y, m, d);
}
}  // namespace

class TestTimeParser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void civil() {
        QCOMPARE(daysFromCivil(1970, 1, 1), 0LL);
        QCOMPARE(daysFromCivil(2000, 3, 1), 11017LL);
        QCOMPARE(daysFromCivil(1969, 12, 31), -1LL);
        for (long long d = -800000; d < 800000; d += 997) {
            int y, m, dd;
            civilFromDays(d, y, m, dd);
            QCOMPARE(daysFromCivil(y, m, dd), d);
        }
        QCOMPARE(weekday(day(2019, 3, 4)), 0);   // a Monday
        QCOMPARE(weekday(day(1998, 6, 12)), 4);  // a Friday
        QCOMPARE(isoDate(day(2019, 3, 4)), std::string("2019-03-04"));
    }
    void formats_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("y");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("d");
        QTest::addColumn<int>("seconds");
        QTest::newRow("iso") << "2019-03-04" << 2019 << 3 << 4 << 0;
        QTest::newRow("iso slashes") << "2019/3/4" << 2019 << 3 << 4 << 0;
        QTest::newRow("iso datetime T") << "2019-03-04T10:20:30" << 2019 << 3 << 4 << 37230;
        QTest::newRow("iso datetime space") << "2019-03-04 10:20" << 2019 << 3 << 4 << 37200;
        QTest::newRow("iso datetime zone") << "2019-03-04T10:20:30.123+01:00" << 2019 << 3 << 4 << 37230;
        QTest::newRow("iso Z") << "2019-03-04T00:00:00Z" << 2019 << 3 << 4 << 0;
        QTest::newRow("us short") << "3/18/20" << 2020 << 3 << 18 << 0;
        QTest::newRow("us short 1999") << "12/31/99" << 1999 << 12 << 31 << 0;
        QTest::newRow("us long") << "03/18/2020" << 2020 << 3 << 18 << 0;
        QTest::newRow("us time pm") << "3/18/2020 1:05 PM" << 2020 << 3 << 18 << 13 * 3600 + 300;
        QTest::newRow("month name") << "Jun 12 1998" << 1998 << 6 << 12 << 0;
        QTest::newRow("full month comma") << "June 12, 1998" << 1998 << 6 << 12 << 0;
        QTest::newRow("day first") << "12 Jun 1998" << 1998 << 6 << 12 << 0;
        QTest::newRow("dashes") << "12-jun-1998" << 1998 << 6 << 12 << 0;
        QTest::newRow("sept") << "Sept 1 2001" << 2001 << 9 << 1 << 0;
        QTest::newRow("spaces") << "  2019-03-04 " << 2019 << 3 << 4 << 0;
        QTest::newRow("leap day") << "2020-02-29" << 2020 << 2 << 29 << 0;
    }
    void formats() {
        QFETCH(QString, text);
        QFETCH(int, y);
        QFETCH(int, m);
        QFETCH(int, d);
        QFETCH(int, seconds);
        const auto v = parseTime(text.toStdString());
        QVERIFY2(v.has_value(), qPrintable(text));
        QCOMPARE(v->kind, TimeValue::Kind::Date);
        QCOMPARE(v->day, day(y, m, d));
        QCOMPARE(v->secondOfDay, seconds);
    }
    void numbers() {
        auto v = parseTime("42");
        QVERIFY(v && v->kind == TimeValue::Kind::Number);
        QCOMPARE(v->number, 42.0);
        v = parseTime("-3.5");
        QVERIFY(v && v->kind == TimeValue::Kind::Number);
        QCOMPARE(v->number, -3.5);
    }
    void rejects_data() {
        QTest::addColumn<QString>("text");
        for (const char* s :
             {"", "   ", "2019-02-30", "2019-13-01", "2021-02-29", "31/02/2020", "13/01/2020", "Jun 31 1998",
              "Foo 12 1998", "2019-03-04x", "2019-03-04T25:00", "hello", "1.2.3", "2019-03", "Jun 1998"})
            QTest::newRow(s) << QString(s);
    }
    void rejects() {
        QFETCH(QString, text);
        QVERIFY2(!parseTime(text.toStdString()).has_value(), qPrintable(text));
    }
    void explicitFormat() {
        auto v = parseTime("04.03.2019", "dd.MM.yyyy");
        QVERIFY(v.has_value());
        QCOMPARE(v->day, day(2019, 3, 4));
        v = parseTime("04.03.2019 13:00", "dd.MM.yyyy HH:mm");
        QVERIFY(v.has_value());
        QCOMPARE(v->secondOfDay, 13 * 3600);
        // The explicit format is the only one tried.
        QVERIFY(!parseTime("2019-03-04", "dd.MM.yyyy").has_value());
        QVERIFY(!parseTime("31.02.2019", "dd.MM.yyyy").has_value());
    }
};

QTEST_APPLESS_MAIN(TestTimeParser)
#include "test_time_parser.moc"
