// The fit interface through the "pgm" engine: uniform model, fitting, warm
// start exactness through init, structure growth, totals, sampling, sizes.
#include <QtTest>
#include <cmath>
#include <cstring>

#include "core/common/task_pool.h"
#include "core/fit/fit_engine.h"
#include "core/pgm/junction_tree.h"
#include "core/values/error.h"

using namespace streamsynth;

class TestPgmEngine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void uniform_model();
    void fit_and_marginals();
    void total_floor();
    void warm_start_through_init();
    void sizes_and_caps();
    void sample_and_with_total();
    void smaller_tree_keeps_reference_sizes_and_restores();
    void warm_fit_inside_the_structure_keeps_every_bit();
    void marginals_side_by_side_keep_every_bit();
};

namespace {
data::Domain toyDomain() {
    return data::Domain({{"a", 2}, {"b", 3}, {"c", 4}, {"d", 5}});
}
std::vector<fit::Measurement> exactMeasurements(const std::vector<std::vector<int>>& cliques, double total) {
    // A fixed joint: p(a,b,c,d) ∝ 1 + a + 2b·c + (d % 3).
    std::vector<double> joint(120);
    double z = 0;
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 4; ++c)
                for (int d = 0; d < 5; ++d)
                    z += joint[static_cast<size_t>(((a * 3 + b) * 4 + c) * 5 + d)] =
                        1 + a + 2 * b * c + d % 3;
    const int sizes[4] = {2, 3, 4, 5};
    std::vector<fit::Measurement> out;
    for (const auto& cl : cliques) {
        fit::Measurement m{cl, {}, 1.0};
        size_t n = 1;
        for (int x : cl) n *= static_cast<size_t>(sizes[x]);
        m.values.assign(n, 0.0);
        for (size_t i = 0; i < 120; ++i) {
            int digits[4];
            size_t r = i;
            for (int x = 3; x >= 0; --x) {
                digits[x] = static_cast<int>(r % static_cast<size_t>(sizes[x]));
                r /= static_cast<size_t>(sizes[x]);
            }
            size_t j = 0;
            for (int x : cl) j = j * static_cast<size_t>(sizes[x]) + static_cast<size_t>(digits[x]);
            m.values[j] += joint[i] * total / z;
        }
        out.push_back(m);
    }
    return out;
}
// Five attributes and five pairs whose two greedy junction trees differ: the
// reference order's of 104 cells, weighted min fill's of 72.
data::Domain twoTreeDomain() {
    return data::Domain({{"a", 4}, {"b", 2}, {"c", 2}, {"d", 4}, {"e", 4}});
}
std::vector<fit::Measurement> twoTreeMeasurements(const data::Domain& dom) {
    std::vector<fit::Measurement> ms;
    for (const std::vector<int>& cl : {std::vector<int>{0, 3}, {0, 4}, {1, 4}, {2, 3}, {2, 4}}) {
        fit::Measurement m{cl, {}, 1.0};
        const int n = dom.attribute(cl[0]).size * dom.attribute(cl[1]).size;
        for (int i = 0; i < n; ++i) m.values.push_back(1.0 + (i * 7) % 5);
        ms.push_back(m);
    }
    return ms;
}
}  // namespace

void TestPgmEngine::uniform_model() {
    const auto e = fit::makePgmEngine();
    QCOMPARE(e->name(), std::string("pgm"));
    const auto u = e->uniform(toyDomain(), 12.0);
    QCOMPARE(u->total(), 12.0);
    QVERIFY(u->cliques().empty());
    QCOMPARE(u->sizeCells(), 14.0);  // singletons 2+3+4+5
    const auto m = u->marginal(std::vector<int>{1, 3});
    for (double v : m) QVERIFY(std::abs(v - 12.0 / 15) < 1e-12);
}

// FitOptions::minTotal: measurements whose totals say 100 give a model of
// 100 without a floor or under a lower one, and of the floor above it (both
// engines); 0 keeps the estimate.
void TestPgmEngine::total_floor() {
    const auto ms = exactMeasurements({{0, 1}, {1, 2}}, 100.0);
    for (const auto& e : {fit::makePgmEngine(), fit::makeMwEngine()}) {
        fit::FitOptions o;
        o.maxIterations = 5;
        QVERIFY(std::abs(e->fit(toyDomain(), ms, nullptr, o)->total() - 100.0) < 1e-9);
        o.minTotal = 40;
        QVERIFY(std::abs(e->fit(toyDomain(), ms, nullptr, o)->total() - 100.0) < 1e-9);
        o.minTotal = 250;
        QVERIFY(std::abs(e->fit(toyDomain(), ms, nullptr, o)->total() - 250.0) < 1e-9);
    }
}

