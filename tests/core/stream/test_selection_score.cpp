// The two selection scores and their sensitivities (SPEC §5.2).
#include <QtTest>
#include <cmath>
#include <cstring>

#include "core/privacy/rng.h"
#include "core/stream/selection_score.h"

using namespace streamsynth;
using stream::ScoreKind;

class TestSelectionScore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void utilities();
    void batchedL1SameBits();
    void sensitivities();
    void expectedAbsNoise();
    void selectionPrefersBestAtHugeEpsilon();
};

void TestSelectionScore::utilities() {
    const std::vector<double> target{5, 1, 0, 2}, est{2, 2, 1, 2};
    QCOMPARE(stream::l1Distance(target, est), 5.0);
    // l1-minus-noise: 5 − 4 cells · 0.5
    QCOMPARE(stream::scoreUtility(ScoreKind::L1MinusNoise, 5.0, 4, 0.5), 3.0);
    // paper: 5/4 − 4, noise ignored
    QCOMPARE(stream::scoreUtility(ScoreKind::Paper, 5.0, 4, 123.0), 1.25 - 4.0);
}

void TestSelectionScore::batchedL1SameBits() {
    // Every pair count 0..9 (full groups of four and a remainder), lengths
    // that differ within a group: each distance bit for bit l1Distance's.
    auto rng = privacy::makeSeededRng(21);
    for (std::size_t n = 0; n < 10; ++n) {
        std::vector<std::vector<double>> a(n), b(n);
        std::vector<std::span<const double>> ta(n), tb(n);
        for (std::size_t j = 0; j < n; ++j) {
            const std::size_t len = 1 + rng->uniformBelow(40);
            for (std::size_t c = 0; c < len; ++c) {
                a[j].push_back(1000.0 * rng->uniform01());
                b[j].push_back(1000.0 * rng->uniform01() - 3.0);
            }
            ta[j] = a[j];
            tb[j] = b[j];
        }
        const auto got = stream::l1Distances(ta, tb);
        QCOMPARE(got.size(), n);
        for (std::size_t j = 0; j < n; ++j) {
            const double want = stream::l1Distance(a[j], b[j]);
            QVERIFY(std::memcmp(&got[j], &want, sizeof(double)) == 0);
        }
    }
    const std::vector<double> x{1, 2}, y{1};
    const std::vector<std::span<const double>> tx{x}, ty{y};
    QVERIFY_THROWS_EXCEPTION(std::exception, stream::l1Distances(tx, ty));
}

void TestSelectionScore::sensitivities() {
    const std::vector<double> cells{6, 4, 12};
    QCOMPARE(stream::scoreSensitivity(ScoreKind::L1MinusNoise, cells), 1.0);
    QCOMPARE(stream::scoreSensitivity(ScoreKind::Paper, cells), 0.25);  // max 1/|q_i|
}

void TestSelectionScore::expectedAbsNoise() {
    QCOMPARE(stream::expectedAbsNoiseSingleLaplace(3.0), 3.0);
    // A Gaussian of variance 2·9 (same variance as Laplace(3)): √(2/π)·√18.
    QVERIFY(std::abs(stream::expectedAbsNoiseFromVariance(18.0) - std::sqrt(2.0 / M_PI) * std::sqrt(18.0)) <
            1e-12);
}

void TestSelectionScore::selectionPrefersBestAtHugeEpsilon() {
    auto rng = privacy::makeSeededRng(1);
    const std::vector<double> u{1.0, 3.0, 2.0};
    // At ε = 1e3 the odds of a runner-up are exp(−1e3·1/2) ≈ 0: always index 1.
    for (int i = 0; i < 50; ++i) {
        QCOMPARE(stream::selectCandidate(stream::SelectionMechanism::Exponential, u, 1e3, 1.0, *rng),
                 std::size_t{1});
        QCOMPARE(stream::selectCandidate(stream::SelectionMechanism::PermuteAndFlip, u, 1e3, 1.0, *rng),
                 std::size_t{1});
    }
}

QTEST_APPLESS_MAIN(TestSelectionScore)
#include "test_selection_score.moc"
