// Quantiles of Laplace sums and Gaussians (core/privacy/noise_quantile.h):
// the closed forms for one and two terms, symmetry of the bisection, the
// normal limit, and a Monte-Carlo check through privacy::Rng (fixed seed).
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/privacy/laplace.h"
#include "core/privacy/noise_quantile.h"
#include "core/privacy/rng.h"
#include "core/values/error.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

class TestNoiseQuantile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oneTermIsLaplace() {
        for (double x : {0.0, 0.5, 1.0, 3.0, 10.0})
            QVERIFY(std::abs(laplaceSumTail(1, x) - 0.5 * std::exp(-x)) < 1e-14);
        // P(|L| ≤ x) = 1 − e^{−x/b}: x = −b·ln(1 − q).
        QVERIFY(std::abs(laplaceSumQuantile(1, 2.0, 0.95) - 2.0 * std::log(20.0)) < 1e-9);
    }

    void twoTermsClosedForm() {
        // The sum of two Laplace(1) has density (1 + |x|)e^{−|x|}/4, tail (2 + x)e^{−x}/4.
        for (double x : {0.0, 0.7, 2.0, 6.0})
            QVERIFY(std::abs(laplaceSumTail(2, x) - (2 + x) * std::exp(-x) / 4) < 1e-14);
    }

    void manyTermsApproachTheNormal() {
        const double exact = laplaceSumQuantile(64, 1.0, 0.95);
        const double normal = gaussianQuantile(std::sqrt(2.0 * 64), 0.95);
        QVERIFY2(std::abs(exact / normal - 1) < 0.003, qPrintable(QString::number(exact / normal)));
        QCOMPARE(laplaceSumQuantile(65, 1.0, 0.95), gaussianQuantile(std::sqrt(2.0 * 65), 0.95));
        QVERIFY(std::abs(gaussianQuantile(1.0, 0.95) - 1.959963984540054) < 1e-9);
    }

    void monteCarloAgrees() {
        auto rng = makeSeededRng(7, "noise-quantile");
        const int n = 200000, terms = 5;
        std::vector<double> sums(n);
        for (double& s : sums) {
            s = 0;
            for (int j = 0; j < terms; ++j) s += sampleLaplace(*rng, 1.0);
            s = std::abs(s);
        }
        const double x = laplaceSumQuantile(terms, 1.0, 0.9);
        const double inside =
            static_cast<double>(std::count_if(sums.begin(), sums.end(), [x](double s) { return s <= x; })) /
            n;
        // 5 binomial standard errors of 0.9 at n = 200,000: 0.0034.
        QVERIFY2(std::abs(inside - 0.9) < 5 * std::sqrt(0.09 / n), qPrintable(QString::number(inside)));
    }

    void refusesBadArguments() {
        QVERIFY_THROWS_EXCEPTION(Error, laplaceSumQuantile(3, 1.0, 1.0));
        QVERIFY_THROWS_EXCEPTION(Error, laplaceSumQuantile(3, 0.0, 0.5));
        QVERIFY_THROWS_EXCEPTION(Error, gaussianQuantile(1.0, 0.0));
        QVERIFY_THROWS_EXCEPTION(Error, laplaceSumTail(65, 1.0));
    }
};

QTEST_GUILESS_MAIN(TestNoiseQuantile)
#include "test_noise_quantile.moc"
