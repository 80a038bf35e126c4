// Gauge drift of warm-started potentials (potential_gauge.h): re-gauging
// keeps every record's summed log-potential, leaves no cell to underflow, and
// a warm start carrying ±2,000 nats of drift between two cliques that share
// an attribute gives the distribution its potentials define (before the fix
// the linear state rounded the drifted cells to exact zeros).
#include <QtTest>
#include <cmath>

#include "core/pgm/junction_tree.h"
#include "core/pgm/potential_gauge.h"
#include "core/privacy/rng.h"
#include "pgm_brute_force.h"

using namespace streamsynth::pgm;
using namespace streamsynth::pgm::test;

namespace {

const Sizes kGaugeSizes{2, 3, 2};
const std::vector<std::string> kGaugeNames{"a", "b", "c"};

// θ_{ab} and θ_{bc} of small random values, plus `drift` nats on θ_{ab} and
// minus as many on θ_{bc} where b = 0: the same distribution for any drift.
Potentials driftedPotentials(double drift) {
    auto rng = streamsynth::privacy::makeSeededRng(91, "gauge");
    Potentials p;
    p.cliques = {{0, 1}, {1, 2}};
    for (const auto& c : p.cliques) {
        std::vector<double> t(static_cast<size_t>(cellCount(kGaugeSizes, c)));
        for (double& v : t) v = rng->uniform01() - 0.5;
        p.theta.push_back(t);
    }
    for (std::size_t i = 0; i < p.theta[0].size(); ++i)
        if (i % 3 == 0) p.theta[0][i] += drift;  // {a, b}: b is the faster index
    for (std::size_t i = 0; i < p.theta[1].size(); ++i)
        if (i / 2 == 0) p.theta[1][i] -= drift;  // {b, c}: b is the slower index
    return p;
}

// Σ_c θ_c(x) for every record x of the domain.
std::vector<double> summedLogPotentials(const JunctionTree& tree,
                                        const std::vector<std::vector<double>>& theta) {
    const auto all = allAttrs(kGaugeSizes);
    std::vector<double> out(static_cast<size_t>(cellCount(kGaugeSizes, all)), 0.0);
    for (std::size_t c = 0; c < tree.cliques.size(); ++c) {
        const auto map = indexMap(kGaugeSizes, all, tree.cliques[c]);
        for (std::size_t x = 0; x < map.size(); ++x) out[x] += theta[c][static_cast<size_t>(map[x])];
    }
    return out;
}

}  // namespace

class TestPotentialGauge : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void regaugeKeepsEveryRecord() {
        const Potentials p = driftedPotentials(2000);
        const JunctionTree tree = buildJunctionTree(kGaugeSizes, kGaugeNames, p.cliques);
        QCOMPARE(tree.cliques.size(), std::size_t{2});
        std::vector<std::vector<double>> theta = expandPotentials(kGaugeSizes, tree, p);
        QVERIFY(linearUnderflowRisk(theta));
        const std::vector<double> before = summedLogPotentials(tree, theta);
        regaugeToParents(kGaugeSizes, tree, theta);
        QVERIFY(!linearUnderflowRisk(theta));
        const std::vector<double> after = summedLogPotentials(tree, theta);
        for (std::size_t x = 0; x < before.size(); ++x)
            QVERIFY2(std::abs(before[x] - after[x]) < 1e-9,
                     qPrintable(QString("record %1: %2 against %3").arg(x).arg(after[x]).arg(before[x])));
        // Every separator slice of the child clique now peaks at 0.
        const int child = tree.parent[0] < 0 ? 1 : 0;
        std::vector<double> peak(3, -INFINITY);
        const auto toB = indexMap(kGaugeSizes, tree.cliques[static_cast<size_t>(child)], std::vector<int>{1});
        for (std::size_t i = 0; i < toB.size(); ++i)
            peak[static_cast<size_t>(toB[i])] =
                std::max(peak[static_cast<size_t>(toB[i])], theta[static_cast<size_t>(child)][i]);
        for (double v : peak) QVERIFY(std::abs(v) < 1e-12);
    }

    // A warm start with no iterations returns its own distribution: with
    // 2,000 nats of cancelling drift as without it, both equal to the brute
    // force joint of the potentials.
    void driftedWarmStartKeepsItsDistribution() {
        const double total = 100;
        MirrorDescentOptions none;
        none.maxIterations = 0;
        const std::vector<int> ab{0, 1};
        const std::vector<double> y(6, 10.0);
        const std::vector<MeasurementView> ms{{ab, y, 1.0}};
        for (double drift : {0.0, 2000.0}) {
            const Potentials p = driftedPotentials(drift);
            const auto r = estimate(kGaugeSizes, kGaugeNames, ms, &p, total, none);
            const std::vector<double> joint = bruteJoint(kGaugeSizes, driftedPotentials(0.0), total);
            for (std::size_t c = 0; c < r.tree.cliques.size(); ++c) {
                const auto want = bruteMarginal(kGaugeSizes, joint, r.tree.cliques[c]);
                for (std::size_t i = 0; i < want.size(); ++i)
                    QVERIFY2(std::abs(r.mu[c][i] - want[i]) < 1e-9 * total,
                             qPrintable(QString("drift %1, clique %2 cell %3: %4 against %5")
                                            .arg(drift)
                                            .arg(c)
                                            .arg(i)
                                            .arg(r.mu[c][i])
                                            .arg(want[i])));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestPotentialGauge)
#include "test_potential_gauge.moc"
