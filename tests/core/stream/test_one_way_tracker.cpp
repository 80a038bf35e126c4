// Continual 1-way marginals of the proposed streamer (issue 14, option
// oneWayShare): the public budget split, the ledger's exact per-step total
// for every counter, the noise of the 1-way measurements against the
// counter's theory (statistical, fixed seeds). The pre-run support check:
// tests/core/planning/test_support_check.cpp.
#include <QtTest>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <numbers>
#include <numeric>
#include <optional>

#include "core/fit/fit_engine.h"
#include "core/privacy/ledger.h"
#include "core/privacy/noise_source.h"
#include "core/privacy/rng.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/run_engine.h"
#include "core/stream/tiny_stream.h"
#include "core/stream/tracker_rig.h"

using namespace streamsynth;
using stream::StreamerKind;

using test::laplaceDraw;
using test::TrackerRig;

class TestOneWayTracker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void budgetSplitIsProportionalToRootCodes();
    void ledgerIsExactWithOneWayShare();
    void oneWayNoiseMatchesTheory();
    void noiseDominatedOneWayIsNotFitted();
    void pureNoiseRarelyPassesTheGate();
    void incrementIsAnchoredOnTheRelease();
    void ledgerIsExactWithSmallWorkloads();
    void smallWorkloadMeasurementMatchesTheory();
    void offReleaseTestRate();
    void jamesSteinRiskMatchesTheory();
    void noisyCounterIsShrunkNotDropped();
};

// A flat histogram with noise of σ = 10 per cell but a stated variance of
// 20² (its spread is half what its noise alone would give: L1 from flat ≈
// n·√(2/π)·10 vs the gate's n·√(2/π)·20; the sample L1 of 1000 cells is
// within a few % of its mean) is not fitted; a histogram with half the cells
// at 0 and half at 2000 (distance 1000·1000 ≫ 1000·16) is.
void TestOneWayTracker::noiseDominatedOneWayIsNotFitted() {
    auto rng = privacy::makeSeededRng(5, "gate");
    std::vector<double> noise(1000), signal(1000);
    // Gaussian draws by Box–Muller from the test's seeded Rng.
    auto normal = [&] {
        return std::sqrt(-2 * std::log(1 - rng->uniform01())) *
               std::cos(6.283185307179586 * rng->uniform01());
    };
    for (std::size_t c = 0; c < 1000; ++c) {
        noise[c] = 500 + 10 * normal();
        signal[c] = (c % 2 == 0 ? 0.0 : 2000.0) + 10 * normal();
    }
    QVERIFY(!stream::oneWayInformative(noise, 400));
    QVERIFY(stream::oneWayInformative(signal, 400));
    QVERIFY(!stream::oneWayInformative({}, 1));
}

// The gate is a test of "noise only" at 3 sd (one_way_tracker.cpp): a flat
// true histogram of n = 50 cells plus Laplace noise of its stated variance
// (scale b, variance 2b²) passes with probability ≲ 0.3% (normal
// approximation of a sum of 50 independent |Laplace|). Over 2000 seeded
// trials the expected count is ≈ 6 (sd ≈ 2.5); the bound 30 allows for the
// sum's right skew at n = 50 and still fails the earlier mean-only gate,
// which passes ≈ 17% of Laplace noise (≈ 340 here; half of Gaussian noise). The same trials with a real
// signal (half the cells 0, half 2·mean, with a deviation of 20 noise
// scales a cell) must all pass.
void TestOneWayTracker::pureNoiseRarelyPassesTheGate() {
    auto rng = privacy::makeSeededRng(17, "gate-rate");
    auto laplace = [&](double b) { return laplaceDraw(*rng, b); };
    const double b = 3.0, variance = 2 * b * b;
    int noisePassed = 0, signalPassed = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<double> noise(50), signal(50);
        for (std::size_t c = 0; c < 50; ++c) {
            noise[c] = 100 + laplace(b);
            signal[c] = (c % 2 == 0 ? 100.0 - 20 * b : 100.0 + 20 * b) + laplace(b);
        }
        noisePassed += stream::oneWayInformative(noise, variance) ? 1 : 0;
        signalPassed += stream::oneWayInformative(signal, variance) ? 1 : 0;
    }
    QVERIFY2(noisePassed <= 30, qPrintable(QString("pure noise passed %1 of 2000").arg(noisePassed)));
    QCOMPARE(signalPassed, 2000);
}

