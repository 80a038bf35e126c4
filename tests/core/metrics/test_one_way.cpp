// 1-way total-variation distances (issue 14): sum-out of a workload to each
// of its attributes on a hand-computed example, TV values, uncovered
// attributes, the uniform reference and the worst attribute.
#include <QtTest>
#include <cmath>

#include "core/metrics/one_way.h"
#include "core/values/error.h"

using namespace streamsynth;
using marginals::Marginal;

namespace {
constexpr double kEps = 1e-12;
// Domain A(2) B(3) C(2); workloads (A,B) and (A,C); C's only workload is (A,C).
data::Domain domain() {
    return data::Domain({{"A", 2}, {"B", 3}, {"C", 2}, {"D", 4}});
}
marginals::WorkloadSet workloads() {
    return marginals::WorkloadSet(domain(), {marginals::Workload{{0, 1}}, marginals::Workload{{0, 2}}});
}
}  // namespace

class TestOneWay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sumOutBothPositions() {
        // (A,B) flat = a*3 + b: A=0 row [1,2,3], A=1 row [4,5,6].
        const Marginal ab{1, 2, 3, 4, 5, 6};
        const marginals::Workload w{{0, 1}};
        QCOMPARE(metrics::sumOutTo(ab, w, domain(), 0), (std::vector<double>{6, 15}));
        QCOMPARE(metrics::sumOutTo(ab, w, domain(), 1), (std::vector<double>{5, 7, 9}));
        QVERIFY_THROWS_EXCEPTION(Error, metrics::sumOutTo(ab, w, domain(), 2));
    }
    void totalVariationValues() {
        // a = [.5,.5], b = [.25,.75]: ½(.25+.25) = .25; scale does not matter.
        QVERIFY(std::abs(metrics::totalVariation({2, 2}, {1, 3}) - 0.25) < kEps);
        QVERIFY(std::abs(metrics::totalVariation({2, 2}, {10, 30}) - 0.25) < kEps);
        QVERIFY(std::abs(metrics::totalVariation({1, 0}, {0, 1}) - 1.0) < kEps);
        // An empty release stays all-zero: ½·Σa/Σa = .5.
        QVERIFY(std::abs(metrics::totalVariation({3, 1}, {0, 0}) - 0.5) < kEps);
        QVERIFY_THROWS_EXCEPTION(Error, metrics::totalVariation({1, 2}, {1, 2, 3}));
    }
    void perAttributeAndUncovered() {
        const auto ws = workloads();
        // Truth: (A,B) = [1,2,3, 4,5,6] (A = [6,15], B = [5,7,9]); (A,C) = [6,0, 0,15] (C = [6,15]).
        // Release: (A,B) = [7,0,0, 0,0,14] (A = [7,14], B = [7,0,14]); (A,C) = [7,0, 0,14].
        const std::vector<Marginal> truth{{1, 2, 3, 4, 5, 6}, {6, 0, 0, 15}};
        const std::vector<Marginal> release{{7, 0, 0, 0, 0, 14}, {7, 0, 0, 14}};
        const auto tv = metrics::oneWayTV(ws, truth, release);
        QCOMPARE(tv.size(), std::size_t{4});
        // A: a = [6,15]/21, b = [7,14]/21: ½(1+1)/21 = 1/21 (read off the smaller workload (A,C)).
        QVERIFY(std::abs(tv[0] - 1.0 / 21) < kEps);
        // B: a = [5,7,9]/21, b = [7,0,14]/21: ½(2+7+5)/21 = 7/21.
        QVERIFY(std::abs(tv[1] - 7.0 / 21) < kEps);
        QVERIFY(std::abs(tv[2] - 1.0 / 21) < kEps);
        QVERIFY(std::isnan(tv[3]));  // D: no workload covers it
        const auto src = metrics::oneWaySources(ws);
        QCOMPARE(src, (std::vector<int>{1, 0, 1, -1}));
        QCOMPARE(metrics::oneWayCounts(ws, truth, 1), (std::vector<double>{5, 7, 9}));
        QVERIFY(metrics::oneWayCounts(ws, truth, 3).empty());

        const metrics::WorstAttribute w = metrics::worstAttribute(tv);
        QCOMPARE(w.attribute, 1);
        QVERIFY(std::abs(w.tv - 7.0 / 21) < kEps);
        QCOMPARE(metrics::worstAttribute({NAN, NAN}).attribute, -1);

        // Uniform reference: B = [5,7,9]/21 vs 1/3 each: ½(2+0+2)/21 = 2/21.
        const auto u = metrics::oneWayUniformTV(ws, truth);
        QVERIFY(std::abs(u[1] - 2.0 / 21) < kEps);
        QVERIFY(std::isnan(u[3]));
    }
};

QTEST_APPLESS_MAIN(TestOneWay)
#include "test_one_way.moc"
