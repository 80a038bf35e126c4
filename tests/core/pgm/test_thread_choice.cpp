// ThreadChoice (core/pgm/thread_choice.h) on scripted timings: workers that
// make a trial faster within the CPU limit stay; workers that gain too
// little wall time, or cost too much CPU, are held; one preempted iteration
// does not decide (medians); the first two iterations of each block and the
// whole first block are not counted; a probe of tiny iterations still
// decides by its cap; workers kept are held once a later window of
// iterations fails the same rule (its median wall, its CPU between two
// marks: one slow iteration in a window does not), and never come back; a
// pool of one thread never probes.
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
// The loop's side of the watch: iterations of `timing` {wall, cpu} with two
// trials each, the CPU clocks given at every mark.
struct Watch {
    ThreadChoice& c;
    int t;
    double cpu = 0;
    void iterations(int n, std::pair<double, double> timing) {
        for (int i = 0; i < n; ++i, ++t) {
            cpu += timing.second;
            c.watch(timing.first, 2, ThreadChoice::cpuMarkAt(t) ? cpu : -1.0);
        }
    }
};
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

    void theFirstIterationsOfEachBlockAndTheFirstBlockAreNotCounted() {
        ThreadChoice c(true);
        // The first two iterations of every block are 100 times slower with
        // the workers (caches moving), and so is the whole first block (the
        // fit's buffers touched for the first time); counted, they would hold
        // the workers.
        probe(c, [](int t, bool w) {
            const bool first = (t - 1) % ThreadChoice::kBlock < 2 || t <= ThreadChoice::kBlock;
            if (w && first) return std::pair{0.2, 0.4};
            return w ? std::pair{0.0012, 0.0024} : std::pair{0.002, 0.002};
        });
        QVERIFY(c.workers(1000));
        // A third slow iteration in each block is counted (3 of 6 counted: the median moves).
        ThreadChoice d(true);
        probe(d, [](int t, bool w) {
            const bool first = (t - 1) % ThreadChoice::kBlock < 5 || t <= ThreadChoice::kBlock;
            if (w && first) return std::pair{0.2, 0.4};
            return w ? std::pair{0.0012, 0.0024} : std::pair{0.002, 0.002};
        });
        QVERIFY(!d.workers(1000));
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

    void keptWorkersThatStopPayingAreHeld() {
        ThreadChoice c(true);
        // Two trials an iteration, as in probe(); 1 ms a trial alone.
        const auto fast = std::pair{0.0012, 0.0024}, slow = std::pair{0.0017, 0.0034};  // 0.85 wall, 1.7 CPU
        const int at = probe(c, [&](int, bool w) { return w ? fast : std::pair{0.002, 0.002}; });
        QVERIFY(c.workers(at + 1));
        QVERIFY(c.watching());
        Watch run{c, at + 1};
        run.iterations(3 * ThreadChoice::kWindow, fast);  // as fast as the probe: kept
        QVERIFY(c.workers(run.t));
        // Then the machine changes: held at the first mark a whole window after it.
        const int changed = run.t;
        while (c.watching() && run.t < changed + 3 * ThreadChoice::kWindow) run.iterations(1, slow);
        QVERIFY(!c.workers(run.t));
        QVERIFY(run.t - changed <= 2 * ThreadChoice::kWindow);
        QVERIFY(ThreadChoice::cpuMarkAt(run.t - 1));
        // Held for good: fast iterations later do not bring them back.
        run.iterations(4 * ThreadChoice::kWindow, fast);
        QVERIFY(!c.workers(run.t));
    }

    void windowsJudgeTheMedianWallAndTheCpuBetweenMarks() {
        // One iteration in each window 50 times as slow (wall and CPU):
        // the median wall does not move, the window's CPU grows by a
        // fraction that stays under the limit.
        ThreadChoice c(true);
        const auto fast = std::pair{0.0012, 0.0024};
        const int at = probe(c, [&](int, bool w) { return w ? fast : std::pair{0.002, 0.002}; });
        Watch run{c, at + 1};
        for (int i = 0; i < 4 * ThreadChoice::kWindow; ++i)
            run.iterations(1, i % ThreadChoice::kWindow == 5 ? std::pair{0.06, 0.0027} : fast);
        QVERIFY(c.workers(run.t));
        // CPU alone past the limit (1.4 of the probe's alone) holds them, the wall unchanged.
        run.iterations(2 * ThreadChoice::kWindow, std::pair{0.0012, 0.0028});
        QVERIFY(!c.workers(run.t));
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