void TestOneWayTracker::budgetSplitIsProportionalToRootCodes() {
    const auto split = stream::oneWayBudgetSplit({4, 9, 16, 7}, {true, true, true, false}, 0.9);
    // √n = 2, 3, 4 (the 4th is not tracked): 0.9·(2, 3, 4)/9.
    QVERIFY(std::abs(split[0] - 0.2) < 1e-15);
    QVERIFY(std::abs(split[1] - 0.3) < 1e-15);
    QVERIFY(std::abs(split[2] - 0.4) < 1e-15);
    QCOMPARE(split[3], 0.0);
    QVERIFY(std::abs(std::accumulate(split.begin(), split.end(), 0.0) - 0.9) < 1e-15);
    // Power 1 (AccuracyOptions::oneWaySplit): ∝ codes, 0.9·(4, 9, 16)/29;
    // power 0: even.
    const auto byCells = stream::oneWayBudgetSplit({4, 9, 16, 7}, {true, true, true, false}, 0.9, 1.0);
    QVERIFY(std::abs(byCells[0] - 0.9 * 4 / 29) < 1e-15);
    QVERIFY(std::abs(byCells[2] - 0.9 * 16 / 29) < 1e-15);
    QCOMPARE(byCells[3], 0.0);
    QVERIFY(std::abs(std::accumulate(byCells.begin(), byCells.end(), 0.0) - 0.9) < 1e-15);
    const auto even = stream::oneWayBudgetSplit({4, 9, 16, 7}, {true, true, true, false}, 0.9, 0.0);
    QVERIFY(std::abs(even[0] - 0.3) < 1e-15 && std::abs(even[1] - 0.3) < 1e-15 &&
            std::abs(even[2] - 0.3) < 1e-15);
}

// One series' ledger over the 3 steps of ledgerIsExactWithOneWayShare:
// partOf(attribute) is that attribute's expected 1-way charge.
void checkOneWayLedger(stream::RunEngine& engine, const stream::SeriesConfig& s, double eps, double share,
                       const std::function<double(const std::string&)>& partOf) {
    const privacy::PrivacyLedger& ledger = engine.ledger(s.id);
    const bool proposed = s.streamer == StreamerKind::Proposed;
    for (int t = 1; t <= 3; ++t) {
        // Proposed: 4 attributes share s·ε, 3 rounds x 2 charges x (1−s)·ε/6;
        // baseline: the share does not apply (3 x 2 x ε/6). Either way ε;
        // 1e-12 covers summation rounding.
        // Exact (privacy::BudgetSplit, oneWayBudget): never above ε, at most ulps below.
        QVERIFY2(ledger.spent(s.id, t) <= eps && ledger.spent(s.id, t) > eps - 1e-12,
                 (s.id + " step " + std::to_string(t)).c_str());
        double oneWay = 0;
        int oneWayCharges = 0, roundCharges = 0;
        for (const auto& c : ledger.charges()) {
            if (c.series != s.id || c.step != t) continue;
            if (c.mechanism.rfind("counter-1way:", 0) == 0) {
                oneWay += c.amount;
                ++oneWayCharges;
                QCOMPARE(c.round, 0);
                QVERIFY2(std::abs(c.amount - partOf(c.workload)) < 1e-15, c.workload.c_str());
            } else {
                ++roundCharges;
                QVERIFY(std::abs(c.amount - (proposed ? 1 - share : 1.0) * eps / 6) < 1e-12);
            }
        }
        QCOMPARE(oneWayCharges, proposed ? 4 : 0);
        QCOMPARE(roundCharges, 6);
        QVERIFY(std::abs(oneWay - (proposed ? share * eps : 0.0)) < 1e-12);
    }
    for (const auto& r : engine.history(s.id))
        QVERIFY(r.budgetSpent <= eps + 1e-12 && r.budgetSpent > eps - 1e-12);
}

