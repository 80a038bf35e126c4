// Factor algebra against PGM.md §1.3 and explicit loops.
#include <QtTest>
#include <cmath>

#include "core/pgm/factor.h"

using namespace streamsynth::pgm;

class TestFactor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void worked_example();
    void multiply_orders_agree();
    void logsumexp_all_neg_inf();
    void index_map_vs_loops();
    void block_maps_match_full_maps();
};

namespace {
const Sizes kFactorSizes{2, 3, 2};  // A, B, C
const Factor kF{{0, 1}, {1, 2, 3, 4, 5, 6}};
void expectVec(const std::vector<double>& got, const std::vector<double>& want, double tol = 1e-12) {
    QCOMPARE(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
        QVERIFY2(std::abs(got[i] - want[i]) <= tol,
                 qPrintable(QString("cell %1: %2 vs %3").arg(i).arg(got[i]).arg(want[i])));
}
}  // namespace

void TestFactor::worked_example() {
    expectVec(project(kFactorSizes, kF, std::vector<int>{1}).values, {5, 7, 9});
    expectVec(project(kFactorSizes, kF, std::vector<int>{0}).values, {6, 15});
    expectVec(project(kFactorSizes, kF, std::vector<int>{1, 0}).values, {1, 4, 2, 5, 3, 6});  // transpose
    expectVec(expand(kFactorSizes, kF, std::vector<int>{0, 1, 2}).values,
              {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6});
    Factor lf = kF;
    for (double& v : lf.values) v = std::log(v);
    expectVec(logsumexpProject(kFactorSizes, lf, std::vector<int>{1}).values,
              {std::log(5.0), std::log(7.0), std::log(9.0)});
}

void TestFactor::multiply_orders_agree() {
    const Factor g{{1, 2}, {1, 2, 3, 4, 5, 6}};
    const Factor fg = multiply(kFactorSizes, kF, g);
    const Factor gf = multiply(kFactorSizes, g, kF);
    QCOMPARE(fg.attrs, (std::vector<int>{0, 1, 2}));
    QCOMPARE(gf.attrs, (std::vector<int>{1, 2, 0}));
    expectVec(project(kFactorSizes, gf, fg.attrs).values, fg.values);
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 2; ++c)
                QCOMPARE(
                    fg.values[static_cast<size_t>((a * 3 + b) * 2 + c)],
                    kF.values[static_cast<size_t>(a * 3 + b)] * g.values[static_cast<size_t>(b * 2 + c)]);
    const Factor s = add(kFactorSizes, kF, g);
    QCOMPARE(s.values[static_cast<size_t>((1 * 3 + 2) * 2 + 1)], 6.0 + 6.0);
}

void TestFactor::logsumexp_all_neg_inf() {
    Factor f{{0, 1}, {-INFINITY, -INFINITY, 0, -INFINITY, -INFINITY, std::log(2.0)}};
    const auto r = logsumexpProject(kFactorSizes, f, std::vector<int>{1}).values;
    QVERIFY(r[0] == -INFINITY);
    QVERIFY(std::abs(r[2] - std::log(3.0)) < 1e-12);
    for (double v : r) QVERIFY(!std::isnan(v));
}

void TestFactor::index_map_vs_loops() {
    const Sizes sizes{2, 3, 4, 5};
    const std::vector<int> big{3, 0, 2, 1}, sub{2, 3};
    const auto map = indexMap(sizes, big, sub);
    size_t i = 0;
    for (int d = 0; d < 5; ++d)
        for (int a = 0; a < 2; ++a)
            for (int c = 0; c < 4; ++c)
                for (int b = 0; b < 3; ++b, ++i) QCOMPARE(map[i], c * 5 + d);
    QCOMPARE(i, map.size());
}

void TestFactor::block_maps_match_full_maps() {
    // Every (big, sub) shape: scatter and gather through the block form equal
    // the plain per-cell index map.
    const Sizes sizes{2, 3, 4, 5};
    const std::vector<std::vector<int>> bigs{{0, 1, 2, 3}, {0, 2, 3}, {3, 1, 0}, {1, 2}};
    for (const auto& big : bigs)
        for (int mask = 0; mask < (1 << big.size()); ++mask) {
            std::vector<int> sub;
            for (size_t j = 0; j < big.size(); ++j)
                if (mask & (1 << j)) sub.push_back(big[j]);
            const auto full = indexMap(sizes, big, sub);
            const auto bm = blockMap(sizes, big, sub);
            QCOMPARE(bm.cells, full.size());
            std::vector<double> src(full.size()), msg(static_cast<size_t>(cellCount(sizes, sub)));
            for (size_t i = 0; i < src.size(); ++i) src[i] = 1.0 + static_cast<double>(i % 7);
            for (size_t i = 0; i < msg.size(); ++i) msg[i] = 0.5 + static_cast<double>(i);
            std::vector<double> a(msg.size(), 0.0), b(msg.size(), 0.0);
            for (size_t i = 0; i < full.size(); ++i) a[static_cast<size_t>(full[i])] += src[i];
            scatterAdd(bm, src.data(), b.data());
            expectVec(b, a);
            std::vector<double> g1 = src, g2(src.size());
            for (size_t i = 0; i < full.size(); ++i) g1[i] *= msg[static_cast<size_t>(full[i])];
            gatherMulInto(bm, src.data(), g2.data(), msg.data());
            expectVec(g2, g1);
            gatherMul(bm, src.data(), msg.data());
            expectVec(src, g1);
        }
}

QTEST_APPLESS_MAIN(TestFactor)
#include "test_factor.moc"
