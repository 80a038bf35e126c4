// The keyed b-bit minwise sketch of look-alike tables
// (core/registry/row_sketch.h): a copy with other line ends, another delimiter
// and quoting, spaces after the delimiters, numbers written 23.0, its columns
// or rows in another order, or its first row moved past the sample still
// matches; a table of other rows under the same header does not, nor one
// sharing a tenth of its rows; another key gives chance agreement only. The
// sketch keeps 2 bits a position, never a row's hash.
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
        std::vector<std::string> reshaped;  // columns in another order, ", " and 7.0 for 7
        for (int i = 1; i < 1000; ++i)
            reshaped.push_back("city" + std::to_string(i % 13) + ", " + std::to_string(i) + ".0, Person " +
                               std::to_string(i * 7 % 101));
        for (const std::string& copy : {table(rows, ';', "\r\n", true), table(reversed, '\t'), table(moved),
                                        table(rows, '|', "\r\n"), table(reshaped)})
            QVERIFY2(registry::sameRows(original, fingerprint(copy)), copy.substr(0, 60).c_str());
        QVERIFY(!registry::sameRows(original, fingerprint(table(rowsOf(5000, 999)))));  // same header
        QVERIFY(!registry::sameRows(original, fingerprint(table(rows), "another key")));
        // A tenth of the rows in common is not the same table.
        std::vector<std::string> tenth(rows.begin(), rows.begin() + 100);
        const std::vector<std::string> more = rowsOf(9000, 899);
        tenth.insert(tenth.end(), more.begin(), more.end());
        QVERIFY(!registry::sameRows(original, fingerprint(table(tenth))));
    }

    // 2 bits a position: 64 hex digits of 0..3, and tables of other rows agree about a quarter of
    // the time (chance), far below the 60% a match needs.
    void theSketchKeepsTwoBitsAPosition() {
        const std::string a = registry::rowSketch(table(rowsOf(1, 999)), "secret");
        QCOMPARE(a.size(), std::size_t(registry::kSketchSize));
        QVERIFY(std::all_of(a.begin(), a.end(), [](char c) { return c >= '0' && c <= '3'; }));
        int agree = 0, pairs = 0;
        for (int t = 1; t <= 20; ++t) {
            const std::string b = registry::rowSketch(table(rowsOf(10000 * t, 999)), "secret");
            for (std::size_t j = 0; j < a.size(); ++j) agree += a[j] == b[j];
            pairs += static_cast<int>(a.size());
            QVERIFY(!registry::sketchesMatch(a, b));
        }
        // 1,280 positions at p = 1/4: mean 320, sd 15.5; ±5 sd.
        QVERIFY2(agree > 242 && agree < 398, qPrintable(QString::number(agree)));
    }

    void digestsAloneStillCompare() {  // a fingerprint from before sketches: its digest only
        QVERIFY(registry::sameRows("abc", "abc 0123"));
        QVERIFY(!registry::sameRows("abc", "abd 0123"));
        QVERIFY(!registry::sameRows("", ""));
        // Today's fingerprints are the sketch alone: two of them never agree by an empty digest.
        std::string up, down;
        for (int i = 0; i < registry::kSketchSize / 4; ++i) up += "0123", down += "3210";
        QVERIFY(!registry::sameRows("s:" + up, "s:" + down));
        QVERIFY(registry::sameRows("s:" + up, "s:" + up));
        QVERIFY(registry::sameRows("s:" + up, "abc " + up));                  // an older fingerprint's sketch
        QCOMPARE(registry::rowSketch("id,name\n", "secret"), std::string());  // a header alone: no rows
        const std::vector<std::string> rows =
            registry::normalizedRows("b;\"a;c\";\r\n 1.50 ;\"x \"\"y\"\"\"\r\n");
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows[0], std::string("a;c\x1f"
                                      "b"));  // fields sorted, the empty last one left out
        QCOMPARE(rows[1], std::string("1.5\x1fx \"y\""));
    }
};

QTEST_APPLESS_MAIN(TestRowSketch)
#include "test_row_sketch.moc"