// The 1-way share's ledger, for the default split (by √codes) and the split
// by codes (AccuracyOptions::oneWaySplit = 1): each attribute is charged its
// part of s·ε where its noise is drawn, and a step sums to ε exactly.
void TestOneWayTracker::ledgerIsExactWithOneWayShare() {
    auto source = test::tinySource(300, 100);  // 3 steps, 4 attributes all covered by the 2-way workloads
    const double eps = 0.7, share = 0.25;
    const std::map<std::string, double> codes{{"a", 2}, {"b", 3}, {"c", 2}, {"d", 2}};  // test::tinyDomain()
    for (double power : {0.5, 1.0}) {
        std::vector<stream::SeriesConfig> series{test::seriesOf("baseline", StreamerKind::Baseline, "", eps)};
        for (const char* counter : {"simple", "block:2", "unbounded-block", "tree:8", "hybrid", "honaker:8"})
            series.push_back(
                test::seriesOf(std::string("proposed-") + counter, StreamerKind::Proposed, counter, eps));
        stream::RunConfig config = test::tinyConfig(series, 3);
        config.fitIterations = 10;
        stream::setFixedOneWayShare(config.accuracy, share);
        config.accuracy.oneWaySplit = power;
        stream::RunEngine engine(*source, config);
        QCOMPARE(engine.run({}), 3);
        double norm = 0;
        for (const auto& [name, n] : codes) norm += power == 0.5 ? std::sqrt(n) : std::pow(n, power);
        for (const stream::SeriesConfig& s : series)
            checkOneWayLedger(engine, s, eps, share, [&](const std::string& a) {
                return share * eps * (power == 0.5 ? std::sqrt(codes.at(a)) : std::pow(codes.at(a), power)) /
                       norm;
            });
    }
}

// The small-workload share (AccuracyOptions::smallShare): with every 2-way
// workload of the tiny stream small enough (smallCells = 10^6), each step
// charges its 4 attributes s·ε ("counter-1way"), its 6 workloads s2·ε
// ("counter-small", split by √cells, each named by its workload) and the 3
// rounds 2 x (1 − s − s2)·ε/6, exactly ε in all. With smallCells = 1 no
// workload qualifies: nothing is charged for them and the rounds get
// (1 − s)·ε, as without the option.
void TestOneWayTracker::ledgerIsExactWithSmallWorkloads() {
    auto source = test::tinySource(300, 100);
    const double eps = 0.9, share = 0.2, small = 0.15;
    for (int cells : {1000000, 1}) {
        const bool tracked = cells > 1;
        const std::vector<stream::SeriesConfig> series = test::proposedCounterSeries(eps);
        stream::RunConfig config = test::tinyConfig(series, 3);
        config.fitIterations = 10;
        stream::setFixedOneWayShare(config.accuracy, share);
        config.accuracy.smallShare = small;
        config.accuracy.smallCells = cells;
        stream::RunEngine engine(*source, config);
        QCOMPARE(engine.run({}), 3);
        const double roundShare = 1 - share - (tracked ? small : 0.0);
        for (const stream::SeriesConfig& s : series) {
            const privacy::PrivacyLedger& ledger = engine.ledger(s.id);
            for (int t = 1; t <= 3; ++t) {
                QVERIFY2(ledger.spent(s.id, t) <= eps && ledger.spent(s.id, t) > eps - 1e-12,
                         (s.id + " step " + std::to_string(t)).c_str());
                double smallSum = 0;
                int smallCharges = 0, roundCharges = 0;
                for (const auto& c : ledger.charges()) {
                    if (c.series != s.id || c.step != t || c.mechanism.rfind("counter-1way:", 0) == 0)
                        continue;
                    if (c.mechanism.rfind("counter-small:", 0) == 0) {
                        smallSum += c.amount;
                        ++smallCharges;
                        QCOMPARE(c.round, 0);
                        QVERIFY2(c.workload.find(" × ") != std::string::npos, c.workload.c_str());
                    } else {
                        ++roundCharges;
                        QVERIFY(std::abs(c.amount - roundShare * eps / 6) < 1e-12);
                    }
                }
                QCOMPARE(smallCharges, tracked ? 6 : 0);
                QCOMPARE(roundCharges, 6);
                QVERIFY(std::abs(smallSum - (tracked ? small * eps : 0.0)) < 1e-12);
            }
        }
    }
}

