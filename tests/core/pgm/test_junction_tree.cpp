// Junction tree: the §2.8 examples exactly, and structural properties on
// random clique sets (containment, running intersection, size, schedule).
#include <QtTest>
#include <algorithm>
#include <set>

#include "core/pgm/junction_tree.h"
#include "core/privacy/rng.h"

using namespace streamsynth::pgm;

class TestJunctionTree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void example1_chain();
    void example2_cycle();
    void example3_isolated();
    void example4_instability();
    void random_clique_sets();
};

namespace {
const std::vector<std::string> kTreeNames{"A", "B", "C", "D", "E", "F"};
using Cl = std::vector<std::vector<int>>;

void checkSchedule(const JunctionTree& jt) {
    const int k = static_cast<int>(jt.cliques.size());
    QCOMPARE(static_cast<int>(jt.messages.size()), 2 * (k - 1));
    // Message (i→j) comes after every (m→i), m ≠ j.
    for (size_t t = 0; t < jt.messages.size(); ++t) {
        const auto [i, j] = jt.messages[t];
        for (size_t u = t + 1; u < jt.messages.size(); ++u)
            QVERIFY(!(jt.messages[u].second == i && jt.messages[u].first != j));
    }
}
}  // namespace

void TestJunctionTree::example1_chain() {
    double cost = 0;
    const Sizes s{2, 3, 2};
    QCOMPARE(greedyEliminationOrder(s, Cl{{0, 1}, {1, 2}}, &cost), (std::vector<int>{0, 1, 2}));
    QCOMPARE(cost, 14.0);
    const auto jt = buildJunctionTree(s, kTreeNames, Cl{{0, 1}, {1, 2}});
    QCOMPARE(jt.cliques, (Cl{{0, 1}, {1, 2}}));
    QCOMPARE(jt.size, 12.0);
    QCOMPARE(jt.messages.size(), size_t{2});
    checkSchedule(jt);
}

void TestJunctionTree::example2_cycle() {
    const Sizes s{2, 3, 2, 4};
    const Cl in{{0, 1}, {1, 2}, {2, 3}, {0, 3}};
    const auto jt = buildJunctionTree(s, kTreeNames, in);
    QCOMPARE(jt.eliminationOrder, (std::vector<int>{1, 0, 2, 3}));
    QCOMPARE(jt.eliminationCost, 40.0);
    QCOMPARE(jt.cliques, (Cl{{0, 1, 2}, {0, 2, 3}}));
    QCOMPARE(jt.size, 28.0);
}

void TestJunctionTree::example3_isolated() {
    const Sizes s{2, 3, 2, 4};
    const auto jt = buildJunctionTree(s, kTreeNames, Cl{{0, 1}, {1, 2}, {0, 2}});
    QCOMPARE(jt.eliminationOrder, (std::vector<int>{3, 0, 1, 2}));
    QCOMPARE(jt.eliminationCost, 21.0);
    QCOMPARE(jt.cliques, (Cl{{0, 1, 2}, {3}}));
    QCOMPARE(jt.size, 16.0);
    checkSchedule(jt);
}

void TestJunctionTree::example4_instability() {
    const Sizes s{2, 2, 2, 2, 50};
    const Cl cyc{{0, 1}, {1, 2}, {2, 3}, {0, 3}};
    auto a = buildJunctionTree(s, kTreeNames, cyc).cliques;
    std::set<std::vector<int>> sa(a.begin(), a.end());
    QCOMPARE(sa, (std::set<std::vector<int>>{{0, 1, 3}, {1, 2, 3}, {4}}));
    Cl more = cyc;
    more.push_back({0, 4});
    const auto jt = buildJunctionTree(s, kTreeNames, more);
    QCOMPARE(jt.eliminationOrder, (std::vector<int>{1, 2, 3, 0, 4}));
    std::set<std::vector<int>> sb(jt.cliques.begin(), jt.cliques.end());
    QCOMPARE(sb, (std::set<std::vector<int>>{{0, 1, 2}, {0, 2, 3}, {0, 4}}));
}

void TestJunctionTree::random_clique_sets() {
    auto rng = streamsynth::privacy::makeSeededRng(7);
    for (int rep = 0; rep < 300; ++rep) {
        const int d = 4 + static_cast<int>(rng->uniformBelow(3));
        Sizes s;
        for (int a = 0; a < d; ++a) s.push_back(2 + static_cast<int>(rng->uniformBelow(3)));
        Cl in;
        const int m = 1 + static_cast<int>(rng->uniformBelow(6));
        for (int c = 0; c < m; ++c) {
            std::vector<int> cl;
            for (int a = 0; a < d; ++a)
                if (rng->uniformBelow(3) == 0) cl.push_back(a);
            if (cl.empty()) cl.push_back(static_cast<int>(rng->uniformBelow(static_cast<uint64_t>(d))));
            std::reverse(cl.begin(), cl.end());  // permuted input is allowed
            in.push_back(cl);
        }
        const auto jt = buildJunctionTree(s, kTreeNames, in);
        // (a) containment
        for (auto c : in) {
            std::sort(c.begin(), c.end());
            QVERIFY(std::any_of(jt.cliques.begin(), jt.cliques.end(), [&](const auto& C) {
                return std::includes(C.begin(), C.end(), c.begin(), c.end());
            }));
        }
        // every attribute is covered; (b) running intersection: nodes containing a are connected
        const int k = static_cast<int>(jt.cliques.size());
        for (int a = 0; a < d; ++a) {
            int nodes = 0, roots = 0;
            for (int c = 0; c < k; ++c) {
                const auto& C = jt.cliques[static_cast<size_t>(c)];
                if (!std::binary_search(C.begin(), C.end(), a)) continue;
                ++nodes;
                const int p = jt.parent[static_cast<size_t>(c)];
                const bool parentHas =
                    p >= 0 && std::binary_search(jt.cliques[static_cast<size_t>(p)].begin(),
                                                 jt.cliques[static_cast<size_t>(p)].end(), a);
                if (!parentHas) ++roots;
            }
            QVERIFY(nodes >= 1);
            QCOMPARE(roots, 1);  // a connected subtree has exactly one top node
        }
        // (c) size = Σ cells, and maximality (no clique inside another)
        double size = 0;
        for (const auto& C : jt.cliques) size += cellCount(s, C);
        QCOMPARE(jt.size, size);
        for (int i = 0; i < k; ++i)
            for (int j = 0; j < k; ++j)
                if (i != j)
                    QVERIFY(!std::includes(jt.cliques[static_cast<size_t>(j)].begin(),
                                           jt.cliques[static_cast<size_t>(j)].end(),
                                           jt.cliques[static_cast<size_t>(i)].begin(),
                                           jt.cliques[static_cast<size_t>(i)].end()));
        checkSchedule(jt);
    }
}

QTEST_APPLESS_MAIN(TestJunctionTree)
#include "test_junction_tree.moc"
