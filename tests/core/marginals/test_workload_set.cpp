// WorkloadSet: k-way enumeration, names, workload files, validation errors.
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "core/marginals/workload_limits.h"
#include "core/values/error.h"
#include "core/values/workload_set.h"

using namespace streamsynth;
using marginals::Workload;
using marginals::WorkloadSet;

namespace {
data::Domain adultDomain() {
    return data::Domain({{"age", 85},
                         {"workclass", 9},
                         {"fnlwgt", 100},
                         {"education-num", 16},
                         {"marital-status", 7},
                         {"occupation", 15},
                         {"relationship", 6},
                         {"race", 5},
                         {"sex", 2},
                         {"capital-gain", 100},
                         {"capital-loss", 100},
                         {"hours-per-week", 99},
                         {"native-country", 42},
                         {"income>50K", 2}});
}
data::Domain small() {
    return data::Domain({{"a", 2}, {"b", 3}, {"c", 4}, {"d", 5}});
}

long long binom(int n, int k) {
    long long r = 1;
    for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return r;
}
}  // namespace

class TestWorkloadSet : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void adultTwoWayIs91() {
        const WorkloadSet ws = WorkloadSet::allKWay(adultDomain(), 2);
        QCOMPARE(ws.size(), std::size_t(91));
        QCOMPARE(ws[0].attrs, (std::vector<int>{0, 1}));
        QCOMPARE(ws[90].attrs, (std::vector<int>{12, 13}));
        QCOMPARE(ws.cells(0), std::size_t(85 * 9));
        QCOMPARE(ws.label(0), std::string("age × workclass"));
    }
    void kWayCountsAndOrder() {
        for (int k = 1; k <= 4; ++k) {
            const WorkloadSet ws = WorkloadSet::allKWay(small(), k);
            QCOMPARE(static_cast<long long>(ws.size()), binom(4, k));
            for (std::size_t i = 1; i < ws.size(); ++i)
                QVERIFY(ws[i - 1].attrs < ws[i].attrs);  // strictly lexicographic
        }
        QCOMPARE(static_cast<long long>(WorkloadSet::allKWay(adultDomain(), 3).size()), binom(14, 3));
        const WorkloadSet three = WorkloadSet::allKWay(small(), 3);
        QCOMPARE(three.cells(3), std::size_t(3 * 4 * 5));  // (b, c, d)
        QCOMPARE(three.totalCells(), std::size_t(2 * 3 * 4 + 2 * 3 * 5 + 2 * 4 * 5 + 3 * 4 * 5));
    }
    void badK() {
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet::allKWay(small(), 0));
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet::allKWay(small(), 5));
    }
    // Limits (core/marginals/workload_limits.h), checked before the set is
    // built: C(448, 2) = 100,128 pairs is one over; the total cells too.
    void limitsAreCheckedFirst() {
        auto domain = [](int attrs, int codes) {
            std::vector<data::Attribute> a;
            for (int i = 0; i < attrs; ++i) a.push_back({"a" + std::to_string(i), codes});
            return data::Domain(a);
        };
        QCOMPARE(static_cast<int>(WorkloadSet::allKWay(domain(447, 2), 2).size()), 99681);
        try {
            (void)WorkloadSet::allKWay(domain(448, 2), 2);
            QFAIL("448 attributes: all pairs accepted");
        } catch (const Error& e) {
            QVERIFY2(e.message().find("are 100128, more than the limit of 100000") != std::string::npos,
                     e.message().c_str());
        }
        try {
            (void)WorkloadSet::allKWay(domain(100, 3000), 2);  // 4,950 pairs of 9,000,000 cells
            QFAIL("4.5e10 cells in all accepted");
        } catch (const Error& e) {
            QVERIFY2(e.message().find("cells in all") != std::string::npos, e.message().c_str());
        }
        QVERIFY(marginals::kMaxWorkloads == 100000 && marginals::kMaxTotalCells == 2.0e8);
    }
    void fromNamesSortsAndValidates() {
        const WorkloadSet ws = WorkloadSet::fromNames(small(), {{"c", "a"}, {"d"}});
        QCOMPARE(ws[0].attrs, (std::vector<int>{0, 2}));
        QCOMPARE(ws.cells(0), std::size_t(8));
        QCOMPARE(ws.indexOf(Workload{{3}}), 1);
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet::fromNames(small(), {{"a", "zz"}}));
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet::fromNames(small(), {{"a", "a"}}));
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet::fromNames(small(), {{"a", "b"}, {"b", "a"}}));
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet::fromNames(small(), {}));
    }
    void constructorValidates() {
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet(small(), {Workload{{1, 0}}}));
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet(small(), {Workload{{0, 4}}}));
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet(small(), {Workload{{}}}));
        // 3 attributes of 1000 codes: 1e9 cells exceeds the cap.
        const data::Domain big({{"x", 1000}, {"y", 1000}, {"z", 1000}});
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet(big, {Workload{{0, 1, 2}}}));
    }
    void readFile() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("w.txt").toStdString();
        {
            std::ofstream f(path);
            f << "# my workloads\n a , b\n\nd   # one-way\nc,d,b\n";
        }
        const WorkloadSet ws = WorkloadSet::readFile(path, small());
        QCOMPARE(ws.size(), std::size_t(3));
        QCOMPARE(ws[2].attrs, (std::vector<int>{1, 2, 3}));
        {
            std::ofstream f(path);
            f << "a,b\nb,nope\n";
        }
        try {
            WorkloadSet::readFile(path, small());
            QFAIL("expected an error");
        } catch (const Error& e) {
            QCOMPARE(e.context().line, 2LL);
            QVERIFY(e.describe().find("nope") != std::string::npos);
        }
        {
            std::ofstream f(path);
            f << "# nothing\n";
        }
        QVERIFY_THROWS_EXCEPTION(Error, WorkloadSet::readFile(path, small()));
        QVERIFY_THROWS_EXCEPTION(Error,
                                 WorkloadSet::readFile(dir.filePath("missing.txt").toStdString(), small()));
    }
};

QTEST_APPLESS_MAIN(TestWorkloadSet)
#include "test_workload_set.moc"
