// A DP sanity check in the spirit of Google's stochastic tester: on two
// neighbouring inputs, no output bin's probability exceeds e^ε times the
// other's beyond sampling error. Each check is paired with a mechanism that
// spends 2ε while claiming ε, which the same test must catch (so it has power).
#include <QtTest>
#include <cmath>
#include <functional>
#include <vector>

#include "core/privacy/exponential_mechanism.h"
#include "core/privacy/laplace.h"
#include "core/privacy/vector_counter.h"

using namespace streamsynth::privacy;

namespace {

// Largest z-score of a violation count_a − e^ε·count_b over bins (both
// directions). Counts are ~Poisson, so sd(a − e^ε b) = sqrt(a + e^{2ε} b).
// With ~100 bins × 2 directions, z = 4.5 keeps a false alarm below 1e-3.
double worstViolation(const std::vector<double>& a, const std::vector<double>& b, double lo, double hi,
                      int bins, double eps) {
    std::vector<double> ca(bins + 2, 0.0), cb(bins + 2, 0.0);  // two overflow bins
    const auto bin = [&](double x) {
        if (x < lo) return 0;
        if (x >= hi) return bins + 1;
        return 1 + static_cast<int>((x - lo) / (hi - lo) * bins);
    };
    for (double x : a) ca[bin(x)]++;
    for (double x : b) cb[bin(x)]++;
    const double k = std::exp(eps);
    double worst = -1e300;
    for (int i = 0; i < bins + 2; ++i) {
        for (auto [p, q] : {std::pair{ca[i], cb[i]}, {cb[i], ca[i]}}) {
            const double sd = std::sqrt(p + k * k * q);
            if (sd > 0) worst = std::max(worst, (p - k * q) / sd);
        }
    }
    return worst;
}

constexpr double kZ = 4.5;

}  // namespace

class TestDpSanity : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void laplaceMechanism() {
        const double eps = 1.0;
        const int n = 400000;
        auto run = [&](double trueValue, double scale, std::uint64_t seed) {
            auto rng = makeSeededRng(seed);
            std::vector<double> out(n);
            for (double& x : out) x = trueValue + sampleLaplace(*rng, scale);
            return out;
        };
        const auto a = run(0.0, laplaceScale(eps, 1.0), 1), b = run(1.0, laplaceScale(eps, 1.0), 2);
        QVERIFY(worstViolation(a, b, -6, 7, 52, eps) < kZ);
        const auto a2 = run(0.0, laplaceScale(2 * eps, 1.0), 3), b2 = run(1.0, laplaceScale(2 * eps, 1.0), 4);
        QVERIFY(worstViolation(a2, b2, -6, 7, 52, eps) > kZ);
    }
    void exponentialMechanism_() {
        // u' = u ± 1 per candidate: candidate 0 up, the 20 others down: the ratio
        // of P(0) approaches e^ε (2.59 vs e = 2.72 here).
        const double eps = 1.0;
        std::vector<double> u(21, 1.0), v(21, 0.0);
        u[0] = 0.0;
        v[0] = 1.0;
        const int n = 400000;
        auto run = [&](const std::vector<double>& utilities, double claimedEps, std::uint64_t seed) {
            auto rng = makeSeededRng(seed);
            std::vector<double> out(n);
            for (double& x : out) x = exponentialMechanism(utilities, claimedEps, 1.0, *rng) == 0 ? 0.0 : 1.0;
            return out;
        };
        QVERIFY(worstViolation(run(u, eps, 5), run(v, eps, 6), 0, 2, 2, eps) < kZ);
        // The paper's literal exp(ε·u) (no 1/(2Δ)) is a 2ε mechanism: caught.
        QVERIFY(worstViolation(run(u, 2 * eps, 7), run(v, 2 * eps, 8), 0, 2, 2, eps) > kZ);
    }
    void blockCounter() {
        // block:2, streams (1, 0) vs (0, 0): the item is in α1 and β1 (each
        // Lap(2/ε)); the sum of the two releases shifts by 2, ratio up to e^ε.
        const double eps = 1.0;
        const std::size_t n = 400000;
        auto run = [&](double first, double claimedEps, std::uint64_t seed) {
            auto rng = makeSeededRng(seed);
            VectorCounter vc(parseCounterSpec("block:2"), claimedEps, n);
            std::vector<double> inc(n, first), zero(n, 0.0), out(n);
            vc.feed(inc, *rng);
            for (std::size_t i = 0; i < n; ++i) out[i] = vc.values()[i];
            vc.feed(zero, *rng);
            for (std::size_t i = 0; i < n; ++i) out[i] += vc.values()[i];
            return out;
        };
        QVERIFY(worstViolation(run(1, eps, 9), run(0, eps, 10), -12, 14, 52, eps) < kZ);
        QVERIFY(worstViolation(run(1, 2 * eps, 11), run(0, 2 * eps, 12), -12, 14, 52, eps) > kZ);
    }
};

QTEST_APPLESS_MAIN(TestDpSanity)
#include "test_dp_sanity.moc"
