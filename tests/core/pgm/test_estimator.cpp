// Estimation: the §4.3 total, the §4.8 max-entropy oracle on a chain, exact
// marginal recovery on HEAD's clique sets, warm start exactness, tolerance.
#include <QtTest>
#include <cmath>

#include "core/pgm/marginal_query.h"
#include "core/privacy/rng.h"
#include "pgm_brute_force.h"

using namespace streamsynth::pgm;
using namespace streamsynth::pgm::test;

class TestEstimator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void total_worked_example();
    void max_entropy_chain();
    void exact_marginal_recovery();
    void warm_start_is_exact();
    void tolerance_stops_early();
    void huge_carried_step_never_makes_hard_zeros();
    void work_bound_caps_iterations();
};

namespace {
const std::vector<std::string> kEstimatorNames{"a", "b", "c", "d"};
struct Owned {
    std::vector<int> attrs;
    std::vector<double> values;
    double variance;
};
std::vector<MeasurementView> viewsOf(const std::vector<Owned>& ms) {
    std::vector<MeasurementView> v;
    for (const auto& m : ms) v.push_back({m.attrs, m.values, m.variance});
    return v;
}
}  // namespace

void TestEstimator::total_worked_example() {
    const Sizes s{2, 3, 2};
    std::vector<Owned> ms{{{0, 1}, {16.2741, 0, 0, 0, 0, 0}, 1.0}, {{1, 2}, {6.0, 6.7044, 0, 0, 0, 0}, 1.0}};
    QVERIFY(std::abs(estimateTotal(viewsOf(ms), s) - 14.4893) < 1e-4);  // (16.2741/6 + 12.7044/6)/(2/6)
    QCOMPARE(estimateTotal({}, s), 1.0);
    std::vector<Owned> neg{{{0}, {-3, -4}, 1.0}};
    QCOMPARE(estimateTotal(viewsOf(neg), s), 1.0);  // max(1, ·)
}

void TestEstimator::max_entropy_chain() {
    // §4.8: exact AB and BC of a 10-row dataset; the max-entropy AC is
    // Σ_b μ_AB μ_BC / μ_B = [2.5833, 2.4167, 1.4167, 3.5833].
    const Sizes s{2, 3, 2};
    std::vector<Owned> ms{{{0, 1}, {3, 1, 1, 1, 2, 2}, 1.0}, {{1, 2}, {3, 1, 0, 3, 1, 2}, 1.0}};
    MirrorDescentOptions o;
    o.maxIterations = 1000;
    o.tolerance = 0;
    const auto r = estimate(s, kEstimatorNames, viewsOf(ms), nullptr, 0, o);
    QVERIFY(std::abs(r.total - 10.0) < 1e-12);
    const auto ac = queryMarginal(s, r.tree, r.mu, std::vector<int>{0, 2}, r.total);
    const double want[4] = {31.0 / 12, 29.0 / 12, 17.0 / 12, 43.0 / 12};
    for (int i = 0; i < 4; ++i)
        QVERIFY2(std::abs(ac[static_cast<size_t>(i)] - want[i]) < 2e-3,
                 qPrintable(QString::number(ac[static_cast<size_t>(i)], 'g', 8)));
    QVERIFY(r.plainLoss < 1e-4);
}

void TestEstimator::exact_marginal_recovery() {
    // HEAD's tests: exact marginals (total 1) of a random joint on each clique
    // set; 250 iterations reproduce every measured marginal within 1e-2; the
    // total estimate is 1.
    const Sizes s{2, 3, 4, 5};
    auto rng = streamsynth::privacy::makeSeededRng(21);
    std::vector<double> joint(120);
    double z = 0;
    for (double& v : joint) {
        v = rng->uniform01();
        z += v;
    }
    for (double& v : joint) v /= z;
    const std::vector<std::vector<std::vector<int>>> sets{{{0, 1}, {1, 2}, {2, 3}},
                                                          {{0}, {0, 1}, {1, 2}, {0, 2}, {1, 3}},
                                                          {{0, 1}, {0, 3}},
                                                          {{0, 1, 2, 3}},
                                                          {{3}},
                                                          {{0, 1, 2}, {0, 1, 2}, {1, 3}}};
    for (const auto& set : sets) {
        std::vector<Owned> ms;
        for (const auto& c : set) ms.push_back({c, bruteMarginal(s, joint, c), 1.0});
        QVERIFY(std::abs(estimateTotal(viewsOf(ms), s) - 1.0) < 1e-12);
        MirrorDescentOptions o;
        o.maxIterations = 250;
        o.tolerance = 0;
        const auto r = estimate(s, kEstimatorNames, viewsOf(ms), nullptr, 0, o);
        for (const auto& m : ms) {
            const auto got = queryMarginal(s, r.tree, r.mu, m.attrs, r.total);
            for (size_t i = 0; i < got.size(); ++i) QVERIFY(std::abs(got[i] - m.values[i]) < 1e-2);
        }
    }
}

