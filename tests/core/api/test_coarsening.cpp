// Coarsening large categorical attributes (core/api/coarsening.h,
// core/data/coarsening.h): the choice text, keeping labels and re-coding a
// table, the coarsened schema's round trip, the whole-stream charge's text
// (exact), the proposal (only large unsupported attributes, the largest
// supported m), and the workbench's DP choice: kept labels from the
// attribute, the table re-coded, a second choice refused, and with a large
// budget the true top labels; labels known to be public (their text and
// file form, errors naming the attribute and label, kept at no charge, the
// proposal's known entries without the selection's share).
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/coarsening.h"
#include "core/api/known_labels.h"
#include "core/api/workbench.h"
#include "core/data/coarsening.h"
#include "core/values/accuracy_options.h"
#include "core/values/error.h"
#include "support/coarsening_run.h"
#include "support/schema_specs.h"

using namespace streamsynth;

namespace {

data::AttributeSpec city(int labels) {
    data::AttributeSpec a = test::numberedCategoricalSpec("city", "c", labels);
    a.missingCategory = true;
    return a;
}

// 400 rows; city ci has 60, 50, 40 rows for i = 0, 1, 2, the rest spread
// thin over c3..c29, and a color column; batches of 100.
std::string writeTable(const QTemporaryDir& dir) {
    QFile f(dir.filePath("t.csv"));
    f.open(QIODevice::WriteOnly);
    f.write("city,color\n");
    int row = 0;
    for (int c = 0; c < 3; ++c)
        for (int n = 0; n < 60 - 10 * c; ++n, ++row)
            f.write(QString("c%1,%2\n").arg(c).arg(row % 2 ? "r" : "g").toUtf8());
    for (; row < 400; ++row) f.write(QString("c%1,r\n").arg(3 + row % 27).toUtf8());
    return f.fileName().toStdString();
}

void load(api::Workbench& w, const std::string& csv, const QTemporaryDir& dir) {
    data::Schema s;
    s.attributes = {city(30)};
    s.attributes[0].missingCategory = false;
    s.attributes.push_back(test::categoricalSpec("color", {"r", "g"}));
    s.stream.batch = data::BatchSettings{100, data::BatchOrder::Random};
    const std::string schemaPath = dir.filePath("t.json").toStdString();
    data::writeSchema(s, schemaPath);
    api::StreamRequest r;
    r.dataPath = csv;
    r.schemaPath = schemaPath;
    r.seed = 1;
    w.load(r);
}

}  // namespace

