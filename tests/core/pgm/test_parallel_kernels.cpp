// Walks split into segments (parallel_kernels.h): the segment rule, and
// belief propagation and whole mirror-descent fits giving the same bits for
// 1, 2, 3 and 4 threads on cliques large enough to be split (also on
// forests, roots with several children, children sharing a separator and
// scattered-axis maps), agreeing with the log-space oracle and with plain
// one-piece sums up to rounding.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "core/common/task_pool.h"
#include "core/pgm/belief_propagation.h"
#include "core/pgm/estimator.h"
#include "core/pgm/factor.h"
#include "core/pgm/parallel_kernels.h"
#include "core/privacy/rng.h"

using namespace streamsynth::pgm;
using streamsynth::TaskPool;

class TestParallelKernels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void segments_follow_the_rule();
    void sinks_summed_in_place_only_where_segments_do_not_meet();
    void belief_propagation_same_bits();
    void segmented_walks_same_bits();
    void estimate_same_bits();
    void estimate_same_bits_twins_and_forest();
    void propagate_with_work_same_bits();
    void small_models_start_no_worker();
};

namespace {
// Attribute sizes chosen so that 3-way cliques have 36,000+ cells (above
// kParallelMinCells twice) and 2-way separators a few hundred.
const Sizes kKernelSizes{40, 30, 30, 20, 3};
const std::vector<std::string> kKernelNames{"a", "b", "c", "d", "e"};

std::vector<double> randomKernelVector(size_t n, streamsynth::privacy::Rng& rng) {
    std::vector<double> v(n);
    for (double& x : v) x = rng.uniform01() * 10.0;
    return v;
}

// The attribute layouts exercised: collapse and non-collapse block maps,
// blocks of one, and a scattered middle axis.
const std::vector<std::pair<std::vector<int>, std::vector<int>>> kKernelMaps{
    {{0, 1, 2}, {0, 1}}, {{0, 1, 2}, {1, 2}}, {{0, 1, 2}, {0, 2}},
    {{0, 1, 2}, {1}},    {{1, 2, 3}, {3}},    {{0, 2, 3}, {0, 3}}};

// Random noisy marginals on attrs (variance 4), the values kept beside
// the views that point into them.
struct KernelMeasurements {
    std::vector<std::vector<double>> values;
    std::vector<MeasurementView> views;
};
KernelMeasurements randomKernelMeasurements(const Sizes& sizes, const std::vector<std::vector<int>>& attrs,
                                            std::uint64_t seed) {
    auto rng = streamsynth::privacy::makeSeededRng(seed);
    KernelMeasurements out;
    for (const auto& a : attrs)
        out.values.push_back(randomKernelVector(static_cast<size_t>(cellCount(sizes, a)), *rng));
    for (size_t j = 0; j < attrs.size(); ++j) out.views.push_back({attrs[j], out.values[j], 4.0});
    return out;
}

// Equal up to rounding: the same sums taken in another order.
bool closeKernelValues(const std::vector<double>& a, const std::vector<double>& b) {
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
        if (!(std::abs(a[i] - b[i]) <= 1e-12 * std::abs(b[i]))) return false;
    return a.size() == b.size();
}

bool sameKernelBits(const std::vector<double>& a, const std::vector<double>& b) {
    // (memcmp on an empty vector's null data() is undefined behaviour)
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}
}  // namespace

void TestParallelKernels::segments_follow_the_rule() {
    // A 36,000-cell clique summed onto 1,200 cells is split in two (two
    // segments of 18,000 cells, partial sums 1,200 · 8 ≤ 36,000), not in
    // four (segments under kParallelMinCells); a 1,200-cell clique never.
    QCOMPARE(passSegments(36000, 30, 1200), size_t{2});
    QCOMPARE(passSegments(1200, 1, 0), size_t{1});
    QCOMPARE(maxPassSegments(36000), size_t{2});
    QCOMPARE(maxPassSegments(200000), kMaxSegments);
    // Clearing and adding the partial sums may cost at most an eighth of the walk.
    QCOMPARE(passSegments(36000, 1, 4500), size_t{2});
    QCOMPARE(passSegments(36000, 1, 4501), size_t{1});
    QCOMPARE(passSegments(200000, 1, 8000), size_t{4});  // 3 · 8,000 · 8 ≤ 200,000
    QCOMPARE(passSegments(200000, 1, 8500), size_t{2});
    // Whole units only: a walk of two units has at most two segments.
    QCOMPARE(passSegments(200000, 100000, 0), size_t{2});
    QCOMPARE(passSegments(200000, 200000, 0), size_t{1});
}