void TestEstimator::warm_start_is_exact() {
    // Fit AB; re-fit with BC added and zero iterations: the distribution is
    // unchanged (potentials live on measured cliques, §4.6), even where the
    // triangulation changes (§2.8 example 4 domain).
    const Sizes s{2, 2, 2, 2, 5};
    const std::vector<std::string> names{"A", "B", "C", "D", "E"};
    auto rng = streamsynth::privacy::makeSeededRng(5);
    std::vector<Owned> ms;
    for (const auto& c : std::vector<std::vector<int>>{{0, 1}, {1, 2}, {2, 3}, {0, 3}}) {
        std::vector<double> y(static_cast<size_t>(cellCount(s, c)));
        for (double& v : y) v = 10 + 20 * rng->uniform01();
        ms.push_back({c, y, 4.0});
    }
    MirrorDescentOptions o;
    o.maxIterations = 30;
    o.tolerance = 0;
    const auto first = estimate(s, names, viewsOf(ms), nullptr, 0, o);
    std::vector<double> ye(10);
    for (double& v : ye) v = 5 + 10 * rng->uniform01();
    ms.push_back({{0, 4}, ye, 4.0});
    MirrorDescentOptions zero = o;
    zero.maxIterations = 0;
    const auto second = estimate(s, names, viewsOf(ms), &first.potentials, 0, zero);
    QCOMPARE(second.iterations, 0);
    for (int mask = 1; mask < 32; ++mask) {
        std::vector<int> q;
        for (int a = 0; a < 5; ++a)
            if (mask & (1 << a)) q.push_back(a);
        auto a = queryMarginal(s, first.tree, first.mu, q, first.total);
        auto b = queryMarginal(s, second.tree, second.mu, q, second.total);
        for (double& v : a) v /= first.total;  // the total is re-estimated; compare distributions
        for (double& v : b) v /= second.total;
        for (size_t i = 0; i < a.size(); ++i)
            QVERIFY2(std::abs(a[i] - b[i]) < 1e-12, qPrintable(QString("mask %1 cell %2: %3 vs %4")
                                                                   .arg(mask)
                                                                   .arg(i)
                                                                   .arg(a[i], 0, 'g', 15)
                                                                   .arg(b[i], 0, 'g', 15)));
    }
    // And the returned potentials reproduce the fitted distribution.
    const auto j1 = bruteJoint(s, first.potentials, 1.0);
    const auto m1 = bruteMarginal(s, j1, first.tree.cliques[0]);
    for (size_t i = 0; i < m1.size(); ++i) QVERIFY(std::abs(m1[i] - first.mu[0][i] / first.total) < 1e-12);
}

void TestEstimator::huge_carried_step_never_makes_hard_zeros() {
    // A warm start may carry a step that grew over many easy fits. With a
    // step of 1e6 the first trial would be exp(−α g) = 0 or inf on most cells
    // (|g| ~ 1 here); the trust region (≤ 25 nats per cell per trial) keeps
    // every cell positive and finite, and the fit still lowers the loss.
    const Sizes s{2, 3, 2};
    std::vector<Owned> ms{{{0, 1}, {3, 1, 1, 1, 2, 2}, 1.0}, {{1, 2}, {3, 1, 0, 3, 1, 2}, 1.0}};
    MirrorDescentOptions o;
    o.maxIterations = 5;
    o.tolerance = 0;
    o.carriedStep = 1e6;
    const auto r = estimate(s, kEstimatorNames, viewsOf(ms), nullptr, 0, o);
    MirrorDescentOptions none = o;
    none.maxIterations = 0;
    const auto start = estimate(s, kEstimatorNames, viewsOf(ms), nullptr, 0, none);
    QVERIFY(r.weightedLoss < start.weightedLoss);
    for (const auto& clique : r.mu)
        for (double v : clique) QVERIFY2(std::isfinite(v) && v > 0, qPrintable(QString::number(v)));
    for (const auto& theta : r.potentials.theta)
        for (double v : theta) QVERIFY(std::isfinite(v));
    QVERIFY(r.lastStep < 1e6);
}

void TestEstimator::tolerance_stops_early() {
    const Sizes s{2, 3, 2};
    std::vector<Owned> ms{{{0, 1}, {3, 1, 1, 1, 2, 2}, 1.0}, {{1, 2}, {3, 1, 1, 3, 1, 2}, 1.0}};
    MirrorDescentOptions o;
    o.maxIterations = 5000;
    o.tolerance = 1e-3;
    const auto r = estimate(s, kEstimatorNames, viewsOf(ms), nullptr, 0, o);
    QVERIFY(r.iterations < 5000);
    QVERIFY(r.iterations >= kToleranceWindow);
    QVERIFY(r.lastStep > 0);
}

void TestEstimator::work_bound_caps_iterations() {
    // The cap: ⌈W / cells⌉, never above maxIterations, at least 1; W = 0 no bound.
    MirrorDescentOptions o;
    o.maxIterations = 100;
    QCOMPARE(boundedIterations(o, 96658), 100);
    o.maxCellIterations = 1.5e6;
    QCOMPARE(boundedIterations(o, 96658), 16);  // 15.5… rounded up
    QCOMPARE(boundedIterations(o, 1e5), 15);
    QCOMPARE(boundedIterations(o, 13000), 100);  // 116 > the iteration cap
    QCOMPARE(boundedIterations(o, 1e9), 1);
    // A fit that would run its 5,000 iterations (no tolerance) stops at the
    // bound: the chain a-b, b-c has 6 + 6 = 12 cells, so W = 120 allows 10.
    const Sizes s{2, 3, 2};
    std::vector<Owned> ms{{{0, 1}, {3, 1, 1, 1, 2, 2}, 1.0}, {{1, 2}, {3, 1, 1, 3, 1, 2}, 1.0}};
    MirrorDescentOptions free;
    free.maxIterations = 5000;
    free.tolerance = 0;
    const auto unbounded = estimate(s, kEstimatorNames, viewsOf(ms), nullptr, 0, free);
    QVERIFY(unbounded.iterations > 10);
    MirrorDescentOptions bounded = free;
    bounded.maxCellIterations = 120;
    const auto r = estimate(s, kEstimatorNames, viewsOf(ms), nullptr, 0, bounded);
    QCOMPARE(r.tree.size, 12.0);
    QVERIFY(r.iterations <= 10);
    QVERIFY(r.weightedLoss >= unbounded.weightedLoss);
}

QTEST_APPLESS_MAIN(TestEstimator)
#include "test_estimator.moc"
