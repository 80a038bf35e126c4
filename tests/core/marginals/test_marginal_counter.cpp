// Counting kernels vs a naive count; incremental accumulation == recount;
// thread count never changes results.
#include <QtTest>

#include "core/marginals/marginal_counter.h"

using namespace streamsynth;
using marginals::Marginal;
using marginals::WorkloadSet;

namespace {
data::Domain domain5() {
    return data::Domain({{"a", 3}, {"b", 1}, {"c", 7}, {"d", 2}, {"e", 300}});
}

// Deterministic scrambled test data (splitmix64 of the position; this
// library does not link the Rng, and the data need not be random, only varied).
std::uint64_t mix(std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
data::Table randomTable(const data::Domain& d, std::size_t rows, std::uint64_t seed) {
    data::Table t(d, rows);
    for (std::size_t r = 0; r < rows; ++r)
        for (int a = 0; a < d.attributeCount(); ++a)
            t.set(r, a,
                  static_cast<data::Code>(mix(seed * 1000003 + r * 31 + static_cast<std::uint64_t>(a)) %
                                          static_cast<std::uint64_t>(d.size(a))));
    return t;
}

// Definition: cell index Σ x_i Π_{j>i} n_j (first attribute slowest).
Marginal naive(const data::Table& t, const marginals::Workload& w, std::size_t lo, std::size_t hi) {
    std::size_t cells = 1;
    for (int a : w.attrs) cells *= static_cast<std::size_t>(t.domain().size(a));
    Marginal m(cells, 0.0);
    for (std::size_t r = lo; r < hi; ++r) {
        std::size_t idx = 0;
        for (int a : w.attrs) idx = idx * static_cast<std::size_t>(t.domain().size(a)) + t.at(r, a);
        m[idx] += 1;
    }
    return m;
}
}  // namespace

class TestMarginalCounter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void layoutFirstAttributeSlowest() {
        const data::Domain d({{"A", 2}, {"B", 3}});
        data::Table t(d, std::vector<std::vector<data::Code>>{{1, 0, 1}, {2, 1, 2}});
        const auto m = marginals::countAll(t, WorkloadSet(d, {marginals::Workload{{0, 1}}}));
        // (a=1,b=2) -> 1*3+2 = 5 twice; (a=0,b=1) -> 1 once.
        QCOMPARE(m[0], (Marginal{0, 1, 0, 0, 0, 2}));
    }
    void matchesNaiveForAllOrders() {
        const data::Domain d = domain5();
        const data::Table t = randomTable(d, 5000, 7);
        for (int k = 1; k <= 5; ++k) {
            const WorkloadSet ws = WorkloadSet::allKWay(d, k);
            const auto got = marginals::countAll(t, ws);
            for (std::size_t i = 0; i < ws.size(); ++i) {
                QCOMPARE(got[i], naive(t, ws[i], 0, t.rowCount()));
                double sum = 0;
                for (double v : got[i]) sum += v;
                QCOMPARE(sum, 5000.0);
            }
        }
    }
    void rangesAndRowListsMatchNaive() {
        const data::Domain d = domain5();
        const data::Table t = randomTable(d, 3000, 11);
        const WorkloadSet ws = WorkloadSet::allKWay(d, 2);
        // Small ranges use the direct double path, large ones the uint32 path.
        for (auto [lo, hi] : {std::pair<std::size_t, std::size_t>{0, 0}, {5, 9}, {100, 2999}, {0, 3000}}) {
            const auto got = marginals::countRange(t, ws, lo, hi);
            for (std::size_t i = 0; i < ws.size(); ++i) QCOMPARE(got[i], naive(t, ws[i], lo, hi));
        }
        std::vector<std::size_t> rows{4, 4, 2999, 17};
        Marginal m(ws.cells(3), 0.0);
        marginals::addCountsRows(t, ws[3], rows, m.data());
        Marginal expect(ws.cells(3), 0.0);
        for (std::size_t r : rows) {
            const Marginal one = naive(t, ws[3], r, r + 1);
            for (std::size_t c = 0; c < m.size(); ++c) expect[c] += one[c];
        }
        QCOMPARE(m, expect);
    }
    void threadsDoNotChangeResults() {
        const data::Domain d = domain5();
        // 60,000 rows x 10 workloads: enough (row, workload) visits for
        // two threads, so the split really runs.
        const data::Table t = randomTable(d, 60000, 3);
        const WorkloadSet ws = WorkloadSet::allKWay(d, 2);
        QCOMPARE(ws.size(), std::size_t{10});
        const auto one = marginals::countAll(t, ws, 1);
        QCOMPARE(marginals::countAll(t, ws, 3), one);
        QCOMPARE(marginals::countAll(t, ws, 0), one);
        QCOMPARE(marginals::countAll(t, ws, 64), one);
    }
    void incrementalEqualsRecount() {
        const data::Domain d = domain5();
        const data::Table t = randomTable(d, 2500, 5);
        const WorkloadSet ws = WorkloadSet::allKWay(d, 2);
        marginals::MarginalAccumulator acc(ws);
        std::size_t lo = 0;
        int step = 0;
        while (lo < t.rowCount()) {
            const std::size_t hi = std::min(t.rowCount(), lo + 37 + static_cast<std::size_t>(step % 5) * 100);
            std::vector<std::size_t> idx;
            for (std::size_t r = lo; r < hi; ++r) idx.push_back(r);
            if (step % 2 == 0)
                acc.add(t.selectRows(idx));
            else
                acc.add(marginals::countRange(t, ws, lo, hi), static_cast<long long>(hi - lo));
            // After every step, f_t equals a recount of all rows so far.
            QCOMPARE(acc.answers(), marginals::countRange(t, ws, 0, hi));
            QCOMPARE(acc.rows(), static_cast<long long>(hi));
            lo = hi;
            ++step;
        }
        data::Table empty(d, 0);
        acc.add(empty);
        QCOMPARE(acc.answers(), marginals::countAll(t, ws));
    }
};

QTEST_APPLESS_MAIN(TestMarginalCounter)
#include "test_marginal_counter.moc"