void TestParallelKernels::sinks_summed_in_place_only_where_segments_do_not_meet() {
    // A 40 x 30 x 30 clique cut on its first axis (units of 30 cells, two
    // segments of 20 values of a): onto a x b and a x c each half of a
    // lands in its own half of the destination; onto b x c and onto b both
    // halves land everywhere.
    const std::vector<int> abc{0, 1, 2};
    auto split = [&](std::vector<int> sub, std::size_t unit, std::size_t segs) {
        const BlockMap map = blockMap(kKernelSizes, abc, sub);
        return sinkSplit(map, static_cast<std::size_t>(cellCount(kKernelSizes, sub)), unit, segs);
    };
    const SinkSplit ab = split({0, 1}, 30, 2);
    QVERIFY(ab.direct);
    QCOMPARE(ab.from, (std::vector<std::size_t>{0, 600, 1200}));
    const SinkSplit ac = split({0, 2}, 30, 2);
    QVERIFY(ac.direct);
    QCOMPARE(ac.from, (std::vector<std::size_t>{0, 600, 1200}));
    const SinkSplit four = split({0, 1}, 30, 4);
    QVERIFY(four.direct);
    QCOMPARE(four.from, (std::vector<std::size_t>{0, 300, 600, 900, 1200}));
    QVERIFY(!split({1, 2}, 30, 2).direct);
    QVERIFY(!split({1}, 30, 2).direct);
    QVERIFY(!split({0, 1}, 30, 1).direct);  // one segment: nothing to split
    QVERIFY(!split({0, 1}, 45, 2).direct);  // units that are not whole blocks of the map
}

void TestParallelKernels::belief_propagation_same_bits() {
    const std::vector<std::vector<int>> cliques{{0, 1, 2}, {1, 2, 3}, {0, 3}, {3, 4}};
    const auto jt = buildJunctionTree(kKernelSizes, kKernelNames, cliques);
    auto rng = streamsynth::privacy::makeSeededRng(9);
    std::vector<std::vector<double>> theta;
    for (size_t c = 0; c < jt.cliques.size(); ++c) {
        auto t = randomKernelVector(static_cast<size_t>(jt.cells[c]), *rng);
        for (double& v : t) v = 0.3 * v - 1.5;
        theta.push_back(t);
    }
    std::vector<std::vector<double>> want;
    BeliefPropagation(kKernelSizes, jt).calibrate(theta, 1000.0, want);
    double sum = 0;
    for (double x : want[0]) sum += x;
    QVERIFY(std::abs(sum - 1000.0) < 1e-9 * 1000.0);
    for (int threads : {1, 2, 3, 4}) {
        TaskPool pool(threads);
        BeliefPropagation bp(kKernelSizes, jt, &pool);
        std::vector<std::vector<double>> got;
        bp.calibrate(theta, 1000.0, got);
        QCOMPARE(got.size(), want.size());
        for (size_t c = 0; c < got.size(); ++c) QVERIFY(sameKernelBits(got[c], want[c]));
    }
}