// A small workload's counter gives the fit its 2-way increment like a 1-way
// counter: domain X(2) × Y(3), one workload (6 cells, tracked with
// smallCells = 6), simple counter with ε_w = s2·ε (the only small workload).
// The release handed in is the true f_{t−1}, so at feeds 2..40 the
// measurement is truth(t) plus one feed's Laplace noise per cell, with the
// stated variance 2b² exactly (at least 36 of the 39 steps: the off test's
// false alarms are ≲ 0.3%); over ≈ 39 feeds x 6 cells = 234 draws the mean
// error is within 4 sd (2b²/234) and the sample variance within 4 sd of 2b²
// (Laplace kurtosis 6), as in oneWayNoiseMatchesTheory.
void TestOneWayTracker::smallWorkloadMeasurementMatchesTheory() {
    const data::Domain domain({{"X", 2}, {"Y", 3}});
    const marginals::WorkloadSet ws(domain, {marginals::Workload{{0, 1}}});
    TrackerRig rig(ws, 1.0, 77, "small-workload");
    rig.env.settings.accuracy.oneWayShare = 0;
    rig.env.settings.accuracy.smallShare = 0.3;
    rig.env.settings.accuracy.smallCells = 6;
    QCOMPARE(stream::trackedWorkloads(ws, rig.env.settings.accuracy), (std::vector<int>{0}));
    stream::OneWayTracker tracker = rig.tracker();
    const privacy::PrivacyLedger& ledger = rig.ledger;
    QCOMPARE(tracker.epsilons().size(), std::size_t{3});  // X, Y (no share: 0), then the workload
    QVERIFY(std::abs(tracker.epsilons()[2] - 0.3) < 1e-12);
    const double b = 1.0 / 0.3, oneFeed = 2 * b * b;
    const marginals::Marginal xy{400, 100, 300, 200, 500, 600};  // a strong signal: informative at once
    std::vector<double> errors;
    for (int t = 1; t <= 40; ++t) {
        marginals::Marginal release(6);
        for (std::size_t c = 0; c < 6; ++c) release[c] = (t - 1) * xy[c];
        const auto m = tracker.feed({xy}, {release}, t);
        QCOMPARE(m.size(), std::size_t{1});
        QCOMPARE(m[0].attrs, (std::vector<int>{0, 1}));
        if (t == 1) continue;  // the first feed has no earlier release of the counter: C(1) itself
        // Anchored (one feed's variance), or, when the 3-sd test calls the
        // release off (≲ 0.3% of steps), the whole release (2t·b²).
        const bool anchored = std::abs(m[0].variance - oneFeed) < 1e-9 * oneFeed;
        QVERIFY2(anchored || std::abs(m[0].variance - t * oneFeed) < 1e-9 * t * oneFeed,
                 qPrintable(QString::number(m[0].variance)));
        if (anchored)
            for (std::size_t c = 0; c < 6; ++c) errors.push_back(m[0].values[c] - t * xy[c]);
    }
    QVERIFY2(errors.size() >= 36 * 6, "the release matched the counter, so nearly every step is anchored");
    const double n = static_cast<double>(errors.size());
    double mean = 0, var = 0;
    for (double e : errors) mean += e;
    mean /= n;
    for (double e : errors) var += (e - mean) * (e - mean);
    var /= n - 1;
    QVERIFY2(std::abs(mean) < 4 * std::sqrt(oneFeed / n), qPrintable(QString("mean %1").arg(mean)));
    QVERIFY2(std::abs(var - oneFeed) < 4 * oneFeed * std::sqrt(5.0 / n),
             qPrintable(QString("variance %1 vs %2").arg(var).arg(oneFeed)));
    for (int t = 1; t <= 40; ++t) QVERIFY(std::abs(ledger.spent("p", t) - 0.3) < 1e-12);
}

