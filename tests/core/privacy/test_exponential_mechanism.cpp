// Selection: exact probabilities (PGM.md §7.1 worked example), Gumbel-max and
// permute-and-flip frequencies (chi-square), -inf / empty candidate handling.
#include <QtTest>
#include <cmath>
#include <limits>
#include <vector>

#include "core/privacy/exponential_mechanism.h"
#include "core/values/error.h"
#include "privacy_test_support.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

template <class Select>
std::vector<int> frequencies(std::size_t candidates, int n, Select select) {
    std::vector<int> counts(candidates, 0);
    for (int i = 0; i < n; ++i) counts[select()]++;
    return counts;
}

double chiSquare(const std::vector<int>& counts, const std::vector<double>& p, int n) {
    double chi = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (p[i] == 0) continue;
        const double e = n * p[i];
        chi += (counts[i] - e) * (counts[i] - e) / e;
    }
    return chi;
}

}  // namespace

class TestExponentialMechanism : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void workedExampleProbabilities() {
        // PGM.md §7.1: scores AB 3, AC 5, BC 10 − 5/6 + 1/6 − 6, ε_sel = 0.063189,
        // P ∝ exp(0.5·ε/Δ·score) with Δ = 1 = exp(ε u/(2Δ)).
        const std::vector<double> u{3.0, 5.0, 10.0 - 5.0 / 6.0 + 1.0 / 6.0 - 6.0};
        const auto p = exponentialMechanismProbabilities(u, 0.063189, 1.0);
        const double expected[] = {0.3251, 0.3463, 0.3286};
        for (int i = 0; i < 3; ++i)
            QVERIFY2(std::abs(p[i] - expected[i]) < 5e-5, qPrintable(QString::number(p[i])));
    }
    void gumbelMaxMatchesExactProbabilities() {
        // Chi-square with df = candidates − 1 at 99.9%.
        const std::vector<double> u{0.0, 1.0, 2.5, -1.0, 2.5, kNegInf};
        const double eps = 1.3, delta = 0.7;
        const auto p = exponentialMechanismProbabilities(u, eps, delta);
        QCOMPARE(p[5], 0.0);
        auto rng = makeSeededRng(21);
        const int n = 200000;
        const auto counts =
            frequencies(u.size(), n, [&] { return exponentialMechanism(u, eps, delta, *rng); });
        QCOMPARE(counts[5], 0);
        QVERIFY(chiSquare(counts, p, n) < privacy_test::chiSquareCritical(4));
    }
    void stableForHugeUtilities() {
        // Without the max shift exp(1e6) overflows.
        const std::vector<double> u{1e6, 1e6 - 1.0};
        const auto p = exponentialMechanismProbabilities(u, 2.0, 1.0);
        QVERIFY(std::abs(p[0] - 1.0 / (1.0 + std::exp(-1.0))) < 1e-12);
    }
    void permuteAndFlipFrequencies() {
        // Two candidates u = (0, −d): the lower one is chosen only when visited
        // first (1/2) and accepted (q = exp(−εd/(2Δ))): P = q/2.
        const double eps = 1.0, d = 1.5;
        const std::vector<double> u{0.0, -d};
        const double q = std::exp(-eps * d / 2.0);
        auto rng = makeSeededRng(22);
        const int n = 200000;
        const auto counts = frequencies(2, n, [&] { return permuteAndFlip(u, eps, 1.0, *rng); });
        QVERIFY(chiSquare(counts, {1 - q / 2, q / 2}, n) < 10.83 /* chi-square(1) 99.9% quantile */);
    }
    void permuteAndFlipIgnoresMinusInfinity() {
        const std::vector<double> u{kNegInf, 0.0, kNegInf};
        auto rng = makeSeededRng(23);
        for (int i = 0; i < 1000; ++i) QCOMPARE(permuteAndFlip(u, 1.0, 1.0, *rng), std::size_t{1});
    }
    void noCandidateIsASettingError() {
        auto rng = makeSeededRng(24);
        const std::vector<double> empty, allInf{kNegInf, kNegInf};
        for (const auto* u : {&empty, &allInf}) {
            try {
                exponentialMechanism(*u, 1.0, 1.0, *rng);
                QFAIL("selected from nothing");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), ErrorKind::Setting);
                QVERIFY(e.message().find("no candidate") != std::string::npos);
            }
            QVERIFY_THROWS_EXCEPTION(Error, permuteAndFlip(*u, 1.0, 1.0, *rng));
        }
    }
    void badInputsAreErrors() {
        auto rng = makeSeededRng(25);
        const std::vector<double> u{1.0, 2.0}, nan{1.0, NAN};
        QVERIFY_THROWS_EXCEPTION(Error, exponentialMechanism(u, 0.0, 1.0, *rng));
        QVERIFY_THROWS_EXCEPTION(Error, exponentialMechanism(u, 1.0, -1.0, *rng));
        QVERIFY_THROWS_EXCEPTION(Error, exponentialMechanism(nan, 1.0, 1.0, *rng));
    }
    void tiesAreUniform() {
        const std::vector<double> u{2.0, 2.0, 2.0};
        auto rng = makeSeededRng(26);
        const int n = 90000;
        const auto counts = frequencies(3, n, [&] { return exponentialMechanism(u, 1.0, 1.0, *rng); });
        QVERIFY(chiSquare(counts, {1 / 3.0, 1 / 3.0, 1 / 3.0}, n) < privacy_test::chiSquareCritical(2));
        const auto pf = frequencies(3, n, [&] { return permuteAndFlip(u, 1.0, 1.0, *rng); });
        QVERIFY(chiSquare(pf, {1 / 3.0, 1 / 3.0, 1 / 3.0}, n) < privacy_test::chiSquareCritical(2));
    }
};

QTEST_APPLESS_MAIN(TestExponentialMechanism)
#include "test_exponential_mechanism.moc"