void TestPgmEngine::fit_and_marginals() {
    const auto e = fit::makePgmEngine();
    const auto ms = exactMeasurements({{0, 1}, {1, 2}, {2, 3}}, 100.0);
    fit::FitOptions o;
    o.maxIterations = 300;
    o.tolerance = 0;
    fit::FitReport rep;
    const auto m = e->fit(toyDomain(), ms, nullptr, o, &rep);
    QVERIFY(std::abs(m->total() - 100.0) < 1e-9);
    QCOMPARE(rep.iterations, 300);
    QVERIFY(rep.bpCalls > 300);
    QVERIFY(rep.finalLoss < 1e-3);
    QVERIFY(std::abs(rep.weightedLoss - rep.finalLoss) < 1e-12);  // σ² = 1
    for (const auto& meas : ms) {
        const auto got = m->marginal(meas.attrs);
        for (size_t i = 0; i < got.size(); ++i) QVERIFY(std::abs(got[i] - meas.values[i]) < 0.05);
    }
    // Any set sums to the total (out-of-clique path included).
    const auto ad = m->marginal(std::vector<int>{0, 3});
    double s = 0;
    for (double v : ad) s += v;
    QVERIFY(std::abs(s - 100.0) < 1e-9);
    // Bad inputs are setting errors.
    auto bad = ms;
    bad[0].attrs = {1, 0};
    QVERIFY_THROWS_EXCEPTION(Error, e->fit(toyDomain(), bad, nullptr, o));
    bad = ms;
    bad[0].variance = 0;
    QVERIFY_THROWS_EXCEPTION(Error, e->fit(toyDomain(), bad, nullptr, o));
}

void TestPgmEngine::warm_start_through_init() {
    const auto e = fit::makePgmEngine();
    auto ms = exactMeasurements({{0, 1}, {1, 2}}, 50.0);
    for (auto& m : ms) m.values[0] += 3.0;  // not exactly consistent: the fit is not trivial
    fit::FitOptions o;
    o.maxIterations = 40;
    o.tolerance = 0;
    const auto first = e->fit(toyDomain(), ms, nullptr, o);
    auto more = ms;
    more.push_back(exactMeasurements({{0, 3}}, 50.0)[0]);
    fit::FitOptions zero = o;
    zero.maxIterations = 0;
    const auto second = e->fit(toyDomain(), more, first.get(), zero);
    QCOMPARE(second->cliques().size(), size_t{3});  // the structure grew
    for (const auto& q : std::vector<std::vector<int>>{{0, 1}, {1, 2}, {0, 3}, {0, 2, 3}, {3}}) {
        const auto a = first->marginal(q);
        const auto b = second->marginal(q);
        for (size_t i = 0; i < a.size(); ++i)
            QVERIFY(std::abs(a[i] / first->total() - b[i] / second->total()) < 1e-12);
    }
    // Fitting further from init lowers the loss it starts from.
    fit::FitReport r0, r1;
    e->fit(toyDomain(), more, first.get(), zero, &r0);
    e->fit(toyDomain(), more, first.get(), o, &r1);
    QVERIFY(r1.weightedLoss < r0.weightedLoss);
    // No measurements: a copy of init.
    const auto same = e->fit(toyDomain(), {}, first.get(), o);
    QCOMPARE(same->marginal(std::vector<int>{0, 1}), first->marginal(std::vector<int>{0, 1}));
}

