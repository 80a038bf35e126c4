// The 1-way share chosen from public inputs (AccuracyOptions::oneWayShareRule,
// stream/one_way_share.h): the rule's table (the band's edges inclusive, zCDP
// by the noise-equivalent ε, R not public), each series of a run resolved
// for its own budget after the whole-stream charge, and a batched run whose
// two series (ε = 0.5 and 4 on batches of 100) charge their own resolved
// shares to the ledger where the noise is drawn, each step summing to ε.
#include <QtTest>
#include <cmath>
#include <string>

#include "core/privacy/ledger.h"
#include "core/stream/one_way_share.h"
#include "core/stream/run_engine.h"
#include "core/values/series_spec.h"
#include "tiny_stream.h"

using namespace streamsynth;
using privacy::PrivacyModel;
using stream::OneWayShareRule;
using stream::StreamerKind;

namespace {

stream::AccuracyOptions rule(OneWayShareRule r, double share = 0.2) {
    stream::AccuracyOptions a;
    a.oneWayShareRule = r;
    a.oneWayShare = share;
    return a;
}

// The sum of a series' 1-way counter charges at step t, and of all its charges.
struct StepSpend {
    double oneWay = 0;
    double small = 0;
    double total = 0;
    int oneWayCharges = 0;
};
StepSpend spendAt(const privacy::PrivacyLedger& ledger, const std::string& series, int t) {
    StepSpend s;
    for (const privacy::Charge& c : ledger.charges()) {
        if (c.series != series || c.step != t) continue;
        s.total += c.amount;
        if (c.mechanism.rfind("counter-1way:", 0) == 0) {
            s.oneWay += c.amount;
            ++s.oneWayCharges;
        }
        if (c.mechanism.rfind("counter-small:", 0) == 0) s.small += c.amount;
    }
    return s;
}

}  // namespace

class TestOneWayShare : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ruleTable();
    void zcdpUsesTheNoiseEquivalentEpsilon();
    void breaksAreTheBandEdges();
    void seriesResolveTheirOwnShareAfterTheCharge();
    void batchedRunChargesEachSeriesItsShare();
    void smallShareTakenFromTheOneWayShare();
    void runSpendsTheSmallShareOutOfTheOneWayPart();
};

// 0.5 when R·ε ∈ [50, 200] (edges included), 0.2 outside and when R is not
// public; Fixed returns its number whatever R and ε are.
void TestOneWayShare::ruleTable() {
    const stream::AccuracyOptions autoRule = rule(OneWayShareRule::Auto);
    struct Row {
        double rows, epsilon, share;
    };
    for (const Row& r :
         {Row{50, 1, 0.5}, Row{200, 1, 0.5}, Row{100, 0.5, 0.5}, Row{100, 2, 0.5}, Row{50, 0.999, 0.2},
          Row{200, 1.001, 0.2}, Row{100, 2.01, 0.2}, Row{100, 0.49, 0.2}, Row{50, 4, 0.5}, Row{50, 4.1, 0.2},
          Row{200, 0.1, 0.2}, Row{0, 1, 0.2}, Row{-1, 1, 0.2}, Row{5000, 1, 0.2}})
        QVERIFY2(stream::oneWayShareFor(autoRule, r.epsilon, r.rows) == r.share,
                 qPrintable(QString("R %1, eps %2").arg(r.rows).arg(r.epsilon)));
    QCOMPARE(stream::kOneWayShareInBand, 0.5);
    QCOMPARE(stream::kOneWayShareOutsideBand, 0.2);
    for (double share : {0.0, 0.2, 0.35, 0.5})
        for (double rows : {0.0, 50.0, 100.0})
            QCOMPARE(stream::oneWayShareFor(rule(OneWayShareRule::Fixed, share), 1.0, rows), share);
    QVERIFY(stream::AccuracyOptions{}.oneWayShareRule == OneWayShareRule::Auto);  // the product default
}

