// The remainder update of the proposed streamer (SPEC §5.2): for a workload
// i not selected at t, r_i = q_i(g_t) − C_i(t), so that a later measurement
// m_i(t') = C_i(t') + r_i = q_i(g_t) + [C_i(t') − C_i(t)] continues from the
// release's answer and carries only the counter's noise since the reset.
// 1. Hand-worked on the counter API with zero-noise and constant-noise
//    counters (privacy_test::RecordingNoise).
// 2. The streamer itself on a hand-written 3-step stream: it builds its own
//    counters, so "zero noise" is ε = 1e12 (Laplace scale 2k/ε = 2e-12; every
//    draw is below 1e-9 with probability 1 − 1e-300), and the measurements it
//    hands to the fit must equal the hand-derived values to 1e-6.
#include <QtTest>
#include <cmath>

#include "../privacy/privacy_test_support.h"
#include "core/fit/fit_engine.h"
#include "core/privacy/counter.h"
#include "core/privacy/ledger.h"
#include "core/privacy/vector_counter.h"
#include "core/steps/step_source.h"
#include "core/stream/proposed_streamer.h"

using namespace streamsynth;

class TestRemainders : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handWorkedZeroNoiseCounter();
    void constantNoiseOnlySinceReset();
    void streamerFollowsHandWorkedStream();
};

namespace {

std::vector<double> plus(std::span<const double> a, const std::vector<double>& b) {
    std::vector<double> out(a.begin(), a.end());
    for (std::size_t c = 0; c < out.size(); ++c) out[c] += b[c];
    return out;
}

}  // namespace

// One 2x2 workload. Feeds x_1 = [3,0,0,1], x_2 = [0,2,0,0]; the workload is
// not selected at t = 2 and the release then answers q(g_2) = [2,2,1,1];
// x_3 = [1,0,2,0] is fed at t = 3.
//   C(2) = [3,2,0,1]             r = q(g_2) − C(2) = [−1,0,1,0]
//   C(3) = [4,2,2,1]             m = C(3) + r     = [3,2,3,1] = q(g_2) + x_3
void TestRemainders::handWorkedZeroNoiseCounter() {
    auto noise = std::make_shared<privacy_test::RecordingNoise>(0.0);
    privacy::VectorCounter c(privacy::parseCounterSpec("simple"), 0.5, 4, noise);
    auto rng = privacy::makeSeededRng(1);
    c.feed(std::vector<double>{3, 0, 0, 1}, *rng);
    c.feed(std::vector<double>{0, 2, 0, 0}, *rng);
    QCOMPARE(std::vector<double>(c.values().begin(), c.values().end()), (std::vector<double>{3, 2, 0, 1}));
    const std::vector<double> g2{2, 2, 1, 1};
    std::vector<double> r(4);
    for (std::size_t k = 0; k < 4; ++k) r[k] = g2[k] - c.values()[k];
    QCOMPARE(r, (std::vector<double>{-1, 0, 1, 0}));
    const long long reset = c.time();
    QCOMPARE(reset, 2LL);
    c.feed(std::vector<double>{1, 0, 2, 0}, *rng);
    QCOMPARE(plus(c.values(), r), (std::vector<double>{3, 2, 3, 1}));
    // The noise of m is the counter's increase since the reset: one simple
    // feed of Laplace(1/ε' = 2): variance 2·2² = 8 (the whole counter: 24).
    QCOMPARE(c.varianceSince(reset), 8.0);
    QCOMPARE(c.variance(), 24.0);
    QCOMPARE(noise->calls.size(), std::size_t{3});
    QCOMPARE(noise->calls[0].scale, 2.0);
}

// Same example with every noise draw = 0.5: C(2) = [4,3,1,2], r = [−2,−1,0,−1],
// C(3) = [5.5,3.5,3.5,2.5], m = [3.5,2.5,3.5,1.5] = q(g_2) + x_3 + 0.5: the two
// feeds before the reset (noise 1.0 per cell) cancel; only the one since stays.
void TestRemainders::constantNoiseOnlySinceReset() {
    auto noise = std::make_shared<privacy_test::RecordingNoise>(0.5);
    privacy::VectorCounter c(privacy::parseCounterSpec("simple"), 0.5, 4, noise);
    auto rng = privacy::makeSeededRng(1);
    c.feed(std::vector<double>{3, 0, 0, 1}, *rng);
    c.feed(std::vector<double>{0, 2, 0, 0}, *rng);
    QCOMPARE(std::vector<double>(c.values().begin(), c.values().end()), (std::vector<double>{4, 3, 1, 2}));
    const std::vector<double> g2{2, 2, 1, 1};
    std::vector<double> r(4);
    for (std::size_t k = 0; k < 4; ++k) r[k] = g2[k] - c.values()[k];
    QCOMPARE(r, (std::vector<double>{-2, -1, 0, -1}));
    c.feed(std::vector<double>{1, 0, 2, 0}, *rng);
    QCOMPARE(plus(c.values(), r), (std::vector<double>{3.5, 2.5, 3.5, 1.5}));
}

