// A public hierarchy given with the run (api/label_parents.h): the
// --coarsen-parents text and its CSV file (an optional header, quotes,
// errors naming file, line and column, never a data value), the schema
// coarsened to the parents with errors naming the attribute and the label,
// the proposal's hierarchy entry (the figures of the coarsened domain, no
// share spent when no DP choice is left), and Workbench::coarsen: no charge,
// the table re-coded to the parents, refusals beside a DP choice or known
// labels.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

#include "core/api/coarsening.h"
#include "core/api/label_parents.h"
#include "core/api/workbench.h"
#include "core/values/error.h"
#include "support/coarsening_run.h"
#include "support/schema_specs.h"

using namespace streamsynth;

namespace {

std::string write(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) return {};
    return f.fileName().toStdString();
}

// f must throw an Error of `kind` whose message holds `fragment`; returns it.
Error expectError(const std::function<void()>& f, ErrorKind kind, const std::string& fragment) {
    try {
        f();
    } catch (const Error& e) {
        if (e.kind() != kind || e.message().find(fragment) == std::string::npos)
            qWarning("got: %s", e.describe().c_str());
        return e;
    }
    return Error(ErrorKind::Io, "no error; expected " + fragment);
}

#define EXPECT_ERROR(call, errorKind, fragment)                                           \
    do {                                                                                  \
        const Error e_ = expectError([&] { call; }, errorKind, fragment);                 \
        QCOMPARE(e_.kind(), errorKind);                                                   \
        QVERIFY2(e_.message().find(fragment) != std::string::npos, e_.message().c_str()); \
    } while (false)

data::Schema cities() {
    data::Schema s;
    s.attributes = {test::numberedCategoricalSpec("city", "c", 30)};
    data::AttributeSpec town = test::numberedCategoricalSpec("town", "t", 40);
    s.attributes.push_back(town);
    s.attributes.push_back(test::categoricalSpec("color", {"r", "g"}));
    return s;
}

}  // namespace