// Under zCDP the ε with the same noise scale, √(2ρ): ρ = 0.125 on batches of
// 100 is ε_eq = 0.5, R·ε_eq = 50 (in the band); ρ = 0.1 is 44.7 (outside);
// ρ = 2 is 200 (in), ρ = 2.1 is 204.9 (outside).
void TestOneWayShare::zcdpUsesTheNoiseEquivalentEpsilon() {
    const stream::AccuracyOptions a = rule(OneWayShareRule::Auto);
    QCOMPARE(stream::noiseEquivalentEpsilon(PrivacyModel::ZCdp, 0.125), 0.5);
    QCOMPARE(stream::noiseEquivalentEpsilon(PrivacyModel::Pure, 0.125), 0.125);
    QCOMPARE(stream::oneWayShareFor(a, PrivacyModel::ZCdp, 0.125, 100), 0.5);
    QCOMPARE(stream::oneWayShareFor(a, PrivacyModel::ZCdp, 0.1, 100), 0.2);
    QCOMPARE(stream::oneWayShareFor(a, PrivacyModel::ZCdp, 2.0, 100), 0.5);
    QCOMPARE(stream::oneWayShareFor(a, PrivacyModel::ZCdp, 2.1, 100), 0.2);
    // The same budget read as a pure ε gives the other answer: the model matters.
    QCOMPARE(stream::oneWayShareFor(a, PrivacyModel::Pure, 0.125, 100), 0.2);
}

void TestOneWayShare::breaksAreTheBandEdges() {
    const stream::AccuracyOptions a = rule(OneWayShareRule::Auto);
    const std::vector<double> pure = stream::oneWayShareBreaks(a, PrivacyModel::Pure, 100);
    QCOMPARE(pure.size(), std::size_t{2});
    QCOMPARE(pure[0], 0.5);
    QCOMPARE(pure[1], 2.0);
    const std::vector<double> zcdp = stream::oneWayShareBreaks(a, PrivacyModel::ZCdp, 100);
    QCOMPARE(zcdp.size(), std::size_t{2});
    QCOMPARE(zcdp[0], 0.125);  // ε_eq 0.5 = √(2ρ)
    QCOMPARE(zcdp[1], 2.0);    // ε_eq 2
    QVERIFY(stream::oneWayShareBreaks(a, PrivacyModel::Pure, 0).empty());
    QVERIFY(stream::oneWayShareBreaks(rule(OneWayShareRule::Fixed), PrivacyModel::Pure, 100).empty());
}

// seriesAccuracy resolves the share per series for the budget its streamer
// spends per step: the whole-stream charge lowers it first (R·ε = 50 at ε = 1
// on batches of 50 is in the band; after a charge of 0.05 it is 47.5, outside).
void TestOneWayShare::seriesResolveTheirOwnShareAfterTheCharge() {
    stream::RunConfig config;
    config.series = {test::seriesOf("low", StreamerKind::Proposed, "simple", 1.0),
                     test::seriesOf("high", StreamerKind::Proposed, "simple", 4.0)};
    config.publicRowsPerStep = 50;
    const stream::AccuracyOptions low = stream::seriesAccuracy(config, config.series[0]);
    QCOMPARE(low.oneWayShare, 0.5);
    QVERIFY(low.oneWayShareRule == OneWayShareRule::Fixed);  // resolved: the streamer reads the number
    QCOMPARE(stream::seriesAccuracy(config, config.series[1]).oneWayShare, 0.5);  // R·ε = 200: the edge
    config.series[1].budget = privacy::Budget::of(PrivacyModel::Pure, 4.5);
    QCOMPARE(stream::seriesAccuracy(config, config.series[1]).oneWayShare, 0.2);  // 225
    config.streamCharge = {"gumbel-top-m", "a:1", 0.05};
    QCOMPARE(stream::seriesAccuracy(config, config.series[0]).oneWayShare, 0.2);
    config.publicRowsPerStep = 0;  // time steps: R is private
    config.streamCharge = {};
    QCOMPARE(stream::seriesAccuracy(config, config.series[0]).oneWayShare, 0.2);
    stream::setFixedOneWayShare(config.accuracy, 0.3);
    config.publicRowsPerStep = 50;
    QCOMPARE(stream::seriesAccuracy(config, config.series[0]).oneWayShare, 0.3);
}

