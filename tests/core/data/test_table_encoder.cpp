// Table encoder: codes per kind, <other>/<missing>, time values, ignored
// columns, and each bad cell reported with file, line, row and column.
#include <QtTest>
#include <functional>

#include "core/data/csv_reader.h"
#include "core/data/table_encoder.h"
#include "core/values/error.h"
#include "core/values/schema.h"
#include "support/test_data.h"

using namespace streamsynth;
using namespace streamsynth::data;

namespace {

Schema confirmed(const std::string& json) {
    return parseSchemaJson(json, "s.json");
}

// f must throw an input Error at this cell.
void expectCellError(const std::function<void()>& f, long long line, long long row, int column,
                     const std::string& columnName, const std::string& fragment,
                     const std::string& value = {}) {
    try {
        f();
    } catch (const Error& e) {
        QCOMPARE(e.kind(), ErrorKind::Input);
        QCOMPARE(QString::fromStdString(e.context().file), QString("t.csv"));
        QCOMPARE(e.context().line, line);
        QCOMPARE(e.context().row, row);
        QCOMPARE(e.context().column, column);
        QCOMPARE(QString::fromStdString(e.context().columnName), QString::fromStdString(columnName));
        if (e.message().find(fragment) == std::string::npos)
            QFAIL(("message '" + e.message() + "' lacks '" + fragment + "'").c_str());
        // The cell's value is private: in the context (shown on request), never in the message.
        if (!value.empty()) {
            QCOMPARE(QString::fromStdString(e.context().value), QString::fromStdString(value));
            QVERIFY2(e.message().find("'" + value + "'") == std::string::npos, e.message().c_str());
            QVERIFY(e.describe().find("'" + value + "'") == std::string::npos);
            QVERIFY(e.describe().find(" " + value + " ") == std::string::npos);
            QVERIFY(e.describe(true).find("(value: '" + value + "')") != std::string::npos);
        }
        return;
    }
    QFAIL("no Error thrown");
}

std::vector<int> codes(const EncodedTable& e, int a) {
    const auto c = e.table.column(a);
    return {c.begin(), c.end()};
}

}  // namespace

