// Date attributes (schema kind "date"): both schema forms read, written and
// read back equal; the schema errors (a bad date, edges not increasing, an
// unknown or non-calendar period, missing keys); cells encoded into their
// bins (bounds, clamp, <missing>, an explicit format) and a bad cell
// reported with file, line and column without its value in the message;
// bins merged keep the exact edges, the date kind and ISO labels; release
// cells (labels, dates inside a bin) read back into codes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <functional>

#include "core/common/time_parser.h"
#include "core/data/coarsening.h"
#include "core/data/csv_reader.h"
#include "core/data/date_bins.h"
#include "core/data/release_reader.h"
#include "core/data/table_encoder.h"
#include "core/values/error.h"
#include "core/values/schema.h"

using namespace streamsynth;
using namespace streamsynth::data;

namespace {

double day(int y, int m, int d) {
    return static_cast<double>(stream::daysFromCivil(y, m, d));
}

// The attribute, then an integer attribute "n" of 2 codes unless `alone`.
Schema schemaWith(const std::string& attribute, bool alone = false) {
    return parseSchemaJson(R"({"attributes": [)" + attribute +
                               (alone ? "" : R"(, {"name": "n", "kind": "integer", "size": 2})") + "]}",
                           "s.json");
}

// Parsing must fail with an input Error naming the schema file and holding `fragment`.
void expectSchemaError(const std::string& attribute, const std::string& fragment) {
    try {
        (void)schemaWith(attribute);
    } catch (const Error& e) {
        QCOMPARE(e.kind(), ErrorKind::Input);
        QCOMPARE(QString::fromStdString(e.context().file), QString("s.json"));
        QVERIFY2(e.message().find(fragment) != std::string::npos, (e.message() + " | " + fragment).c_str());
        return;
    }
    QFAIL(("accepted: " + attribute).c_str());
}

std::vector<int> codes(const Table& t, int a) {
    const auto c = t.column(a);
    return {c.begin(), c.end()};
}

// Attribute number i (0-based) of a written schema, parsed (the writer's key
// order is QJsonObject's, so the text is not compared).
QJsonObject writtenAttribute(const std::string& json, qsizetype i) {
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json));
    return doc.object().value("attributes").toArray().at(i).toObject();
}

const char* kOpened =
    R"({"name": "Opened", "kind": "date", "edges": ["2000-01-01", "2005-01-01", "2010-12-31"], "format": "", "clamp": false, "missing": true})";

}  // namespace

