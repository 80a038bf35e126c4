// Vector counters: per-cell independence and identical schedules, input
// validation, exact state round trip.
#include <QtTest>
#include <cmath>
#include <vector>

#include "core/privacy/vector_counter.h"
#include "core/values/error.h"
#include "privacy_test_support.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

class TestVectorCounter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void zeroNoiseGivesPerCellSums() {
        auto noise = std::make_shared<privacy_test::RecordingNoise>(0.0);
        VectorCounter vc(parseCounterSpec("hybrid"), 1.0, 5, noise);
        QCOMPARE(vc.values().size(), std::size_t{5});
        auto rng = makeSeededRng(1);
        std::vector<double> truth(5, 0.0), inc(5);
        for (int t = 1; t <= 40; ++t) {
            for (int c = 0; c < 5; ++c) {
                inc[c] = double(c * t % 3) - 1.0;
                truth[c] += inc[c];
            }
            vc.feed(inc, *rng);
            for (int c = 0; c < 5; ++c) QCOMPARE(vc.values()[c], truth[c]);
        }
        // One fill per noise term kind per step, covering all cells at once.
        for (const auto& call : noise->calls) QCOMPARE(call.count, std::size_t{5});
    }
    void cellsAreIndependent() {
        // Correlation of two cells' errors over 20,000 runs of 10 steps: sd 1/sqrt(n).
        const std::size_t runs = 20000;
        VectorCounter vc(parseCounterSpec("block:3"), 1.0, 2 * runs);
        auto rng = makeSeededRng(2);
        std::vector<double> inc(2 * runs, 1.0);
        for (int t = 0; t < 10; ++t) vc.feed(inc, *rng);
        double sxy = 0, sxx = 0, syy = 0;
        for (std::size_t r = 0; r < runs; ++r) {
            const double x = vc.values()[2 * r] - 10, y = vc.values()[2 * r + 1] - 10;
            sxy += x * y;
            sxx += x * x;
            syy += y * y;
        }
        QVERIFY(std::abs(sxy / std::sqrt(sxx * syy)) < 4.5 / std::sqrt(double(runs)));
    }
    void validatesIncrements() {
        VectorCounter vc(parseCounterSpec("simple"), 1.0, 3);
        auto rng = makeSeededRng(3);
        const std::vector<double> wrongSize{1, 2}, fractional{1, 0.5, 0}, nan{1, NAN, 0};
        QVERIFY_THROWS_EXCEPTION(Error, vc.feed(wrongSize, *rng));
        QVERIFY_THROWS_EXCEPTION(Error, vc.feed(fractional, *rng));
        QVERIFY_THROWS_EXCEPTION(Error, vc.feed(nan, *rng));
        QCOMPARE(vc.time(), 0LL);
    }
    void stateRoundTripResumesExactly() {
        for (const char* type :
             {"simple", "block:5", "unbounded-block", "tree:128", "hybrid", "honaker:128"}) {
            VectorCounter a(parseCounterSpec(type), 0.5, 7);
            auto rng = makeSeededRng(4);
            std::vector<double> inc(7, 1.0);
            for (int t = 0; t < 19; ++t) a.feed(inc, *rng);
            VectorCounter b(loadCounterState(saveCounterState(a.state())));
            VectorCounter c = a;  // copy = clone
            QCOMPARE(b.time(), a.time());
            auto rb = makeSeededRng(0), rc = makeSeededRng(0);
            rb->loadState(rng->saveState());
            rc->loadState(rng->saveState());
            for (int t = 0; t < 40; ++t) {
                a.feed(inc, *rng);
                b.feed(inc, *rb);
                c.feed(inc, *rc);
                for (int k = 0; k < 7; ++k) {
                    QCOMPARE(b.values()[k], a.values()[k]);
                    QCOMPARE(c.values()[k], a.values()[k]);
                }
            }
            QCOMPARE(b.varianceSince(20), a.varianceSince(20));
        }
        CounterState bad = VectorCounter(parseCounterSpec("tree:8"), 1.0, 2).state();
        bad.arrays.back().pop_back();
        QVERIFY_THROWS_EXCEPTION(Error, VectorCounter{bad});
    }
};

QTEST_APPLESS_MAIN(TestVectorCounter)
#include "test_vector_counter.moc"