// One attribute X of 2000 codes (and Y of 2) so that one feed gives 2000
// independent noise draws. The simple counter's release after f feeds is the
// truth plus f Laplace(b) draws per cell, b = 1/ε_X with ε_X = s·ε·√2000 /
// (√2000 + √2): variance σ² = 2·f·b², mean 0. Tolerances: the sample mean of
// n = 2000 draws has sd σ/√n, checked at 4 sd; the sample variance of a sum
// of f Laplace draws has sd ≈ σ²·√((κ−1)/n) with kurtosis κ = 3 + 3/f (one
// Laplace: 6), checked at 4 sd (≈ 20% at f = 1). Fixed seeds, so the test is
// deterministic; these bounds say it would pass for ~all seeds.
void TestOneWayTracker::oneWayNoiseMatchesTheory() {
    const data::Domain domain({{"X", 2000}, {"Y", 2}});
    const marginals::WorkloadSet ws(domain, {marginals::Workload{{0, 1}}});
    const double eps = 2.0, share = 0.3;
    TrackerRig rig(ws, eps, 2024, "one-way-noise");
    rig.env.settings.accuracy.oneWayShare = share;
    rig.env.settings.accuracy.oneWayTarget = stream::OneWayTarget::Whole;  // C_a(t) itself
    stream::OneWayTracker tracker = rig.tracker();
    const privacy::PrivacyLedger& ledger = rig.ledger;
    const double epsX = share * eps * std::sqrt(2000.0) / (std::sqrt(2000.0) + std::sqrt(2.0));
    QVERIFY(std::abs(tracker.epsilons()[0] - epsX) < 1e-12);
    const double b = 1.0 / epsX;

    // The step's answer of (X,Y): X = x gets 100·(x mod 7) rows, all with Y =
    // 0 (a strong signal, so oneWayInformative keeps both measurements).
    marginals::Marginal xy(4000, 0.0);
    for (int x = 0; x < 2000; ++x) xy[static_cast<std::size_t>(2 * x)] = 100 * (x % 7);
    for (int feeds = 1; feeds <= 4; ++feeds) {
        const auto m = tracker.feed({xy}, {marginals::Marginal(4000, 0.0)}, feeds);
        QCOMPARE(m.size(), std::size_t{2});
        QCOMPARE(m[0].attrs, (std::vector<int>{0}));
        const double sigma2 = 2.0 * feeds * b * b;
        QVERIFY(std::abs(m[0].variance - sigma2) < 1e-9 * sigma2);  // the exact variance is what the fit gets
        if (feeds != 1 && feeds != 4) continue;
        double mean = 0, var = 0;
        for (int x = 0; x < 2000; ++x)
            mean += m[0].values[static_cast<std::size_t>(x)] - feeds * 100 * (x % 7);
        mean /= 2000;
        for (int x = 0; x < 2000; ++x)
            var += std::pow(m[0].values[static_cast<std::size_t>(x)] - feeds * 100 * (x % 7) - mean, 2);
        var /= 1999;
        const double kurtosis = 3.0 + 3.0 / feeds;
        QVERIFY2(std::abs(mean) < 4 * std::sqrt(sigma2 / 2000), qPrintable(QString("mean %1").arg(mean)));
        QVERIFY2(std::abs(var - sigma2) < 4 * sigma2 * std::sqrt((kurtosis - 1) / 2000),
                 qPrintable(QString("variance %1 vs %2").arg(var).arg(sigma2)));
    }
    // Every feed charged ε_X and ε_Y right where the noise is drawn.
    QCOMPARE(ledger.charges().size(), std::size_t{8});
    for (int t = 1; t <= 4; ++t) QVERIFY(std::abs(ledger.spent("p", t) - share * eps) < 1e-12);
}

