// The proposed streamer's bookkeeping (SPEC §5.2) checked exactly: with a
// huge ε (noise ~1e-11) every measurement m_j = C_j + r_j must equal the
// hand-maintained reference "last released estimate + new rows since"; the
// variance handed to the fit is the counter's variance since the last reset;
// the score's noise term follows the counter.
#include <QtTest>
#include <cmath>

#include "core/marginals/marginal_counter.h"
#include "core/privacy/ledger.h"
#include "core/stream/baseline_streamer.h"
#include "core/stream/proposed_streamer.h"
#include "core/stream/selection_score.h"
#include "tiny_stream.h"

using namespace streamsynth;

namespace {

struct Fixture {
    std::unique_ptr<stream::TableStepSource> source = test::tinySource(500, 100);
    std::unique_ptr<fit::FitEngine> engine = fit::makePgmEngine();
    std::unique_ptr<privacy::Rng> rng = privacy::makeSeededRng(5, "proposed");
    std::unique_ptr<privacy::PrivacyLedger> ledger;

    stream::StreamerEnv env(double epsilon, int rounds, const std::string& counter = "simple") {
        ledger = std::make_unique<privacy::PrivacyLedger>(epsilon);
        stream::StreamerEnv e;
        e.workloads = &source->workloads();
        e.engine = engine.get();
        e.fitOptions.maxIterations = 50;
        e.fitOptions.tolerance = 1e-6;
        e.settings.rounds = rounds;
        e.settings.accuracy.oneWayShare = 0;  // the paper's streamer
        e.settings.accuracy.smallShare = 0;
        e.series = test::seriesOf("p", stream::StreamerKind::Proposed, counter, epsilon);
        e.ledger = ledger.get();
        e.rng = rng.get();
        return e;
    }
};

}  // namespace

class TestProposedStreamer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void measurementsFollowRemainderRecurrence();
    void varianceIsSinceLastReset();
    void scoreNoiseTerm();
    void mixtureReleaseHasRequestedRows();
    void releaseKeptAsModelsIsRestoredExactly();
    void sampledAnswersCountTheRelease();
};

void TestProposedStreamer::measurementsFollowRemainderRecurrence() {
    Fixture f;
    const double eps = 1e12;  // per-feed noise scale 2k/ε = 4e-12
    stream::ProposedStreamer p(f.env(eps, 2));
    const auto& ws = f.source->workloads();
    // Reference: est_i = what m_i will be if i is measured now, before adding
    // the new rows: the running sum of true increments since the last reset
    // plus g's answer at that reset (SPEC §5.2: m_i(t) = q_i(g_s) + C_i(t) − C_i(s)).
    std::vector<marginals::Marginal> est = marginals::zeroAnswers(ws);
    for (int t = 1; t <= f.source->stepCount(); ++t) {
        const stream::StepMarginals in = f.source->step(t);
        const stream::StepOutput out = p.step(in, nullptr);
        QCOMPARE(out.measurements.size(), std::size_t{2});
        std::vector<bool> selected(ws.size(), false);
        for (const stream::StepMeasurement& m : out.measurements) {
            const auto j = static_cast<std::size_t>(m.workload);
            selected[j] = true;
            for (std::size_t c = 0; c < m.values.size(); ++c) {
                est[j][c] += in.answers[j][c];
                QVERIFY2(std::abs(m.values[c] - est[j][c]) < 1e-6,
                         ("step " + std::to_string(t) + " workload " + ws.label(j)).c_str());
            }
            if (t == 1)  // first step: m_j is the truth itself
                for (std::size_t c = 0; c < m.values.size(); ++c)
                    QVERIFY(std::abs(m.values[c] - in.answers[j][c]) < 1e-6);
        }
        // Remainder update: unselected workloads restart from g_t's answers,
        // the expected answers of the models g_t is drawn from.
        const auto g = p.recipe().expectedAnswers(ws);
        for (std::size_t i = 0; i < ws.size(); ++i)
            if (!selected[i]) est[i] = g[i];
        QCOMPARE(p.releaseAnswers(), g);
        // The rows, drawn on demand, are n rows, the same every time.
        QCOMPARE(static_cast<long long>(p.release().rowCount()), out.releaseRows);
        QVERIFY(p.release() == p.recipe().materialise(ws.domain()));
    }
}

