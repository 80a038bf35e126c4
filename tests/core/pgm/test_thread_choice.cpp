// ThreadChoice (core/pgm/thread_choice.h) on scripted timings: workers that
// make a trial faster within the CPU limit stay; workers that gain too
// little wall time, or cost too much CPU, are held; one preempted iteration
// does not decide (medians); the first iteration of each block is not
// counted; a probe of tiny iterations still decides by its cap; a pool of
// one thread never probes.
#include <QtTest>
#include <functional>

#include "core/pgm/thread_choice.h"

using streamsynth::pgm::ThreadChoice;

namespace {
// Runs iterations 1.. until the probe decides (or t = limit), each timed by
// `timing(t, workers)` as {wall, cpu} for `trials` trials; returns the
// iteration it decided at (0: never).
int probe(ThreadChoice& c, const std::function<std::pair<double, double>(int, bool)>& timing, int trials = 2,
          int limit = 200) {
    for (int t = 1; t <= limit; ++t) {
        if (!c.probing()) return t - 1;
        const bool w = c.workers(t);
        const auto [wall, cpu] = timing(t, w);
        c.record(t, wall, cpu, trials);
    }
    return c.probing() ? 0 : limit;
}
}  // namespace

class TestThreadChoice : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void workersThatPayStay() {
        ThreadChoice c(true);
        // Workers: 0.6 of the wall at 1.2 of the CPU; 1 ms a trial alone.
        const int at = probe(c, [](int, bool w) {
            return w ? std::pair{0.0012, 0.0024} : std::pair{0.002, 0.002};
        });
        QVERIFY(at > 0);
        QVERIFY(!c.probing());
        QVERIFY(c.workers(at + 1));
        QVERIFY(c.workers(1000));
    }

    void workersThatGainTooLittleOrCostTooMuchAreHeld() {
        ThreadChoice slow(true), costly(true);
        probe(slow, [](int, bool w) { return w ? std::pair{0.00196, 0.0025} : std::pair{0.002, 0.002}; });
        QVERIFY(!slow.probing());
        QVERIFY(!slow.workers(1000));  // 0.98 of the wall: not worth a second core
        probe(costly, [](int, bool w) { return w ? std::pair{0.0014, 0.0028} : std::pair{0.002, 0.002}; });
        QVERIFY(!costly.workers(1000));  // 0.7 of the wall but 1.4 of the CPU
    }

    void onePreemptedIterationDoesNotDecide() {
        ThreadChoice c(true);
        // Workers pay, but one of their iterations took 50 times as long.
        probe(c, [](int t, bool w) {
            if (w && t == 3) return std::pair{0.06, 0.06};
            return w ? std::pair{0.0012, 0.0024} : std::pair{0.002, 0.002};
        });
        QVERIFY(c.workers(1000));
    }

    void theFirstIterationOfEachBlockIsNotCounted() {
        ThreadChoice c(true);
        // The first iteration of every block is 100 times slower with the
        // workers (caches moving); counted, it would hold them.
        probe(c, [](int t, bool w) {
            const bool first = (t - 1) % ThreadChoice::kBlock == 0;
            if (w && first) return std::pair{0.2, 0.4};
            return w ? std::pair{0.0012, 0.0024} : std::pair{0.002, 0.002};
        });
        QVERIFY(c.workers(1000));
    }

    void tinyIterationsDecideByTheCap() {
        ThreadChoice c(true);
        // 1 µs iterations never add up to kProbeSeconds: the cap decides.
        const int at = probe(c, [](int, bool w) {
            return w ? std::pair{1e-6, 2e-6} : std::pair{2e-6, 2e-6};
        });
        QCOMPARE(at, ThreadChoice::kMaxProbeIterations);
        QVERIFY(c.workers(1000));
    }

    void oneThreadNeverProbes() {
        ThreadChoice c(false);
        QVERIFY(!c.probing());
        QVERIFY(!c.workers(1));
        c.record(2, 1.0, 1.0, 1);
        QVERIFY(!c.workers(3));
    }
};

QTEST_APPLESS_MAIN(TestThreadChoice)
#include "test_thread_choice.moc"
