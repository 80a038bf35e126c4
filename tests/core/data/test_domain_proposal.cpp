// Domain proposal: the kind chosen per column, observed bounds and labels,
// <missing> for empty cells, columns left out, and the unconfirmed flag.
#include <QtTest>
#include <algorithm>
#include <set>

#include "core/data/csv_reader.h"
#include "core/data/domain_proposal.h"
#include "core/data/table_encoder.h"
#include "core/values/error.h"
#include "support/test_data.h"

using namespace streamsynth;
using namespace streamsynth::data;

class TestDomainProposal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void kindsBoundsAndLabels() {
        const RawTable raw = parseCsv(
            "code,x,c,when\n"
            "0,1.5,b,2020-01-01\n"
            "3,-2,a,2020-01-02\n"
            "1,10,b,2020-01-03\n"
            "2,4,,2020-01-04\n",
            "t.csv");
        ProposalOptions o;
        o.numericBins = 4;
        o.exclude = {"when"};
        const Schema s = proposeSchema(raw, o);
        QVERIFY(s.derivedFromData);
        QCOMPARE(s.attributes.size(), std::size_t(3));

        const AttributeSpec& code = s.attributes[0];
        QCOMPARE(code.kind, AttributeKind::IntegerCode);
        QCOMPARE(code.size, 4);  // observed max 3
        QVERIFY(!code.missingCategory);

        const AttributeSpec& x = s.attributes[1];
        QCOMPARE(x.kind, AttributeKind::Numeric);
        QCOMPARE(x.lower, -2.0);
        QCOMPARE(x.upper, 10.0);
        QCOMPARE(x.bins, 4);
        QVERIFY(x.edges.empty());