class TestCoarsening : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void choiceText() {
        const auto c = api::parseCoarsenChoices(" Director = 5 ,Distributor=8");
        QCOMPARE(c.size(), std::size_t{2});
        QCOMPARE(c[0].attribute, std::string("Director"));
        QCOMPARE(c[0].keep, 5);
        QCOMPARE(c[1].keep, 8);
        for (const char* bad : {"Director", "Director=", "=5", "Director=0", "Director=1.5", "Director=-2",
                                "Director=x", "A=1,A=2", "A=1,,B=2"}) {
            try {
                api::parseCoarsenChoices(bad);
                QFAIL(bad);
            } catch (const Error& e) {
                QCOMPARE(e.kind(), ErrorKind::Setting);
                QVERIFY2(e.describe().find("coarsen") != std::string::npos, bad);
            }
        }
        QVERIFY_THROWS_EXCEPTION(Error, api::checkCoarsenShare(0));
        QVERIFY_THROWS_EXCEPTION(Error, api::checkCoarsenShare(0.51));
        QCOMPARE(api::checkCoarsenShare(0.5), 0.5);
    }
    void keepLabelsAndRecode() {
        const data::AttributeSpec full = city(5);
        const data::AttributeSpec coarse = data::keepLabels(full, {"c3", "c1"});
        QCOMPARE(coarse.labels, (std::vector<std::string>{"c1", "c3"}));  // the attribute's own order
        QVERIFY(coarse.hasOther);
        QCOMPARE(coarse.domainSize(), 4);  // c1, c3, <other>, <missing>
        QCOMPARE(data::coarseCodes(full, coarse), (std::vector<data::Code>{2, 0, 2, 1, 2, 3}));
        QVERIFY_THROWS_EXCEPTION(Error, data::keepLabels(full, {"c9"}));
        QVERIFY_THROWS_EXCEPTION(Error, data::keepLabels(full, {"c1", "c1"}));
        QVERIFY_THROWS_EXCEPTION(Error, data::keepLabels(full, {"c0", "c1", "c2", "c3", "c4"}));
        QVERIFY_THROWS_EXCEPTION(Error, data::keepLabels(full, {}));
        data::Schema a, b;
        a.attributes = {full};
        b.attributes = {coarse};
        const data::Table t(a.domain(), std::vector<std::vector<data::Code>>{{0, 1, 2, 3, 4, 5}});
        const data::Table c = data::coarsenTable(t, a, b);
        QCOMPARE(std::vector<data::Code>(c.column(0).begin(), c.column(0).end()),
                 (std::vector<data::Code>{2, 0, 2, 1, 2, 3}));
        // The coarsened schema round-trips through its file form.
        QVERIFY(data::parseSchemaJson(data::schemaToJson(b), "b.json") == b);
    }
    void chargeTextIsExact() {
        const stream::StreamCharge c{"gumbel-top-m", "Director:5,Distributor:8", 0.1 * 0.7};
        const stream::StreamCharge back = api::streamChargeFromText(api::streamChargeText(c));
        QCOMPARE(back.amount, c.amount);
        QCOMPARE(back.workload, c.workload);
        QCOMPARE(api::streamChargeFromText("").amount, 0.0);
        QVERIFY_THROWS_EXCEPTION(Error, api::streamChargeFromText("x\ty"));
    }
    void proposalForLargeUnsupportedAttributesOnly() {
        data::Schema s;
        s.attributes = {city(200)};
        data::AttributeSpec small = city(10);
        small.name = "small";
        s.attributes.push_back(small);
        api::SupportSettings settings;
        // Thin: 10 rows a step over 100 steps, ε = 1.
        const auto thin = api::proposeCoarsening(s, {}, 1000, 100, settings, 0.1);
        QCOMPARE(thin.size(), std::size_t{1});
        QCOMPARE(thin[0].attribute, std::string("city"));
        QVERIFY(!thin[0].options.front().supported);
        QCOMPARE(thin[0].options.front().codes, 201);
        QVERIFY(thin[0].proposedKeep > 0);
        // Dense enough for a few kept labels: the proposal is the largest supported m.
        const auto dense = api::proposeCoarsening(s, {}, 20'000'000, 100, settings, 0.1);
        for (const auto& a : dense) {
            int largest = 0;
            for (const auto& o : a.options)
                if (o.keep > 0 && o.supported) largest = o.keep;
            if (largest > 0) QCOMPARE(a.proposedKeep, largest);
        }
        QVERIFY(!api::coarseningPreview(thin).empty());
    }
    void pairCellsOfTwoCoarsenedAttributes() {
        api::Coarsening c;
        c.schema.attributes = {data::keepLabels(city(30), {"c0", "c1"})};  // 4 codes with <missing>
        data::AttributeSpec other = data::keepLabels(city(9), {"c4"});     // 3 codes
        other.name = "other";
        c.schema.attributes.push_back(other);
        c.attributes = {{"city", 30, {"c0", "c1"}}};
        QCOMPARE(api::coarsenedPairCells(c), 0);  // one attribute: no joint workload
        c.attributes.push_back({"other", 9, {"c4"}});
        QCOMPARE(api::coarsenedPairCells(c), 12);

        // Accepting it tracks that joint workload: its share comes out of the 1-way share
        // under Auto (issue 52); a fixed 1-way share or the steward's own small share stays.
        stream::RunConfig a = test::coarseningRunConfig(1);
        QVERIFY(a.accuracy.oneWayShareRule == stream::OneWayShareRule::Auto);
        QCOMPARE(api::trackCoarsenedPairs(c, a), 12);
        QCOMPARE(a.accuracy.smallCells, 12);
        QCOMPARE(a.accuracy.smallShare, api::kCoarsenedSmallShare);
        QCOMPARE(a.accuracy.smallFromOneWay, a.accuracy.smallShare);
        // ... and from 0.75 a step (after the whole-stream charge) the tracked workloads leave the
        // rounds under Auto; below it, or with the steward's rule, the rule stays.
        QVERIFY(a.accuracy.trackedInRounds == stream::TrackedInRounds::No);
        stream::RunConfig charged = test::coarseningRunConfig(1);
        charged.streamCharge.amount = 0.3;  // 0.7 a step left
        api::trackCoarsenedPairs(c, charged);
        QVERIFY(charged.accuracy.trackedInRounds == stream::TrackedInRounds::Auto);
        stream::RunConfig low = test::coarseningRunConfig(0.5);
        low.series.push_back(test::coarseningRunConfig(2).series.front());  // the smallest series decides
        api::trackCoarsenedPairs(c, low);
        QVERIFY(low.accuracy.trackedInRounds == stream::TrackedInRounds::Auto);
        stream::RunConfig inRounds = test::coarseningRunConfig(4);
        inRounds.accuracy.trackedInRounds = stream::TrackedInRounds::Yes;
        api::trackCoarsenedPairs(c, inRounds);
        QVERIFY(inRounds.accuracy.trackedInRounds == stream::TrackedInRounds::Yes);
        stream::RunConfig fixed = test::coarseningRunConfig(1);
        stream::setFixedOneWayShare(fixed.accuracy, 0.3);
        api::trackCoarsenedPairs(c, fixed);
        QCOMPARE(fixed.accuracy.smallShare, api::kCoarsenedSmallShare);
        QCOMPARE(fixed.accuracy.smallFromOneWay, 0.0);
        stream::RunConfig own = test::coarseningRunConfig(1);
        own.accuracy.smallShare = 0.05;
        api::trackCoarsenedPairs(c, own, false, true);
        QCOMPARE(own.accuracy.smallShare, 0.05);
        QCOMPARE(own.accuracy.smallFromOneWay, 0.0);
    }
    void workbenchChoosesOnce() {
        QTemporaryDir dir;
        const std::string csv = writeTable(dir);
        api::Workbench w;
        load(w, csv, dir);
        // A budget so large that the top 3 (60, 50, 40 rows against at most
        // 13) are certain: ε' = 0.5·1000/3 per pick.
        const api::Coarsening c = w.coarsen({{"city", 3}}, 0.5, test::coarseningRunConfig(1000));
        QCOMPARE(c.attributes.size(), std::size_t{1});
        QCOMPARE(c.attributes[0].kept, (std::vector<std::string>{"c0", "c1", "c2"}));
        QCOMPARE(c.charge.amount, 500.0);
        QCOMPARE(w.schema().attributes[0].domainSize(), 4);
        QCOMPARE(w.summary().attributes[0].size, 4);
        QVERIFY_THROWS_EXCEPTION(Error, w.coarsen({{"city", 2}}, 0.1, test::coarseningRunConfig(1000)));
        auto run = w.prepareRun(test::coarseningRunConfig(1000), 1);
        run->run({}, nullptr, 2);
        const api::LedgerReport ledger = run->ledger();
        double whole = 0, step1 = 0;
        for (const auto& charge : ledger.charges) {
            if (charge.step == 0) whole += charge.amount;
            if (charge.step == 1) step1 += charge.amount;
        }
        QCOMPARE(whole, 500.0);
        QVERIFY(std::abs(whole + step1 - 1000.0) < 1e-9 && whole + step1 <= 1000.0);
        QVERIFY(std::abs(ledger.series[0].guarantee - 1000.0) < 1e-9);
    }
    void knownLabelsText() {
        QTemporaryDir dir;
        QFile f(dir.filePath("majors.txt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("Warner Bros.\r\n\n  Sony | Columbia ; x \n");
        f.close();
        const std::string file = f.fileName().toStdString();
        const auto k = api::parseKnownLabels(" Director = Jane Doe| John Roe ;Distributor=@" + file);
        QCOMPARE(k.size(), std::size_t{2});
        QCOMPARE(k[0].attribute, std::string("Director"));
        QCOMPARE(k[0].labels, (std::vector<std::string>{"Jane Doe", "John Roe"}));
        QCOMPARE(k[1].labels, (std::vector<std::string>{"Warner Bros.", "Sony | Columbia ; x"}));
        const std::pair<std::string, std::string> bad[] = {
            {"", "got nothing"},
            {"Director", "expected ATTRIBUTE=LABEL"},
            {"=a|b", "no attribute name"},
            {"Director=", "no label listed for 'Director'"},
            {"Director= | ", "no label listed"},
            {"A=x;A=y", "'A' is listed twice"},
            {"A=@", "no file name"},
        };
        for (const auto& [text, words] : bad) {
            try {
                api::parseKnownLabels(text);
                QFAIL(text.c_str());
            } catch (const Error& e) {
                QCOMPARE(e.kind(), ErrorKind::Setting);
                QVERIFY2(e.describe().find("coarsen-labels") != std::string::npos, e.describe().c_str());
                QVERIFY2(e.describe().find(words) != std::string::npos, e.describe().c_str());
            }
        }
        try {
            api::parseKnownLabels("A=@" + dir.filePath("missing.txt").toStdString());
            QFAIL("a missing labels file was read");
        } catch (const Error& e) {
            QVERIFY2(e.describe().find("missing.txt") != std::string::npos, e.describe().c_str());
        }
    }
    void knownLabelsCheckedAgainstTheDomain() {
        data::Schema s;
        s.attributes = {city(30)};
        data::AttributeSpec size;
        size.name = "size";
        size.kind = data::AttributeKind::IntegerCode;
        size.size = 4;
        s.attributes.push_back(size);
        const data::Schema c = api::withKnownLabels(s, {{"city", {"c7", "c2"}}});
        QCOMPARE(c.attributes[0].labels, (std::vector<std::string>{"c2", "c7"}));
        QVERIFY(c.attributes[0].hasOther);
        QVERIFY(c.attributes[1] == s.attributes[1]);
        std::vector<std::string> all;
        for (int i = 0; i < 30; ++i) all.push_back("c" + std::to_string(i));
        const std::pair<api::KnownLabels, std::string> bad[] = {
            {{"city", {"c2", "Paris"}}, "attribute 'city' has no label 'Paris' in its confirmed domain"},
            {{"town", {"c2"}}, "no attribute 'town'"},
            {{"size", {"1"}}, "'size' is not categorical"},
            {{"city", {"c2", "c2"}}, "label 'c2' of 'city' is listed twice"},
            {{"city", all}, "every label of 'city'"},
        };
        for (const auto& [known, words] : bad) {
            try {
                api::withKnownLabels(s, {known});
                QFAIL(words.c_str());
            } catch (const Error& e) {
                QVERIFY2(e.describe().find("coarsen-labels") != std::string::npos, e.describe().c_str());
                QVERIFY2(e.describe().find(words) != std::string::npos, e.describe().c_str());
            }
        }
    }
    void proposalWithKnownLabels() {
        data::Schema s;
        s.attributes = {city(200)};
        data::AttributeSpec second = city(100);
        second.name = "town";
        s.attributes.push_back(second);
        api::SupportSettings settings;
        const std::vector<api::KnownLabels> known{{"city", {"c3", "c9", "c12"}}};
        // Only city is known: town is still proposed for the DP choice (share 0.1).
        const auto both = api::proposeCoarsening(s, {}, 1000, 100, settings, 0.1, known);
        QCOMPARE(both.size(), std::size_t{2});
        QVERIFY(both[0].known && !both[1].known);
        QCOMPARE(both[0].attribute, std::string("city"));
        QCOMPARE(both[0].proposedKeep, 3);
        QCOMPARE(both[0].options.size(), std::size_t{2});
        QCOMPARE(both[0].options[0].codes, 201);
        QVERIFY(both[0].options[1].known);
        QCOMPARE(both[0].options[1].codes, 5);  // 3 + <other> + <missing>
        QCOMPARE(api::proposedChoices(both).size(), std::size_t{1});
        QCOMPARE(api::proposedChoices(both)[0].attribute, std::string("town"));
        const std::string preview = api::coarseningPreview(both).front();
        QVERIFY2(preview.find("keeps 3 public labels") != std::string::npos, preview.c_str());
        // Both known: nothing is chosen by DP, so the figures have the whole
        // budget (the share is ignored): less noise than with the share spent.
        const std::vector<api::KnownLabels> all{known[0], {"town", {"c1"}}};
        const auto none = api::proposeCoarsening(s, {}, 1000, 100, settings, 0.1, all);
        QCOMPARE(none.size(), std::size_t{2});
        QVERIFY(api::proposedChoices(none).empty());
        const auto otherShare = api::proposeCoarsening(s, {}, 1000, 100, settings, 0.3, all);
        QCOMPARE(none[0].options[1].noisePerCell, otherShare[0].options[1].noisePerCell);
        // With a DP choice left, the known entries' figures pay the share.
        const auto more = api::proposeCoarsening(s, {}, 1000, 100, settings, 0.3, known);
        QVERIFY(more[0].options[1].noisePerCell > both[0].options[1].noisePerCell);
        QVERIFY_THROWS_EXCEPTION(
            Error, api::proposeCoarsening(s, {}, 1000, 100, settings, 0.1, {{"city", {"nowhere"}}}));
    }
    void workbenchKeepsPublicLabelsAtNoCharge() {
        QTemporaryDir dir;
        const std::string csv = writeTable(dir);
        api::Workbench w;
        load(w, csv, dir);
        api::CoarseningRequest both;
        both.choices = {{"city", 3}};
        both.known = {{"city", {"c4"}}};
        QVERIFY_THROWS_EXCEPTION(Error, w.coarsen(both, test::coarseningRunConfig(1)));
        api::CoarseningRequest request;
        request.known = {{"city", {"c5", "c1"}}};
        const api::Coarsening c = w.coarsen(request, test::coarseningRunConfig(1));
        QCOMPARE(c.charge.amount, 0.0);
        QCOMPARE(c.attributes.size(), std::size_t{1});
        QVERIFY(c.attributes[0].known);
        QCOMPARE(c.attributes[0].kept, (std::vector<std::string>{"c1", "c5"}));
        QCOMPARE(c.attributes[0].labels, 30);
        QCOMPARE(w.schema().attributes[0].labels, (std::vector<std::string>{"c1", "c5"}));
        QCOMPARE(w.summary().attributes[0].size, 3);  // c1, c5, <other>
        auto run = w.prepareRun(test::coarseningRunConfig(1), 1);
        QCOMPARE(run->config().streamCharge.amount, 0.0);
        run->run({}, nullptr, 2);
        for (const auto& charge : run->ledger().charges) QVERIFY(charge.step > 0);
        QVERIFY(run->ledger().series[0].guarantee <= 1.0 + 1e-12);
    }
    void binsMergedOnPublicEdges() {
        data::AttributeSpec age = test::numericSpec("age", 0, 1, 10);
        age.missingCategory = true;
        const data::AttributeSpec m = data::mergeBins(age, 4);  // groups of 2, 3, 2, 3 bins
        QCOMPARE(m.regularSize(), 4);
        QCOMPARE(m.domainSize(), 5);
        QCOMPARE(m.edges.front(), 0.0);
        QCOMPARE(m.edges.back(), 1.0);
        for (std::size_t i = 0; i < m.edges.size(); ++i)  // every new edge is an old one, exactly
            QCOMPARE(m.edges[i], age.binInterval(static_cast<int>(i * 10 / 4)).first + (i == 4 ? 1.0 : 0.0));
        QCOMPARE(data::coarseCodes(age, m), (std::vector<data::Code>{0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 4}));
        // Each value lands in the merged bin holding its old bin (0.3 and 0.7 are edges in floating point).
        for (double x = 0; x <= 1.0; x += 0.01)
            QCOMPARE(m.binOf(x),
                     static_cast<int>(data::coarseCodes(age, m)[static_cast<std::size_t>(age.binOf(x))]));
        QVERIFY_THROWS_EXCEPTION(Error, data::mergeBins(age, 10));
        QVERIFY_THROWS_EXCEPTION(Error, data::mergeBins(age, 0));
        QVERIFY_THROWS_EXCEPTION(Error, data::mergeBins(city(5), 2));
        data::Schema s;
        s.attributes = {age, city(3)};
        QVERIFY(data::parseSchemaJson(data::schemaToJson(s), "m.json").attributes[0] == age);
        s.attributes[0] = m;
        QVERIFY(data::parseSchemaJson(data::schemaToJson(s), "m.json") == s);
        s.attributes[0] = age;
        // The proposal: a thin stream cannot support 10 bins; merges are offered at the divisors, no DP
        // choice.
        const auto p = api::proposeCoarsening(s, {}, 500, 100, api::SupportSettings{}, 0.05);
        QCOMPARE(p.size(), std::size_t{1});
        QVERIFY(p[0].numeric);
        QCOMPARE(p[0].labels, 10);
        QCOMPARE(p[0].options.size(), std::size_t{3});  // full, 2, 5
        QCOMPARE(p[0].options[1].keep, 2);
        QCOMPARE(p[0].options[2].keep, 5);
        QVERIFY(api::proposedChoices(p).empty());
        // The per-attribute check: 5 rows a step support 2 bins over 100 steps (T* about 93), not 10
        // (about 690): `proposed` merges. One row a step supports no merge: offered, not applied.
        QVERIFY(!p[0].options[0].supported && p[0].options[1].supported && !p[0].options[2].supported);
        QCOMPARE(p[0].proposedKeep, 2);
        QVERIFY(api::mergePays(p[0]));
        QCOMPARE(api::proposedMerges(p).size(), std::size_t{1});
        QCOMPARE(api::proposedMerges(p)[0].keep, 2);
        QVERIFY(api::coarseningPreview(p).front().find("'age' (10 bins): proposed 2 bins") !=
                std::string::npos);
        const auto thin = api::proposeCoarsening(s, {}, 100, 100, api::SupportSettings{}, 0.05);
        QCOMPARE(thin.size(), std::size_t{1});
        QVERIFY(thin[0].proposedKeep > 0 && !api::mergePays(thin[0]));
        QVERIFY(api::proposedMerges(thin).empty());
        QVERIFY(api::coarseningPreview(thin).front().find("still not supported") != std::string::npos);
        QVERIFY(!api::mergePays(
            api::proposeCoarsening(s, {}, 500, 100, api::SupportSettings{}, 0.05, {{"city", {"c0"}}})
                .back()));  // a categorical entry never merges
        api::CoarseningRequest r;
        r.choices = {{"age", 2}, {"city", 1}};
        api::separateBinMerges(s, r);
        QCOMPARE(r.choices.size(), std::size_t{1});
        QCOMPARE(r.merges.size(), std::size_t{1});
        QCOMPARE(r.merges[0].attribute, std::string("age"));
    }
};

QTEST_APPLESS_MAIN(TestCoarsening)
#include "test_coarsening.moc"
