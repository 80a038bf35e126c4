// Samplers: continuous Laplace, exact discrete Laplace, Gumbel; scale checks.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "core/privacy/discrete_laplace.h"
#include "core/privacy/gumbel.h"
#include "core/privacy/laplace.h"
#include "core/values/error.h"
#include "privacy_test_support.h"

using namespace streamsynth;
using namespace streamsynth::privacy;
using privacy_test::chiSquareCritical;
using privacy_test::ksCritical;

namespace {

double laplaceCdf(double x, double b) {
    return x < 0 ? 0.5 * std::exp(x / b) : 1.0 - 0.5 * std::exp(-x / b);
}
double gumbelCdf(double x) {
    return std::exp(-std::exp(-x));
}

template <class Cdf>
double ksStatistic(std::vector<double> xs, Cdf cdf) {
    std::sort(xs.begin(), xs.end());
    const double n = static_cast<double>(xs.size());
    double d = 0.0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const double f = cdf(xs[i]);
        d = std::max({d, f - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - f});
    }
    return d;
}

// Chi-square of discrete Laplace draws against the exact pmf of scale b;
// |k| > K pooled into two tails. Returns (statistic, df).
std::pair<double, int> discreteChiSquare(const std::vector<long long>& xs, double b, int K) {
    const double p = std::exp(-1.0 / b);
    const double norm = (1.0 - p) / (1.0 + p);
    std::map<long long, double> counts;
    for (long long x : xs) counts[std::clamp<long long>(x, -K - 1, K + 1)] += 1;
    const double n = static_cast<double>(xs.size());
    double chi = 0.0;
    for (long long k = -K - 1; k <= K + 1; ++k) {
        // Tail bins: P(X > K) = norm·p^{K+1}/(1−p).
        const double prob = std::llabs(k) == K + 1 ? norm * std::pow(p, K + 1) / (1.0 - p)
                                                   : norm * std::pow(p, std::llabs(k));
        const double e = n * prob;
        const double o = counts.count(k) ? counts[k] : 0.0;
        chi += (o - e) * (o - e) / e;
    }
    return {chi, 2 * K + 2};
}

}  // namespace