void TestParallelKernels::segmented_walks_same_bits() {
    // Structures where the walks differ most: a root with three children, a
    // chain, two components (the second tree's root has no separator), a
    // middle axis summed out (blocks of one) and large cliques whose walks
    // are segmented; against the log-space oracle up to rounding.
    const std::vector<std::vector<std::vector<int>>> sets{
        {{0, 1, 2}, {0, 3}, {1, 4}, {2, 4}},    {{0, 2}, {1, 3}, {3, 4}, {1, 2, 3}},
        {{0, 1, 2}, {1, 2, 3}, {0, 3}, {3, 4}}, {{0, 1}, {2, 3, 4}, {1, 0}},
        {{0, 1, 2}, {1, 2, 3}, {1, 2, 4}},  // two children with one separator (one sum, shared)
    };
    auto rng = streamsynth::privacy::makeSeededRng(11);
    for (const auto& cliques : sets) {
        const auto jt = buildJunctionTree(kKernelSizes, kKernelNames, cliques);
        std::vector<std::vector<double>> theta;
        for (size_t c = 0; c < jt.cliques.size(); ++c) {
            auto t = randomKernelVector(static_cast<size_t>(jt.cells[c]), *rng);
            for (double& v : t) v = 0.4 * v - 2.0;
            theta.push_back(t);
        }
        std::vector<std::vector<double>> fused, log;
        BeliefPropagation(kKernelSizes, jt).calibrate(theta, 500.0, fused);
        BeliefPropagation(kKernelSizes, jt).calibrateLog(theta, 500.0, log);
        for (int threads : {2, 3}) {
            TaskPool pool(threads);
            std::vector<std::vector<double>> split;
            BeliefPropagation(kKernelSizes, jt, &pool).calibrate(theta, 500.0, split);
            QCOMPARE(fused.size(), split.size());
            for (size_t c = 0; c < fused.size(); ++c) QVERIFY(sameKernelBits(fused[c], split[c]));
        }
        for (size_t c = 0; c < fused.size(); ++c)
            for (size_t i = 0; i < fused[c].size(); ++i)
                QVERIFY(std::abs(fused[c][i] - log[c][i]) <= 1e-9 * (1.0 + std::abs(log[c][i])));
        // and both are calibrated: every clique sums to the total
        for (const auto& m : fused) {
            double sum = 0;
            for (double x : m) sum += x;
            QVERIFY2(std::abs(sum - 500.0) < 1e-9 * 500.0, qPrintable(QString::number(sum, 'g', 17)));
        }
    }
}

void TestParallelKernels::estimate_same_bits() {
    // Noisy marginals of a random table on three overlapping 3-way and 2-way
    // workloads; 60 iterations, so many accepted and rejected trials.
    auto rng = streamsynth::privacy::makeSeededRng(10);
    const std::vector<std::vector<int>> attrs{{0, 1, 2}, {1, 2, 3}, {0, 3}, {3, 4}, {2, 4}};
    std::vector<std::vector<double>> values;
    for (const auto& a : attrs) {
        auto v = randomKernelVector(static_cast<size_t>(cellCount(kKernelSizes, a)), *rng);
        values.push_back(v);
    }
    std::vector<MeasurementView> ms;
    for (size_t j = 0; j < attrs.size(); ++j) ms.push_back({attrs[j], values[j], 4.0});
    MirrorDescentOptions opt;
    opt.maxIterations = 60;
    opt.tolerance = 0;
    const auto want = estimate(kKernelSizes, kKernelNames, ms, nullptr, 0.0, opt);
    QCOMPARE(want.iterations, 60);
    // Large enough that estimate() really uses the threads (no worker is
    // started where no walk has two segments).
    QVERIFY(maxPassSegments(static_cast<size_t>(want.tree.cells[0])) >= 2);
    for (int threads : {2, 3}) {
        opt.threads = threads;
        const auto got = estimate(kKernelSizes, kKernelNames, ms, nullptr, 0.0, opt);
        // as many as the largest clique's walks have segments, at most those asked for
        size_t most = 1;
        for (double cells : want.tree.cells)
            most = std::max(most, maxPassSegments(static_cast<size_t>(cells)));
        QCOMPARE(got.threads, static_cast<int>(std::min(most, static_cast<size_t>(threads))));
        QCOMPARE(got.iterations, want.iterations);
        QCOMPARE(got.bpCalls, want.bpCalls);
        QCOMPARE(std::memcmp(&got.weightedLoss, &want.weightedLoss, sizeof(double)), 0);
        QCOMPARE(got.potentials.theta.size(), want.potentials.theta.size());
        for (size_t d = 0; d < got.potentials.theta.size(); ++d)
            QVERIFY(sameKernelBits(got.potentials.theta[d], want.potentials.theta[d]));
        for (size_t c = 0; c < got.mu.size(); ++c) QVERIFY(sameKernelBits(got.mu[c], want.mu[c]));
    }
}

