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
    void smaller_of_two_orders_on_random_sets();
    void fixture_tree_from_weighted_min_fill();
    void reference_size_without_the_tree();
    void small_domains_take_the_same_order();
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
// Σ cells of the maximal cliques that eliminating in `order` forms (a plain
// re-derivation, independent of junction_tree.cpp).
double cellsOfOrder(const Sizes& s, const Cl& in, const std::vector<int>& order) {
    std::vector<std::set<int>> adj(s.size());
    for (const auto& c : in)
        for (int x : c)
            for (int y : c)
                if (x != y) adj[static_cast<size_t>(x)].insert(y);
    std::set<int> gone;
    std::vector<std::set<int>> formed;
    for (int v : order) {
        std::set<int> nb;
        for (int u : adj[static_cast<size_t>(v)])
            if (!gone.count(u)) nb.insert(u);
        for (int x : nb)
            for (int y : nb)
                if (x != y) adj[static_cast<size_t>(x)].insert(y);
        gone.insert(v);
        nb.insert(v);
        formed.push_back(nb);
    }
    double total = 0;
    for (size_t i = 0; i < formed.size(); ++i) {
        bool inside = false;
        for (size_t j = 0; j < formed.size() && !inside; ++j)
            inside = j != i &&
                     std::includes(formed[j].begin(), formed[j].end(), formed[i].begin(), formed[i].end()) &&
                     (formed[i].size() < formed[j].size() || j < i);
        if (inside) continue;
        double cells = 1;
        for (int a : formed[i]) cells *= s[static_cast<size_t>(a)];
        total += cells;
    }
    return total;
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

// The tree is the smaller of the two greedy orders' trees, and its
// elimination order is the one that forms it (the sampler relies on that).
void TestJunctionTree::smaller_of_two_orders_on_random_sets() {
    auto rng = streamsynth::privacy::makeSeededRng(11);
    int fillSmaller = 0;
    for (int rep = 0; rep < 400; ++rep) {
        const int d = 5 + static_cast<int>(rng->uniformBelow(2));
        Sizes s;
        for (int a = 0; a < d; ++a) s.push_back(2 + static_cast<int>(rng->uniformBelow(40)));
        Cl in;
        for (int c = 0; c < 7; ++c) {
            const int a = static_cast<int>(rng->uniformBelow(static_cast<uint64_t>(d)));
            const int b = static_cast<int>(rng->uniformBelow(static_cast<uint64_t>(d)));
            in.push_back(a == b ? std::vector<int>{a} : std::vector<int>{std::min(a, b), std::max(a, b)});
        }
        const double weight = cellsOfOrder(s, in, greedyEliminationOrder(s, in));
        const double fill = cellsOfOrder(s, in, weightedMinFillOrder(s, in));
        const auto jt = buildJunctionTree(s, kTreeNames, in);
        QCOMPARE(jt.size, std::min(weight, fill));
        QCOMPARE(cellsOfOrder(s, in, jt.eliminationOrder), jt.size);
        if (fill < weight) ++fillSmaller;
    }
    QVERIFY(fillSmaller > 0);  // the second order is not dead code on these sets
}

// pgm-adult-15's 15 measured pairs on Adult's sizes: the reference's min-weight
// order gives 471,505 cells (the fixture's own model_size_cells); weighted
// min fill 307,165 (its cliques checked by hand: the measured triangle
// age × capital-gain × education-num, 136,000, is unavoidable).
void TestJunctionTree::fixture_tree_from_weighted_min_fill() {
    // age workclass fnlwgt edu marital occupation relationship race sex cap-gain cap-loss hours native income
    const Sizes s{85, 9, 100, 16, 7, 15, 6, 5, 2, 100, 100, 99, 42, 2};
    const Cl pairs{{0, 3},  {0, 8},  {0, 9},  {1, 2},  {2, 4},  {2, 8},   {2, 11},  {3, 9},
                   {3, 11}, {3, 13}, {4, 12}, {5, 10}, {6, 12}, {10, 12}, {12, 13}, {7}};
    const std::vector<std::string> names{
        "age",          "workclass",      "fnlwgt",         "education-num", "marital-status",
        "occupation",   "relationship",   "race",           "sex",           "capital-gain",
        "capital-loss", "hours-per-week", "native-country", "income>50K"};
    QCOMPARE(cellsOfOrder(s, pairs, greedyEliminationOrder(s, pairs)), 471505.0);
    const auto jt = buildJunctionTree(s, names, pairs);
    QCOMPARE(jt.size, 307165.0);
    QVERIFY(std::find(jt.cliques.begin(), jt.cliques.end(), std::vector<int>{0, 3, 9}) != jt.cliques.end());
}

namespace {
// Random clique sets for the bit-mask paths: mostly 4-12 attributes, every
// tenth set 13-64 (exactly 64 once), cliques of 0-3 attributes (an empty one
// now and then), repeats allowed; sizes small on the wide domains so that
// every sum of cells stays an exact whole number.
struct RandomSet {
    Sizes sizes;
    Cl cliques;
};
RandomSet randomSet(streamsynth::privacy::Rng& rng, int rep) {
    RandomSet r;
    const bool wide = rep % 10 == 0;
    const int d = rep == 10 ? 64
                  : wide    ? 13 + static_cast<int>(rng.uniformBelow(52))
                            : 4 + static_cast<int>(rng.uniformBelow(9));
    for (int a = 0; a < d; ++a) r.sizes.push_back(2 + static_cast<int>(rng.uniformBelow(wide ? 4 : 60)));
    const int m = 1 + static_cast<int>(rng.uniformBelow(wide ? 20 : 9));
    for (int c = 0; c < m; ++c) {
        std::vector<int> cl;
        const int k = static_cast<int>(rng.uniformBelow(4));  // 0: an empty clique
        for (int i = 0; i < k; ++i)
            cl.push_back(static_cast<int>(rng.uniformBelow(static_cast<uint64_t>(d))));
        r.cliques.push_back(cl);  // unsorted, repeats allowed: the code sorts them itself
    }
    return r;
}
}  // namespace

// The selection's size checks take referenceTreeSize: exactly the reference
// tree's size (compared with ==, not fuzzily), on random sets and on the
// fixture's pairs, with bit masks and without.
void TestJunctionTree::reference_size_without_the_tree() {
    auto rng = streamsynth::privacy::makeSeededRng(12);
    for (int rep = 0; rep < 300; ++rep) {
        const RandomSet r = randomSet(*rng, rep);
        const int d = static_cast<int>(r.sizes.size());
        std::vector<std::string> names;
        for (int a = 0; a < d; ++a) names.push_back("attr" + std::to_string(a));
        const double size = referenceTreeSize(r.sizes, r.cliques);
        QVERIFY2(size == buildJunctionTree(r.sizes, names, r.cliques, TreeOrder::Reference).size,
                 qPrintable(QString("set %1: %2").arg(rep).arg(size, 0, 'g', 17)));
        // Past 64 attributes the general code: pads of one code in no clique
        // add a one-cell clique each.
        Sizes padded = r.sizes;
        padded.resize(70, 1);
        QVERIFY2(referenceTreeSize(padded, r.cliques) == size + (70 - d),
                 qPrintable(QString("set %1").arg(rep)));
    }
    const Sizes adult{85, 9, 100, 16, 7, 15, 6, 5, 2, 100, 100, 99, 42, 2};
    const Cl pairs{{0, 3},  {0, 8},  {0, 9},  {1, 2},  {2, 4},  {2, 8},   {2, 11},  {3, 9},
                   {3, 11}, {3, 13}, {4, 12}, {5, 10}, {6, 12}, {10, 12}, {12, 13}, {7}};
    QVERIFY(referenceTreeSize(adult, pairs) == 471505.0);
}

// Up to 64 attributes the greedy order runs on bit masks. Padding the domain
// past 64 with attributes in no clique takes the general code: they cost 1
// each and never change a clique, so the order of the real attributes and
// the cost (less one per pad) must come out the same.
void TestJunctionTree::small_domains_take_the_same_order() {
    auto rng = streamsynth::privacy::makeSeededRng(13);
    for (int rep = 0; rep < 200; ++rep) {
        const RandomSet r = randomSet(*rng, rep);
        const int d = static_cast<int>(r.sizes.size());
        double smallCost = 0, bigCost = 0;
        const auto small = greedyEliminationOrder(r.sizes, r.cliques, &smallCost);
        Sizes padded = r.sizes;
        padded.resize(70, 3);
        auto big = greedyEliminationOrder(padded, r.cliques, &bigCost);
        big.erase(std::remove_if(big.begin(), big.end(), [&](int a) { return a >= d; }), big.end());
        QCOMPARE(big, small);
        QVERIFY2(bigCost == smallCost + (70 - d), qPrintable(QString("set %1").arg(rep)));
    }
}

QTEST_APPLESS_MAIN(TestJunctionTree)
#include "test_junction_tree.moc"