void TestPgmEngine::sizes_and_caps() {
    const auto e = fit::makePgmEngine();
    const auto ms = exactMeasurements({{0, 1}, {1, 2}}, 10.0);
    fit::FitOptions o;
    o.maxIterations = 5;
    const auto m = e->fit(toyDomain(), ms, nullptr, o);
    QCOMPARE(m->sizeCells(), 6.0 + 12.0 + 5.0);
    QCOMPARE(e->hypotheticalSizeCells(*m, std::vector<int>{1}), m->sizeCells());  // inside a clique
    QCOMPARE(e->hypotheticalSizeCells(*m, std::vector<int>{2, 3}), 6.0 + 12.0 + 20.0);
    QCOMPARE(e->hypotheticalSizeCells(*m, std::vector<int>{0, 2}), 24.0 + 5.0);  // triangle abc
    QCOMPARE(e->hypotheticalSizeCells(*m, std::vector<int>{0, 2}), 24.0 + 5.0);  // memoised
    // The memo keeps each model's sizes apart (keyed by the model's cliques,
    // then the workload, the last model remembered): asked in turns about two
    // models, each answer is the one a fresh engine gives, and the two differ.
    const auto m2 = e->fit(toyDomain(), exactMeasurements({{0, 3}}, 10.0), nullptr, o);
    QVERIFY(e->hypotheticalSizeCells(*m, std::vector<int>{1, 3}) !=
            e->hypotheticalSizeCells(*m2, std::vector<int>{1, 3}));
    for (int round = 0; round < 2; ++round)
        for (const fit::Model* model : {m.get(), m2.get()})
            for (const auto& q : std::vector<std::vector<int>>{{0, 2}, {2, 3}, {1, 3}})
                QCOMPARE(e->hypotheticalSizeCells(*model, q),
                         fit::makePgmEngine()->hypotheticalSizeCells(*model, q));
    fit::FitOptions tiny = o;
    tiny.maxModelCells = 20;
    QVERIFY_THROWS_EXCEPTION(Error, e->fit(toyDomain(), ms, nullptr, tiny));
}

void TestPgmEngine::sample_and_with_total() {
    const auto e = fit::makePgmEngine();
    const auto ms = exactMeasurements({{0, 1}, {1, 2}, {2, 3}}, 30.0);
    fit::FitOptions o;
    o.maxIterations = 50;
    const auto m = e->fit(toyDomain(), ms, nullptr, o);
    auto rng = privacy::makeSeededRng(1);
    const auto t = m->sample(31, *rng);
    QCOMPARE(t.rowCount(), size_t{31});
    QCOMPARE(t.attributeCount(), 4);
    const auto w = m->withTotal(60.0);
    QCOMPARE(w->total(), 60.0);
    const auto a = m->marginal(std::vector<int>{1, 2});
    const auto b = w->marginal(std::vector<int>{1, 2});
    for (size_t i = 0; i < a.size(); ++i) QVERIFY(std::abs(2 * a[i] - b[i]) < 1e-9);
}

// Five attributes whose two greedy trees differ (the reference's 104 cells,
// weighted min fill's 72): sizes and the fit-work bound count the reference's
// tree; a model saved before the smaller tree (marginals on the reference
// tree) and one saved since both restore; marginals that are calibrated on
// neither tree are refused.
void TestPgmEngine::smaller_tree_keeps_reference_sizes_and_restores() {
    const data::Domain dom = twoTreeDomain();
    const std::vector<fit::Measurement> ms = twoTreeMeasurements(dom);
    const auto e = fit::makePgmEngine();
    fit::FitOptions o;
    o.maxIterations = 40;
    const auto m = e->fit(dom, ms, nullptr, o);
    QCOMPARE(m->sizeCells(), 104.0);  // caps count the reference tree...
    double computed = 0;              // ...the model computes on the smaller one
    for (const auto& c : fit::maximalCliquesOf(*m)) computed += pgm::cellCount({4, 2, 2, 4, 4}, c);
    QCOMPARE(computed, 72.0);
    auto near = [&](const fit::Model& r) {
        for (const std::vector<int>& q : {std::vector<int>{0, 1, 2}, {3, 4}, {1, 2, 3}}) {
            const auto a = m->marginal(q), b = r.marginal(q);
            for (size_t i = 0; i < a.size(); ++i)
                if (!(std::abs(a[i] - b[i]) <= 1e-9 * m->total())) return false;
        }
        return true;
    };
    // The fit-work bound is counted on the reference's tree too:
    // ⌈1,040 / 104⌉ = 10 iterations (⌈1,040 / 72⌉ would be 15).
    fit::FitOptions bounded = o;
    bounded.maxIterations = 100;
    bounded.tolerance = 0;
    bounded.maxCellIterations = 1040;
    fit::FitReport rep;
    e->fit(dom, ms, nullptr, bounded, &rep);
    QCOMPARE(rep.iterations, 10);
    const auto saved = m->state();
    QVERIFY(near(*e->restore(dom, saved)));
    auto old = saved;  // as saved before: marginals on the reference tree's cliques
    const auto reference = pgm::buildJunctionTree({4, 2, 2, 4, 4}, {"a", "b", "c", "d", "e"}, saved.cliques,
                                                  pgm::TreeOrder::Reference);
    QCOMPARE(reference.size, 104.0);
    old.marginals.clear();
    for (const auto& c : reference.cliques) old.marginals.push_back(m->marginal(c));
    QVERIFY(near(*e->restore(dom, old)));
    auto broken = old;
    broken.marginals[1][0] += 1.0;
    broken.marginals[1][1] -= 1.0;
    QVERIFY_THROWS_EXCEPTION(Error, e->restore(dom, broken));
}