// OneWayTarget::Increment (the default). Same stream as above, X's 1-way
// counter b = 1/ε_X. Feed 1 has no earlier release of the counter: the fit
// gets C_X(1) (variance 2b²). At feeds 2..4 the release handed in is the
// true cumulative 1-way q_X(f_{t−1}): the measurement must be exactly
// release + C_X(t) − C_X(t−1), i.e. truth(t) plus one feed's noise, with the
// variance of one feed 2b² (not 2tb²), and its spread must match that (4 sd,
// as above). A release far off the counter (all zeros while the truth has
// 300·t rows a cell on average) gets C_X(t) and its whole variance 2tb².
void TestOneWayTracker::incrementIsAnchoredOnTheRelease() {
    const data::Domain domain({{"X", 2000}, {"Y", 2}});
    const marginals::WorkloadSet ws(domain, {marginals::Workload{{0, 1}}});
    TrackerRig rig(ws, 2.0, 2025, "one-way-increment");
    rig.env.settings.accuracy.oneWayShare = 0.3;
    QVERIFY(rig.env.settings.accuracy.oneWayTarget == stream::OneWayTarget::Increment);
    stream::OneWayTracker tracker = rig.tracker();
    const privacy::PrivacyLedger& ledger = rig.ledger;
    const double b = 1.0 / tracker.epsilons()[0], oneFeed = 2 * b * b;
    marginals::Marginal xy(4000, 0.0);
    for (int x = 0; x < 2000; ++x) xy[static_cast<std::size_t>(2 * x)] = 100 * (x % 7);
    auto truthX = [](int t, int x) { return t * 100.0 * (x % 7); };
    const auto first = tracker.feed({xy}, {marginals::Marginal(4000, 0.0)}, 1);
    QCOMPARE(first.size(), std::size_t{2});
    QVERIFY(std::abs(first[0].variance - oneFeed) < 1e-9 * oneFeed);
    for (int t = 2; t <= 4; ++t) {
        marginals::Marginal release(4000, 0.0);  // q(g_{t−1}) = the truth of f_{t−1}
        for (std::size_t c = 0; c < 4000; ++c) release[c] = (t - 1) * xy[c];
        const auto m = tracker.feed({xy}, {release}, t);
        QCOMPARE(m[0].attrs, (std::vector<int>{0}));
        QVERIFY2(std::abs(m[0].variance - oneFeed) < 1e-9 * oneFeed,
                 qPrintable(QString::number(m[0].variance)));
        double mean = 0, var = 0;
        for (int x = 0; x < 2000; ++x) mean += m[0].values[static_cast<std::size_t>(x)] - truthX(t, x);
        mean /= 2000;
        for (int x = 0; x < 2000; ++x)
            var += std::pow(m[0].values[static_cast<std::size_t>(x)] - truthX(t, x) - mean, 2);
        var /= 1999;
        QVERIFY2(std::abs(mean) < 4 * std::sqrt(oneFeed / 2000), qPrintable(QString("mean %1").arg(mean)));
        QVERIFY2(std::abs(var - oneFeed) < 4 * oneFeed * std::sqrt(5.0 / 2000),
                 qPrintable(QString("variance %1 vs %2").arg(var).arg(oneFeed)));
    }
    const auto off = tracker.feed({xy}, {marginals::Marginal(4000, 0.0)}, 5);
    QVERIFY(std::abs(off[0].variance - 5 * oneFeed) < 1e-9 * oneFeed);
    double offMean = 0;
    for (int x = 0; x < 2000; ++x) offMean += off[0].values[static_cast<std::size_t>(x)] - truthX(5, x);
    QVERIFY2(std::abs(offMean / 2000) < 4 * std::sqrt(5 * oneFeed / 2000), "the whole release, unbiased");
    // The same ledger as the whole target: the choice is post-processing.
    for (int t = 1; t <= 5; ++t) QVERIFY(std::abs(ledger.spent("p", t) - 0.3 * 2.0) < 1e-12);
}

// releaseOffCounter is oneWayInformative's 3-sd test with the release in
// place of the flat histogram: a counter that is the release plus Laplace
// noise of its stated variance (n = 50 cells, 2000 seeded trials) is called
// off rarely (≲ 0.3% by the normal approximation; ≤ 30 allows for skew, as
// above), and a release 20 noise scales a cell off the counter always is.
void TestOneWayTracker::offReleaseTestRate() {
    auto rng = privacy::makeSeededRng(18, "off-rate");
    auto laplace = [&](double b) { return laplaceDraw(*rng, b); };
    const double b = 3.0, variance = 2 * b * b;
    int sameOff = 0, shiftedOff = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<double> release(50), counter(50), shifted(50);
        for (std::size_t c = 0; c < 50; ++c) {
            release[c] = 10.0 * static_cast<double>(c);
            counter[c] = release[c] + laplace(b);
            shifted[c] = release[c] + (c % 2 == 0 ? -20 * b : 20 * b);
        }
        sameOff += stream::releaseOffCounter(counter, release, variance) ? 1 : 0;
        shiftedOff += stream::releaseOffCounter(counter, shifted, variance) ? 1 : 0;
    }
    QVERIFY2(sameOff <= 30,
             qPrintable(QString("a matching release was called off %1 times of 2000").arg(sameOff)));
    QCOMPARE(shiftedOff, 2000);
    // The increment's choice follows the test.
    const std::vector<double> before{100, 200}, now{150, 260}, release{100, 200};
    const stream::OneWayValue anchored = stream::oneWayIncrement(now, 8, before, 4, 4, release);
    QVERIFY(anchored.anchored);
    QCOMPARE(anchored.values, (std::vector<double>{150, 260}));
    QCOMPARE(anchored.variance, 4.0);
    const stream::OneWayValue whole = stream::oneWayIncrement(now, 8, before, 4, 4, {0, 0});
    QVERIFY(!whole.anchored);
    QCOMPARE(whole.values, now);
    QCOMPARE(whole.variance, 8.0);
    QVERIFY(!stream::oneWayIncrement(now, 8, {}, 0, 4, release).anchored);  // first feed
}

