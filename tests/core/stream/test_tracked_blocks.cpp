// Tracked counters fed in blocks of steps (tracked_blocks.h): B from public
// inputs only and only at low R·ε, a unit's rows per feed, and the tracker:
// one feed and one charge per block (the first step a block of its own), the
// fit's value scaled between block ends, the counter's noise that of its
// feeds (a statistical check with a fixed seed), and blocks that continue
// bit for bit across a saved and restored tracker.
#include <QtTest>
#include <cmath>

#include "core/stream/one_way_tracker.h"
#include "core/stream/tracked_blocks.h"
#include "core/stream/tracker_rig.h"

using namespace streamsynth;

namespace {

const data::Domain& blockDomain() {
    static const data::Domain d({{"X", 16}, {"Y", 2}});
    return d;
}

// Batches of R = 50 rows for a rig's tracker: the 1-way share only. (A rig
// holds pointers to its own members: set up in place, never returned.)
void blockSettings(test::TrackerRig& rig) {
    rig.env.settings.publicRowsPerStep = 50;
    rig.env.settings.accuracy.oneWayShare = 0.2;
    rig.env.settings.accuracy.smallShare = 0;
}

// Step t's rows: 50, spread over X's codes as (x + t) % 16 of a fixed pattern.
marginals::Marginal blockStepRows(int t) {
    marginals::Marginal xy(32, 0.0);
    for (int r = 0; r < 50; ++r) xy[static_cast<std::size_t>(2 * ((r * 7 + t) % 16) + r % 2)] += 1;
    return xy;
}

// X's charges at a step.
int chargesAt(const privacy::PrivacyLedger& ledger, int step) {
    int n = 0;
    for (const auto& c : ledger.charges())
        if (c.step == step && c.mechanism.rfind("counter-1way:", 0) == 0 && c.workload == "X") ++n;
    return n;
}

}  // namespace