class TestDateAttributes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void edgesFormReadsWritesAndReadsBack() {
        const Schema s = schemaWith(kOpened);
        const AttributeSpec& a = s.attributes[0];
        QCOMPARE(a.kind, AttributeKind::Numeric);
        QVERIFY(a.date);
        QCOMPARE(a.edges, (std::vector<double>{day(2000, 1, 1), day(2005, 1, 1), day(2010, 12, 31)}));
        QCOMPARE(a.domainSize(), 3);
        QCOMPARE(a.label(0), std::string("[2000-01-01, 2005-01-01)"));
        QCOMPARE(a.label(1), std::string("[2005-01-01, 2010-12-31]"));
        QCOMPARE(a.label(2), std::string("<missing>"));
        QCOMPARE(attributeKindToString(a), std::string("date"));
        QCOMPARE(attributeKindToString(s.attributes[1]), std::string("integer"));
        const std::string json = schemaToJson(s);
        const QJsonObject written = writtenAttribute(json, 0);
        QCOMPARE(written.value("kind").toString(), QString("date"));
        QCOMPARE(written.value("edges").toArray(), (QJsonArray{"2000-01-01", "2005-01-01", "2010-12-31"}));
        QVERIFY(parseSchemaJson(json, "again.json") == s);
        // A format and clamping are kept.
        const Schema f = schemaWith(
            R"({"name": "Opened", "kind": "date", "edges": ["2000-01-01", "2010-12-31"], "format": "dd.MM.yyyy", "clamp": true})");
        QCOMPARE(f.attributes[0].dateFormat, std::string("dd.MM.yyyy"));
        QVERIFY(f.attributes[0].clampToBounds);
        QVERIFY(parseSchemaJson(schemaToJson(f), "again.json") == f);
    }

    void periodFormGivesPeriodStarts() {
        const Schema s = schemaWith(
            R"({"name": "Opened", "kind": "date", "lower": "2000-01-01", "upper": "2010-12-31", "period": "year"})");
        const AttributeSpec& a = s.attributes[0];
        QCOMPARE(a.regularSize(), 11);
        for (int i = 0; i < 11; ++i) QCOMPARE(a.edges[static_cast<std::size_t>(i)], day(2000 + i, 1, 1));
        QCOMPARE(a.edges.back(), day(2010, 12, 31));
        QCOMPARE(a.label(10), std::string("[2010-01-01, 2010-12-31]"));
        // Written as its edges; read back the same.
        QVERIFY(parseSchemaJson(schemaToJson(s), "again.json") == s);
        // A lower bound inside a period: the first bin runs to the next period start.
        TimeSettings month = parsePeriod("month");
        QCOMPARE(datePeriodEdges(static_cast<long long>(day(2000, 1, 15)),
                                 static_cast<long long>(day(2000, 4, 1)), month, 100),
                 (std::vector<double>{day(2000, 1, 15), day(2000, 2, 1), day(2000, 3, 1), day(2000, 4, 1)}));
        // Weeks start on Monday (2000-01-01 was a Saturday), as the time column's.
        QCOMPARE(datePeriodEdges(static_cast<long long>(day(2000, 1, 1)),
                                 static_cast<long long>(day(2000, 1, 12)), parsePeriod("week"), 100),
                 (std::vector<double>{day(2000, 1, 1), day(2000, 1, 3), day(2000, 1, 10), day(2000, 1, 12)}));
        QCOMPARE(datePeriodEdges(static_cast<long long>(day(1999, 11, 20)),
                                 static_cast<long long>(day(2000, 9, 1)), parsePeriod("quarter"), 100),
                 (std::vector<double>{day(1999, 11, 20), day(2000, 1, 1), day(2000, 4, 1), day(2000, 7, 1),
                                      day(2000, 9, 1)}));
        QCOMPARE(datePeriodEdges(static_cast<long long>(day(2000, 1, 1)),
                                 static_cast<long long>(day(2000, 7, 1)), parsePeriod("2 months"), 100),
                 (std::vector<double>{day(2000, 1, 1), day(2000, 3, 1), day(2000, 5, 1), day(2000, 7, 1)}));
        QCOMPARE(datePeriodEdges(static_cast<long long>(day(2000, 2, 27)),
                                 static_cast<long long>(day(2000, 3, 2)), parsePeriod("day"), 100),
                 (std::vector<double>{day(2000, 2, 27), day(2000, 2, 28), day(2000, 2, 29), day(2000, 3, 1),
                                      day(2000, 3, 2)}));
    }

    void hugePeriodCountsGiveOneBin() {
        // A count far past the dates (no int overflow on the way: UBSan builds).
        const long long lo = static_cast<long long>(day(2000, 1, 1)),
                        hi = static_cast<long long>(day(2010, 12, 31));
        for (const char* period : {"2000000000 years", "2000000000 quarters", "2000000000 months",
                                   "2000000000 weeks", "2000000000 days"})
            QCOMPARE(datePeriodEdges(lo, hi, parsePeriod(period), 100),
                     (std::vector<double>{day(2000, 1, 1), day(2010, 12, 31)}));
    }

    void schemaErrorsAreClear() {
        expectSchemaError(R"({"name": "O", "kind": "date", "edges": ["2000-01-01", "2000-13-01"]})",
                          "'2000-13-01' is not one");
        expectSchemaError(R"({"name": "O", "kind": "date", "edges": ["2000-01-01", "2001-1-1"]})",
                          "dates written yyyy-MM-dd");
        expectSchemaError(R"({"name": "O", "kind": "date", "edges": [2000, 2001]})",
                          "dates written yyyy-MM-dd");
        expectSchemaError(R"({"name": "O", "kind": "date", "edges": ["2005-01-01", "2000-01-01"]})",
                          "not strictly increasing (2005-01-01, 2000-01-01)");
        expectSchemaError(R"({"name": "O", "kind": "date", "edges": ["2005-01-01", "2005-01-01"]})",
                          "not strictly increasing");
        expectSchemaError(R"({"name": "O", "kind": "date", "edges": ["2005-01-01"]})",
                          "at least two bin edges");
        expectSchemaError(
            R"({"name": "O", "kind": "date", "lower": "2000-01-01", "upper": "2010-01-01", "period": "decade"})",
            "period");
        expectSchemaError(
            R"({"name": "O", "kind": "date", "lower": "2000-01-01", "upper": "2010-01-01", "period": "10 units"})",
            "calendar period");
        expectSchemaError(
            R"({"name": "O", "kind": "date", "lower": "2010-01-01", "upper": "2000-01-01", "period": "year"})",
            "must be before the upper date");
        expectSchemaError(
            R"({"name": "O", "kind": "date", "lower": "1900-01-01", "upper": "2099-12-31", "period": "day"})",
            "choose a longer period");
        expectSchemaError(R"({"name": "O", "kind": "date", "lower": "2000-01-01", "upper": "2010-01-01"})",
                          "needs \"edges\", or \"lower\", \"upper\" and \"period\"");
        expectSchemaError(
            R"({"name": "O", "kind": "date", "edges": ["2000-01-01", "2001-01-01"], "bins": 3})",
            "unknown key \"bins\"");
        expectSchemaError(R"({"name": "O", "kind": "dates", "edges": ["2000-01-01", "2001-01-01"]})",
                          "categorical, numeric, integer or date");
    }

    void cellsFallInTheirBins() {
        const RawTable raw = parseCsv(
            "id,Opened\n1,2000-01-01\n2,2004-12-31\n3,2005-01-01\n4,2010-12-31\n5,\n6,2007-06-15 13:45\n",
            "t.csv");
        const EncodedTable e = encodeTable(raw, schemaWith(kOpened, true));
        QCOMPARE(codes(e.table, 0), (std::vector<int>{0, 0, 1, 1, 2, 1}));
        // Outside the bounds: an error naming the cell, or the first/last bin with clamp.
        const RawTable outside = parseCsv("id,Opened\n1,2003-03-03\n2,2011-01-01\n3,1999-12-31\n", "t.csv");
        try {
            (void)encodeTable(outside, schemaWith(kOpened, true));
            QFAIL("a date after the upper bound was accepted");
        } catch (const Error& err) {
            QCOMPARE(err.context().line, 3LL);
            QCOMPARE(err.context().column, 2);
            QVERIFY2(err.message().find("bounds [2000-01-01, 2010-12-31]") != std::string::npos,
                     err.message().c_str());
            QVERIFY2(err.message().find("2011-01-01") == std::string::npos, err.message().c_str());
        }
        const EncodedTable clamped = encodeTable(
            outside,
            schemaWith(
                R"({"name": "Opened", "kind": "date", "edges": ["2000-01-01", "2005-01-01", "2010-12-31"], "clamp": true})",
                true));
        QCOMPARE(codes(clamped.table, 0), (std::vector<int>{0, 1, 0}));
        // An explicit format reads only that format.
        const Schema dotted = schemaWith(
            R"({"name": "Opened", "kind": "date", "edges": ["2000-01-01", "2005-01-01", "2010-12-31"], "format": "dd.MM.yyyy"})",
            true);
        QCOMPARE(
            codes(encodeTable(parseCsv("id,Opened\n1,31.12.2004\n2,01.01.2005\n", "t.csv"), dotted).table, 0),
            (std::vector<int>{0, 1}));
        for (const char* bad : {"2004-12-31", "yesterday", "2004", "31.02.2004"}) {
            const std::string text = std::string("id,Opened\n1,01.01.2001\n2,01.01.2002\n3,") + bad + "\n";
            try {
                (void)encodeTable(parseCsv(text, "t.csv"), dotted);
                QFAIL((std::string("accepted ") + bad).c_str());
            } catch (const Error& err) {
                QCOMPARE(err.kind(), ErrorKind::Input);
                QCOMPARE(QString::fromStdString(err.context().file), QString("t.csv"));
                QCOMPARE(err.context().line, 4LL);
                QCOMPARE(err.context().column, 2);
                QCOMPARE(err.context().value, std::string(bad));
                QVERIFY2(err.message().find("is not a date") != std::string::npos, err.message().c_str());
                QVERIFY2(err.message().find("dd.MM.yyyy") != std::string::npos, err.message().c_str());
                // No cell of any row in the message or the description.
                for (const char* cell : {bad, "01.01.2001", "01.01.2002"})
                    QVERIFY2(err.describe().find(cell) == std::string::npos, err.describe().c_str());
            }
        }
        // Without a format a plain number is not a date.
        QVERIFY_THROWS_EXCEPTION(
            Error, encodeTable(parseCsv("id,Opened\n1,2004\n", "t.csv"), schemaWith(kOpened, true)));
    }

    void mergedBinsKeepExactEdgesAndTheKind() {
        const Schema s = schemaWith(
            R"({"name": "Opened", "kind": "date", "lower": "2000-01-01", "upper": "2010-12-31", "period": "year", "missing": true})");
        const AttributeSpec merged = mergeBins(s.attributes[0], 3);
        QVERIFY(merged.date);
        QVERIFY(merged.missingCategory);
        // Groups start at old bins 0, 3 and 7 (floor(i·11/3)).
        QCOMPARE(merged.edges,
                 (std::vector<double>{day(2000, 1, 1), day(2003, 1, 1), day(2007, 1, 1), day(2010, 12, 31)}));
        QCOMPARE(merged.label(0), std::string("[2000-01-01, 2003-01-01)"));
        QCOMPARE(merged.label(2), std::string("[2007-01-01, 2010-12-31]"));
        QCOMPARE(attributeKindToString(merged), std::string("date"));
        const std::vector<Code> map = coarseCodes(s.attributes[0], merged);
        QCOMPARE(std::vector<int>(map.begin(), map.end()),
                 (std::vector<int>{0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3}));
        Schema coarse = s;
        coarse.attributes[0] = merged;
        const std::string json = schemaToJson(coarse);
        const QJsonObject written = writtenAttribute(json, 0);
        QCOMPARE(written.value("kind").toString(), QString("date"));
        QCOMPARE(written.value("edges").toArray(),
                 (QJsonArray{"2000-01-01", "2003-01-01", "2007-01-01", "2010-12-31"}));
        QVERIFY(parseSchemaJson(json, "again.json") == coarse);
        QVERIFY_THROWS_EXCEPTION(Error, mergeBins(s.attributes[0], 11));
    }

    void releaseCellsReadBack() {
        const Schema s = schemaWith(kOpened);
        const RawTable raw = parseCsv(
            "Opened,n\n\"[2000-01-01, 2005-01-01)\",0\n\"[2005-01-01, "
            "2010-12-31]\",1\n2007-03-04,0\n,1\n2010-12-31,0\n",
            "r.csv");
        QCOMPARE(codes(decodeRelease(raw, s), 0), (std::vector<int>{0, 1, 1, 2, 1}));
        const RawTable bad = parseCsv("Opened,n\n2011-01-01,0\n", "r.csv");
        QVERIFY_THROWS_EXCEPTION(Error, decodeRelease(bad, s));
    }
};

QTEST_GUILESS_MAIN(TestDateAttributes)
#include "test_date_attributes.moc"