// Domain A(100) B(2), workload (A,B) (200 cells); ε = 1, k = 5, R = 200 rows
// per step, 245 steps. Without a 1-way share: b = 2k/ε = 10; A and B both
// have only (A,B): 1 row per cell per step < 10, T* = 2·(10/1)² = 200 ≤ 245.
// With s = 0.2: rounds' b = 2k/((1−s)ε) = 12.5; A's 1-way counter gets
// ε_A = 0.2·10/(10+√2) → b_A = 1/ε_A, 2 rows per cell, T* = 2·(b_A/2)²
// (≈ 16.3 < 200: the 1-way counter is A's cheapest measurement); B's 1-way
// (2 cells, 100 rows per cell) is informative at every step.
// shrinkTowardFlat against its theory (Efron & Morris 1973): X = θ + N(0, σ²)
// on n = 40 cells, θ alternating 500 ± σ, so ‖θ − θ̄‖² = nσ² (signal = noise,
// noncentrality δ = n). For the James–Stein estimate toward the grand mean,
// E‖JS − θ‖²/σ² = n − (n−3)²·E[1/χ'²_{n−1}(δ)] and E[λ] = 1 − (n−3)·E[1/χ'²],
// with E[1/χ'²_k(δ)] = Σ_j Pois(j; δ/2)/(k + 2j − 2) exact (the positive part
// changes nothing measurable here: P(χ'² < n − 3) ≈ 1e-5). 2000 seeded
// Gaussian trials: both means within 5 standard errors; the shrunk estimate
// also beats the raw histogram (risk nσ²) and the flat one (nσ² + σ²) by
// far more than that. A histogram of 3 cells is never shrunk.
void TestOneWayTracker::jamesSteinRiskMatchesTheory() {
    const std::size_t n = 40;
    const double sigma = 10, variance = sigma * sigma, delta = static_cast<double>(n);
    double inverse = 0, pois = std::exp(-delta / 2);
    for (int j = 0; j < 400; ++j) {
        inverse += pois / (static_cast<double>(n - 1) + 2.0 * j - 2.0);
        pois *= (delta / 2) / (j + 1);
    }
    const double k = static_cast<double>(n - 3);
    const double riskTheory = (static_cast<double>(n) - k * k * inverse) * variance;
    const double factorTheory = 1 - k * inverse;
    auto rng = privacy::makeSeededRng(31, "james-stein");
    auto normal = [&] {
        return std::sqrt(-2 * std::log(1 - rng->uniform01())) *
               std::cos(6.283185307179586 * rng->uniform01());
    };
    const int trials = 2000;
    double risk = 0, risk2 = 0, factor = 0, factor2 = 0, rawRisk = 0;
    for (int trial = 0; trial < trials; ++trial) {
        std::vector<double> theta(n), x(n);
        for (std::size_t c = 0; c < n; ++c) {
            theta[c] = 500 + (c % 2 == 0 ? sigma : -sigma);
            x[c] = theta[c] + sigma * normal();
        }
        const stream::ShrunkRelease js = stream::shrinkTowardFlat(x, variance);
        double e = 0, raw = 0;
        for (std::size_t c = 0; c < n; ++c) {
            e += std::pow(js.values[c] - theta[c], 2);
            raw += std::pow(x[c] - theta[c], 2);
        }
        risk += e;
        risk2 += e * e;
        rawRisk += raw;
        factor += js.factor;
        factor2 += js.factor * js.factor;
    }
    risk /= trials;
    factor /= trials;
    rawRisk /= trials;
    const double riskSe = std::sqrt((risk2 / trials - risk * risk) / trials);
    const double factorSe = std::sqrt((factor2 / trials - factor * factor) / trials);
    QVERIFY2(std::abs(risk - riskTheory) < 5 * riskSe,
             qPrintable(QString("risk %1 vs theory %2 (se %3)").arg(risk).arg(riskTheory).arg(riskSe)));
    QVERIFY2(
        std::abs(factor - factorTheory) < 5 * factorSe,
        qPrintable(QString("factor %1 vs theory %2 (se %3)").arg(factor).arg(factorTheory).arg(factorSe)));
    QVERIFY(risk < 0.7 * rawRisk);                                  // theory: 0.56·nσ²
    QVERIFY(risk < 0.7 * (static_cast<double>(n) + 1) * variance);  // the flat histogram's risk
    const stream::ShrunkRelease three = stream::shrinkTowardFlat({1, 50, 3}, 1e6);
    QCOMPARE(three.factor, 1.0);
    QCOMPARE(three.values, (std::vector<double>{1, 50, 3}));
}

