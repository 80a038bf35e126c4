// zCDP primitives (issue 16): the tight zCDP -> (ε, δ) conversion against
// its definition and the classic bound, and the Gaussian samplers against
// their distributions (exact pmf of the discrete Gaussian, chi-square and
// variance; continuous Gaussian KS). Fixed seeds; critical values from
// privacy_test_support.h (no tuning).
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "core/privacy/gaussian.h"
#include "core/privacy/laplace.h"
#include "core/values/error.h"
#include "core/values/zcdp_conversion.h"
#include "privacy_test_support.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

namespace {

// δ at one α, straight from CKS 2020 Corollary 13.
double deltaAt(double rho, double eps, double alpha) {
    return std::exp((alpha - 1) * (alpha * rho - eps)) / (alpha - 1) * std::pow(1 - 1 / alpha, alpha);
}

}  // namespace

class TestZcdp : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void conversionIsTheInfimumOverAlpha() {
        for (double rho : {0.001, 0.01, 0.1, 0.5, 2.0}) {
            for (double eps : {0.1, 0.5, 1.0, 3.0}) {
                double brute = 1.0;
                for (double la = -14; la < 6; la += 1e-4)
                    brute = std::min(brute, deltaAt(rho, eps, 1 + std::exp(la)));
                for (double a = 1.0001; a < 50; a += 0.0005) brute = std::min(brute, deltaAt(rho, eps, a));
                const double d = zcdpDelta(rho, eps);
                // Never below the infimum (that would be a false claim), and at it to 1e-6 relative.
                QVERIFY2(d <= brute * (1 + 1e-6) + 1e-300,
                         qPrintable(QString("rho %1 eps %2: %3 vs %4").arg(rho).arg(eps).arg(d).arg(brute)));
            }
        }
    }
    void inversesAreConservativeAndTight() {
        for (double rho : {0.005, 0.05, 0.5}) {
            for (double delta : {1e-5, 1e-8, 1.0 / (48842.0 * 48842.0)}) {
                const double eps = zcdpEpsilon(rho, delta);
                QVERIFY(zcdpDelta(rho, eps) <= delta);
                QVERIFY(zcdpDelta(rho, eps * (1 - 1e-6)) > delta);
                QVERIFY(eps < zcdpEpsilonClassic(rho, delta));  // tighter than ρ + 2√(ρ ln 1/δ)
            }
        }
        for (double eps : {0.5, 1.0, 4.0}) {
            const double delta = 1.0 / (48842.0 * 48842.0);
            const double rho = zcdpRhoFor(eps, delta);
            QVERIFY(zcdpDelta(rho, eps) <= delta);
            QVERIFY(zcdpDelta(rho * (1 + 1e-6), eps) > delta);
            QVERIFY(std::abs(zcdpEpsilon(rho, delta) - eps) < 1e-6 * eps);
        }
        QVERIFY_THROWS_EXCEPTION(Error, zcdpEpsilon(0.1, 0.0));
        QVERIFY_THROWS_EXCEPTION(Error, zcdpEpsilon(-0.1, 1e-6));
    }
    void discreteGaussianMatchesItsPmf_data() {
        QTest::addColumn<double>("sigma");
        QTest::newRow("0.8") << 0.8;
        QTest::newRow("3") << 3.0;
        QTest::newRow("12.5") << 12.5;
    }
    void discreteGaussianMatchesItsPmf() {
        QFETCH(double, sigma);
        const int n = 200000;
        auto rng = makeSeededRng(21);
        const RationalVariance v = snapDiscreteGaussianVariance(sigma);
        QVERIFY(v.value() >= sigma * sigma && v.value() <= sigma * sigma * (1 + 1e-8));
        std::map<long long, int> counts;
        double sum = 0, sq = 0;
        for (int i = 0; i < n; ++i) {
            const long long k = sampleDiscreteGaussian(*rng, v);
            counts[k]++;
            sum += static_cast<double>(k);
            sq += static_cast<double>(k * k);
        }
        // Exact pmf on |k| ≤ K, pooled tails with expected count ≥ 5.
        const double s2 = v.value();
        const long long K = static_cast<long long>(std::ceil(8 * sigma)) + 2;
        double z = 0;
        for (long long k = -K; k <= K; ++k) z += std::exp(-double(k * k) / (2 * s2));
        double chi = 0;
        int df = -1, pooled = 0;
        double pooledExpected = 0;
        for (long long k = -K; k <= K; ++k) {
            const double e = n * std::exp(-double(k * k) / (2 * s2)) / z;
            const int o = counts.count(k) ? counts[k] : 0;
            if (e < 5) {
                pooledExpected += e;
                pooled += o;
                continue;
            }
            chi += (o - e) * (o - e) / e;
            ++df;
        }
        if (pooledExpected > 0) {
            chi += (pooled - pooledExpected) * (pooled - pooledExpected) / std::max(pooledExpected, 1e-9);
            ++df;
        }
        QVERIFY2(chi < privacy_test::chiSquareCritical(df),
                 qPrintable(QString("chi2 %1 df %2").arg(chi).arg(df)));
        const double var = discreteGaussianVariance(sigma);
        QVERIFY(std::abs(sum / n) < 4.5 * std::sqrt(var / n));
        QVERIFY(std::abs(sq / n / var - 1) < privacy_test::varianceTolerance(n, 4.5, 0.0));
        if (sigma > 2) QVERIFY(std::abs(var / s2 - 1) < 1e-9);  // Poisson summation: equal to σ²
        QVERIFY(var < s2 || sigma > 2);                         // below σ² for small σ (CKS 2020)
    }
    void continuousGaussianKs() {
        const int n = 100000;
        auto rng = makeSeededRng(22);
        std::vector<double> x(n);
        for (double& v : x) v = sampleGaussian(*rng, 2.0);
        std::sort(x.begin(), x.end());
        double d = 0;
        for (int i = 0; i < n; ++i) {
            const double cdf = 0.5 * std::erfc(-x[i] / (2.0 * std::sqrt(2.0)));
            d = std::max({d, std::abs(cdf - double(i) / n), std::abs(cdf - double(i + 1) / n)});
        }
        QVERIFY(d < privacy_test::ksCritical(n));
        QCOMPARE(noiseVariance(NoiseKind::Gaussian, 2.0), 4.0);
        QCOMPARE(privacyModelOf(NoiseKind::DiscreteGaussian), PrivacyModel::ZCdp);
        QCOMPARE(noiseKindFor(PrivacyModel::ZCdp, true), NoiseKind::DiscreteGaussian);
    }
    void samplerRangeIsChecked() {
        QVERIFY_THROWS_EXCEPTION(Error, snapDiscreteGaussianVariance(1e-4));
        QVERIFY_THROWS_EXCEPTION(Error, snapDiscreteGaussianVariance(1e9));
        QVERIFY_THROWS_EXCEPTION(Error, snapDiscreteGaussianVariance(NAN));
    }
};

QTEST_APPLESS_MAIN(TestZcdp)
#include "test_zcdp.moc"