// Domain a, b, c (2 values each); workloads ab, ac, bc (4 cells each, first
// attribute slowest); k = 1, so two workloads reset at every step.
//   step 1: (0,0,0)×3, (1,1,0)×1      ab [3,0,0,1]  ac [3,0,1,0]  bc [3,0,1,0]
//   step 2: (0,1,1)×2                 ab [0,2,0,0]  ac [0,2,0,0]  bc [0,0,0,2]
//   step 3: (1,0,1)×2, (0,0,0)×1      ab [1,0,2,0]  ac [1,0,0,2]  bc [1,2,0,0]
// Expected measurement of the workload j selected at t: with s = the last
// step < t at which j was not selected (0 if none), m_j = q_j(g_s) +
// Σ_{u=s+1..t} x_u[j] (q(g_0) = 0, since r_j starts at 0 and C_j at 0).
void TestRemainders::streamerFollowsHandWorkedStream() {
    const data::Domain d({{"a", 2}, {"b", 2}, {"c", 2}});
    const auto ws = marginals::WorkloadSet::allKWay(d, 2);
    QCOMPARE(ws.size(), std::size_t{3});
    const std::vector<std::vector<std::vector<double>>> x = {
        {{3, 0, 0, 1}, {3, 0, 1, 0}, {3, 0, 1, 0}},
        {{0, 2, 0, 0}, {0, 2, 0, 0}, {0, 0, 0, 2}},
        {{1, 0, 2, 0}, {1, 0, 0, 2}, {1, 2, 0, 0}},
    };
    const long long rows[3] = {4, 2, 3};

    const double eps = 1e12;
    auto engine = fit::makeMwEngine();
    privacy::PrivacyLedger ledger(eps);
    auto rng = privacy::makeSeededRng(8, "remainders");
    stream::StreamerEnv env;
    env.workloads = &ws;
    env.engine = engine.get();
    env.fitOptions.maxIterations = 20;
    env.settings.rounds = 1;
    env.settings.accuracy.oneWayShare = 0;  // the paper's streamer
    env.settings.accuracy.smallShare = 0;
    env.series.id = "p";
    env.series.streamer = stream::StreamerKind::Proposed;
    env.series.counter = "simple";
    env.series.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, eps);
    env.ledger = &ledger;
    env.rng = rng.get();
    stream::ProposedStreamer p(env);

    std::vector<std::vector<std::vector<double>>> g(
        4, std::vector<std::vector<double>>(3, std::vector<double>(4, 0.0)));
    std::vector<int> lastUnselected(3, 0);
    bool usedRemainder = false;
    for (int t = 1; t <= 3; ++t) {
        stream::StepMarginals in;
        in.step = t;
        in.rows = rows[t - 1];
        for (const auto& a : x[static_cast<std::size_t>(t - 1)]) in.answers.push_back(a);
        const stream::StepOutput out = p.step(in, nullptr);
        QCOMPARE(out.measurements.size(), std::size_t{1});
        const int j = out.measurements[0].workload;
        const auto ju = static_cast<std::size_t>(j);
        const int s = lastUnselected[ju];
        usedRemainder = usedRemainder || s > 0;  // measured after a reset: a non-trivial r_j
        std::vector<double> expected = g[static_cast<std::size_t>(s)][ju];
        for (int u = s + 1; u <= t; ++u)
            for (std::size_t c = 0; c < 4; ++c) expected[c] += x[static_cast<std::size_t>(u - 1)][ju][c];
        for (std::size_t c = 0; c < 4; ++c)
            QVERIFY2(std::abs(out.measurements[0].values[c] - expected[c]) < 1e-6,
                     qPrintable(QString("step %1 workload %2 cell %3: %4 vs %5")
                                    .arg(t)
                                    .arg(j)
                                    .arg(c)
                                    .arg(out.measurements[0].values[c])
                                    .arg(expected[c])));
        // Counter bookkeeping: j was fed (time +1), the others reset to now.
        for (std::size_t i = 0; i < 3; ++i) {
            if (static_cast<int>(i) == j) continue;
            lastUnselected[i] = t;
            QCOMPARE(p.lastResetTime(static_cast<int>(i)), p.counterTime(static_cast<int>(i)));
        }
        g[static_cast<std::size_t>(t)] = p.releaseAnswers();
    }
    QVERIFY2(usedRemainder, "the example must measure some workload after its reset");
}

QTEST_APPLESS_MAIN(TestRemainders)
#include "test_remainders.moc"
