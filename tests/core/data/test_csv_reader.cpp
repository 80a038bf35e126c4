// CSV reader: quoting, line endings, BOM, delimiters, and every malformed
// input with the exact line and column it is reported at.
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

#include "core/data/csv_reader.h"
#include "core/data/input_limits.h"
#include "core/values/error.h"
#include "support/test_data.h"

using namespace streamsynth;
using namespace streamsynth::data;

namespace {

// Runs f, which must throw an Error of the kind given whose location is
// (line, column) and whose message contains the fragment.
void expectError(const std::function<void()>& f, long long line, int column, const std::string& fragment,
                 ErrorKind kind = ErrorKind::Input, const std::string& privateValue = {}) {
    try {
        f();
    } catch (const Error& e) {
        QCOMPARE(e.kind(), kind);
        QCOMPARE(e.context().line, line);
        QCOMPARE(e.context().column, column);
        if (e.message().find(fragment) == std::string::npos)
            QFAIL(("message '" + e.message() + "' lacks '" + fragment + "'").c_str());
        QCOMPARE(QString::fromStdString(e.context().file), QString("t.csv"));
        if (!privateValue.empty()) {  // shown only on request (--verbose-errors)
            QCOMPARE(QString::fromStdString(e.context().value), QString::fromStdString(privateValue));
            QVERIFY(e.describe().find(privateValue) == std::string::npos);
            QVERIFY(e.describe(true).find(privateValue) != std::string::npos);
        }
        return;
    }
    QFAIL("no Error thrown");
}

RawTable parse(std::string_view text, char delimiter = 0) {
    CsvOptions o;
    o.delimiter = delimiter;
    return parseCsv(text, "t.csv", o);
}

std::vector<std::string> col(const RawTable& t, int c) {
    return t.columns[static_cast<size_t>(c)];
}
using Strings = std::vector<std::string>;
using Lines = std::vector<long long>;

}  // namespace

class TestCsvReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void simpleTableIsColumnMajor() {
        const RawTable t = parse("a,b\n1,2\n3,4\n");
        QCOMPARE(t.header, (Strings{"a", "b"}));
        QCOMPARE(t.rowCount(), std::size_t(2));
        QCOMPARE(col(t, 0), (Strings{"1", "3"}));
        QCOMPARE(col(t, 1), (Strings{"2", "4"}));
        QCOMPARE(t.lines, (Lines{2, 3}));
        QCOMPARE(t.delimiter, ',');
        QCOMPARE(t.columnIndex("b"), 1);
        QCOMPARE(t.columnIndex("c"), -1);
    }
    void lastRowWithoutNewline() {
        const RawTable t = parse("a,b\n1,2\n3,4");
        QCOMPARE(col(t, 1), (Strings{"2", "4"}));
    }
    void crlfAndLoneCr() {
        const RawTable t = parse("a,b\r\n1,2\r\n3,4\r\n");
        QCOMPARE(col(t, 1), (Strings{"2", "4"}));
        QCOMPARE(t.lines, (Lines{2, 3}));
        const RawTable m = parse("a,b\r1,2\r3,4");
        QCOMPARE(col(m, 0), (Strings{"1", "3"}));
        QCOMPARE(m.lines, (Lines{2, 3}));
    }
    void bomIsSkipped() {
        const RawTable t = parse(
            "\xEF\xBB\xBF"
            "age,sex\n1,2\n");
        QCOMPARE(t.header, (Strings{"age", "sex"}));
    }
    void emptyFieldsAndTrailingDelimiter() {
        const RawTable t = parse("a,b,c\n,,\n1,,3\n");
        QCOMPARE(col(t, 0), (Strings{"", "1"}));
        QCOMPARE(col(t, 1), (Strings{"", ""}));
        QCOMPARE(col(t, 2), (Strings{"", "3"}));
    }
    void quotedFields() {
        const RawTable t = parse("title,n\n\"First Love, Last Rites\",1\n\"say \"\"hi\"\"\",2\n\"\",3\n");
        QCOMPARE(col(t, 0), (Strings{"First Love, Last Rites", "say \"hi\"", ""}));
        QCOMPARE(col(t, 1), (Strings{"1", "2", "3"}));
    }
    void newlinesInsideQuotesKeepLineNumbers() {
        // Row 1 spans lines 2-4; row 2 starts on line 5.
        const RawTable t = parse("a,b\n\"x\ny\r\nz\",1\n2,3\n");
        QCOMPARE(col(t, 0), (Strings{"x\ny\nz", "2"}));
        QCOMPARE(t.lines, (Lines{2, 5}));
        // An error after it names the true physical line.
        expectError([] { parse("a,b\n\"x\ny\",1\n2,3,4\n"); }, 4, 3, "3 fields but the header has 2");
    }
    void quotedHeader() {
        const RawTable t = parse("\"a,1\",\"b\"\"\"\n1,2\n");
        QCOMPARE(t.header, (Strings{"a,1", "b\""}));
    }
    void tabSemicolonAndBarDetected() {
        QCOMPARE(parse("a\tb\tc\n1\t2\t3\n").delimiter, '\t');
        QCOMPARE(parse("a;b\n1;2\n").delimiter, ';');
        QCOMPARE(parse("a|b\n1|2\n").delimiter, '|');
        // Two tabs beat one comma; commas are then text.
        const RawTable tsv = parse("a\tb, c\td\n1\t2, 3\t4\n");
        QCOMPARE(tsv.delimiter, '\t');
        QCOMPARE(tsv.header, (Strings{"a", "b, c", "d"}));
        QCOMPARE(col(tsv, 1), (Strings{"2, 3"}));
    }
    void detectionIgnoresQuotedDelimitersAndPrefersComma() {
        // Two semicolons inside quotes, one comma outside.
        QCOMPARE(detectDelimiter("\"a;b;c\",d\n"), ',');
        // Ties go in the order , ; \t |
        QCOMPARE(detectDelimiter("a;b,c\n"), ',');
        QCOMPARE(detectDelimiter("a|b;c\n"), ';');
        // Only the header line counts.
        QCOMPARE(detectDelimiter("a;b\n1,2,3,4\n"), ';');
        // No candidate: a single column, comma by default.
        QCOMPARE(detectDelimiter("name\nx\n"), ',');
    }
    void forcedDelimiter() {
        const RawTable t = parse("a,b;c\n1,2;3\n", ';');
        QCOMPARE(t.header, (Strings{"a,b", "c"}));
        QCOMPARE(col(t, 0), (Strings{"1,2"}));
        QCOMPARE(t.delimiter, ';');
    }
    void blankLines() {
        // Several columns: blank lines hold no data and are skipped.
        const RawTable t = parse("a,b\n\n1,2\n\n\n3,4\n\n");
        QCOMPARE(t.lines, (Lines{3, 6}));
        // One column: a blank line between values is an empty value; trailing ones are not.
        const RawTable s = parse("x\n1\n\n2\n\n\n");
        QCOMPARE(col(s, 0), (Strings{"1", "", "2"}));
        QCOMPARE(s.lines, (Lines{2, 3, 4}));
    }
    void validUtf8IsKept() {
        const RawTable t = parse("name,v\nJos\xC3\xA9,\xF0\x9F\x98\x80\n\"\xE2\x82\xAC\",1\n");
        QCOMPARE(col(t, 0), (Strings{"Jos\xC3\xA9", "\xE2\x82\xAC"}));
        QCOMPARE(col(t, 1), (Strings{"\xF0\x9F\x98\x80", "1"}));
    }

    // ------------------------------------------------------------ bad input
    void emptyFile() {
        expectError([] { parse(""); }, -1, -1, "the file is empty");
        expectError([] { parse("\xEF\xBB\xBF"); }, -1, -1, "the file is empty");
        expectError([] { parse("\n\r\n\n"); }, -1, -1, "the file is empty");
    }
    void headerOnly() {
        expectError([] { parse("a,b\n"); }, 1, -1, "has a header but no data rows");
        expectError([] { parse("a,b"); }, 1, -1, "has a header but no data rows");
        expectError([] { parse("a,b\n\n\n"); }, 1, -1, "has a header but no data rows");
    }
    void raggedRows() {
        // Too few fields: the first missing column is named.
        try {
            parse("a,b,c\n1,2,3\n4,5\n");
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.context().line, 3LL);
            QCOMPARE(e.context().column, 3);
            QCOMPARE(QString::fromStdString(e.context().columnName), QString("c"));
            QVERIFY(e.message().find("2 fields but the header has 3") != std::string::npos);
        }
        // Too many: the first extra column.
        expectError([] { parse("a,b\n1,2\n3,4\n5,6,7\n"); }, 4, 3, "3 fields but the header has 2");
        // CRLF file, ragged on line 2.
        expectError([] { parse("a,b\r\n1\r\n"); }, 2, 2, "1 field but the header has 2");
    }
    void unterminatedQuoteNamesTheOpeningLine() {
        expectError([] { parse("a,b\n1,2\n3,\"abc\n4,5\n6,7\n"); }, 3, 2, "opened on line 3 is never closed");
    }
    void quoteInsideUnquotedField() {
        expectError([] { parse("a,b\n1,2\n3,ab\"c\n"); }, 3, 2, "a quote inside an unquoted field");
    }
    void textAfterClosingQuote() {
        expectError([] { parse("a,b,c\n1,\"x\"y,3\n"); }, 2, 2, "text after the closing quote");
        expectError([] { parse("a,b\n\"x\" ,1\n"); }, 2, 1, "text after the closing quote");
    }
    void invalidUtf8() {
        // Latin-1 e-acute in column 2 of line 3.
        expectError([] { parse("a,b\n1,x\n2,caf\xE9\n"); }, 3, 2, "not valid UTF-8", ErrorKind::Input,
                    "byte 0xE9");
        // Inside quotes, on the second line of a multi-line field.
        expectError([] { parse("a,b\n1,\"x\ny\xFF\"\n"); }, 3, 2, "not valid UTF-8", ErrorKind::Input,
                    "byte 0xFF");
        // Overlong encoding of '/', a UTF-16 surrogate, a truncated sequence at the end.
        expectError([] { parse("a,b\n\xC0\xAF,1\n"); }, 2, 1, "not valid UTF-8");
        expectError([] { parse("a,b\n1,\xED\xA0\x80\n"); }, 2, 2, "not valid UTF-8");
        expectError([] { parse("a,b\n1,\xE2\x82"); }, 2, 2, "not valid UTF-8");
        // In the header.
        expectError([] { parse("a,\xE9t\xE9\n1,2\n"); }, 1, 2, "not valid UTF-8");
        // UTF-16 is named as such (review 2026-12-01: it was called Latin-1).
        using namespace std::string_literals;
        for (const std::string& bom : {"\xFF\xFE"s, "\xFE\xFF"s})
            QVERIFY_THROWS_EXCEPTION(Error, parse(bom + "a\0,\0b\0\n\0"s));
        try {
            parse(
                "\xFF\xFE"
                "a\0,\0b\0\n\0"s);
        } catch (const Error& e) {
            QVERIFY2(e.describe().find("UTF-16") != std::string::npos, e.describe().c_str());
        }
    }
    void emptyHeaderName() {
        expectError([] { parse("a,,c\n1,2,3\n"); }, 1, 2, "empty column name");
        expectError([] { parse("a,b,\n1,2,3\n"); }, 1, 3, "empty column name");
    }
    void duplicateHeaderName() {
        expectError([] { parse("a,b,a\n1,2,3\n"); }, 1, 3, "appears twice in the header (columns 1 and 3)");
    }
    // Limits (core/data/input_limits.h): fields per row, bytes per field
    // and per row, each refused with its place and the limit in words.
    void limitsAreNamed() {
        std::string wide;
        for (std::size_t c = 0; c <= kMaxCsvColumns; ++c) wide += (c ? ",c" : "c") + std::to_string(c);
        expectError([&] { parse(wide + "\n"); }, 1, static_cast<int>(kMaxCsvColumns) + 1,
                    "the row has more than 10000 fields");
        const std::string atLimit = "a,b\n" + std::string(kMaxCsvFieldBytes, 'x') + ",1\n";
        QCOMPARE(parse(atLimit).columns[0][0].size(), kMaxCsvFieldBytes);
        expectError([] { parse("a,b\n" + std::string(kMaxCsvFieldBytes + 1, 'x') + ",1\n"); }, 2, 1,
                    "a field of 1048577 bytes, more than the limit of 1048576");
        expectError([] { parse("a,b\n\"" + std::string(kMaxCsvFieldBytes + 1, 'x') + "\",1\n"); }, 2, 1,
                    "more than the limit of 1048576");
        std::string longRow = "a";
        for (int c = 1; c < 70; ++c) longRow += ",a" + std::to_string(c);
        longRow += "\n";
        for (int c = 0; c < 70; ++c) longRow += (c ? "," : "") + std::string(kMaxCsvFieldBytes, 'y');
        expectError([&] { parse(longRow + "\n"); }, 2, 64, "the row is longer than 67108864 bytes");
    }
    // A wide header is checked for duplicates in one pass (10,000 names).
    void wideHeaderDuplicateFound() {
        std::string header;
        for (std::size_t c = 0; c < kMaxCsvColumns; ++c)
            header += (c ? ",c" : "c") + std::to_string(c % 9999);
        expectError([&] { parse(header + "\n"); }, 1, 10000,
                    "appears twice in the header (columns 1 and 10000)");
    }
    void folderIsAnIoErrorNotOutOfMemory() {
        // Issue #17 item 6: `--data DIR` said "out of memory" (a folder opens
        // as a stream on Linux and reports an absurd size).
        QTemporaryDir dir;
        try {
            readCsv(dir.path().toStdString());
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Io);
            QVERIFY2(e.message().find("folder") != std::string::npos, e.message().c_str());
        }
    }
    void missingFileIsAnIoError() {
        try {
            readCsv("/nonexistent/dir/x.csv");
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Io);
            QCOMPARE(QString::fromStdString(e.context().file), QString("/nonexistent/dir/x.csv"));
        }
    }

    // ------------------------------------------------------------ real files
    void adultCsv() {
        const RawTable t = readCsv(streamsynth::test::dataPath("adult.csv"));
        QCOMPARE(t.rowCount(), std::size_t(48842));
        QCOMPARE(t.header.size(), std::size_t(14));
        QCOMPARE(t.header.front(), std::string("age"));
        QCOMPARE(t.header.back(), std::string("income>50K"));
        QCOMPARE(t.lines.back(), 48843LL);
        for (const auto& c : t.columns) QCOMPARE(c.size(), std::size_t(48842));
        // First data line of the file: 23,5,4,12,2,8,3,0,1,2,0,39,0,0
        QCOMPARE(t.columns[0][0], std::string("23"));
        QCOMPARE(t.columns[11][0], std::string("39"));
    }
    void moviesCsv() {
        const RawTable t = readCsv(streamsynth::test::dataPath("movies.csv"));
        QCOMPARE(t.rowCount(), std::size_t(3201));
        QCOMPARE(t.header.size(), std::size_t(16));
        const int title = t.columnIndex("Title");
        const int date = t.columnIndex("Release Date");
        QCOMPARE(title, 0);
        QCOMPARE(t.columns[0][1], std::string("First Love, Last Rites"));
        QCOMPARE(t.lines[1], 3LL);
        QCOMPARE(t.columns[static_cast<size_t>(date)][1], std::string("Aug 07 1998"));
        QCOMPARE(t.columns[1][1], std::string("10876"));  // the field after the quoted comma
        QCOMPARE(t.columns[3][1], std::string(""));       // US DVD Sales is empty
    }
};

QTEST_APPLESS_MAIN(TestCsvReader)
#include "test_csv_reader.moc"
