// Schema: codes and labels of each kind, binning at the edges, both JSON
// forms (attribute order follows the file), round trip, and bad files.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/data/input_limits.h"
#include "core/values/error.h"
#include "core/values/number_text.h"
#include "core/values/schema.h"
#include "support/test_data.h"

using namespace streamsynth;
using namespace streamsynth::data;

namespace {

AttributeSpec categorical(std::string name, std::vector<std::string> labels, bool other, bool missing) {
    AttributeSpec a;
    a.name = std::move(name);
    a.kind = AttributeKind::Categorical;
    a.labels = std::move(labels);
    a.hasOther = other;
    a.missingCategory = missing;
    return a;
}

AttributeSpec numeric(std::string name, double lo, double hi, int bins) {
    AttributeSpec a;
    a.name = std::move(name);
    a.kind = AttributeKind::Numeric;
    a.lower = lo;
    a.upper = hi;
    a.bins = bins;
    return a;
}

AttributeSpec integer(std::string name, int size) {
    AttributeSpec a;
    a.name = std::move(name);
    a.size = size;
    return a;
}

Schema fullExample() {
    Schema s;
    s.attributes.push_back(categorical("MPAA Rating", {"G", "PG", "PG-13", "R"}, true, true));
    AttributeSpec gross;
    gross.name = "US \"Gross\"\n";  // a name that needs escaping
    gross.kind = AttributeKind::Numeric;
    gross.edges = {0, 1e6, 1.5e7, 1e8, 3.3e9};
    gross.clampToBounds = true;
    s.attributes.push_back(gross);
    AttributeSpec rating =
        numeric("IMDB Rating", 0.1, 9.9, 7);  // non-round bounds: exact doubles must survive
    rating.missingCategory = true;
    s.attributes.push_back(rating);
    s.attributes.push_back(integer("z-last-but-not-least", 16));
    s.attributes.push_back(categorical("Genre \xC3\xA9t\xC3\xA9",
                                       {"Drama",
                                        "Com\xC3\xA9"
                                        "die"},
                                       false, false));
    TimeSettings t;
    t.column = "Release Date";
    t.unit = PeriodUnit::Month;
    t.count = 3;
    t.format = "MMM dd yyyy";
    s.stream.time = t;
    s.derivedFromData = true;
    return s;
}

void expectInputError(const std::string& json, const std::string& fragment, long long line = -1) {
    try {
        parseSchemaJson(json, "s.json");
    } catch (const Error& e) {
        QCOMPARE(e.kind(), ErrorKind::Input);
        QCOMPARE(QString::fromStdString(e.context().file), QString("s.json"));
        if (line >= 0) QCOMPARE(e.context().line, line);
        if (e.message().find(fragment) == std::string::npos)
            QFAIL(("message '" + e.message() + "' lacks '" + fragment + "'").c_str());
        return;
    }
    QFAIL(("accepted: " + json).c_str());
}

}  // namespace