// A fit whose measurements lie inside its initial model's cliques keeps the
// structure and takes the model's junction tree instead of building it again:
// the same bits as a fit that builds it (from the same potentials restored
// from a model saved on the reference tree, whose tree must not be taken).
void TestPgmEngine::warm_fit_inside_the_structure_keeps_every_bit() {
    const data::Domain dom = twoTreeDomain();
    const pgm::Sizes sizes{4, 2, 2, 4, 4};
    const std::vector<fit::Measurement> ms = twoTreeMeasurements(dom);
    const auto e = fit::makePgmEngine();
    fit::FitOptions o;
    o.maxIterations = 40;
    const auto m = e->fit(dom, ms, nullptr, o);
    auto old = m->state();  // as saved before the smaller tree: marginals on the reference tree
    old.marginals.clear();
    for (const auto& c :
         pgm::buildJunctionTree(sizes, {"a", "b", "c", "d", "e"}, old.cliques, pgm::TreeOrder::Reference)
             .cliques)
        old.marginals.push_back(m->marginal(c));
    const auto restored = e->restore(dom, old);
    std::vector<fit::Measurement> inside{ms[0], ms[3]};  // {a, d} and {c, d}: no new clique
    for (auto& x : inside)
        for (size_t i = 0; i < x.values.size(); ++i) x.values[i] = 2.0 + (i * 3) % 7;
    const auto kept = e->fit(dom, inside, m.get(), o);
    const auto built = e->fit(dom, inside, restored.get(), o);
    auto computed = [&](const fit::Model& x) {
        double cells = 0;
        for (const auto& c : fit::maximalCliquesOf(x)) cells += pgm::cellCount(sizes, c);
        return cells;
    };
    QCOMPARE(computed(*kept), 72.0);  // both on the smaller tree, as a fresh build gives
    QCOMPARE(computed(*built), 72.0);
    QCOMPARE(fit::maximalCliquesOf(*kept), fit::maximalCliquesOf(*built));
    for (const auto& c : fit::maximalCliquesOf(*kept)) {
        const auto a = kept->marginal(c), b = built->marginal(c);
        QCOMPARE(a.size(), b.size());
        QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
    }
    QVERIFY(kept->marginal(std::vector<int>{0, 3}) != m->marginal(std::vector<int>{0, 3}));  // the fit moved
}

// The selection and the release ask a model every workload at once, side by
// side on the series' threads: each answer must be bit for bit what
// marginal() gives one at a time, for 1 to 4 threads, memoised or not.
void TestPgmEngine::marginals_side_by_side_keep_every_bit() {
    const auto e = fit::makePgmEngine();
    fit::FitOptions o;
    o.maxIterations = 50;
    for (const auto& cliques :
         std::vector<std::vector<std::vector<int>>>{{{0, 1}, {2, 3}}, {{0, 1}, {1, 2}, {2, 3}}}) {
        const auto model = e->fit(toyDomain(), exactMeasurements(cliques, 50.0), nullptr, o);
        std::vector<std::vector<int>> sets;
        for (int mask = 1; mask < 16; ++mask) {
            std::vector<int> set;
            for (int a = 0; a < 4; ++a)
                if (mask & (1 << a)) set.push_back(a);
            sets.push_back(set);
        }
        const auto oneByOne = model->withTotal(model->total());
        for (int threads = 1; threads <= 4; ++threads) {
            TaskPool pool(threads);
            const auto fresh = model->withTotal(model->total());
            fresh->marginal(sets[3]);  // some answers memoised already, the rest computed
            fresh->marginal(sets[7]);
            for (int round = 0; round < 2; ++round) {  // the second round all from the model's memo
                const auto got = fresh->marginals(sets, &pool);
                QCOMPARE(got.size(), sets.size());
                for (size_t i = 0; i < sets.size(); ++i) {
                    const auto want = oneByOne->marginal(sets[i]);
                    QCOMPARE(got[i]->size(), want.size());
                    QVERIFY(std::memcmp(got[i]->data(), want.data(), want.size() * sizeof(double)) == 0);
                }
            }
        }
        TaskPool pool(2);
        QVERIFY_THROWS_EXCEPTION(Error,
                                 model->marginals(std::vector<std::vector<int>>{{0, 1}, {2, 1}}, &pool));
    }
}

QTEST_APPLESS_MAIN(TestPgmEngine)
#include "test_pgm_engine.moc"