class TestTableEncoder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void encodesEachKindInSchemaOrder() {
        const RawTable raw = parseCsv(
            "date,colour,size,score,extra\n"
            "2020-01-01,red,3,0.5,q\n"
            "2020-01-02,blue,0,9.99,q\n"
            "2020-01-03,,2,10,q\n",
            "t.csv");
        const Schema s = confirmed(R"({"attributes": [
            {"name": "score", "kind": "numeric", "lower": 0, "upper": 10, "bins": 5},
            {"name": "colour", "kind": "categorical", "labels": ["blue", "red"], "missing": true},
            {"name": "size", "kind": "integer", "size": 4}],
            "time": {"column": "date", "period": "day"}})");
        const EncodedTable e = encodeTable(raw, s);
        QCOMPARE(e.table.rowCount(), std::size_t(3));
        QCOMPARE(e.table.domain().name(0), std::string("score"));
        QCOMPARE(codes(e, 0), (std::vector<int>{0, 4, 4}));  // 10 = upper bound -> last bin
        QCOMPARE(codes(e, 1), (std::vector<int>{1, 0, 2}));  // 2 = <missing>
        QCOMPARE(codes(e, 2), (std::vector<int>{3, 0, 2}));
        QCOMPARE(e.timeValues, (std::vector<std::string>{"2020-01-01", "2020-01-02", "2020-01-03"}));
        QCOMPARE(e.lines, (std::vector<long long>{2, 3, 4}));
        // "extra" is neither attribute nor time column: reported, not silent.
        QCOMPARE(e.problems.size(), std::size_t(1));
        QCOMPARE(e.problems[0].kind, std::string("ignored-column"));
        QCOMPARE(e.problems[0].column, std::string("extra"));
    }
    void otherMapping() {
        const RawTable raw = parseCsv("r\nG\nNC-17\nPG\nX\nG\n", "t.csv");
        const Schema s =
            confirmed(R"({"attributes": [{"name": "r", "labels": ["G", "PG"], "other": true}]})");
        const EncodedTable e = encodeTable(raw, s);
        QCOMPARE(codes(e, 0), (std::vector<int>{0, 2, 1, 2, 0}));
        QCOMPARE(e.table.domain().size(0), 3);
        QCOMPARE(e.problems.size(), std::size_t(1));
        const Problem& p = e.problems[0];
        QCOMPARE(p.kind, std::string("other"));
        QCOMPARE(p.count, 2LL);
        QCOMPARE(p.examples, (std::vector<std::string>{"line 3: 'NC-17'", "line 5: 'X'"}));
        QVERIFY(e.timeValues.empty());
    }
    void numbersAreLocaleIndependentAndClampable() {
        const RawTable raw = parseCsv("x;n\n 2.5 ;1e1\n-3;+4\n1E2;3.0\n", "t.csv");
        Schema s = confirmed(R"({"attributes": [
            {"name": "x", "kind": "numeric", "edges": [0, 1, 10], "clamp": true},
            {"name": "n", "kind": "integer", "size": 11}]})");
        const EncodedTable e = encodeTable(raw, s);
        QCOMPARE(codes(e, 0), (std::vector<int>{1, 0, 1}));  // -3 and 100 clamped
        QCOMPARE(codes(e, 1), (std::vector<int>{10, 4, 3}));
    }
    void adultWithPublicDomain() {
        const RawTable raw = readCsv(streamsynth::test::dataPath("adult.csv"));
        const Schema s = readSchema(streamsynth::test::dataPath("adult-domain.json"));
        const EncodedTable e = encodeTable(raw, s);
        QCOMPARE(e.table.rowCount(), std::size_t(48842));
        QCOMPARE(e.table.attributeCount(), 14);
        const std::vector<int> sizes = {85, 9, 100, 16, 7, 15, 6, 5, 2, 100, 100, 99, 42, 2};
        for (int a = 0; a < 14; ++a) QCOMPARE(e.table.domain().size(a), sizes[static_cast<size_t>(a)]);
        QVERIFY(e.problems.empty());
        // Every code equals the integer in the file (checked independently with std::stoi).
        for (int a = 0; a < 14; ++a) {
            const auto col = e.table.column(a);
            const auto& text = raw.columns[static_cast<size_t>(a)];
            for (std::size_t r = 0; r < col.size(); ++r)
                if (col[r] != std::stoi(text[r])) QFAIL("code differs from the file");
        }
        QCOMPARE(e.table.at(0, 0), Code(23));
    }

    // ------------------------------------------------------------ bad input
    void valueOutsideTheDomain() {
        const RawTable raw = parseCsv("sex,age\n1,5\n0,90\n", "t.csv");
        const Schema s = confirmed(R"({"sex": 2, "age": 85})");
        expectCellError([&] { encodeTable(raw, s); }, 3, 2, 2, "age",
                        "the value is outside the domain of 'age' (codes 0..84)", "90");
        const RawTable neg = parseCsv("sex,age\n-1,5\n", "t.csv");
        expectCellError([&] { encodeTable(neg, s); }, 2, 1, 1, "sex", "outside the domain");
    }
    void numericOutsideBoundsAndUnparsable() {
        const Schema s = confirmed(
            R"({"attributes": [{"name": "x", "kind": "numeric", "lower": 0, "upper": 1, "bins": 2}]})");
        expectCellError([&] { encodeTable(parseCsv("x\n0.5\n0.7\n1.5\n", "t.csv"), s); }, 4, 3, 1, "x",
                        "outside the domain of 'x' (bounds [0, 1])");
        expectCellError([&] { encodeTable(parseCsv("x\n0.5\n0,7\n", "t.csv", CsvOptions{';'}), s); }, 3, 2, 1,
                        "x", "the value is not a number", "0,7");
        expectCellError([&] { encodeTable(parseCsv("x\nnan\n", "t.csv"), s); }, 2, 1, 1, "x", "not a number");
        const Schema i = confirmed(R"({"n": 5})");
        expectCellError([&] { encodeTable(parseCsv("n\n1\n2.5\n", "t.csv"), i); }, 3, 2, 1, "n",
                        "not a whole number");
        expectCellError([&] { encodeTable(parseCsv("n\nthree\n", "t.csv"), i); }, 2, 1, 1, "n",
                        "the value is not a number", "three");
        // A code past every integer type: outside the domain, never cast (review 2026-12-01: UB).
        expectCellError([&] { encodeTable(parseCsv("n\n99999999999999999999999\n", "t.csv"), i); }, 2, 1, 1,
                        "n", "outside the domain of 'n' (codes 0..4)");
        expectCellError([&] { encodeTable(parseCsv("n\n-1e300\n", "t.csv"), i); }, 2, 1, 1, "n",
                        "outside the domain of 'n'");
    }
    void emptyCellWithoutMissingCategory() {
        const RawTable raw = parseCsv("a,b\n1,x\n,y\n", "t.csv");
        const Schema s =
            confirmed(R"({"attributes": [{"name": "b", "labels": ["x", "y"]}, {"name": "a", "size": 3}]})");
        expectCellError([&] { encodeTable(raw, s); }, 3, 2, 1, "a", "has no <missing> category");
    }
    void unknownCategoryWithoutOther() {
        // The bad cell is on line 5 because row 2 spans lines 3-4.
        const RawTable raw = parseCsv("id,c\n1,x\n2,\"y\nz\"\n3,w\n", "t.csv");
        const Schema s = confirmed(R"({"attributes": [{"name": "c", "labels": ["x", "y\nz"]}]})");
        expectCellError([&] { encodeTable(raw, s); }, 5, 3, 2, "c", "the value is not a category of 'c'",
                        "w");
    }
    void attributeMissingFromTheHeader() {
        const RawTable raw = parseCsv("age,sex\n1,0\n", "t.csv");
        try {
            encodeTable(raw, confirmed(R"({"age": 85, "race": 5})"));
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Input);
            QCOMPARE(e.context().line, 1LL);
            QCOMPARE(QString::fromStdString(e.context().columnName), QString("race"));
            QVERIFY(e.message().find("'race' is not a column of the file") != std::string::npos);
        }
        // The time column too.
        try {
            encodeTable(
                raw,
                confirmed(R"({"attributes": [{"name": "age", "size": 85}], "time": {"column": "when"}})"));
            QFAIL("no error");
        } catch (const Error& e) {
            QVERIFY(e.message().find("time column 'when'") != std::string::npos);
        }
    }
};

QTEST_APPLESS_MAIN(TestTableEncoder)
#include "test_table_encoder.moc"
