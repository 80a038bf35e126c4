// A categorical attribute's "members" (a public hierarchy's children coded
// as their parent label): the schema key parsed, validated, written and read
// back; member values encoded as their parent; data::withParents (labels in
// the order of their first child, a label named as a parent kept as its own,
// unparented labels to <other>, a second hierarchy on top of a first) and
// coarseCodes / coarsenTable re-coding an encoded table like encoding the
// raw values with the coarsened schema.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <functional>

#include "core/data/coarsening.h"
#include "core/data/csv_reader.h"
#include "core/data/table_encoder.h"
#include "core/values/error.h"
#include "core/values/schema.h"

using namespace streamsynth;
using namespace streamsynth::data;

namespace {

const char* kBirds = R"({"attributes": [
  {"name": "animal", "kind": "categorical", "labels": ["Birds", "Mammals"],
   "members": {"Mammals": ["Deer"], "Birds": ["Gull", "Hawk"]}, "other": true, "missing": true},
  {"name": "n", "kind": "integer", "size": 2}]})";

// f must throw an Error of `kind` whose message holds `fragment`.
void expectError(const std::function<void()>& f, ErrorKind kind, const std::string& fragment) {
    try {
        f();
    } catch (const Error& e) {
        QCOMPARE(e.kind(), kind);
        QVERIFY2(e.message().find(fragment) != std::string::npos, e.message().c_str());
        return;
    }
    QFAIL(("no error; expected '" + fragment + "'").c_str());
}

AttributeSpec species() {
    AttributeSpec a;
    a.name = "species";
    a.kind = AttributeKind::Categorical;
    a.labels = {"Gull", "Deer", "Hawk", "Birds", "Trout", "Elk"};
    a.missingCategory = true;
    return a;
}

}  // namespace

