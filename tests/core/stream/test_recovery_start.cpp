// A recovery stream's start (docs/privacy-models.md, "A lost session"):
// RunEngine::startAfter skips the lost stream's steps (their rows reach the
// metrics' truth only) and starts each series from a public release g_0; a
// series started so measures f_t as a stream that had released g_0 would,
// and its state (the 1-way counters' bases among it) survives a session.
#include <QtTest>

#include "core/marginals/marginal_counter.h"
#include "core/privacy/ledger.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "tiny_stream.h"

using namespace streamsynth;
using stream::StreamerKind;

namespace {

constexpr int kLostSteps = 3;  // of the tiny stream's 6

std::vector<stream::SeriesConfig> bothStreamers(double epsilon) {
    return {test::seriesOf("baseline", StreamerKind::Baseline, "", epsilon),
            test::seriesOf("proposed", StreamerKind::Proposed, "simple", epsilon)};
}

// The lost stream's releases after kLostSteps steps, one per series.
std::vector<stream::RunEngine::ReleaseStart> lostReleases(const stream::StepSource& source,
                                                          const stream::RunConfig& config) {
    stream::RunEngine lost(source, config);
    lost.run({}, nullptr, kLostSteps);
    std::vector<stream::RunEngine::ReleaseStart> out;
    for (const std::string& id : lost.seriesIds()) {
        const long long before = lost.history(id).at(kLostSteps - 2).releaseRows;
        out.push_back({id, lost.release(id), lost.history(id).back().releaseRows - before});
    }
    return out;
}

bool sameAnswers(const std::vector<marginals::Marginal>& a, const std::vector<marginals::Marginal>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return false;
    return true;
}

}  // namespace

class TestRecoveryStart : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The lost steps are never run: no charge, no history; the truth holds their rows.
    void startAfterSkipsTheLostSteps() {
        auto source = test::tinySource(600, 100);
        const stream::RunConfig config = test::tinyConfig(bothStreamers(1.0));
        const auto starts = lostReleases(*source, config);
        stream::RunEngine truthOnly(*source, config);
        truthOnly.run({}, nullptr, kLostSteps);
        stream::RunEngine engine(*source, config);
        engine.startAfter(kLostSteps, starts);
        QCOMPARE(engine.nextStep(), kLostSteps + 1);
        QVERIFY(sameAnswers(engine.truthAnswers(), truthOnly.truthAnswers()));
        for (const auto& s : starts) {
            // g_0's answers are exact counts of the public release.
            QVERIFY(sameAnswers(engine.releaseAnswers(s.seriesId),
                                marginals::countAll(s.release, engine.workloads(), 1)));
            QVERIFY(engine.history(s.seriesId).empty());
        }
        QCOMPARE(engine.run({}), 6 - kLostSteps);
        for (const auto& s : starts) {
            const privacy::PrivacyLedger& ledger = engine.ledger(s.seriesId);
            for (int t = 1; t <= kLostSteps; ++t) QCOMPARE(ledger.spent(s.seriesId, t), 0.0);
            for (int t = kLostSteps + 1; t <= 6; ++t)
                QVERIFY2(std::abs(ledger.spent(s.seriesId, t) - 1.0) < 1e-12, s.seriesId.c_str());
            QCOMPARE(engine.history(s.seriesId).front().step, kLostSteps + 1);
        }
    }

    // At ε = 1e6 the counters' noise is negligible: the proposed series'
    // first release holds g_0's rows plus the step's 100 (a fresh stream
    // would release about 100), and the baseline's is g_0 with its new rows appended.
    void startedSeriesReleaseGrowsFromTheStartRelease() {
        auto source = test::tinySource(600, 100);
        const stream::RunConfig config = test::tinyConfig(bothStreamers(1e6));
        const auto starts = lostReleases(*source, config);
        stream::RunEngine engine(*source, config);
        engine.startAfter(kLostSteps, starts);
        engine.run({}, nullptr, kLostSteps + 1);
        const auto g0 = static_cast<long long>(starts[1].release.rowCount());
        const long long proposed = engine.history("proposed").back().releaseRows;
        QVERIFY2(std::llabs(proposed - (g0 + 100)) <= 1,
                 qPrintable(QString("g_0 %1 rows, g_%2 %3 rows").arg(g0).arg(kLostSteps + 1).arg(proposed)));
        const long long baseline = engine.history("baseline").back().releaseRows;
        QVERIFY(baseline > static_cast<long long>(starts[0].release.rowCount()));
    }

    void startAfterTheFirstStepIsRefused() {
        auto source = test::tinySource(600, 100);
        const stream::RunConfig config = test::tinyConfig(bothStreamers(1.0));
        const auto starts = lostReleases(*source, config);
        stream::RunEngine engine(*source, config);
        engine.run({}, nullptr, 1);
        QVERIFY_THROWS_EXCEPTION(Error, engine.startAfter(kLostSteps, starts));
        stream::RunEngine pastTheEnd(*source, config);
        QVERIFY_THROWS_EXCEPTION(Error, pastTheEnd.startAfter(6, starts));
    }

    // The 1-way counters' bases travel with the engine's state (a session
    // stores them from format 13; tests/core/io/test_accuracy_session.cpp): a
    // state saved after the first recovered step and resumed releases
    // bitwise what the stream run in one go releases.
    void basesSurviveASession() {
        auto source = test::tinySource(600, 100);
        stream::RunConfig config = test::tinyConfig(bothStreamers(1.0));
        stream::setFixedOneWayShare(config.accuracy, 0.3);
        const auto starts = lostReleases(*source, config);
        stream::RunEngine whole(*source, config);
        whole.startAfter(kLostSteps, starts);
        whole.run({});
        stream::RunEngine first(*source, config);
        first.startAfter(kLostSteps, starts);
        first.run({}, nullptr, kLostSteps + 1);
        const stream::EngineState saved = first.saveState();
        bool based = false;
        for (const stream::SeriesState& s : saved.series) based = based || !s.streamer.oneWayBase.empty();
        QVERIFY2(based, "no 1-way base was saved");
        stream::RunEngine resumed(*source, config, saved);
        resumed.run({});
        for (const std::string& id : whole.seriesIds())
            QVERIFY2(sameAnswers(resumed.releaseAnswers(id), whole.releaseAnswers(id)), id.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRecoveryStart)
#include "test_recovery_start.moc"