// The fit takes its trial products and projections inside belief
// propagation and shares the distribute sums of children with the same
// separator. On a root with two such children and a measured clique of its
// own (a forest), one and two threads must agree bit for bit.
void TestParallelKernels::estimate_same_bits_twins_and_forest() {
    const Sizes sizes{40, 30, 30, 20, 20, 3};
    const std::vector<std::string> names{"a", "b", "c", "d", "e", "f"};
    const std::vector<std::vector<int>> attrs{{0, 1, 2}, {0, 1, 3}, {0, 1, 4}, {2}, {1, 3}, {5}};
    const auto data = randomKernelMeasurements(sizes, attrs, 12);
    const auto& ms = data.views;
    MirrorDescentOptions opt;
    opt.maxIterations = 40;
    opt.tolerance = 0;
    const auto want = estimate(sizes, names, ms, nullptr, 0.0, opt);
    QCOMPARE(want.iterations, 40);
    QVERIFY(maxPassSegments(static_cast<size_t>(want.tree.cells[0])) >= 2);
    QCOMPARE(want.tree.cliques.size(), size_t{4});
    // a root with two children (the same separator) and an isolated clique,
    // which hangs from the root with an empty separator
    QCOMPARE(std::count(want.tree.parent.begin(), want.tree.parent.end(), 0), 3);
    opt.threads = 2;
    const auto got = estimate(sizes, names, ms, nullptr, 0.0, opt);
    QVERIFY(got.workerCpuSeconds > 0);  // the worker did run segments
    QCOMPARE(got.bpCalls, want.bpCalls);
    QCOMPARE(std::memcmp(&got.weightedLoss, &want.weightedLoss, sizeof(double)), 0);
    for (size_t d = 0; d < got.potentials.theta.size(); ++d)
        QVERIFY(sameKernelBits(got.potentials.theta[d], want.potentials.theta[d]));
    for (size_t c = 0; c < got.mu.size(); ++c) QVERIFY(sameKernelBits(got.mu[c], want.mu[c]));
}

