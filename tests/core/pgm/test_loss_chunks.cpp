// Two chunks of a fit's loss walked side by side (core/pgm/loss_chunks.h)
// give each chunk the bits it gets alone: the scaled projections, the
// gradient and both sums, whichever chunk is longer; and the sums are the
// loss's (Σ (sc·x − y)², Σ g0·(x0 − sc·x)) up to rounding.
#include <QtTest>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/pgm/loss_chunks.h"
#include "core/privacy/rng.h"

using streamsynth::pgm::LossChunk;
using streamsynth::pgm::lossChunks;

namespace {
// A chunk's arrays, random, and a LossChunk over them.
struct LossChunkData {
    std::vector<double> x, g, y, g0, x0;
    double sc, w;
    LossChunkData(std::size_t n, std::uint64_t seed) : x(n), g(n), y(n), g0(n), x0(n) {
        auto rng = streamsynth::privacy::makeSeededRng(seed);
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = 100 * rng->uniform01();
            y[i] = 100 * rng->uniform01() - 5;
            g0[i] = rng->uniform01() - 0.5;
            x0[i] = 100 * rng->uniform01();
        }
        sc = 0.5 + rng->uniform01();
        w = 1 / (1 + rng->uniform01());
    }
    LossChunk view() {
        LossChunk c{x.data(), g.data(), y.data(), g0.data(), x0.data()};
        c.sc = sc;
        c.w = w;
        c.n = x.size();
        return c;
    }
};

bool sameLossBits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}
bool sameLossBits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}
}  // namespace

class TestLossChunks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pair_gives_each_chunk_its_own_bits_data() {
        QTest::addColumn<int>("na");
        QTest::addColumn<int>("nb");
        QTest::newRow("first longer") << 2048 << 452;
        QTest::newRow("second longer") << 300 << 2000;
        QTest::newRow("equal") << 1000 << 1000;
        QTest::newRow("one empty") << 0 << 17;
    }
    void pair_gives_each_chunk_its_own_bits() {
        QFETCH(int, na);
        QFETCH(int, nb);
        LossChunkData aloneA(static_cast<std::size_t>(na), 1), aloneB(static_cast<std::size_t>(nb), 2);
        LossChunkData pairA(static_cast<std::size_t>(na), 1), pairB(static_cast<std::size_t>(nb), 2);
        LossChunk a1 = aloneA.view(), b1 = aloneB.view();
        lossChunks(a1, nullptr);
        lossChunks(b1, nullptr);
        LossChunk a2 = pairA.view(), b2 = pairB.view();
        lossChunks(a2, &b2);
        QVERIFY(sameLossBits(a1.ss, a2.ss) && sameLossBits(a1.dot, a2.dot));
        QVERIFY(sameLossBits(b1.ss, b2.ss) && sameLossBits(b1.dot, b2.dot));
        QVERIFY(sameLossBits(aloneA.x, pairA.x) && sameLossBits(aloneA.g, pairA.g));
        QVERIFY(sameLossBits(aloneB.x, pairB.x) && sameLossBits(aloneB.g, pairB.g));
    }
    void sums_are_the_loss() {
        LossChunkData d(777, 3);
        const LossChunkData before = d;
        LossChunk c = d.view();
        lossChunks(c, nullptr);
        long double ss = 0, dot = 0, scale = 0;
        for (std::size_t i = 0; i < d.x.size(); ++i) {
            const long double xi = static_cast<long double>(before.x[i]) * before.sc;
            const long double r = xi - before.y[i];
            ss += r * r;
            dot += before.g0[i] * (before.x0[i] - xi);
            scale += std::abs(r * r) + std::abs(before.g0[i] * before.x0[i]) + std::abs(before.g0[i] * xi);
            QCOMPARE(d.x[i], before.x[i] * before.sc);
            QCOMPARE(d.g[i], before.w * (d.x[i] - before.y[i]));
        }
        // n additions, each within an ulp of its running sum: n·ε of the sum of magnitudes.
        const long double bound = 777 * 2.3e-16L * scale;
        QVERIFY(std::abs(static_cast<long double>(c.ss) - ss) <= bound);
        QVERIFY(std::abs(static_cast<long double>(c.dot) - dot) <= bound);
    }
};

QTEST_APPLESS_MAIN(TestLossChunks)
#include "test_loss_chunks.moc"