class TestSchema : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void categoricalCodes() {
        const AttributeSpec a = categorical("r", {"G", "PG"}, true, true);
        QCOMPARE(a.domainSize(), 4);
        QCOMPARE(a.label(0), std::string("G"));
        QCOMPARE(a.label(1), std::string("PG"));
        QCOMPARE(a.label(2), std::string("<other>"));
        QCOMPARE(a.label(3), std::string("<missing>"));
        QCOMPARE(a.otherCode(), 2);
        QCOMPARE(a.missingCode(), 3);
        const AttributeSpec b = categorical("r", {"G", "PG"}, false, true);
        QCOMPARE(b.domainSize(), 3);
        QCOMPARE(b.missingCode(), 2);
        QCOMPARE(b.otherCode(), -1);
    }
    void integerCodes() {
        AttributeSpec a = integer("age", 85);
        QCOMPARE(a.domainSize(), 85);
        QCOMPARE(a.label(84), std::string("84"));
        a.missingCategory = true;
        QCOMPARE(a.domainSize(), 86);
        QCOMPARE(a.label(85), std::string("<missing>"));
    }
    // Issue 46, 7: one column's bins read alike: plain decimals, never "2e+05" beside "1400000".
    void binLabelsInPlainDecimals() {
        const AttributeSpec a = numeric("gross", 0, 1600000, 8);
        QCOMPARE(a.label(0), std::string("[0, 200000)"));
        QCOMPARE(a.label(7), std::string("[1400000, 1600000]"));
        const AttributeSpec small = numeric("share", 0, 0.0005, 5);
        QCOMPARE(small.label(0), std::string("[0, 0.0001)"));
        QCOMPARE(plainNumberText(0.1 + 0.2), std::string("0.30000000000000004"));  // still exact
        QCOMPARE(plainNumberText(1e20), std::string("1e+20"));                     // past 10^15: shortest
    }
    void equalWidthBins() {
        const AttributeSpec a = numeric("x", 0, 100, 10);
        QCOMPARE(a.domainSize(), 10);
        QCOMPARE(a.label(1), std::string("[10, 20)"));
        QCOMPARE(a.label(9), std::string("[90, 100]"));  // the last bin holds the upper bound
        QCOMPARE(a.binInterval(3), (std::pair<double, double>{30.0, 40.0}));
        QCOMPARE(a.binOf(0), 0);
        QCOMPARE(a.binOf(9.999), 0);
        QCOMPARE(a.binOf(10), 1);
        QCOMPARE(a.binOf(99.5), 9);
        QCOMPARE(a.binOf(100), 9);
        QCOMPARE(a.binOf(100.01), -1);
        QCOMPARE(a.binOf(-0.01), -1);
    }
    void binOfAgreesWithBinIntervalAtEveryEdge() {
        // Bounds whose edges are not exact in binary (0.1 steps): for every
        // edge value and its neighbours, the bin found must contain the value.
        const AttributeSpec a = numeric("x", 0, 1, 10);
        for (int i = 0; i <= 10; ++i) {
            const double edge = i < 10 ? a.binInterval(i).first : a.binInterval(9).second;
            for (double v : {std::nextafter(edge, -1.0), edge, std::nextafter(edge, 2.0), i / 10.0}) {
                const int b = a.binOf(v);
                if (v < 0 || v > 1) {
                    QCOMPARE(b, -1);
                    continue;
                }
                const auto [lo, hi] = a.binInterval(b);
                QVERIFY(lo <= v);
                QVERIFY(v < hi || (b == 9 && v == hi));
            }
        }
    }
    void explicitEdgesAndClamp() {
        AttributeSpec a;
        a.name = "g";
        a.kind = AttributeKind::Numeric;
        a.edges = {0, 10, 100, 1000};
        QCOMPARE(a.domainSize(), 3);
        QCOMPARE(a.binOf(0), 0);
        QCOMPARE(a.binOf(10), 1);
        QCOMPARE(a.binOf(999), 2);
        QCOMPARE(a.binOf(1000), 2);
        QCOMPARE(a.binOf(1001), -1);
        QCOMPARE(a.label(0), std::string("[0, 10)"));
        QCOMPARE(a.label(2), std::string("[100, 1000]"));
        a.clampToBounds = true;
        QCOMPARE(a.binOf(-5), 0);
        QCOMPARE(a.binOf(1e9), 2);
    }
    void domainFollowsAttributeOrder() {
        Schema s;
        s.attributes = {integer("b", 3), categorical("a", {"x"}, true, true)};
        const Domain d = s.domain();
        QCOMPARE(d.attributeCount(), 2);
        QCOMPARE(d.name(0), std::string("b"));
        QCOMPARE(d.size(1), 3);
        QCOMPARE(s.indexOf("a"), 1);
        QCOMPARE(s.indexOf("c"), -1);
    }
    void adultDomainFileAsIs() {
        const Schema s = readSchema(streamsynth::test::dataPath("adult-domain.json"));
        // Order and sizes as in shared/data/README.md (not alphabetical).
        const std::vector<std::pair<std::string, int>> expected = {{"age", 85},
                                                                   {"workclass", 9},
                                                                   {"fnlwgt", 100},
                                                                   {"education-num", 16},
                                                                   {"marital-status", 7},
                                                                   {"occupation", 15},
                                                                   {"relationship", 6},
                                                                   {"race", 5},
                                                                   {"sex", 2},
                                                                   {"capital-gain", 100},
                                                                   {"capital-loss", 100},
                                                                   {"hours-per-week", 99},
                                                                   {"native-country", 42},
                                                                   {"income>50K", 2}};
        QCOMPARE(s.attributes.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(s.attributes[i].name, expected[i].first);
            QCOMPARE(s.attributes[i].kind, AttributeKind::IntegerCode);
            QCOMPARE(s.attributes[i].domainSize(), expected[i].second);
        }
        QVERIFY(!s.derivedFromData);
        QVERIFY(!s.stream.time && !s.stream.batch);
    }
    void simpleFormKeyOrderWithEscapesAndNesting() {
        const Schema s = parseSchemaJson("{ \"z\" : 2,\n\"a\\\"q\": 3, \"\\u00e9\": 4 }", "s.json");
        QCOMPARE(s.attributes.size(), std::size_t(3));
        QCOMPARE(s.attributes[0].name, std::string("z"));
        QCOMPARE(s.attributes[1].name, std::string("a\"q"));
        QCOMPARE(s.attributes[2].name, std::string("\xC3\xA9"));
        QCOMPARE(s.attributes[2].size, 4);
    }
    void fullFormRoundTrip() {
        const Schema s = fullExample();
        const std::string json = schemaToJson(s);
        const Schema back = parseSchemaJson(json, "s.json");
        QVERIFY(back == s);
        // Batch settings and the default flags too.
        Schema b;
        b.attributes = {integer("age", 85), numeric("h", -1.5, 2.25, 3)};
        b.stream.batch = BatchSettings{50, BatchOrder::Sorted};
        QVERIFY(parseSchemaJson(schemaToJson(b), "s.json") == b);
        // A changed field is noticed (the comparison is not vacuous).
        Schema c = b;
        c.attributes[1].upper = 2.2500000000000004;
        QVERIFY(!(parseSchemaJson(schemaToJson(c), "s.json") == b));
    }
    void writtenJsonKeepsOrderTextAndExactNumbers() {
        // Attributes out of alphabetical order, text that needs escaping and
        // doubles without a short decimal form: the written JSON is valid,
        // keeps the attribute order and reads back bit for bit.
        Schema s;
        AttributeSpec odd;
        odd.name = "z \\ \"q\"\tx\x01";
        odd.kind = AttributeKind::Numeric;
        odd.edges = {-1e22, 1e-300, 0.1 + 0.2, 1.0 / 3, 1.2345678901234568e17, 1e300};
        s.attributes.push_back(odd);
        s.attributes.push_back(categorical("a", {"x\ny", "\xC3\xA9\"", "b\\c", "d\x1f"}, true, false));
        s.stream.batch = BatchSettings{2147483647, BatchOrder::Hash, "row id"};
        const std::string json = schemaToJson(s);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonArray attributes = doc.object().value("attributes").toArray();
        QCOMPARE(attributes.size(), 2);
        QCOMPARE(attributes.at(0).toObject().value("name").toString().toStdString(), odd.name);
        QCOMPARE(attributes.at(1).toObject().value("name").toString(), QString("a"));
        QCOMPARE(doc.object().value("batch").toObject().value("size").toInteger(), 2147483647);
        const Schema back = parseSchemaJson(json, "s.json");
        QVERIFY(back == s);
        QCOMPARE(back.attributes[0].edges, odd.edges);  // exactly, not within a tolerance
    }
    void earlierWriterOutputStillReads() {
        // The text the hand-made writer produced before the QJsonDocument one
        // (one attribute per line, keys in schema order) reads as before, and
        // writing what it gives and reading that back changes nothing.
        const std::string before = R"({
  "version": 1,
  "attributes": [
    {"name": "MPAA Rating", "kind": "categorical", "labels": ["G", "PG", "R"], "other": true, "members": {"PG": ["PG-13", "M"]}, "missing": true},
    {"name": "US Gross", "kind": "numeric", "edges": [0, 1e+06, 1.5e+07, 3300000000.1], "clamp": true},
    {"name": "IMDB Rating", "kind": "numeric", "lower": 0.1, "upper": 9.9, "bins": 7},
    {"name": "Opened", "kind": "date", "edges": ["2000-01-01", "2005-01-01", "2010-12-31"], "format": "dd.MM.yyyy"},
    {"name": "workclass", "kind": "integer", "size": 9}
  ],
  "time": {"column": "Release Date", "period": "3 months", "format": "MMM dd yyyy", "start": "Jan 01 1998", "steps": 52},
  "derivedFromData": true
}
)";
        const Schema s = parseSchemaJson(before, "old.json");
        QCOMPARE(s.attributes.size(), std::size_t(5));
        QCOMPARE(s.attributes[0].name, std::string("MPAA Rating"));
        QCOMPARE(s.attributes[0].members.at("PG"), (std::vector<std::string>{"PG-13", "M"}));
        QCOMPARE(s.attributes[1].edges, (std::vector<double>{0, 1e6, 1.5e7, 3300000000.1}));
        QCOMPARE(s.attributes[2].lower, 0.1);
        QCOMPARE(s.attributes[3].dateFormat, std::string("dd.MM.yyyy"));
        QCOMPARE(s.attributes[4].size, 9);
        QCOMPARE(s.stream.time->steps, 52LL);
        QVERIFY(s.derivedFromData);
        QVERIFY(parseSchemaJson(schemaToJson(s), "new.json") == s);
    }
    void publicEndAndStepCountRoundTrip() {
        Schema s = fullExample();
        s.stream.time->start = "Jan 01 1998";
        s.stream.time->end = "Dec 31 2010";
        const Schema back = parseSchemaJson(schemaToJson(s), "s.json");
        QVERIFY(back == s);
        QCOMPARE(back.stream.time->end, std::string("Dec 31 2010"));
        s.stream.time->end.clear();
        s.stream.time->steps = 52;
        QVERIFY(parseSchemaJson(schemaToJson(s), "s.json") == s);
        Schema other = s;
        other.stream.time->steps = 53;
        QVERIFY(!(other == s));
        expectInputError(R"({"attributes": [{"name": "a", "size": 2}],
            "time": {"column": "d", "period": "week", "end": "2020-01-01", "steps": 3}})",
                         "both an end and a number of steps");
        expectInputError(R"({"attributes": [{"name": "a", "size": 2}],
            "time": {"column": "d", "period": "week", "steps": 0}})",
                         "whole number of at least 1");
    }
    void fileRoundTripIsAtomicWrite() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("schema.json").toStdString();
        const Schema s = fullExample();
        writeSchema(s, path);
        QVERIFY(readSchema(path) == s);
        // Overwrite keeps a valid file.
        Schema t = s;
        t.attributes.pop_back();
        writeSchema(t, path);
        QVERIFY(readSchema(path) == t);
        // A folder that cannot exist (its parent is a file): an Io error.
        QFile blocker(dir.filePath("plain-file"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        try {
            writeSchema(s, dir.filePath("plain-file/sub/s.json").toStdString());
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Io);
        }
    }
    void fullFormFromDocs() {
        const Schema s = parseSchemaJson(R"({
          "version": 1,
          "attributes": [
            {"name": "MPAA Rating", "kind": "categorical", "labels": ["G", "PG", "PG-13", "R"], "other": true, "missing": true},
            {"name": "IMDB Rating", "kind": "numeric", "lower": 0, "upper": 10, "bins": 10, "missing": true},
            {"name": "US Gross", "kind": "numeric", "edges": [0, 1e6, 1e7, 1e8, 1e9], "clamp": true},
            {"name": "workclass", "kind": "integer", "size": 9}
          ],
          "time": {"column": "Release Date", "period": "month", "format": ""}
        })",
                                         "s.json");
        QCOMPARE(s.attributes.size(), std::size_t(4));
        QCOMPARE(s.domain().size(0), 6);
        QCOMPARE(s.domain().size(1), 11);
        QCOMPARE(s.domain().size(2), 4);
        QCOMPARE(s.domain().size(3), 9);
        QVERIFY(s.attributes[2].clampToBounds);
        QVERIFY(s.stream.time.has_value());
        QCOMPARE(s.stream.time->unit, PeriodUnit::Month);
        QCOMPARE(s.stream.time->column, std::string("Release Date"));
    }
    void syntaxErrorsNameLineAndColumn() {
        // docs/bad-inputs.md: broken JSON is named by line and column (in characters) of the place.
        try {
            parseSchemaJson("{\n  \"âge\": 85\n  \"sex\": 2\n}", "adult-domain.json");
            QFAIL("accepted a missing comma");
        } catch (const Error& e) {
            QCOMPARE(
                QString::fromStdString(e.describe()),
                QString(
                    "adult-domain.json, line 3, column 3: the schema is not valid JSON: missing comma (or a "
                    "closing '}')"));
        }
        try {
            parseSchemaJson("{\"âge\": 85, \"âge\": 3}", "s.json");
            QFAIL("accepted a key given twice");
        } catch (const Error& e) {
            QCOMPARE(e.context().line, 1LL);
            QCOMPARE(e.context().column, 13);  // the second key's quote; â is one character
        }
    }
    // A refused value is placed at its attribute's name: the simple form's key, the full form's "name"
    // (a CLI review of 2026-12-01 got the file and the attribute but no line for "age": "85").
    void refusedValuesNameTheLineOfTheirAttribute() {
        const auto where = [](const std::string& text) {
            try {
                parseSchemaJson(text, "s.json");
            } catch (const Error& e) {
                return QString::fromStdString(e.describe());
            }
            return QString("accepted");
        };
        QVERIFY2(
            where("{\n  \"sex\": 2,\n  \"age\" : \"85\"\n}").startsWith("s.json, line 3, column 3 (age):"),
            qPrintable(where("{\n  \"sex\": 2,\n  \"age\" : \"85\"\n}")));
        // "age" as a label of another attribute first, then as the full form's name.
        const std::string full =
            "{\"attributes\": [\n {\"name\": \"g\", \"labels\": [\"age\"]},\n"
            " {\"name\":  \"age\", \"kind\": \"numeric\", \"lower\": 0}]}";
        QVERIFY2(where(full).startsWith("s.json, line 3, column 12 (age):"), qPrintable(where(full)));
    }
    void badFiles() {
        expectInputError("{\"age\": 85,\n \"sex\": }", "not valid JSON", 2);
        expectInputError("[1, 2]", "must be a JSON object");
        expectInputError("{}", "no attributes");
        expectInputError("{\"age\": 0}", "at least 1");
        expectInputError("{\"age\": 8.5}", "whole number");
        expectInputError("{\"age\": \"85\"}", "every value must be the number of codes");
        expectInputError("{\"age\": 85, \"age\": 3}", "'age' appears twice");
        expectInputError("{\"age\": 70000}", "at most 65,535");
        expectInputError(R"({"attributes": [{"name": "a", "kind": "integer", "size": 2, "labels": []}]})",
                         "unknown key \"labels\"");
        expectInputError(R"({"attributes": [{"name": "a", "kind": "text"}]})",
                         "use categorical, numeric, integer or date");
        expectInputError(
            R"({"attributes": [{"name": "a", "kind": "numeric", "lower": 5, "upper": 5, "bins": 2}]})",
            "lower < upper");
        expectInputError(R"({"attributes": [{"name": "a", "kind": "numeric", "edges": [0, 2, 1]}]})",
                         "not strictly increasing");
        expectInputError(R"({"attributes": [{"name": "a", "kind": "numeric", "lower": 0}]})",
                         "needs \"lower\", \"upper\" and \"bins\", or \"edges\"");
        expectInputError(R"({"attributes": [{"name": "a", "labels": ["x", "x"]}]})", "twice");
        expectInputError(R"({"attributes": [{"name": "a", "labels": ["x", ""]}]})", "empty label");
        expectInputError(R"({"attributes": [{"name": "a", "size": 2}, {"name": "a", "size": 3}]})",
                         "appears twice");
        expectInputError(
            R"({"attributes": [{"name": "a", "size": 2}], "time": {"column": "t", "period": "fortnite"}})",
            "not a release period");
        expectInputError(R"({"attributes": [{"name": "a", "size": 2}], "batch": {"size": 0}})", "at least 1");
        expectInputError(
            R"({"attributes": [{"name": "a", "size": 2}], "time": {"column": "t"}, "batch": {"size": 5}})",
            "both");
        expectInputError(R"({"version": 2, "attributes": [{"name": "a", "size": 2}]})", "version 1");
        expectInputError(R"({"attributes": [{"name": "a", "size": 2}], "colour": 1})",
                         "unknown key \"colour\"");
        // Silent accepts refused: a label that its own flag adds again, a key
        // given twice in a nested object (Qt would keep the later one), a
        // batch size beyond 32 bits named without an empty attribute.
        expectInputError(R"({"attributes": [{"name": "a", "labels": ["x", "<other>"], "other": true}]})",
                         "two codes would have the same label");
        expectInputError(R"({"attributes": [{"name": "a", "labels": ["<missing>"], "missing": true}]})",
                         "two codes would have the same label");
        expectInputError("{\"attributes\": [{\"name\": \"a\",\n \"size\": 2, \"size\": 3}]}",
                         "the key 'size' appears twice in one object", 2);
        expectInputError(R"({"attributes": [{"name": "a", "size": 2}], "batch": {"size": 1e12}})",
                         "batch size is too large (at most 2147483647)");
        std::string many = "{";
        for (int a = 0; a <= kMaxAttributes; ++a) many += (a ? ", \"a" : "\"a") + std::to_string(a) + "\": 2";
        expectInputError(many + "}", "the schema has 1001 attributes, more than the limit of 1000");
    }
    void invalidSchemaInCodeIsASettingError() {
        Schema s;
        s.attributes = {numeric("x", 1, 0, 3)};
        QVERIFY(!validationError(s).empty());
        try {
            (void)s.domain();
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Setting);
        }
    }
};

QTEST_APPLESS_MAIN(TestSchema)
#include "test_schema.moc"
