// The keyed row sketch of look-alike tables (core/registry/row_sketch.h): a
// copy with other line ends, another delimiter and quoting, its rows in
// another order or its first row moved past the sample still matches; a table
// of other rows under the same header does not; another key gives nothing
// in common.
#include <QtTest>
#include <algorithm>
#include <functional>

#include "core/registry/row_sketch.h"

using namespace streamsynth;

namespace {

std::vector<std::string> rowsOf(int from, int count) {
    std::vector<std::string> rows;
    for (int i = from; i < from + count; ++i)
        rows.push_back(std::to_string(i) + ",Person " + std::to_string(i * 7 % 101) + ",city" +
                       std::to_string(i % 13));
    return rows;
}

// The header and the rows, with `delimiter` and line end `eol`; fields with a space quoted when asked.
std::string table(const std::vector<std::string>& rows, char delimiter = ',', const char* eol = "\n",
                  bool quote = false) {
    std::string out = std::string("id") + delimiter + "name" + delimiter + "city" + eol;
    for (std::string row : rows) {
        std::replace(row.begin(), row.end(), ',', delimiter);
        if (quote) {
            const std::size_t at = row.find("Person");
            row.insert(at, "\"");
            row.insert(row.find(delimiter, at), "\"");
        }
        out += row + eol;
    }
    return out;
}

std::string fingerprint(const std::string& sample, const QByteArray& key = "secret") {
    // The digest part stands for the sample's keyed digest: equal only for the same bytes and key.
    return key.toStdString() + "-digest-of-" + std::to_string(std::hash<std::string>{}(sample)) + ' ' +
           registry::rowSketch(sample, key);
}

}  // namespace

class TestRowSketch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void copiesMatchOtherRowsDoNot() {
        const std::vector<std::string> rows = rowsOf(1, 999);
        const std::string original = fingerprint(table(rows));
        std::vector<std::string> reversed(rows.rbegin(), rows.rend());
        std::vector<std::string> moved(rows.begin() + 1, rows.end());  // row 1 moved past the sample,
        moved.push_back(rowsOf(1000, 1).front());                      // row 1000 came in
        for (const std::string& copy :
             {table(rows, ';', "\r\n", true), table(reversed, '\t'), table(moved), table(rows, '|', "\r\n")})
            QVERIFY2(registry::sameRows(original, fingerprint(copy)), copy.substr(0, 60).c_str());
        QVERIFY(!registry::sameRows(original, fingerprint(table(rowsOf(5000, 999)))));  // same header
        QVERIFY(!registry::sameRows(original, fingerprint(table(rows), "another key")));
        // A tenth of the rows in common is not the same table.
        std::vector<std::string> tenth(rows.begin(), rows.begin() + 100);
        const std::vector<std::string> more = rowsOf(9000, 899);
        tenth.insert(tenth.end(), more.begin(), more.end());
        QVERIFY(!registry::sameRows(original, fingerprint(table(tenth))));
    }

    void digestsAloneStillCompare() {  // a fingerprint from before sketches: its digest only
        QVERIFY(registry::sameRows("abc", "abc 0123456789abcdef"));
        QVERIFY(!registry::sameRows("abc", "abd 0123456789abcdef"));
        QVERIFY(!registry::sameRows("", ""));
        QCOMPARE(registry::rowSketch("id,name\n", "secret"), std::string());  // a header alone: no rows
        const std::vector<std::string> rows = registry::normalizedRows("a;\"b;c\"\r\n1;\"x \"\"y\"\"\"\r\n");
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows[0], std::string("a\x1f"
                                      "b;c"));
        QCOMPARE(rows[1], std::string("1\x1fx \"y\""));
    }
};

QTEST_APPLESS_MAIN(TestRowSketch)
#include "test_row_sketch.moc"