// The shrinkage in the tracker (AccuracyOptions::oneWayShrink): X (2000
// codes) sees one step whose counts alternate ±a·σ around 1000 (rounded to
// whole counts; σ² = 2b², the first feed's Laplace variance), fed to two trackers with the same seed, so
// both draw the same C_X(1). Without shrinkage the fit gets C_X(1) itself.
// With it: for a = 0.6 (the gate passes by ~4 sd: E|a + e| = 0.90σ against
// its 0.85σ per cell; λ ≈ 1 − 1997/(2000·1.36) ≈ 0.27) exactly
// shrinkTowardFlat(C_X(1)), with C_X(1)'s variance; for a = 3 (λ ≈ 0.9)
// C_X(1) unchanged; for a = 0 (pure noise) nothing, as the gate decides first,
// unless JamesSteinAll: then a shrunk release, whose spread around its mean
// is below λ² < 1/4 of the noise's ((n−1)·σ², with 3 sd of χ²_{n−1} margin).
void TestOneWayTracker::noisyCounterIsShrunkNotDropped() {
    const data::Domain domain({{"X", 2000}, {"Y", 2}});
    const marginals::WorkloadSet ws(domain, {marginals::Workload{{0, 1}}});
    auto measurementOfX = [&](double a, stream::OneWayShrink shrink, double& variance) {
        TrackerRig rig(ws, 1.0, 404, "one-way-shrink");
        rig.env.settings.accuracy.oneWayShare = 0.3;
        rig.env.settings.accuracy.smallShare = 0;
        rig.env.settings.accuracy.oneWayShrink = shrink;
        stream::OneWayTracker tracker = rig.tracker();
        const double b = 1.0 / tracker.epsilons()[0], sigma = std::sqrt(2.0) * b;
        variance = 2 * b * b;
        marginals::Marginal xy(4000, 0.0);
        for (int x = 0; x < 2000; ++x)
            xy[static_cast<std::size_t>(2 * x)] = 1000 + std::round((x % 2 == 0 ? a : -a) * sigma);
        for (const auto& m : tracker.feed({xy}, {marginals::Marginal(4000, 0.0)}, 1))
            if (m.attrs == std::vector<int>{0}) return std::optional<fit::Measurement>(m);
        return std::optional<fit::Measurement>();
    };
    double variance = 0;
    const auto plain = measurementOfX(0.6, stream::OneWayShrink::None, variance);
    const auto shrunk = measurementOfX(0.6, stream::OneWayShrink::JamesStein, variance);
    QVERIFY2(plain && shrunk, "a weak signal passes the gate");
    const stream::ShrunkRelease expected = stream::shrinkTowardFlat(plain->values, variance);
    QVERIFY2(expected.factor > 0.2 && expected.factor < 0.35, qPrintable(QString::number(expected.factor)));
    QCOMPARE(shrunk->values, expected.values);
    QVERIFY(std::abs(shrunk->variance - variance) < 1e-9 * variance);
    const auto strongPlain = measurementOfX(3.0, stream::OneWayShrink::None, variance);
    const auto strongShrunk = measurementOfX(3.0, stream::OneWayShrink::JamesStein, variance);
    QVERIFY(strongPlain && strongShrunk);
    QCOMPARE(strongShrunk->values, strongPlain->values);
    QVERIFY(!measurementOfX(0.0, stream::OneWayShrink::JamesStein, variance));
    const auto all = measurementOfX(0.0, stream::OneWayShrink::JamesSteinAll, variance);
    QVERIFY2(all, "james-stein-all gives even a rejected counter to the fit");
    double mean = 0, spread = 0;
    for (double v : all->values) mean += v / 2000;
    for (double v : all->values) spread += (v - mean) * (v - mean);
    QVERIFY2(spread < 0.25 * 1999 * variance * (1 + 3 * std::sqrt(2.0 / 1999)),
             qPrintable(QString("spread %1 vs noise %2").arg(spread).arg(1999 * variance)));
}

QTEST_APPLESS_MAIN(TestOneWayTracker)
#include "test_one_way_tracker.moc"
