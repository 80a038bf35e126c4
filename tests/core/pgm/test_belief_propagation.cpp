// Belief propagation: the §3.3 numbers, random potentials vs the explicit
// joint (linear and log paths), structural zeros, uniform potentials, and
// out-of-clique marginals vs brute force (§3.3 μ_AC, every subset).
#include <QtTest>
#include <cmath>
#include <cstring>
#include <numeric>

#include "core/pgm/belief_propagation.h"
#include "core/pgm/marginal_query.h"
#include "core/privacy/rng.h"
#include "pgm_brute_force.h"

using namespace streamsynth::pgm;
using namespace streamsynth::pgm::test;

class TestBeliefPropagation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void worked_example();
    void random_vs_brute_force();
    void structural_zeros();
    void uniform_potentials();
    void out_of_clique_vs_brute_force();
    void out_of_clique_random_structures();
    void memoised_messages_keep_every_bit();
    void scaling_side_by_side_keeps_every_bit();
};

namespace {
const std::vector<std::string> kNames{"a", "b", "c", "d", "e"};
using Cl = std::vector<std::vector<int>>;

void near(const std::vector<double>& got, const std::vector<double>& want, double tol) {
    QCOMPARE(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
        QVERIFY2(
            std::abs(got[i] - want[i]) <= tol,
            qPrintable(QString("cell %1: %2 vs %3").arg(i).arg(got[i], 0, 'g', 12).arg(want[i], 0, 'g', 12)));
}

// Calibrated clique marginals of pot on jt, summing to total.
std::vector<std::vector<double>> calibrated(const Sizes& s, const JunctionTree& jt, const Potentials& pot,
                                            double total) {
    BeliefPropagation bp(s, jt);
    std::vector<std::vector<double>> mu;
    bp.calibrate(expandPotentials(s, jt, pot), total, mu);
    return mu;
}

Potentials randomPotentials(const Sizes& s, const Cl& cl, streamsynth::privacy::Rng& rng,
                            double negInfShare = 0) {
    Potentials p;
    for (auto c : cl) {
        std::sort(c.begin(), c.end());
        p.cliques.push_back(c);
        std::vector<double> t(static_cast<size_t>(cellCount(s, c)));
        for (double& v : t) v = rng.uniform01() < negInfShare ? -INFINITY : 3.0 * (rng.uniform01() - 0.5);
        p.theta.push_back(t);
    }
    return p;
}

const std::vector<Cl> kHeadSets{{{0, 1}, {1, 2}, {2, 3}},
                                {{0}, {0, 1}, {1, 2}, {0, 2}, {1, 3}},
                                {{0, 1}, {3, 0}},
                                {{0, 1, 2, 3}},
                                {{3}},
                                {{0, 1, 2}, {2, 1, 0}, {1, 3}}};
}  // namespace

void TestBeliefPropagation::worked_example() {
    const Sizes s{2, 3, 2};
    const auto jt = buildJunctionTree(s, kNames, Cl{{0, 1}, {1, 2}});
    BeliefPropagation bp(s, jt);
    std::vector<std::vector<double>> theta{{1, 2, 3, 4, 5, 6}, {1, 1, 2, 1, 1, 3}};
    for (auto& t : theta)
        for (double& v : t) v = std::log(v);
    std::vector<std::vector<double>> mu;
    bp.calibrate(theta, 10.0, mu);
    near(mu[0], {0.2985, 0.8955, 1.7910, 1.1940, 2.2388, 3.5821}, 6e-5);
    near(mu[1], {0.7463, 0.7463, 2.0896, 1.0448, 1.3433, 4.0299}, 6e-5);
    // Exact closed form: μ_AB = 10/67·φ·[2,3,4]_b.
    QVERIFY(std::abs(mu[0][5] - 10.0 / 67.0 * 6 * 4) < 1e-12);
    near(queryMarginal(s, jt, mu, std::vector<int>{0, 2}, 10.0), {1.1940, 1.7910, 2.9851, 4.0299}, 6e-5);
}

void TestBeliefPropagation::random_vs_brute_force() {
    auto rng = streamsynth::privacy::makeSeededRng(11);
    const Sizes s{2, 3, 4, 5};
    for (const auto& set : kHeadSets)
        for (int rep = 0; rep < 5; ++rep) {
            const auto pot = randomPotentials(s, set, *rng);
            const auto joint = bruteJoint(s, pot, 7.5);
            const auto jt = buildJunctionTree(s, kNames, pot.cliques);
            BeliefPropagation bp(s, jt);
            const auto theta = expandPotentials(s, jt, pot);
            std::vector<std::vector<double>> mu, muLog;
            bp.calibrate(theta, 7.5, mu);
            bp.calibrateLog(theta, 7.5, muLog);
            for (size_t c = 0; c < jt.cliques.size(); ++c) {
                const auto want = bruteMarginal(s, joint, jt.cliques[c]);
                near(mu[c], want, 1e-10);
                near(muLog[c], want, 1e-10);
            }
        }
}

void TestBeliefPropagation::structural_zeros() {
    auto rng = streamsynth::privacy::makeSeededRng(12);
    const Sizes s{2, 3, 4, 5};
    for (const auto& set : kHeadSets) {
        const auto pot = randomPotentials(s, set, *rng, 0.2);
        const auto joint = bruteJoint(s, pot, 3.0);
        const auto jt = buildJunctionTree(s, kNames, pot.cliques);
        BeliefPropagation bp(s, jt);
        std::vector<std::vector<double>> mu;
        bp.calibrate(expandPotentials(s, jt, pot), 3.0, mu);
        for (size_t c = 0; c < jt.cliques.size(); ++c) {
            const auto want = bruteMarginal(s, joint, jt.cliques[c]);
            for (size_t i = 0; i < want.size(); ++i) {
                QVERIFY(!std::isnan(mu[c][i]));
                if (want[i] == 0)
                    QCOMPARE(mu[c][i], 0.0);  // exactly zero, not tiny
                else
                    QVERIFY(std::abs(mu[c][i] - want[i]) < 1e-10);
            }
        }
    }
}

void TestBeliefPropagation::uniform_potentials() {
    const Sizes s{2, 3, 4, 5};
    for (const auto& set : kHeadSets) {
        const auto jt = buildJunctionTree(s, kNames, set);
        BeliefPropagation bp(s, jt);
        std::vector<std::vector<double>> theta, mu;
        for (double cells : jt.cells) theta.emplace_back(static_cast<size_t>(cells), 0.0);
        bp.calibrate(theta, 1.0, mu);
        for (size_t c = 0; c < mu.size(); ++c)
            for (double v : mu[c]) QVERIFY(std::abs(v - 1.0 / jt.cells[c]) < 1e-14);
    }
}

void TestBeliefPropagation::out_of_clique_vs_brute_force() {
    auto rng = streamsynth::privacy::makeSeededRng(13);
    const Sizes s{2, 3, 4, 5};
    for (const auto& set : kHeadSets) {
        const auto pot = randomPotentials(s, set, *rng, 0.05);
        const auto joint = bruteJoint(s, pot, 4.0);
        const auto jt = buildJunctionTree(s, kNames, pot.cliques);
        BeliefPropagation bp(s, jt);
        std::vector<std::vector<double>> mu;
        bp.calibrate(expandPotentials(s, jt, pot), 4.0, mu);
        for (int mask = 1; mask < 16; ++mask) {
            std::vector<int> q;
            for (int a = 0; a < 4; ++a)
                if (mask & (1 << a)) q.push_back(a);
            near(queryMarginal(s, jt, mu, q, 4.0), bruteMarginal(s, joint, q), 1e-10);
        }
    }
}

void TestBeliefPropagation::out_of_clique_random_structures() {
    // Random clique sets on 6 attributes (multi-branch trees, disconnected
    // parts): every subset of attributes vs the explicit joint, with one
    // shared cache per model (as the fitted models use it).
    auto rng = streamsynth::privacy::makeSeededRng(14);
    const std::vector<std::string> names{"a", "b", "c", "d", "e", "f"};
    for (int rep = 0; rep < 40; ++rep) {
        Sizes s;
        for (int a = 0; a < 6; ++a) s.push_back(2 + static_cast<int>(rng->uniformBelow(2)));
        Cl set;
        const int m = 2 + static_cast<int>(rng->uniformBelow(5));
        for (int c = 0; c < m; ++c) {
            std::vector<int> cl;
            for (int a = 0; a < 6; ++a)
                if (rng->uniformBelow(3) == 0) cl.push_back(a);
            if (cl.empty()) cl.push_back(static_cast<int>(rng->uniformBelow(6)));
            set.push_back(cl);
        }
        const auto pot = randomPotentials(s, set, *rng, 0.03);
        const auto joint = bruteJoint(s, pot, 2.0);
        const auto jt = buildJunctionTree(s, names, pot.cliques);
        const auto mu = calibrated(s, jt, pot, 2.0);
        MarginalCache cache(s, jt, mu);
        for (int mask = 1; mask < 64; ++mask) {
            std::vector<int> q;
            for (int a = 0; a < 6; ++a)
                if (mask & (1 << a)) q.push_back(a);
            near(queryMarginal(s, jt, mu, q, 2.0, &cache), bruteMarginal(s, joint, q), 1e-10);
        }
    }
}

void TestBeliefPropagation::memoised_messages_keep_every_bit() {
    // A shared cache hands later queries the messages earlier ones computed
    // (keyed by the clique, its neighbour and the query attributes on the
    // clique's side). Every answer must be bit for bit the one a fresh cache
    // gives, whatever was asked before: pairs and triples in a shuffled
    // order over random trees of 8 attributes (chains, stars, empty
    // separators), against the brute-force joint too.
    auto rng = streamsynth::privacy::makeSeededRng(15);
    size_t hits = 0;  // the memo must be used, not just harmless
    const std::vector<std::string> names{"a", "b", "c", "d", "e", "f", "g", "h"};
    for (int rep = 0; rep < 30; ++rep) {
        Sizes s;
        for (int a = 0; a < 8; ++a) s.push_back(2 + static_cast<int>(rng->uniformBelow(2)));
        Cl set;
        for (int a = 0; a < 8; ++a) set.push_back({a});
        const int m = 2 + static_cast<int>(rng->uniformBelow(6));
        for (int c = 0; c < m; ++c) {
            const int a = static_cast<int>(rng->uniformBelow(8)), b = static_cast<int>(rng->uniformBelow(8));
            if (a != b) set.push_back({std::min(a, b), std::max(a, b)});
        }
        const auto pot = randomPotentials(s, set, *rng, 0.02);
        const auto joint = bruteJoint(s, pot, 3.0);
        const auto jt = buildJunctionTree(s, names, pot.cliques);
        const auto mu = calibrated(s, jt, pot, 3.0);
        std::vector<std::vector<int>> queries;
        for (int a = 0; a < 8; ++a)
            for (int b = a + 1; b < 8; ++b) {
                queries.push_back({a, b});
                if (b + 1 < 8) queries.push_back({a, b, b + 1});
            }
        for (size_t i = queries.size(); i-- > 1;)
            std::swap(queries[i], queries[static_cast<size_t>(rng->uniformBelow(i + 1))]);
        MarginalCache cache(s, jt, mu);
        for (const auto& q : queries) {
            const auto shared = queryMarginal(s, jt, mu, q, 3.0, &cache);
            const auto fresh = queryMarginal(s, jt, mu, q, 3.0);
            QCOMPARE(shared.size(), fresh.size());
            QVERIFY(std::memcmp(shared.data(), fresh.data(), shared.size() * sizeof(double)) == 0);
            near(shared, bruteMarginal(s, joint, q), 1e-10);
        }
        hits += cache.messageHits();
    }
    QVERIFY2(hits > 500, qPrintable(QString("%1 memoised messages used").arg(hits)));
}

void TestBeliefPropagation::scaling_side_by_side_keeps_every_bit() {
    // scaleToTotal sums up to four answers side by side; each answer must
    // come out exactly as one std::accumulate in cell order and one scaling
    // give it. Values over twenty orders of magnitude, so that any other
    // order of the additions changes the sum; lengths from 0 to 300 cells in
    // batches of 1 to 11 (groups of four, of fewer, of unequal lengths),
    // zero sums and answers not to be scaled left as they are.
    auto rng = streamsynth::privacy::makeSeededRng(52);
    int differ = 0;  // a reordered sum must differ somewhere, or the test cannot fail
    for (int rep = 0; rep < 200; ++rep) {
        const auto n = 1 + static_cast<size_t>(rng->uniformBelow(11));
        std::vector<RawMarginal> got(n);
        for (auto& a : got) {
            a.values.resize(static_cast<size_t>(rng->uniformBelow(301)));
            for (double& v : a.values)
                v = rng->uniform01() * std::pow(10.0, static_cast<double>(rng->uniformBelow(21)) - 10);
            if (rng->uniformBelow(10) == 0) std::fill(a.values.begin(), a.values.end(), 0.0);
            a.scale = rng->uniformBelow(8) != 0;
        }
        const std::vector<RawMarginal> in = got;
        const double total = 1000.0 * rng->uniform01();
        scaleToTotal(got, total);
        for (size_t j = 0; j < n; ++j) {
            std::vector<double> want = in[j].values;
            const double z = std::accumulate(want.begin(), want.end(), 0.0);
            if (in[j].scale && z > 0)
                for (double& v : want) v *= total / z;
            QVERIFY(!got[j].scale);
            QCOMPARE(got[j].values.size(), want.size());
            QVERIFY(want.empty() ||  // (memcmp must not see the null data of an empty vector)
                    std::memcmp(got[j].values.data(), want.data(), want.size() * sizeof(double)) == 0);
            double backwards = 0;
            for (size_t i = want.size(); i-- > 0;) backwards += in[j].values[i];
            differ += backwards != z;
        }
    }
    QVERIFY2(differ > 100, qPrintable(QString("%1 sums depend on their order").arg(differ)));
}

QTEST_APPLESS_MAIN(TestBeliefPropagation)
#include "test_belief_propagation.moc"
