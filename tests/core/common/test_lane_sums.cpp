// The evaluation's sums in lanes (core/common/lane_sums.h): the set in use
// gives bit for bit the baseline set's results (lengths 0..40 and a long
// one, so every tail and both halves of the lanes are met), each sum is
// within its rounding bound of the exact sum (n·ε·Σ|terms|, Higham 2002,
// §4.2), and the error sums count exactly the cells with truth > 0 and
// a > 0 (a zero truth, a zero scale, a negative release).
#include <QtTest>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "core/common/lane_sums.h"

using streamsynth::absDiffSum;
using streamsynth::absDiffSumBaseline;
using streamsynth::ErrorSums;
using streamsynth::errorSums;
using streamsynth::errorSumsBaseline;

namespace {
bool sameBits(double x, double y) {
    return std::memcmp(&x, &y, sizeof x) == 0;
}
// |computed − exact| ≤ n·ε·Σ|terms| for a sum of n terms in any order.
bool withinBound(double computed, long double exact, long double absSum, std::size_t n) {
    const long double eps = std::numeric_limits<double>::epsilon();
    return std::fabs(static_cast<long double>(computed) - exact) <= (n + 1) * eps * absSum;
}
// Test data only (the product draws through privacy::Rng): mt19937_64's
// sequence is fixed by the standard, so the cells are the same everywhere.
struct Draws {
    std::mt19937_64 engine;
    double uniform01() { return static_cast<double>(engine() >> 11) * 0x1.0p-53; }
};
struct Data {
    std::vector<double> truth, release;
};
Data draw(Draws& rng, std::size_t n) {
    Data d;
    for (std::size_t c = 0; c < n; ++c) {
        // A third of the truth's cells are empty, as in a sparse marginal.
        d.truth.push_back(rng.uniform01() < 1.0 / 3 ? 0.0 : std::floor(1000.0 * rng.uniform01()));
        d.release.push_back(1000.0 * rng.uniform01() - 50.0);
    }
    return d;
}
}  // namespace

class TestLaneSums : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameBitsAsTheBaselineSet() {
        Draws rng{std::mt19937_64(52)};
        std::vector<std::size_t> lengths;
        for (std::size_t n = 0; n <= 40; ++n) lengths.push_back(n);
        lengths.push_back(10007);
        for (std::size_t n : lengths) {
            const Data d = draw(rng, n);
            const double* t = d.truth.data();
            const double* r = d.release.data();
            QVERIFY(sameBits(absDiffSum(t, r, n), absDiffSumBaseline(t, r, n)));
            const ErrorSums a = errorSums(t, 1.0 / 4999, r, 1.0 / 5003, n);
            const ErrorSums b = errorSumsBaseline(t, 1.0 / 4999, r, 1.0 / 5003, n);
            QVERIFY2(sameBits(a.l1, b.l1) && sameBits(a.l1Count, b.l1Count) && sameBits(a.rel, b.rel) &&
                         sameBits(a.positive, b.positive),
                     streamsynth::laneSumsName());
        }
    }

    void sumsWithinTheirRoundingBound() {
        Draws rng{std::mt19937_64(7)};
        for (std::size_t n : {1u, 9u, 100u, 9999u}) {
            const Data d = draw(rng, n);
            const double sa = 1.0 / 4999, sb = 1.0 / 5003;
            long double l1 = 0, count = 0, rel = 0, relAbs = 0;
            double positive = 0;
            for (std::size_t c = 0; c < n; ++c) {
                const double a = d.truth[c] * sa, diff = std::fabs(a - d.release[c] * sb);
                l1 += diff;
                count += std::fabs(d.truth[c] - d.release[c]);
                if (d.truth[c] > 0 && a > 0) {
                    rel += diff / a;  // each quotient as the kernels round it
                    relAbs += diff / a;
                    positive += 1;
                }
            }
            const ErrorSums s = errorSums(d.truth.data(), sa, d.release.data(), sb, n);
            QVERIFY(withinBound(s.l1, l1, l1, n));
            QVERIFY(withinBound(s.l1Count, count, count, n));
            QVERIFY(withinBound(s.rel, rel, relAbs, n));
            QCOMPARE(s.positive, positive);
            QVERIFY(withinBound(absDiffSum(d.truth.data(), d.release.data(), n), count, count, n));
        }
    }

    void countsOnlyPositiveTruth() {
        // Cells: empty truth, positive truth, positive truth with a release
        // above it, negative release; nine of them so one falls in the tail.
        const std::vector<double> t{0, 4, 2, 0, 8, 1, 0, 3, 5}, r{1, 2, 6, -1, 8, 0, 0, 3, 1};
        const ErrorSums s = errorSums(t.data(), 0.5, r.data(), 0.25, t.size());
        QCOMPARE(s.positive, 6.0);
        double rel = 0, l1 = 0;
        for (std::size_t c = 0; c < t.size(); ++c) {
            const double a = t[c] * 0.5, d = std::fabs(a - r[c] * 0.25);
            l1 += d;
            if (t[c] > 0) rel += d / a;
        }
        QCOMPARE(s.l1, l1);
        QCOMPARE(s.rel, rel);
        // A zero scale (no rows of truth): nothing counts, a is 0 everywhere.
        const ErrorSums none = errorSums(t.data(), 0.0, r.data(), 0.25, t.size());
        QCOMPARE(none.positive, 0.0);
        QCOMPARE(none.rel, 0.0);
        QCOMPARE(absDiffSum(t.data(), r.data(), 0), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestLaneSums)
#include "test_lane_sums.moc"