class TestNoise : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void laplaceMeanVarianceAndKs() {
        auto rng = makeSeededRng(11);
        const int n = 200000;
        const double b = 2.0;
        std::vector<double> xs(n);
        double sum = 0, sq = 0;
        for (double& x : xs) {
            x = sampleLaplace(*rng, b);
            sum += x;
            sq += x * x;
        }
        const double mean = sum / n, var = sq / n - mean * mean;
        // sd of the mean = sqrt(2b²/n); 4.5 sd.
        QVERIFY2(std::abs(mean) < 4.5 * std::sqrt(2 * b * b / n), qPrintable(QString::number(mean)));
        QVERIFY2(std::abs(var / (2 * b * b) - 1) < privacy_test::varianceTolerance(n),
                 qPrintable(QString::number(var)));
        const double d = ksStatistic(xs, [&](double x) { return laplaceCdf(x, b); });
        QVERIFY2(d < ksCritical(n), qPrintable(QString::number(d)));
    }
    void ksDetectsAWrongScale() {
        // The test has power: scale 2.1 data against the scale-2 CDF fails.
        auto rng = makeSeededRng(12);
        std::vector<double> xs(200000);
        for (double& x : xs) x = sampleLaplace(*rng, 2.1);
        QVERIFY(ksStatistic(xs, [](double x) { return laplaceCdf(x, 2.0); }) > ksCritical(200000));
    }
    void discreteLaplacePmfChiSquare_data() {
        QTest::addColumn<double>("scale");
        QTest::newRow("2.5") << 2.5;
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("1/0.3 snapped") << 1.0 / 0.3;
    }
    void discreteLaplacePmfChiSquare() {
        QFETCH(double, scale);
        auto rng = makeSeededRng(13);
        const int n = 200000;
        std::vector<long long> xs(n);
        double sum = 0, sq = 0;
        for (auto& x : xs) {
            x = sampleDiscreteLaplace(*rng, scale);
            sum += static_cast<double>(x);
            sq += static_cast<double>(x) * static_cast<double>(x);
        }
        const double b = snapDiscreteScale(scale).value();
        QVERIFY(b >= scale && b - scale <= 1.0 / kDiscreteScaleDenominator);
        const int K = std::max(3, static_cast<int>(std::ceil(5 * b)));
        const auto [chi, df] = discreteChiSquare(xs, b, K);
        QVERIFY2(chi < chiSquareCritical(df), qPrintable(QString("chi2 %1 df %2").arg(chi).arg(df)));
        const double var = discreteLaplaceVariance(scale);
        QVERIFY(std::abs(sum / n) < 4.5 * std::sqrt(var / n));
        QVERIFY(std::abs((sq / n) / var - 1) < privacy_test::varianceTolerance(n));
    }
    void discreteLaplaceVarianceFormula() {
        // Var = 2p/(1-p)^2 with p = e^{-1/b}; tends to 2b² for large b.
        const double p = std::exp(-1.0 / 2.0);
        QCOMPARE(discreteLaplaceVariance(2.0), 2 * p / ((1 - p) * (1 - p)));
        QVERIFY(std::abs(discreteLaplaceVariance(1000.0) / (2e6) - 1) < 1e-3);
    }
    void bernoulliExpMinusFrequencies() {
        // exp(-n/d) for γ below and above 1; binomial sd, 4.5 sd.
        auto rng = makeSeededRng(14);
        const int n = 100000;
        for (auto [num, den] : {std::pair<std::uint64_t, std::uint64_t>{1, 3}, {7, 2}, {0, 5}}) {
            int hits = 0;
            for (int i = 0; i < n; ++i) hits += bernoulliExpMinus(*rng, num, den);
            const double p = std::exp(-static_cast<double>(num) / static_cast<double>(den));
            QVERIFY(std::abs(hits / double(n) - p) <= 4.5 * std::sqrt(p * (1 - p) / n) + 1e-12);
        }
    }
    void gumbelMeanVarianceAndKs() {
        auto rng = makeSeededRng(15);
        const int n = 200000;
        std::vector<double> xs(n);
        double sum = 0, sq = 0;
        for (double& x : xs) {
            x = sampleGumbel(*rng);
            sum += x;
            sq += x * x;
        }
        const double mean = sum / n, var = sq / n - mean * mean;
        const double trueVar = M_PI * M_PI / 6;
        QVERIFY(std::abs(mean - 0.5772156649) < 4.5 * std::sqrt(trueVar / n));
        // Gumbel excess kurtosis is 2.4.
        QVERIFY(std::abs(var / trueVar - 1) < privacy_test::varianceTolerance(n, 4.5, 2.4));
        QVERIFY(ksStatistic(xs, gumbelCdf) < ksCritical(n));
    }
    void scaleValidation() {
        QCOMPARE(laplaceScale(0.5, 1.0), 2.0);
        for (double bad : {0.0, -1.0, double(NAN), double(INFINITY)}) {
            try {
                laplaceScale(bad, 1.0);
                QFAIL("accepted a bad epsilon");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), ErrorKind::Setting);
                QCOMPARE(QString::fromStdString(e.context().setting), QString("epsilon"));
            }
            QVERIFY_THROWS_EXCEPTION(Error, laplaceScale(1.0, bad));
        }
    }
    void seededDrawsReproduce() {
        auto a = makeSeededRng(5), b = makeSeededRng(5);
        for (int i = 0; i < 100; ++i) {
            QCOMPARE(sampleLaplace(*a, 1.5), sampleLaplace(*b, 1.5));
            QCOMPARE(sampleDiscreteLaplace(*a, 1.5), sampleDiscreteLaplace(*b, 1.5));
        }
    }
};

QTEST_APPLESS_MAIN(TestNoise)
#include "test_noise.moc"