// Batches of 100 (R public), ε = 0.5 and 4 in one run: R·ε = 50 gives the
// first series the band's 0.5, 400 gives the second 0.2. Each step charges
// each series its own share of its ε on its four 1-way counters and sums to
// its ε (1e-12: summation rounding). Without R (time steps) both spend 0.2.
void TestOneWayShare::batchedRunChargesEachSeriesItsShare() {
    auto source = test::tinySource(300, 100);  // 3 steps of 100 rows
    for (double rows : {100.0, 0.0}) {
        std::vector<stream::SeriesConfig> series{
            test::seriesOf("p-eps0.5", StreamerKind::Proposed, "simple", 0.5),
            test::seriesOf("p-eps4", StreamerKind::Proposed, "simple", 4.0)};
        stream::RunConfig config = test::tinyConfig(series, 2);
        config.fitIterations = 10;
        config.accuracy.oneWayShareRule = OneWayShareRule::Auto;
        config.publicRowsPerStep = rows;
        stream::RunEngine engine(*source, config);
        QCOMPARE(engine.run({}), 3);
        for (const stream::SeriesConfig& s : series) {
            const double eps = s.budget.amount();
            const double share = rows > 0 && eps == 0.5 ? 0.5 : 0.2;
            for (int t = 1; t <= 3; ++t) {
                const StepSpend spend = spendAt(engine.ledger(s.id), s.id, t);
                const std::string where = s.id + " step " + std::to_string(t) + " R " + std::to_string(rows);
                QCOMPARE(spend.oneWayCharges, 4);
                QVERIFY2(std::abs(spend.oneWay - share * eps) < 1e-12, where.c_str());
                QVERIFY2(std::abs(spend.total - eps) < 1e-12, where.c_str());
                QVERIFY2(engine.ledger(s.id).spent(s.id, t) <= eps, where.c_str());
            }
        }
    }
}

// AccuracyOptions::smallFromOneWay (issue 52): the rule's share minus it,
// never below 0, under both rules; a series resolves it once (its env holds
// the resolved share and 0, so the share is never reduced twice).
void TestOneWayShare::smallShareTakenFromTheOneWayShare() {
    stream::AccuracyOptions a = rule(OneWayShareRule::Auto);
    a.smallFromOneWay = 0.1;
    QCOMPARE(stream::oneWayShareFor(a, 1.0, 0), 0.2 - 0.1);    // R not public: 0.2 less the small share
    QCOMPARE(stream::oneWayShareFor(a, 1.0, 100), 0.5 - 0.1);  // in the band
    QCOMPARE(stream::oneWayShareFor(a, 3.0, 100), 0.2 - 0.1);  // above it
    stream::AccuracyOptions f = rule(OneWayShareRule::Fixed, 0.05);
    f.smallFromOneWay = 0.1;
    QCOMPARE(stream::oneWayShareFor(f, 1.0, 0), 0.0);  // never below 0
    stream::RunConfig config;
    config.series = {test::seriesOf("p", StreamerKind::Proposed, "simple", 1.0)};
    config.accuracy = a;
    const stream::AccuracyOptions resolved = stream::seriesAccuracy(config, config.series[0]);
    QCOMPARE(resolved.oneWayShare, 0.2 - 0.1);
    QCOMPARE(resolved.smallFromOneWay, 0.0);
    QCOMPARE(stream::oneWayShareFor(resolved, 1.0, 0), 0.2 - 0.1);
}

// A run with small workloads (the tiny stream's 2-way workloads have 4 or 6
// cells), small share 0.1 taken from the 1-way share (Auto, time steps: 0.2):
// each step charges 0.1·ε to the 1-way counters, 0.1·ε to the small-workload
// counters and ε in all, so the rounds keep 0.8·ε as with no small share.
void TestOneWayShare::runSpendsTheSmallShareOutOfTheOneWayPart() {
    auto source = test::tinySource(300, 100);
    const std::vector<stream::SeriesConfig> series{
        test::seriesOf("p", StreamerKind::Proposed, "simple", 1.0)};
    stream::RunConfig config = test::tinyConfig(series, 2);
    config.fitIterations = 10;
    config.accuracy.oneWayShareRule = OneWayShareRule::Auto;
    config.accuracy.smallShare = 0.1;
    config.accuracy.smallFromOneWay = 0.1;
    stream::RunEngine engine(*source, config);
    QCOMPARE(engine.run({}), 3);
    for (int t = 1; t <= 3; ++t) {
        const StepSpend spend = spendAt(engine.ledger("p"), "p", t);
        const std::string where = "step " + std::to_string(t);
        QVERIFY2(std::abs(spend.oneWay - 0.1) < 1e-12, where.c_str());
        QVERIFY2(std::abs(spend.small - 0.1) < 1e-12, where.c_str());
        QVERIFY2(std::abs(spend.total - 1.0) < 1e-12, where.c_str());
    }
}

QTEST_APPLESS_MAIN(TestOneWayShare)
#include "test_one_way_share.moc"
