// Tests of AccuracyOptions::trackedInRounds (core/stream/tracked_in_rounds.h):
// the rule resolved from the public per-step budget, the rounds' candidates
// without the tracked small workloads, and a ledger that stays exact.
#include <QtTest>
#include <cmath>
#include <set>
#include <string>

#include "core/privacy/ledger.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/run_engine.h"
#include "core/stream/tiny_stream.h"
#include "core/stream/tracked_in_rounds.h"
#include "core/values/series_spec.h"
#include "core/values/workload_set.h"

using namespace streamsynth;
using stream::StreamerKind;
using stream::TrackedInRounds;

class TestTrackedInRounds : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ruleReadsOnlyThePerStepBudget();
    void seriesAccuracyResolvesPerSeries();
    void roundsLeaveTrackedWorkloadsAlone();
};

// Auto: No from a noise-equivalent ε of 2 on (ε under pure DP, √(2ρ) under
// zCDP), Yes below; Yes and No are returned as set, whatever the budget.
void TestTrackedInRounds::ruleReadsOnlyThePerStepBudget() {
    stream::AccuracyOptions o;
    QVERIFY(o.trackedInRounds == TrackedInRounds::Auto);  // the default
    using privacy::PrivacyModel;
    QVERIFY(stream::trackedInRoundsFor(o, PrivacyModel::Pure, 2.0) == TrackedInRounds::No);
    QVERIFY(stream::trackedInRoundsFor(o, PrivacyModel::Pure, 4.0) == TrackedInRounds::No);
    QVERIFY(stream::trackedInRoundsFor(o, PrivacyModel::Pure, std::nextafter(2.0, 0.0)) ==
            TrackedInRounds::Yes);
    QVERIFY(stream::trackedInRoundsFor(o, PrivacyModel::Pure, 0.5) == TrackedInRounds::Yes);
    QVERIFY(stream::trackedInRoundsFor(o, PrivacyModel::ZCdp, 2.0) == TrackedInRounds::No);   // √4 = 2
    QVERIFY(stream::trackedInRoundsFor(o, PrivacyModel::ZCdp, 1.9) == TrackedInRounds::Yes);  // √3.8 < 2
    for (auto set : {TrackedInRounds::Yes, TrackedInRounds::No}) {
        o.trackedInRounds = set;
        QVERIFY(stream::trackedInRoundsFor(o, PrivacyModel::Pure, 0.1) == set);
        QVERIFY(stream::trackedInRoundsFor(o, PrivacyModel::Pure, 10) == set);
    }
}

// Each series of a multi-ε run resolves the rule for its own per-step budget
// after the whole-stream charge (the budget its streamer spends).
void TestTrackedInRounds::seriesAccuracyResolvesPerSeries() {
    stream::RunConfig config = test::tinyConfig({test::seriesOf("p1", StreamerKind::Proposed, "simple", 1),
                                                 test::seriesOf("p4", StreamerKind::Proposed, "simple", 4)});
    QVERIFY(stream::seriesAccuracy(config, config.series[0]).trackedInRounds == TrackedInRounds::Yes);
    QVERIFY(stream::seriesAccuracy(config, config.series[1]).trackedInRounds == TrackedInRounds::No);
    config.streamCharge.amount = 2.5;  // ε = 4 − 2.5 = 1.5 a step is left to the streamer
    QVERIFY(stream::seriesAccuracy(config, config.series[1]).trackedInRounds == TrackedInRounds::Yes);
}

// The tiny stream's workloads: a×b, b×c, b×d (6 cells) and a×c, a×d, c×d (4
// cells); smallCells = 4 tracks the three 4-cell ones. With k = 3 rounds at
// ε = 2 (Auto resolves to No), every step's rounds select exactly the three
// 6-cell workloads and never a tracked one, and each step charges exactly ε
// (the shares, then the rounds' split of the rest). With Yes at the same ε a
// round selects a tracked workload at some step (so the check above can
// fail), and the ledger is exact too.
void TestTrackedInRounds::roundsLeaveTrackedWorkloadsAlone() {
    auto source = test::tinySource(600, 100);
    const double eps = 2;
    const std::set<std::string> tracked = {"a × c", "a × d", "c × d"};
    for (auto rule : {TrackedInRounds::Auto, TrackedInRounds::Yes}) {
        const std::vector<stream::SeriesConfig> series = test::proposedCounterSeries(eps);
        stream::RunConfig config = test::tinyConfig(series, 3);
        config.fitIterations = 10;
        stream::setFixedOneWayShare(config.accuracy, 0.2);
        config.accuracy.smallShare = 0.1;
        config.accuracy.smallCells = 4;
        config.accuracy.trackedInRounds = rule;
        stream::RunEngine engine(*source, config);
        QCOMPARE(engine.run({}), 6);
        int trackedSelections = 0;
        for (const stream::SeriesConfig& s : series) {
            const privacy::PrivacyLedger& ledger = engine.ledger(s.id);
            for (int t = 1; t <= 6; ++t) {
                QVERIFY2(ledger.spent(s.id, t) <= eps && ledger.spent(s.id, t) > eps - 1e-12,
                         (s.id + " step " + std::to_string(t)).c_str());
                std::set<std::string> roundWorkloads;
                int smallCharges = 0;
                for (const auto& c : ledger.charges()) {
                    if (c.series != s.id || c.step != t) continue;
                    if (c.mechanism.rfind("counter-small:", 0) == 0) ++smallCharges;
                    if (c.round == 0) continue;
                    if (c.kind == privacy::ChargeKind::Measurement) roundWorkloads.insert(c.workload);
                }
                QCOMPARE(smallCharges, 3);
                QCOMPARE(roundWorkloads.size(), std::size_t{3});
                for (const std::string& w : roundWorkloads) trackedSelections += tracked.count(w) ? 1 : 0;
                if (rule == TrackedInRounds::Auto)
                    QVERIFY2(roundWorkloads == (std::set<std::string>{"a × b", "b × c", "b × d"}),
                             (s.id + " step " + std::to_string(t)).c_str());
            }
        }
        if (rule == TrackedInRounds::Yes) QVERIFY(trackedSelections > 0);
    }
}

QTEST_APPLESS_MAIN(TestTrackedInRounds)
#include "test_tracked_in_rounds.moc"
