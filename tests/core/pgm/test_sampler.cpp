// Sampler: exact row counts, floor/ceil rounding, unbiased allocation, and
// the synthetic clique counts converging to the model's marginals.
#include <QtTest>
#include <cmath>

#include "core/pgm/belief_propagation.h"
#include "core/pgm/sampler.h"
#include "core/privacy/rng.h"

using namespace streamsynth;
using namespace streamsynth::pgm;

class TestSampler : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void round_counts_floor_ceil_and_unbiased();
    void exact_rows_and_first_column();
    void clique_counts_converge();
    void groups_are_rounded_slices();
};

namespace {
struct Toy {  // the §3.3 model
    data::Domain domain{std::vector<data::Attribute>{{"A", 2}, {"B", 3}, {"C", 2}}};
    Sizes sizes{2, 3, 2};
    JunctionTree tree;
    std::vector<std::vector<double>> mu;
    Toy() {
        tree = buildJunctionTree(sizes, {"A", "B", "C"}, {{0, 1}, {1, 2}});
        BeliefPropagation bp(sizes, tree);
        std::vector<std::vector<double>> theta{{1, 2, 3, 4, 5, 6}, {1, 1, 2, 1, 1, 3}};
        for (auto& t : theta)
            for (double& v : t) v = std::log(v);
        bp.calibrate(theta, 10.0, mu);
    }
};
}  // namespace

void TestSampler::round_counts_floor_ceil_and_unbiased() {
    const std::vector<double> c{0.3, 2.25, 0.0, 7.45};  // Σ = 10
    auto rng = privacy::makeSeededRng(3);
    const int seeds = 4000;
    std::vector<double> mean(4, 0);
    for (int s = 0; s < seeds; ++s) {
        const auto r = roundCounts(c, 13, *rng);  // targets c·1.3 = 0.39, 2.925, 0, 9.685
        long long sum = 0;
        for (size_t k = 0; k < 4; ++k) {
            const double t = c[k] * 1.3;
            QVERIFY(r[k] == static_cast<long long>(std::floor(t)) ||
                    r[k] == static_cast<long long>(std::floor(t)) + 1);
            sum += r[k];
            mean[k] += static_cast<double>(r[k]) / seeds;
        }
        QCOMPARE(sum, 13LL);
        QCOMPARE(r[2], 0LL);
    }
    // Each cell is floor + Bernoulli(frac): sd of the mean ≤ 0.5/√4000 ≈ 0.0079; allow 5 sd.
    for (size_t k = 0; k < 4; ++k) QVERIFY(std::abs(mean[k] - c[k] * 1.3) < 0.04);
}

void TestSampler::exact_rows_and_first_column() {
    Toy t;
    auto rng = privacy::makeSeededRng(4);
    QCOMPARE(t.tree.eliminationOrder, (std::vector<int>{0, 1, 2}));  // generation order C, B, A
    for (long long rows : {0LL, 1LL, 10LL, 37LL, 1000LL}) {
        const auto table = sampleRows(t.domain, t.tree, t.mu, rows, *rng);
        QCOMPARE(static_cast<long long>(table.rowCount()), rows);
        // First column C: counts are floor or ceil of rows·μ_C/N.
        long long n1 = 0;
        for (auto v : table.column(2)) n1 += v;
        const double target = static_cast<double>(rows) * (t.mu[1][1] + t.mu[1][3] + t.mu[1][5]) / 10.0;
        QVERIFY(n1 == static_cast<long long>(std::floor(target)) ||
                n1 == static_cast<long long>(std::floor(target)) + 1);
    }
}

void TestSampler::clique_counts_converge() {
    // The allocation is unbiased at every stage, so E[count of a clique cell]
    // = rows·μ/N exactly; check the mean over seeds against 5 standard errors
    // (estimated from the seeds, floored at 0.5/√seeds for cells whose count
    // never varies).
    Toy t;
    auto rng = privacy::makeSeededRng(9);
    const int seeds = 400;
    const long long rows = 23;
    std::vector<double> sumAB(6, 0), sqAB(6, 0), sumBC(6, 0), sqBC(6, 0);
    for (int s = 0; s < seeds; ++s) {
        const auto table = sampleRows(t.domain, t.tree, t.mu, rows, *rng);
        std::vector<double> ab(6, 0), bc(6, 0);
        for (size_t r = 0; r < table.rowCount(); ++r) {
            ab[static_cast<size_t>(table.at(r, 0) * 3 + table.at(r, 1))] += 1;
            bc[static_cast<size_t>(table.at(r, 1) * 2 + table.at(r, 2))] += 1;
        }
        for (size_t i = 0; i < 6; ++i) {
            sumAB[i] += ab[i];
            sqAB[i] += ab[i] * ab[i];
            sumBC[i] += bc[i];
            sqBC[i] += bc[i] * bc[i];
        }
    }
    auto check = [&](const std::vector<double>& sum, const std::vector<double>& sq,
                     const std::vector<double>& mu) {
        for (size_t i = 0; i < 6; ++i) {
            const double mean = sum[i] / seeds;
            const double var = std::max(0.0, sq[i] / seeds - mean * mean);
            const double se = std::max(std::sqrt(var / seeds), 0.5 / std::sqrt(seeds));
            const double want = static_cast<double>(rows) * mu[i] / 10.0;
            QVERIFY2(std::abs(mean - want) < 5 * se, qPrintable(QString("%1 vs %2").arg(mean).arg(want)));
        }
    };
    check(sumAB, sqAB, t.mu[0]);
    check(sumBC, sqBC, t.mu[1]);
}

void TestSampler::groups_are_rounded_slices() {
    // Within each group C = c (C is generated first), the B counts are floor
    // or ceil of n_c · μ_BC(b, c) / Σ_b μ_BC(b, c) (§11 item 7).
    Toy t;
    auto rng = privacy::makeSeededRng(6);
    for (long long rows : {13LL, 100LL, 257LL}) {
        const auto table = sampleRows(t.domain, t.tree, t.mu, rows, *rng);
        for (int c = 0; c < 2; ++c) {
            double nc = 0, slice = 0;
            std::vector<double> cnt(3, 0);
            for (size_t r = 0; r < table.rowCount(); ++r)
                if (table.at(r, 2) == c) {
                    nc += 1;
                    cnt[table.at(r, 1)] += 1;
                }
            for (int b = 0; b < 3; ++b) slice += t.mu[1][static_cast<size_t>(b * 2 + c)];
            for (int b = 0; b < 3; ++b) {
                const double target = nc * t.mu[1][static_cast<size_t>(b * 2 + c)] / slice;
                QVERIFY(cnt[static_cast<size_t>(b)] == std::floor(target) ||
                        cnt[static_cast<size_t>(b)] == std::floor(target) + 1);
            }
        }
    }
}

QTEST_APPLESS_MAIN(TestSampler)
#include "test_sampler.moc"