// propagateWith: products taken in the first walk, projections from the
// beliefs tile by tile, no beliefs written, a potential of all ones read
// from a cached tile; against the products, propagate() and a plain
// scatter of the beliefs: the same products bit for bit, the projections
// and scales up to rounding (the segments sum in another order); and the
// same bits again for 2 and 3 threads.
void TestParallelKernels::propagate_with_work_same_bits() {
    const auto jt = buildJunctionTree(kKernelSizes, kKernelNames, {{0, 1, 2}, {1, 2, 3}, {1, 2, 4}, {0, 3}});
    const int k = static_cast<int>(jt.cliques.size());
    auto rng = streamsynth::privacy::makeSeededRng(14);
    std::vector<std::vector<double>> pot(static_cast<size_t>(k)), want(static_cast<size_t>(k));
    for (int c = 0; c < k; ++c) {
        pot[static_cast<size_t>(c)] =
            randomKernelVector(static_cast<size_t>(jt.cells[static_cast<size_t>(c)]), *rng);
        if (c == 1) std::fill(pot[1].begin(), pot[1].end(), 1.0);
    }
    // Per clique: products onto its first attribute and its last two, and
    // projections onto its first two attributes and its last one.
    std::vector<BlockMap> maps;
    std::vector<std::vector<double>> factors, got(static_cast<size_t>(k));
    maps.reserve(4 * static_cast<size_t>(k));
    std::vector<CliqueWork> work(static_cast<size_t>(k));
    std::vector<std::vector<double>> xs, xsWant;
    for (int c = 0; c < k; ++c) {
        const auto& C = jt.cliques[static_cast<size_t>(c)];
        const std::vector<std::vector<int>> subs{
            {C.front()}, {C.end() - 2, C.end()}, {C.begin(), C.begin() + 2}, {C.back()}};
        auto& w = work[static_cast<size_t>(c)];
        got[static_cast<size_t>(c)].resize(pot[static_cast<size_t>(c)].size());
        w.product = got[static_cast<size_t>(c)].data();
        w.onesPotential = c == 1;
        want[static_cast<size_t>(c)] = pot[static_cast<size_t>(c)];
        for (size_t i = 0; i < subs.size(); ++i) {
            maps.push_back(blockMap(kKernelSizes, C, subs[i]));
            const auto n = static_cast<size_t>(cellCount(kKernelSizes, subs[i]));
            if (i < 2 && c != 1) {
                factors.push_back(randomKernelVector(n, *rng));
                w.products.push_back({&maps.back(), factors.back().data()});
                gatherMul(maps.back(), want[static_cast<size_t>(c)].data(), factors.back().data());
            } else if (i >= 2) {
                xs.emplace_back(n, 0.0);
                xsWant.emplace_back(n, 0.0);
            }
        }
    }
    size_t x = 0;
    for (int c = 0; c < k; ++c)
        for (size_t i = 2; i < 4; ++i, ++x)
            work[static_cast<size_t>(c)].projections.push_back(
                {&maps[4 * static_cast<size_t>(c) + i], xs[x].data(), xs[x].size()});
    std::vector<const double*> potPtr, wantPtr;
    for (int c = 0; c < k; ++c) {
        potPtr.push_back(pot[static_cast<size_t>(c)].data());
        wantPtr.push_back(want[static_cast<size_t>(c)].data());
    }
    BeliefPropagation bp(kKernelSizes, jt);
    std::vector<std::vector<double>> mu, scratch;
    std::vector<double> scaleWant, scaleGot;
    QVERIFY(bp.propagate(wantPtr, mu, 500.0, scaleWant));
    QVERIFY(bp.propagateWith(potPtr, work, scratch, false, 500.0, scaleGot));
    QVERIFY(closeKernelValues(scaleGot, scaleWant));
    x = 0;
    for (int c = 0; c < k; ++c) {
        if (c != 1) QVERIFY(sameKernelBits(got[static_cast<size_t>(c)], want[static_cast<size_t>(c)]));
        for (size_t i = 2; i < 4; ++i, ++x) {
            scatterAdd(maps[4 * static_cast<size_t>(c) + i], mu[static_cast<size_t>(c)].data(),
                       xsWant[x].data());
            QVERIFY2(closeKernelValues(xs[x], xsWant[x]),
                     qPrintable(QString("clique %1 projection %2").arg(c).arg(i)));
        }
    }
    const auto oneThread = xs;
    const auto oneProducts = got;
    for (int threads : {2, 3}) {
        TaskPool pool(threads);
        BeliefPropagation pooled(kKernelSizes, jt, &pool);
        for (auto& v : xs) std::fill(v.begin(), v.end(), 0.0);
        std::vector<double> scalePooled;
        QVERIFY(pooled.propagateWith(potPtr, work, scratch, false, 500.0, scalePooled));
        QVERIFY(sameKernelBits(scalePooled, scaleGot));
        for (size_t j = 0; j < xs.size(); ++j) QVERIFY(sameKernelBits(xs[j], oneThread[j]));
        for (int c = 0; c < k; ++c)
            if (c != 1)
                QVERIFY(sameKernelBits(got[static_cast<size_t>(c)], oneProducts[static_cast<size_t>(c)]));
    }
}

// A model with no clique of 2 · kParallelMinCells cells gives no walk a
// second segment, so a fit asked for 8 threads starts no worker at all (the
// streamers' capped models: a GUI run asks for every core and must not keep
// them spinning); the result is the one thread's.
void TestParallelKernels::small_models_start_no_worker() {
    const Sizes sizes{12, 10, 8, 6};
    const std::vector<std::string> names{"a", "b", "c", "d"};
    const std::vector<std::vector<int>> attrs{{0, 1}, {1, 2}, {2, 3}, {0, 3}};
    const auto data = randomKernelMeasurements(sizes, attrs, 15);
    const auto& ms = data.views;
    MirrorDescentOptions opt;
    opt.maxIterations = 30;
    opt.tolerance = 0;
    const auto want = estimate(sizes, names, ms, nullptr, 0.0, opt);
    for (double cells : want.tree.cells) QCOMPARE(maxPassSegments(static_cast<size_t>(cells)), size_t{1});
    opt.threads = 8;
    const auto got = estimate(sizes, names, ms, nullptr, 0.0, opt);
    QCOMPARE(got.threads, 1);
    QCOMPARE(got.workerCpuSeconds, 0.0);
    QCOMPARE(std::memcmp(&got.weightedLoss, &want.weightedLoss, sizeof(double)), 0);
    for (size_t c = 0; c < got.mu.size(); ++c) QVERIFY(sameKernelBits(got.mu[c], want.mu[c]));
}

QTEST_APPLESS_MAIN(TestParallelKernels)
#include "test_parallel_kernels.moc"
