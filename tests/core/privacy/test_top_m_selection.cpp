// The DP choice of a coarsened domain's labels: one-shot Gumbel top-m has the
// distribution of m peeling exponential mechanisms (Durfee & Rogers 2019),
// tested on the ordered outcomes of a small example by chi-square against the
// exact product formula; the probability of returning the true top m; the
// budget per pick under pure ε-DP and zCDP; refusals.
#include <QtTest>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include "core/privacy/exponential_mechanism.h"
#include "core/privacy/top_m_selection.h"
#include "core/values/error.h"
#include "privacy_test_support.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

}  // namespace

class TestTopMSelection : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void orderedOutcomesMatchPeeling() {
        // 5 candidates (one -inf), m = 2: 4·3 = 12 ordered outcomes with
        // P(i, j) = p(i) · p(j | i removed) (the exponential mechanism's
        // softmax each time). Chi-square, df = 11, at 99.9%.
        const std::vector<double> u{3.0, 0.0, 5.0, kNegInf, 4.0};
        const double eps = 0.9;
        std::map<std::pair<std::size_t, std::size_t>, int> counts;
        auto rng = makeSeededRng(41);
        const int n = 120000;
        for (int i = 0; i < n; ++i) {
            const auto order = gumbelTopM(u, 2, eps, 1.0, *rng);
            QCOMPARE(order.size(), std::size_t{2});
            counts[{order[0], order[1]}]++;
        }
        double chi = 0, total = 0;
        int outcomes = 0;
        for (std::size_t a : {0, 1, 2, 4})
            for (std::size_t b : {0, 1, 2, 4}) {
                if (a == b) continue;
                const std::size_t order[] = {a, b};
                const double p = topMOrderProbability(u, order, eps, 1.0);
                total += p;
                ++outcomes;
                const double e = n * p;
                const double o = counts[{a, b}];
                chi += (o - e) * (o - e) / e;
            }
        QCOMPARE(outcomes, 12);
        QVERIFY2(std::abs(total - 1.0) < 1e-12, qPrintable(QString::number(total, 'g', 17)));
        QVERIFY2(chi < privacy_test::chiSquareCritical(11), qPrintable(QString::number(chi)));
        for (const auto& [pair, c] : counts)
            QVERIFY(pair.first != 3 && pair.second != 3);  // -inf never chosen
    }
    void firstPickIsTheExponentialMechanism() {
        // The marginal of the first pick is exactly exponentialMechanismProbabilities.
        const std::vector<double> u{1.0, 2.0, 2.5, 0.5};
        const double eps = 1.7;
        const auto p = exponentialMechanismProbabilities(u, eps, 1.0);
        for (std::size_t i = 0; i < u.size(); ++i) {
            double marginal = 0;
            for (std::size_t j = 0; j < u.size(); ++j) {
                if (j == i) continue;
                const std::size_t order[] = {i, j};
                marginal += topMOrderProbability(u, order, eps, 1.0);
            }
            QVERIFY(std::abs(marginal - p[i]) < 1e-12);
        }
    }
    void trueTopSetWithTheoreticalProbability() {
        // Counts of 8 labels, keep 3 at ε' = 0.2 per pick (Δ = 1): the chance
        // that the kept set is the true top 3 is the sum of the 3! orders'
        // probabilities; the observed frequency over n draws lies within 4.5
        // binomial standard deviations of it.
        const std::vector<double> counts{40, 35, 31, 20, 18, 10, 5, 1};
        const double eps = 0.2;
        double pTop = 0;
        const std::size_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        for (const auto& order : perms) pTop += topMOrderProbability(counts, order, eps, 1.0);
        QVERIFY(pTop > 0.2 && pTop < 0.95);  // neither certain nor hopeless: the test can fail
        auto rng = makeSeededRng(42);
        const int n = 40000;
        int hits = 0;
        for (int i = 0; i < n; ++i) {
            auto order = gumbelTopM(counts, 3, eps, 1.0, *rng);
            std::sort(order.begin(), order.end());
            if (order == std::vector<std::size_t>{0, 1, 2}) ++hits;
        }
        const double sd = std::sqrt(n * pTop * (1 - pTop));
        QVERIFY2(std::abs(hits - n * pTop) < 4.5 * sd,
                 qPrintable(QString("%1 hits, expected %2").arg(hits).arg(n * pTop)));
    }
    void budgetPerPick() {
        QCOMPARE(topMEpsilonPerPick(PrivacyModel::Pure, 0.5, 5), 0.1);
        // zCDP: m exponential mechanisms at ε' are m·ε'²/8-zCDP (Cesar & Rogers 2021).
        const double rho = 0.02;
        const double e = topMEpsilonPerPick(PrivacyModel::ZCdp, rho, 4);
        QVERIFY(std::abs(4 * e * e / 8 - rho) < 1e-15);
        QVERIFY_THROWS_EXCEPTION(Error, topMEpsilonPerPick(PrivacyModel::Pure, 0.0, 2));
        QVERIFY_THROWS_EXCEPTION(Error, topMEpsilonPerPick(PrivacyModel::Pure, 1.0, 0));
    }
    void refusals() {
        auto rng = makeSeededRng(43);
        const std::vector<double> u{1.0, kNegInf, 2.0}, nan{1.0, NAN};
        QVERIFY_THROWS_EXCEPTION(Error, gumbelTopM(u, 3, 1.0, 1.0, *rng));  // only 2 finite candidates
        QVERIFY_THROWS_EXCEPTION(Error, gumbelTopM(u, 0, 1.0, 1.0, *rng));
        QVERIFY_THROWS_EXCEPTION(Error, gumbelTopM(u, 1, 0.0, 1.0, *rng));
        QVERIFY_THROWS_EXCEPTION(Error, gumbelTopM(nan, 1, 1.0, 1.0, *rng));
        QCOMPARE(gumbelTopM(u, 2, 1.0, 1.0, *rng).size(), std::size_t{2});
    }
};

QTEST_APPLESS_MAIN(TestTopMSelection)
#include "test_top_m_selection.moc"
