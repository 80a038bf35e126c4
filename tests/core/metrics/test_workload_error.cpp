// Metrics of SPEC §6 on a hand-computable example, a 0-row release,
// exclusion of zero-truth cells from RelWE, and the summaries.
#include <QtTest>

#include "core/metrics/summary.h"
#include "core/values/error.h"
#include "core/values/workload_error.h"

using namespace streamsynth;
using marginals::Marginal;

namespace {
// Domain A(2) × B(2); workloads W1 = (A), W2 = (A,B) with cells 00,01,10,11.
// Truth f, 4 rows: (0,0) (0,1) (1,1) (1,1)  -> W1(f) = [2,2],  W2(f) = [1,1,0,2]
// Release g, 2 rows: (0,0) (1,0)            -> W1(g) = [1,1],  W2(g) = [1,0,1,0]
const std::vector<Marginal> kTruth{{2, 2}, {1, 1, 0, 2}};
const std::vector<Marginal> kRelease{{1, 1}, {1, 0, 1, 0}};
constexpr double kWorkloadEps = 1e-12;
}  // namespace

class TestWorkloadError : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handExample() {
        // W1: a = [.5,.5], b = [.5,.5]: |a-b| = 0 -> WE 0, RelWE 0, RelL1 0.
        //     counts |[2,2]-[1,1]| = [1,1] -> WECount 1, RelL1Count 2.
        // W2: a = [.25,.25,0,.5], b = [.5,0,.5,0]: |a-b| = [.25,.25,.5,.5]
        //     -> WE 1.5/4 = .375, RelL1 1.5; RelWE over cells with f>0 (0,1,3):
        //     (.25/.25 + .25/.25 + .5/.5)/3 = 1 (cell 2 has f = 0 and is excluded,
        //     otherwise it would divide by zero).
        //     counts |[1,1,0,2]-[1,0,1,0]| = [0,1,1,2] -> WECount 1, RelL1Count 4.
        const auto m = metrics::evaluateStep(kTruth, 4, kRelease, 2);
        QVERIFY(std::abs(m.avgWE - 0.1875) < kWorkloadEps);
        QVERIFY(std::abs(m.maxWE - 0.375) < kWorkloadEps);
        QVERIFY(std::abs(m.avgRelWE - 0.5) < kWorkloadEps);
        QVERIFY(std::abs(m.maxRelWE - 1.0) < kWorkloadEps);
        QVERIFY(std::abs(m.avgRelL1 - 0.75) < kWorkloadEps);
        QVERIFY(std::abs(m.maxRelL1 - 1.5) < kWorkloadEps);
        QVERIFY(std::abs(m.avgWECount - 1.0) < kWorkloadEps);
        QVERIFY(std::abs(m.maxWECount - 1.0) < kWorkloadEps);
        QVERIFY(std::abs(m.avgRelL1Count - 3.0) < kWorkloadEps);
        QVERIFY(std::abs(m.maxRelL1Count - 4.0) < kWorkloadEps);
        QCOMPARE(metrics::metricValue(m, "AvgWE"), m.avgWE);
        QCOMPARE(metrics::metricValue(m, "MaxRelL1Count"), m.maxRelL1Count);
    }
    void zeroRowRelease() {
        // b = 0: |a-b| = a. W1: WE .5, RelWE 1, RelL1 1, WECount 2, RelL1Count 4.
        // W2: WE .25, RelWE 1, RelL1 1, WECount 1, RelL1Count 4.
        const std::vector<Marginal> empty{{0, 0}, {0, 0, 0, 0}};
        const auto m = metrics::evaluateStep(kTruth, 4, empty, 0);
        QVERIFY(std::abs(m.avgWE - 0.375) < kWorkloadEps);
        QVERIFY(std::abs(m.maxWE - 0.5) < kWorkloadEps);
        QVERIFY(std::abs(m.avgRelWE - 1.0) < kWorkloadEps);
        QVERIFY(std::abs(m.maxRelWE - 1.0) < kWorkloadEps);
        QVERIFY(std::abs(m.avgRelL1 - 1.0) < kWorkloadEps);
        QVERIFY(std::abs(m.avgWECount - 1.5) < kWorkloadEps);
        QVERIFY(std::abs(m.maxWECount - 2.0) < kWorkloadEps);
        QVERIFY(std::abs(m.avgRelL1Count - 4.0) < kWorkloadEps);
        QVERIFY(std::isfinite(m.maxRelWE));
    }
    void perfectReleaseIsZero() {
        // Same distribution at twice the size: normalised errors 0, counts not.
        const std::vector<Marginal> twice{{4, 4}, {2, 2, 0, 4}};
        const auto m = metrics::evaluateStep(kTruth, 4, twice, 8);
        for (const std::string n : {"AvgWE", "MaxWE", "AvgRelWE", "MaxRelWE", "AvgRelL1", "MaxRelL1"})
            QCOMPARE(metrics::metricValue(m, n), 0.0);
        QVERIFY(std::abs(m.maxRelL1Count - 4.0) <
                kWorkloadEps);  // W1: |[2,2]-[4,4]| = 4; W2: |[1,1,0,2]-[2,2,0,4]| = 4
    }
    void mismatchedShapesThrow() {
        QVERIFY_THROWS_EXCEPTION(Error, metrics::evaluateStep(kTruth, 4, {{1, 1}}, 2));
        QVERIFY_THROWS_EXCEPTION(Error, metrics::evaluateStep(kTruth, 4, {{1, 1}, {1, 1, 1}}, 2));
        QVERIFY_THROWS_EXCEPTION(Error, metrics::metricValue(metrics::StepMetrics{}, "Nope"));
    }
    void names() {
        const auto n = metrics::metricNames();
        QCOMPARE(n.size(), std::size_t(10));
        QCOMPARE(n[0], std::string("AvgWE"));
        metrics::StepMetrics m{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        for (std::size_t i = 0; i < n.size(); ++i) QCOMPARE(metrics::metricValue(m, n[i]), double(i + 1));
    }
    void summaries() {
        std::vector<metrics::StepMetrics> steps(12);
        for (int i = 0; i < 12; ++i) {
            steps[static_cast<size_t>(i)].avgWE = i + 1;
            steps[static_cast<size_t>(i)].maxRelL1Count = 2.0 * (i + 1);
        }
        const auto s = metrics::summarize(steps);
        QCOMPARE(s.steps, 12);
        QCOMPARE(s.all.avgWE, 6.5);     // mean of 1..12
        QCOMPARE(s.last10.avgWE, 7.5);  // mean of 3..12
        QCOMPARE(s.last10.maxRelL1Count, 15.0);
        steps.resize(4);
        const auto few = metrics::summarize(steps);
        QCOMPARE(few.last10.avgWE, 2.5);  // fewer than 10 steps: all of them
        QCOMPARE(metrics::summarize({}).all.avgWE, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestWorkloadError)
#include "test_workload_error.moc"
