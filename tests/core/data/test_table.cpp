// Domain and Table: validation, sizes, row selection and appending.
#include <QtTest>
#include <cmath>

#include "core/values/error.h"
#include "core/values/table.h"

using namespace streamsynth;
using namespace streamsynth::data;

class TestTable : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void domainRejectsBadAttributes() {
        QVERIFY_THROWS_EXCEPTION(Error, Domain({{"a", 0}}));
        QVERIFY_THROWS_EXCEPTION(Error, Domain({{"a", 2}, {"a", 3}}));
        QVERIFY_THROWS_EXCEPTION(Error, Domain({{"", 2}}));
    }
    void domainSizes() {
        const Domain d({{"a", 2}, {"b", 3}, {"c", 4}});
        const std::vector<int> ab{0, 1}, none{};
        QCOMPARE(d.cells(ab), 6.0);
        QCOMPARE(d.cells(none), 1.0);
        QCOMPARE(d.indexOf("c"), 2);
        QCOMPARE(d.indexOf("z"), -1);
        QVERIFY(std::abs(d.log10Size() - std::log10(24.0)) < 1e-12);
        QVERIFY_THROWS_EXCEPTION(Error, d.requireIndex("z"));
    }
    void tableRejectsCodesOutsideDomain() {
        const Domain d({{"a", 2}, {"b", 3}});
        try {
            Table t(d, {{0, 1, 1}, {0, 3, 2}});
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(e.context().row, 2LL);
            QCOMPARE(e.context().columnName, std::string("b"));
        }
    }
    void selectAndAppend() {
        const Domain d({{"a", 2}, {"b", 3}});
        Table t(d, {{0, 1, 1}, {0, 2, 1}});
        const std::vector<std::size_t> rows{2, 0};
        Table s = t.selectRows(rows);
        QCOMPARE(s.rowCount(), std::size_t(2));
        QCOMPARE(int(s.at(0, 1)), 1);
        QCOMPARE(int(s.at(1, 1)), 0);
        s.append(t);
        QCOMPARE(s.rowCount(), std::size_t(5));
        QCOMPARE(int(s.at(3, 1)), 2);
        const Table other(Domain({{"x", 2}}), 1);
        QVERIFY_THROWS_EXCEPTION(Error, s.append(other));
    }
};

QTEST_APPLESS_MAIN(TestTable)
#include "test_table.moc"