void TestProposedStreamer::varianceIsSinceLastReset() {
    Fixture f;
    const double eps = 1.0;
    const int k = 2;
    stream::ProposedStreamer p(f.env(eps, k));
    const double b = 2.0 * k / eps;  // simple counter: one Laplace(1/(ε/(2k))) per feed
    for (int t = 1; t <= f.source->stepCount(); ++t) {
        std::vector<long long> before(f.source->workloads().size());
        for (std::size_t i = 0; i < before.size(); ++i) {
            const int w = static_cast<int>(i);
            before[i] = p.counterTime(w) + 1 - p.lastResetTime(w);  // feeds since reset if measured now
            QVERIFY(std::abs(p.prospectiveVariance(w, stream::ScoreNoise::SinceReset) -
                             2.0 * before[i] * b * b) < 1e-9);
            QVERIFY(std::abs(p.prospectiveVariance(w, stream::ScoreNoise::Full) -
                             2.0 * (p.counterTime(w) + 1) * b * b) < 1e-9);
        }
        const stream::StepOutput out = p.step(f.source->step(t), nullptr);
        for (const stream::StepMeasurement& m : out.measurements)
            QVERIFY(std::abs(m.variance - 2.0 * before[static_cast<std::size_t>(m.workload)] * b * b) < 1e-9);
        for (const stream::StepMeasurement& m : out.measurements)  // measured: no reset at this step
            QVERIFY(p.lastResetTime(m.workload) < p.counterTime(m.workload));
    }
}

void TestProposedStreamer::scoreNoiseTerm() {
    Fixture f;
    stream::ProposedStreamer simple(f.env(1.0, 2));
    // Never fed, simple counter: one Laplace(b = 4) draw: E|noise| = b.
    QCOMPARE(simple.prospectiveAbsNoise(0, stream::ScoreNoise::SinceReset), 4.0);
    Fixture g;
    stream::ProposedStreamer tree(g.env(1.0, 2, "tree:8"));
    // Binary tree, first feed: one term of scale L/ε' with L = 4 (T = 8), ε' = 0.25:
    // σ² = 2·16² ; the score uses √(2/π)·σ for any counter but the simple one.
    const double sigma = std::sqrt(2.0) * 16.0;
    QVERIFY(std::abs(tree.prospectiveAbsNoise(0, stream::ScoreNoise::SinceReset) -
                     std::sqrt(2.0 / M_PI) * sigma) < 1e-9);
}

void TestProposedStreamer::mixtureReleaseHasRequestedRows() {
    // Mixture of h_{t,1..k}: n/k rows from each (floor, remainder to the
    // first); the total must still be the IVW estimate, here |f_t| (ε huge).
    Fixture f;
    stream::StreamerEnv env = f.env(1e12, 3);
    env.settings.releaseFrom = stream::ReleaseFrom::Mixture;
    stream::ProposedStreamer p(env);
    long long truth = 0;
    for (int t = 1; t <= 2; ++t) {
        const auto in = f.source->step(t);
        truth += in.rows;
        p.step(in, nullptr);
        QCOMPARE(static_cast<long long>(p.release().rowCount()), truth);
    }
}

void TestProposedStreamer::releaseKeptAsModelsIsRestoredExactly() {
    // g_t is a recipe: its rows are drawn on demand, identically every time,
    // also after a save and restore into a fresh streamer, and the next
    // step continues bitwise identically.
    for (const auto from : {stream::ReleaseFrom::LastModel, stream::ReleaseFrom::Mixture}) {
        Fixture f;
        stream::StreamerEnv env = f.env(2.0, 3);
        env.settings.releaseFrom = from;
        stream::ProposedStreamer p(env);
        p.step(f.source->step(1), nullptr);
        p.step(f.source->step(2), nullptr);
        const data::Table rows = p.release();
        QCOMPARE(static_cast<long long>(rows.rowCount()), p.recipe().rowCount());
        const stream::StreamerState saved = p.saveState();
        QVERIFY(saved.releaseColumns.empty());  // no rows in the session
        Fixture g;
        stream::StreamerEnv env2 = g.env(2.0, 3);
        env2.settings.releaseFrom = from;
        g.rng->loadState(f.rng->saveState());
        stream::ProposedStreamer q(env2);
        q.restoreState(saved);
        QVERIFY(q.release() == rows);
        QCOMPARE(q.releaseAnswers(), p.releaseAnswers());
        const stream::StepOutput a = p.step(f.source->step(3), nullptr),
                                 b = q.step(g.source->step(3), nullptr);
        QCOMPARE(a.selected, b.selected);
        QCOMPARE(p.releaseAnswers(), q.releaseAnswers());
        QVERIFY(p.release() == q.release());
    }
}

void TestProposedStreamer::sampledAnswersCountTheRelease() {
    // The paper's rule (--release-answers sampled): g_t drawn at every step
    // and q_i(g_t) its exact counts; kept as rows in the session.
    Fixture f;
    stream::StreamerEnv env = f.env(2.0, 2);
    env.settings.releaseAnswers = stream::ReleaseAnswers::Sampled;
    stream::ProposedStreamer p(env);
    for (int t = 1; t <= f.source->stepCount(); ++t) {
        const stream::StepOutput out = p.step(f.source->step(t), nullptr);
        QCOMPARE(p.releaseAnswers(), marginals::countAll(p.release(), f.source->workloads()));
        QCOMPARE(static_cast<long long>(p.release().rowCount()), out.releaseRows);
    }
    QVERIFY(!p.saveState().releaseColumns.empty());
}

QTEST_APPLESS_MAIN(TestProposedStreamer)
#include "test_proposed_streamer.moc"