class TestTrackedBlocks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ⌈K·s·cells/R⌉ at R·ε ≤ 50, 1 elsewhere and without a public R.
    void blockStepsFromPublicInputs() {
        using privacy::PrivacyModel;
        // s = 1/0.01 = 100, 16 cells, R = 50: ⌈32⌉; R·ε = 25.
        QCOMPARE(stream::trackedBlockSteps(1.0, PrivacyModel::Pure, 0.5, 0.01, 16, 50), 32);
        QCOMPARE(stream::trackedBlockSteps(2.0, PrivacyModel::Pure, 0.5, 0.01, 16, 50), 64);
        QCOMPARE(stream::trackedBlockSteps(1.0, PrivacyModel::Pure, 1.0, 0.01, 16, 50), 32);  // R·ε = 50
        QCOMPARE(stream::trackedBlockSteps(1.0, PrivacyModel::Pure, 1.01, 0.01, 16, 50), 1);
        QCOMPARE(stream::trackedBlockSteps(1.0, PrivacyModel::Pure, 0.5, 0.01, 16, 0), 1);   // time steps
        QCOMPARE(stream::trackedBlockSteps(0.0, PrivacyModel::Pure, 0.5, 0.01, 16, 50), 1);  // off
        QCOMPARE(stream::trackedBlockSteps(1.0, PrivacyModel::Pure, 0.5, 1.0, 16, 50), 1);   // ⌈0.32⌉
        // zCDP: the noise-equivalent ε is √(2ρ): ρ = 0.125 → 0.5, ρ = 5e-5 → 0.01.
        QCOMPARE(stream::trackedBlockSteps(1.0, PrivacyModel::ZCdp, 0.125, 5e-5, 16, 50), 32);
    }

    void unitRowsPerFeed() {
        QCOMPARE(stream::blockUnitBound({12, 4}, 5), (privacy::UnitBound{12, 12}));
        QCOMPARE(stream::blockUnitBound({100, 2}, 5), (privacy::UnitBound{100, 10}));
        QCOMPARE(stream::blockUnitBound({100, 2}, 1), (privacy::UnitBound{100, 2}));
        QVERIFY(stream::blockUnitBound({1, 1}, 50).isEventLevel());
    }

    // One feed and one charge at step 1 and at every multiple of B, none
    // between; between block ends the fit gets the last block's value times
    // t / (the block's end), its variance times the square.
    void feedsAndChargesOncePerBlock() {
        const marginals::WorkloadSet ws(blockDomain(), {marginals::Workload{{0, 1}}});
        test::TrackerRig rig(ws, 0.5, 31, "tracked-blocks");
        blockSettings(rig);
        stream::OneWayTracker tracker = rig.tracker();
        const int b = tracker.blockSteps()[0];
        QVERIFY2(b > 2, qPrintable(QString::number(b)));
        const marginals::Marginal release(32, 0.0);
        std::vector<double> atEnd;
        double endVariance = 0;
        int end = 0;
        for (int t = 1; t <= 3 * b + 2; ++t) {
            const auto ms = tracker.feed({blockStepRows(t)}, {release}, t);
            const bool ends = t == 1 || t % b == 0;
            QCOMPARE(chargesAt(rig.ledger, t), ends ? 1 : 0);
            const fit::Measurement* x = nullptr;
            for (const auto& m : ms)
                if (m.attrs == std::vector<int>{0}) x = &m;
            if (ends) {
                end = t;
                atEnd = x ? x->values : std::vector<double>{};
                endVariance = x ? x->variance : 0;
                continue;
            }
            QCOMPARE(static_cast<bool>(x), !atEnd.empty());
            if (!x) continue;
            const double scale = static_cast<double>(t) / end;
            for (std::size_t c = 0; c < atEnd.size(); ++c)
                QVERIFY(std::abs(x->values[c] - atEnd[c] * scale) <= 1e-9 * (1 + std::abs(atEnd[c])));
            QVERIFY(std::abs(x->variance - endVariance * scale * scale) <= 1e-9 * endVariance);
        }
        // The counter's release covers steps 1 .. the last block's end.
        std::vector<stream::NoisyMarginal> noisy;
        tracker.appendNoisyMarginals(3 * b + 2, noisy);
        QCOMPARE(noisy.at(0).fromStep, 1);
        QCOMPARE(noisy.at(0).toStep, 3 * b);
    }

    // The counter's released rows after n block feeds: unbiased, with the
    // variance of n feeds (2·n·(1/ε_X)² per cell for the simple counter),
    // over 200 trackers × 16 cells; a sum of 4 Laplace draws has kurtosis
    // 4.5, so the variance estimate's relative sd is about √(3.5/3200) ≈
    // 0.033 and 5 sd is 0.17; the mean's sd is σ/√3200.
    void blockNoiseIsThatOfItsFeeds() {
        const marginals::WorkloadSet ws(blockDomain(), {marginals::Workload{{0, 1}}});
        double sum = 0, squares = 0, variance = 0;
        int n = 0;
        for (std::uint64_t seed = 0; seed < 200; ++seed) {
            test::TrackerRig rig(ws, 0.5, 1000 + seed, "tracked-blocks");
            blockSettings(rig);
            stream::OneWayTracker tracker = rig.tracker();
            const int b = tracker.blockSteps()[0];
            std::vector<double> truth(16, 0.0);
            for (int t = 1; t <= 3 * b; ++t) {
                const marginals::Marginal rows = blockStepRows(t);
                for (int x = 0; x < 16; ++x)
                    truth[static_cast<std::size_t>(x)] += rows[2 * x] + rows[2 * x + 1];
                tracker.feed({rows}, {marginals::Marginal(32, 0.0)}, t);
            }
            std::vector<stream::NoisyMarginal> noisy;
            tracker.appendNoisyMarginals(3 * b, noisy);
            variance = noisy.at(0).variance;
            const double eps = tracker.epsilons()[0];
            QVERIFY(std::abs(variance - 4 * 2 / (eps * eps)) < 1e-9 * variance);  // feeds at 1, b, 2b, 3b
            for (int x = 0; x < 16; ++x) {
                const double e =
                    noisy[0].counts[static_cast<std::size_t>(x)] - truth[static_cast<std::size_t>(x)];
                sum += e;
                squares += e * e;
                ++n;
            }
        }
        const double mean = sum / n, observed = squares / n - mean * mean;
        QVERIFY2(std::abs(mean) < 5 * std::sqrt(variance / n), qPrintable(QString::number(mean)));
        QVERIFY2(std::abs(observed / variance - 1) < 0.17,
                 qPrintable(QString("%1 against %2").arg(observed).arg(variance)));
    }

    // A tracker saved in the middle of a block and restored continues as the
    // one that ran through: the same measurements, bit for bit.
    void blocksContinueAcrossASession() {
        const marginals::WorkloadSet ws(blockDomain(), {marginals::Workload{{0, 1}}});
        test::TrackerRig whole(ws, 0.5, 77, "tracked-blocks"), split(ws, 0.5, 77, "tracked-blocks");
        blockSettings(whole);
        blockSettings(split);
        stream::OneWayTracker a = whole.tracker(), first = split.tracker();
        const int b = a.blockSteps()[0];
        const int stop = b + b / 2, last = 2 * b + 1;
        const marginals::Marginal release(32, 1.0);
        for (int t = 1; t <= stop; ++t) {
            a.feed({blockStepRows(t)}, {release}, t);
            first.feed({blockStepRows(t)}, {release}, t);
        }
        const std::vector<std::string> counters = first.saveState();
        const stream::BlockStates blocks = first.saveBlocks();
        QVERIFY(!blocks.pending.at(0).empty());
        stream::OneWayTracker second = split.tracker();
        second.restoreState(counters);
        second.restoreBlocks(blocks);
        for (int t = stop + 1; t <= last; ++t) {
            const auto ma = a.feed({blockStepRows(t)}, {release}, t);
            const auto mb = second.feed({blockStepRows(t)}, {release}, t);
            QCOMPARE(ma.size(), mb.size());
            for (std::size_t i = 0; i < ma.size(); ++i) {
                QCOMPARE(ma[i].values, mb[i].values);
                QCOMPARE(ma[i].variance, mb[i].variance);
            }
        }
    }

    // Without a public R (time steps) every counter is fed at every step.
    void timeStepsFeedEveryStep() {
        const marginals::WorkloadSet ws(blockDomain(), {marginals::Workload{{0, 1}}});
        test::TrackerRig rig(ws, 0.5, 5, "tracked-blocks");
        blockSettings(rig);
        rig.env.settings.publicRowsPerStep = 0;
        stream::OneWayTracker tracker = rig.tracker();
        QCOMPARE(tracker.blockSteps()[0], 1);
        for (int t = 1; t <= 4; ++t) {
            tracker.feed({blockStepRows(t)}, {marginals::Marginal(32, 0.0)}, t);
            QCOMPARE(chargesAt(rig.ledger, t), 1);
        }
    }
};

QTEST_APPLESS_MAIN(TestTrackedBlocks)
#include "test_tracked_blocks.moc"