        const AttributeSpec& c = s.attributes[2];
        QCOMPARE(c.kind, AttributeKind::Categorical);
        QCOMPARE(c.labels, (std::vector<std::string>{"a", "b"}));
        QVERIFY(c.missingCategory);
        QVERIFY(!c.hasOther);
        QCOMPARE(c.domainSize(), 3);
        QCOMPARE(c.label(2), std::string("<missing>"));
    }
    // A column of dates becomes a date attribute: yearly bins from January 1 of the earliest year
    // to the latest date (monthly within one year); a column with one non-date stays categorical,
    // and years written as numbers stay numbers.
    void datesBecomeDateAttributes() {
        const RawTable raw = parseCsv(
            "opened,month,mixed,year\n"
            "2001-03-04,2020-02-10,2001-01-01,1999\n"
            "1999-12-31,2020-05-01,abc,2001\n"
            ",2020-02-11,2001-01-02,2000\n",
            "t.csv");
        const Schema s = proposeSchema(raw);
        QCOMPARE(s.attributes.size(), std::size_t(4));
        const AttributeSpec& opened = s.attributes[0];
        QVERIFY(opened.kind == AttributeKind::Numeric && opened.date);
        QVERIFY(opened.missingCategory);
        QCOMPARE(opened.label(0), std::string("[1999-01-01, 2000-01-01)"));
        QCOMPARE(opened.label(2), std::string("[2001-01-01, 2001-12-31]"));  // not the data's latest date
        QCOMPARE(opened.regularSize(), 3);
        const AttributeSpec& month = s.attributes[1];
        QVERIFY(month.date);
        QCOMPARE(month.regularSize(), 12);  // the months of 2020
        QCOMPARE(month.label(11), std::string("[2020-12-01, 2020-12-31]"));
        QCOMPARE(s.attributes[2].kind, AttributeKind::Categorical);
        QVERIFY(!s.attributes[3].date);
        QVERIFY(parseSchemaJson(schemaToJson(s), "p.json") == s);  // written and read back the same
        // Confirmed, the proposal encodes its own table.
        Schema confirmed = s;
        confirmed.derivedFromData = false;
        const EncodedTable e = encodeTable(raw, confirmed);
        QCOMPARE(e.table.column(0)[0], Code(2));
        QCOMPARE(e.table.column(0)[1], Code(0));
        QCOMPARE(e.table.column(0)[2], Code(3));  // <missing>
    }
    void edgeCases() {
        const RawTable raw = parseCsv(
            "same,empty,big,neg,mixed\n"
            "5.5,,100,-1,1\n"
            "5.5,,7,0,n/a\n",
            "t.csv");
        const Schema s = proposeSchema(raw);
        // A constant number: one bin [v, v+1].
        QCOMPARE(s.attributes[0].kind, AttributeKind::Numeric);
        QCOMPARE(s.attributes[0].bins, 1);
        QCOMPARE(s.attributes[0].lower, 5.5);
        QCOMPARE(s.attributes[0].upper, 6.5);
        // All empty: only the <missing> code.
        QCOMPARE(s.attributes[1].kind, AttributeKind::Categorical);
        QCOMPARE(s.attributes[1].domainSize(), 1);
        // Integers reaching maxIntegerCodes (100) or negative are binned, not codes.
        QCOMPARE(s.attributes[2].kind, AttributeKind::Numeric);
        QCOMPARE(s.attributes[3].kind, AttributeKind::Numeric);
        // Mixed text and numbers: categorical, labels in byte order.
        QCOMPARE(s.attributes[4].kind, AttributeKind::Categorical);
        QCOMPARE(s.attributes[4].labels, (std::vector<std::string>{"1", "n/a"}));
        QVERIFY(validationError(s).empty());
    }
    void tooManyCategoriesLeavesTheColumnOut() {
        std::string text = "id,g\n";
        for (int i = 0; i < 30; ++i) text += "name" + std::to_string(i) + "," + (i % 2 ? "m" : "f") + "\n";
        ProposalOptions o;
        o.maxCategories = 29;
        const Proposal p = proposeSchemaWithNotes(parseCsv(text, "t.csv"), o);
        QCOMPARE(p.schema.attributes.size(), std::size_t(1));
        QCOMPARE(p.schema.attributes[0].name, std::string("g"));
        QCOMPARE(p.notes.size(), std::size_t(1));
        QCOMPARE(p.notes[0].column, std::string("id"));
        QCOMPARE(p.notes[0].kind, std::string("too-many-categories"));
        // 30 distinct values fit under a cap of 30.
        o.maxCategories = 30;
        QCOMPARE(proposeSchema(parseCsv(text, "t.csv"), o).attributes.size(), std::size_t(2));
    }
    // A GUI walkthrough of 2026-12-01: one "abc" among numbers made the column 85 labels,
    // and nothing said which line. The proposal says so, naming the first line.
    void aFewCellsThatAreNotNumbersAreNamed() {
        std::string text = "name,score\n";
        for (int i = 0; i < 40; ++i)
            text += "p" + std::to_string(i % 3) + "," + std::to_string(100 + i) + "\n";
        text.replace(text.find("\np1,107\n"), 9, "\np1,abc\n");  // data row 8, file line 9
        const Proposal p = proposeSchemaWithNotes(parseCsv(text, "t.csv"));
        QCOMPARE(p.schema.attributes[1].kind, AttributeKind::Categorical);
        QCOMPARE(p.notes.size(), std::size_t(1));
        QCOMPARE(p.notes[0].kind, std::string("not-a-number"));
        QCOMPARE(p.notes[0].column, std::string("score"));
        QCOMPARE(p.notes[0].count, 1LL);
        QVERIFY2(p.notes[0].message.find("(column 2)") != std::string::npos &&
                     p.notes[0].message.find("the first on line 9") != std::string::npos,
                 p.notes[0].message.c_str());
        QVERIFY2(p.notes[0].message.find("abc") == std::string::npos, "the message keeps the value out");
        QCOMPARE(p.notes[0].examples.at(0), std::string("line 9: 'abc'"));  // for the import view
        // A column of words is categories without a note.
        QVERIFY(proposeSchemaWithNotes(parseCsv("g,x\nm,1\nf,2\nm,3\n", "t.csv")).notes.empty());
    }
    void proposalMustBeConfirmedBeforeEncoding() {
        const RawTable raw = parseCsv("a\nx\ny\n", "t.csv");
        Schema s = proposeSchema(raw);
        try {
            encodeTable(raw, s);
            QFAIL("an unconfirmed proposal was encoded");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Setting);
            QCOMPARE(QString::fromStdString(e.context().setting), QString("domain"));
            QVERIFY(e.message().find("public") != std::string::npos);
            QVERIFY(e.message().find("confirm") != std::string::npos);
        }
        s.derivedFromData = false;  // the user confirmed
        QCOMPARE(encodeTable(raw, s).table.rowCount(), std::size_t(2));
    }
    void adultProposalIsIntegerCodesWithinThePublicDomain() {
        const RawTable raw = readCsv(streamsynth::test::dataPath("adult.csv"));
        Schema s = proposeSchema(raw);
        const Schema pub = readSchema(streamsynth::test::dataPath("adult-domain.json"));
        QCOMPARE(s.attributes.size(), std::size_t(14));
        for (std::size_t i = 0; i < 14; ++i) {
            QCOMPARE(s.attributes[i].name, pub.attributes[i].name);
            QCOMPARE(s.attributes[i].kind, AttributeKind::IntegerCode);
            QVERIFY(!s.attributes[i].missingCategory);
            // Observed max + 1 can never exceed the public size (all codes are in range).
            QVERIFY(s.attributes[i].size <= pub.attributes[i].size);
            QVERIFY(s.attributes[i].size >= 2);
        }
        QCOMPARE(s.attributes[s.indexOf("sex")].size, 2);
        s.derivedFromData = false;
        QCOMPARE(encodeTable(raw, s).table.rowCount(), std::size_t(48842));
    }
    void moviesProposalHasMissingCategories() {
        const RawTable raw = readCsv(streamsynth::test::dataPath("movies.csv"));
        ProposalOptions o;
        o.exclude = {"Release Date"};
        const Proposal p = proposeSchemaWithNotes(raw, o);
        const Schema& s = p.schema;
        QVERIFY(s.derivedFromData);
        QCOMPARE(s.indexOf("Release Date"), -1);
        // Titles are (nearly) all distinct: more than 1000 -> left out, with a note.
        QCOMPARE(s.indexOf("Title"), -1);
        QVERIFY(std::any_of(p.notes.begin(), p.notes.end(),
                            [](const Problem& n) { return n.column == "Title"; }));

        const int rating = s.indexOf("MPAA Rating");
        QVERIFY(rating >= 0);
        const AttributeSpec& r = s.attributes[static_cast<size_t>(rating)];
        QCOMPARE(r.kind, AttributeKind::Categorical);
        QVERIFY(r.missingCategory);
        QVERIFY(std::find(r.labels.begin(), r.labels.end(), "PG-13") != r.labels.end());
        QVERIFY(std::is_sorted(r.labels.begin(), r.labels.end()));

        const AttributeSpec& dvd = s.attributes[static_cast<size_t>(s.indexOf("US DVD Sales"))];
        QCOMPARE(dvd.kind, AttributeKind::Numeric);
        QVERIFY(dvd.missingCategory);

        // Encoding the confirmed proposal: <missing> counts equal the empty
        // cells counted straight from the raw text.
        Schema confirmed = s;
        confirmed.derivedFromData = false;
        const EncodedTable e = encodeTable(raw, confirmed);
        QCOMPARE(e.table.rowCount(), std::size_t(3201));
        const auto& rawRating = raw.columns[static_cast<size_t>(raw.columnIndex("MPAA Rating"))];
        const auto empties = std::count(rawRating.begin(), rawRating.end(), std::string());
        QVERIFY(empties > 0);
        const auto codes = e.table.column(rating);
        QCOMPARE(std::count(codes.begin(), codes.end(), static_cast<Code>(r.missingCode())), empties);
    }
};

QTEST_APPLESS_MAIN(TestDomainProposal)
#include "test_domain_proposal.moc"