class TestLabelParents : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void inlineAndFileForms() {
        QTemporaryDir dir;
        const std::string file =
            write(dir, "p.csv", "label,parent\nc1,North\n\"c2\",\"North, upper\"\n c3 , South\r\n");
        const auto p = api::parseLabelParents(" city = @" + file + " ; town=t1>T|t2 > T |t3>U");
        QCOMPARE(p.size(), std::size_t{2});
        QCOMPARE(p[0].attribute, std::string("city"));
        using Pairs = std::vector<std::pair<std::string, std::string>>;
        QCOMPARE(p[0].parents, (Pairs{{"c1", "North"}, {"c2", "North, upper"}, {"c3", "South"}}));
        QCOMPARE(p[1].parents, (Pairs{{"t1", "T"}, {"t2", "T"}, {"t3", "U"}}));
        // Without a header line the first line is a pair too.
        const std::string bare = write(dir, "bare.csv", "c1,North\nc2,South\n");
        QCOMPARE(api::readLabelParents(bare), (Pairs{{"c1", "North"}, {"c2", "South"}}));
    }

    void badTextIsASettingError() {
        const std::pair<std::string, std::string> cases[] = {
            {"", "got nothing"},
            {"city", "expected ATTRIBUTE=CHILD>PARENT"},
            {"=c1>N", "no attribute name"},
            {"city=c1", "expected CHILD>PARENT for 'city'"},
            {"city=c1>", "an empty label or parent"},
            {"city=>N", "an empty label or parent"},
            {"city=|", "no CHILD>PARENT listed for 'city'"},
            {"city=c1>N|c1>S", "label 'c1' of 'city' is given a parent twice"},
            {"city=c1>N;city=c2>N", "attribute 'city' is listed twice"},
            {"city=@", "no file name after '@'"},
        };
        for (const auto& c : cases) {  // no structured binding: clang 14 cannot capture one
            EXPECT_ERROR(api::parseLabelParents(c.first), ErrorKind::Setting, c.second);
        }
    }

    void badFileNamesFileLineAndColumn() {
        QTemporaryDir dir;
        struct Case {
            QByteArray text;
            long long line;
            int column;
            std::string fragment;
        };
        const Case cases[] = {
            {"label,parent\nc1,N\n,S\n", 3, 1, "the label is empty"},
            {"c1,N\nc2,\n", 2, 2, "the label 'c2' has no parent"},
            {"c1,N\n\nc1,S\n", 3, 1, "the label 'c1' was given a parent on line 1 already"},
            {"c1,N\nc2\"x,S\n", 2, -2, ""},     // the CSV reader's own error, on the file's line
            {"c1,N\nc2,S,extra\n", 2, -2, ""},  // a third field
        };
        for (const Case& c : cases) {
            const std::string path = write(dir, "bad.csv", c.text);
            try {
                api::readLabelParents(path);
                QFAIL(("no error for " + c.text.toStdString()).c_str());
            } catch (const Error& e) {
                QCOMPARE(e.kind(), ErrorKind::Input);
                QCOMPARE(e.context().file, path);
                QVERIFY2(e.context().line == c.line, e.describe().c_str());
                if (c.column != -2) QCOMPARE(e.context().column, c.column);
                QVERIFY2(e.message().find(c.fragment) != std::string::npos, e.describe().c_str());
            }
        }
        EXPECT_ERROR(api::readLabelParents(dir.filePath("none.csv").toStdString()), ErrorKind::Io, "");
    }

    void schemaCoarsenedToParents() {
        const data::Schema s = cities();
        const data::Schema c =
            api::withLabelParents(s, {{"city", {{"c7", "West"}, {"c2", "East"}, {"c9", "West"}}}});
        const data::AttributeSpec& city = c.attributes[0];
        QCOMPARE(city.labels, (std::vector<std::string>{"East", "West"}));  // c2 comes before c7
        QCOMPARE(city.members.at("West"), (std::vector<std::string>{"c7", "c9"}));
        QVERIFY(city.hasOther);
        QVERIFY(c.attributes[1] == s.attributes[1]);
        using P = api::LabelParents;
        const std::pair<P, std::string> bad[] = {
            {{"city", {{"Paris", "France"}}},
             "attribute 'city' has no label 'Paris' in its confirmed domain"},
            {{"village", {{"c1", "N"}}}, "the schema has no attribute 'village'"},
            {{"city", {{"c1", "c1"}}}, "no label of 'city' is given a parent other than itself"},
            {{"city", {{"c1", "c2"}, {"c2", "N"}}}, "is both a parent and a child"},
        };
        for (const auto& b : bad) {
            EXPECT_ERROR(api::withLabelParents(s, {b.first}), ErrorKind::Setting, b.second);
        }
        data::Schema numeric = s;
        numeric.attributes.push_back(test::numericSpec("age", 0, 1, 10));
        EXPECT_ERROR(api::withLabelParents(numeric, {{"age", {{"x", "y"}}}}), ErrorKind::Setting,
                     "not categorical");
        EXPECT_ERROR(api::checkOnePublicForm({{"city", {"c1"}}}, {{"city", {{"c2", "N"}}}}),
                     ErrorKind::Setting, "give one of them");
    }

    void proposalHasAHierarchyEntry() {
        const data::Schema s = cities();
        api::SupportSettings settings;
        std::vector<std::pair<std::string, std::string>> half;
        for (int i = 0; i < 30; ++i) half.emplace_back("c" + std::to_string(i), i < 15 ? "A" : "B");
        const std::vector<api::LabelParents> parents{{"city", half}};
        const auto p = api::proposeCoarsening(s, {}, 1000, 100, settings, 0.1, {}, parents);
        QCOMPARE(p.size(), std::size_t{2});
        QCOMPARE(p[0].attribute, std::string("city"));
        QVERIFY(p[0].known && p[0].parents);
        QCOMPARE(p[0].proposedKeep, 2);
        QCOMPARE(p[0].options.size(), std::size_t{2});
        QCOMPARE(p[0].options[0].codes, 30);
        QCOMPARE(p[0].options[1].codes, 2);  // A, B: every label has a parent, no <other>
        QVERIFY(p[0].options[1].parents);
        QVERIFY(p[0].options[1].noisePerCell > 0);
        QVERIFY(!p[1].known);  // town is still offered to the DP choice
        QCOMPARE(api::proposedChoices(p).size(), std::size_t{1});
        const auto lines = api::coarseningPreview(p);
        QVERIFY2(lines[0].find("'city' (30 labels): coarsened to its 2 parents") != std::string::npos,
                 lines[0].c_str());
        QVERIFY2(lines[2].find("hierarchy 2 (2 codes)") != std::string::npos, lines[2].c_str());
        // With no DP choice left the entry's figures have the whole budget.
        const std::vector<api::KnownLabels> townKnown{{"town", {"t1"}}};
        const auto alone = api::proposeCoarsening(s, {}, 1000, 100, settings, 0.3, townKnown, parents);
        QVERIFY(api::proposedChoices(alone).empty());
        QVERIFY(alone[0].options[1].noisePerCell < p[0].options[1].noisePerCell);
        EXPECT_ERROR(api::proposeCoarsening(s, {}, 1000, 100, settings, 0.1, {}, {{"city", {{"x", "A"}}}}),
                     ErrorKind::Setting, "has no label 'x'");
    }

    void workbenchCoarsensAtNoCharge() {
        QTemporaryDir dir;
        QByteArray csv = "city,color\n";
        for (int row = 0; row < 300; ++row)
            csv += QString("c%1,%2\n").arg(row % 30).arg(row % 3 ? "r" : "g").toUtf8();
        const std::string data = write(dir, "t.csv", csv);
        data::Schema s;
        s.attributes = {test::numberedCategoricalSpec("city", "c", 30),
                        test::categoricalSpec("color", {"r", "g"})};
        s.stream.batch = data::BatchSettings{100, data::BatchOrder::Random};
        const std::string schemaPath = dir.filePath("t.json").toStdString();
        data::writeSchema(s, schemaPath);
        api::Workbench w;
        api::StreamRequest r;
        r.dataPath = data;
        r.schemaPath = schemaPath;
        r.seed = 1;
        w.load(r);
        api::CoarseningRequest both;
        both.choices = {{"city", 3}};
        both.parents = {{"city", {{"c1", "N"}}}};
        EXPECT_ERROR(w.coarsen(both, test::coarseningRunConfig(1)), ErrorKind::Setting, "give one of them");
        both.choices.clear();
        both.known = {{"city", {"c4"}}};
        EXPECT_ERROR(w.coarsen(both, test::coarseningRunConfig(1)), ErrorKind::Setting, "give one of them");
        api::CoarseningRequest request;
        request.parents = {{"city", {{"c1", "N"}, {"c2", "N"}, {"c3", "S"}}}};
        const api::Coarsening c = w.coarsen(request, test::coarseningRunConfig(1));
        QCOMPARE(c.charge.amount, 0.0);
        QCOMPARE(c.attributes.size(), std::size_t{1});
        QVERIFY(c.attributes[0].parents && c.attributes[0].known);
        QCOMPARE(c.attributes[0].kept, (std::vector<std::string>{"N", "S"}));
        QCOMPARE(c.attributes[0].labels, 30);
        QCOMPARE(w.summary().attributes[0].size, 3);  // N, S, <other>
        auto run = w.prepareRun(test::coarseningRunConfig(1), 1);
        QCOMPARE(run->config().streamCharge.amount, 0.0);
        run->run({}, nullptr, 1);
        for (const auto& charge : run->ledger().charges) QVERIFY(charge.step > 0);
    }
};

QTEST_GUILESS_MAIN(TestLabelParents)
#include "test_label_parents.moc"