class TestSchemaMembers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void membersParseAndRoundTrip() {
        const Schema s = parseSchemaJson(kBirds, "s.json");
        const AttributeSpec& a = s.attributes[0];
        QCOMPARE(a.members.size(), std::size_t{2});
        QCOMPARE(a.members.at("Birds"), (std::vector<std::string>{"Gull", "Hawk"}));
        QCOMPARE(a.members.at("Mammals"), (std::vector<std::string>{"Deer"}));
        QCOMPARE(a.domainSize(), 4);  // members are no codes of their own
        const std::string json = schemaToJson(s);
        // Written as the file had them (each parent's members in order), and
        // read back equal.
        const QJsonObject written = QJsonDocument::fromJson(QByteArray::fromStdString(json))
                                        .object()
                                        .value("attributes")
                                        .toArray()
                                        .at(0)
                                        .toObject();
        QCOMPARE(written.value("members").toObject(),
                 (QJsonObject{{"Birds", QJsonArray{"Gull", "Hawk"}}, {"Mammals", QJsonArray{"Deer"}}}));
        QVERIFY(parseSchemaJson(json, "w.json") == s);
        // Without members nothing is written.
        Schema plain = s;
        plain.attributes[0].members.clear();
        QVERIFY(schemaToJson(plain).find("members") == std::string::npos);
        QVERIFY(!(plain == s));
    }

    void badMembersAreErrors() {
        const auto schemaWith = [](const std::string& attribute) {
            return "{\"attributes\": [" + attribute + "]}";
        };
        const std::pair<std::string, std::string> cases[] = {
            {R"({"name": "a", "labels": ["B"], "members": {"X": ["c"]}})",
             "members of 'X', which is not one of its labels"},
            {R"({"name": "a", "labels": ["B", "C"], "members": {"B": ["C"]}})",
             "lists its label 'C' as a member of 'B'"},
            {R"({"name": "a", "labels": ["B", "C"], "members": {"B": ["x"], "C": ["x"]}})",
             "lists the member 'x' twice"},
            {R"({"name": "a", "labels": ["B"], "members": {"B": [""]}})", "an empty member of 'B'"},
            {R"({"name": "a", "labels": ["B"], "members": ["B"]})", "must be an object"},
            {R"({"name": "a", "labels": ["B"], "members": {"B": "x"}})", "must be a list of strings"},
            {R"({"name": "a", "labels": ["B"], "members": {"B": [3]}})", "must be a string"},
            {R"({"name": "a", "kind": "integer", "size": 3, "members": {"B": ["x"]}})",
             "unknown key \"members\""},
        };
        for (const auto& c : cases)  // no structured binding: clang 14 cannot capture one
            expectError([&] { parseSchemaJson(schemaWith(c.first), "s.json"); }, ErrorKind::Input, c.second);
        // Built in code: a non-categorical attribute with members is invalid.
        Schema s =
            parseSchemaJson(R"({"attributes": [{"name": "n", "kind": "integer", "size": 2}]})", "s.json");
        s.attributes[0].members["0"] = {"zero"};
        QVERIFY(validationError(s).find("has \"members\" but is not categorical") != std::string::npos);
    }

    void memberValuesAreCodedAsTheirParent() {
        const Schema s = parseSchemaJson(kBirds, "s.json");
        const RawTable raw =
            parseCsv("animal,n\nGull,0\nDeer,1\nBirds,0\nHawk,1\n,0\nTrout,1\nMammals,0\n", "t.csv");
        const EncodedTable e = encodeTable(raw, s);
        const auto col = e.table.column(0);
        QCOMPARE(std::vector<Code>(col.begin(), col.end()), (std::vector<Code>{0, 1, 0, 0, 3, 2, 1}));
        // Without "other", a value neither label nor member is an error as before.
        Schema strict = s;
        strict.attributes[0].hasOther = false;
        expectError([&] { encodeTable(raw, strict); }, ErrorKind::Input, "is not a category of 'animal'");
    }

    void withParentsOrdersAndCollects() {
        const AttributeSpec a = species();
        // Elk has no parent: <other>. Birds is named as a parent and given none: its own parent.
        const AttributeSpec p =
            withParents(a, {{"Gull", "Birds"}, {"Hawk", "Birds"}, {"Deer", "Mammals"}, {"Trout", "Fish"}});
        QCOMPARE(p.labels,
                 (std::vector<std::string>{"Birds", "Mammals", "Fish"}));  // first child: Gull, Deer, Trout
        QCOMPARE(p.members.at("Birds"), (std::vector<std::string>{"Gull", "Hawk"}));
        QCOMPARE(p.members.at("Mammals"), (std::vector<std::string>{"Deer"}));
        QCOMPARE(p.members.at("Fish"), (std::vector<std::string>{"Trout"}));
        QVERIFY(p.hasOther);
        QVERIFY(p.missingCategory);
        Schema s;
        s.attributes = {p};
        QVERIFY2(validationError(s).empty(), validationError(s).c_str());
        // Old codes Gull Deer Hawk Birds Trout Elk <missing> -> Birds Mammals Birds Birds Fish <other>
        // <missing>.
        QCOMPARE(coarseCodes(a, p), (std::vector<Code>{0, 1, 0, 0, 2, 3, 4}));
        // Every label given a parent and no <other> before: none after.
        const AttributeSpec all = withParents(a, {{"Gull", "Birds"},
                                                  {"Hawk", "Birds"},
                                                  {"Birds", "Birds"},
                                                  {"Deer", "Mammals"},
                                                  {"Elk", "Mammals"},
                                                  {"Trout", "Fish"}});
        QVERIFY(!all.hasOther);
        QCOMPARE(all.domainSize(), 4);
        // A second hierarchy on top: the members move with their parent.
        const AttributeSpec top = withParents(p, {{"Birds", "Animals"}, {"Mammals", "Animals"}});
        QCOMPARE(top.labels, (std::vector<std::string>{"Animals"}));
        QCOMPARE(top.members.at("Animals"),
                 (std::vector<std::string>{"Birds", "Gull", "Hawk", "Mammals", "Deer"}));
        QCOMPARE(coarseCodes(p, top), (std::vector<Code>{0, 0, 1, 1, 2}));  // Fish and <other> to <other>
    }

    void withParentsRefusals() {
        const AttributeSpec a = species();
        expectError(
            [&] {
                withParents(a, {{"Gull", "Birds"}, {"Birds", "Animals"}});
            },
            ErrorKind::Setting, "is both a parent and a child");
        expectError([&] { withParents(a, {{"Gull", "Gull"}}); }, ErrorKind::Setting, "no label of 'species'");
        expectError([&] { withParents(a, {{"Owl", "Birds"}}); }, ErrorKind::Setting, "has no label 'Owl'");
        expectError(
            [&] {
                withParents(a, {{"Gull", "<other>"}});
            },
            ErrorKind::Setting, "needs a parent name");
        AttributeSpec n;
        n.name = "n";
        n.kind = AttributeKind::IntegerCode;
        n.size = 3;
        expectError([&] { withParents(n, {{"0", "low"}}); }, ErrorKind::Setting, "not categorical");
    }

    // Keeping some labels of an attribute with members drops the members of the labels not kept
    // (they go to <other> with their parent): the result is a valid schema that codes them so.
    void keepLabelsDropsTheMembersOfDroppedParents() {
        const Schema s = parseSchemaJson(kBirds, "birds.json");
        const AttributeSpec kept = keepLabels(s.attributes[0], {"Birds"});
        QCOMPARE(kept.labels, (std::vector<std::string>{"Birds"}));
        QCOMPARE(kept.members.size(), std::size_t{1});
        QCOMPARE(kept.members.at("Birds"), (std::vector<std::string>{"Gull", "Hawk"}));
        Schema coarse = s;
        coarse.attributes[0] = kept;
        QCOMPARE(coarse.domain().size(0), 3);  // Birds, <other>, <missing>: validates
        QCOMPARE(coarseCodes(s.attributes[0], kept),
                 (std::vector<Code>{0, 1, 1, 2}));  // Mammals, <other>: <other>
        const RawTable raw = parseCsv("animal,n\nHawk,0\nDeer,1\nMammals,0\n", "a.csv");
        const EncodedTable e = encodeTable(raw, coarse);
        QCOMPARE(e.table.column(0)[0], Code(0));
        QCOMPARE(e.table.column(0)[1], Code(1));  // a dropped parent's member: <other>
        QCOMPARE(e.table.column(0)[2], Code(1));
    }
    void coarsenTableEqualsEncodingCoarsened() {
        const std::string csv = "species\nGull\nDeer\n\nHawk\nBirds\nTrout\nElk\nGull\n";
        Schema full;
        full.attributes = {species()};
        Schema coarse = full;
        coarse.attributes[0] =
            withParents(full.attributes[0], {{"Gull", "Birds"}, {"Hawk", "Birds"}, {"Trout", "Fish"}});
        const RawTable raw = parseCsv(csv, "t.csv");
        const Table recoded = coarsenTable(encodeTable(raw, full).table, full, coarse);
        const Table direct = encodeTable(raw, coarse).table;
        const auto x = recoded.column(0), y = direct.column(0);
        QCOMPARE(std::vector<Code>(x.begin(), x.end()), std::vector<Code>(y.begin(), y.end()));
        QCOMPARE(std::vector<Code>(y.begin(), y.end()), (std::vector<Code>{0, 2, 3, 0, 0, 1, 2, 0}));
        // And the written coarsened schema codes the same.
        const Schema reread = parseSchemaJson(schemaToJson(coarse), "c.json");
        const Table again = encodeTable(raw, reread).table;
        const auto z = again.column(0);
        QCOMPARE(std::vector<Code>(z.begin(), z.end()), std::vector<Code>(y.begin(), y.end()));
    }
};

QTEST_APPLESS_MAIN(TestSchemaMembers)
#include "test_schema_members.moc"
