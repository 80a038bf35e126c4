// The "mw" engine: explicit distribution with multiplicative weights; it and
// the "pgm" engine reach the same max-entropy fit of consistent measurements.
#include <QtTest>
#include <cmath>
#include <cstring>

#include "core/fit/fit_engine.h"
#include "core/values/error.h"

using namespace streamsynth;

class TestMwEngine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pgm_and_mw_agree();
    void rows_and_limits();
    void same_bits_for_any_threads();
};

namespace {
data::Domain domain3() {
    return data::Domain({{"a", 2}, {"b", 3}, {"c", 4}});
}
}  // namespace

void TestMwEngine::pgm_and_mw_agree() {
    // Exact AB and BC marginals of a 40-row joint. Both engines fit the
    // max-entropy model p(a,b)p(c|b) (MW stays in the exponential family of
    // the measured cliques), so all marginals agree, including AC.
    std::vector<double> joint(24);
    for (size_t i = 0; i < 24; ++i) joint[i] = 1.0 + static_cast<double>((i * 7) % 5);
    double z = 0;
    for (double v : joint) z += v;
    for (double& v : joint) v *= 40.0 / z;
    fit::Measurement ab{{0, 1}, std::vector<double>(6, 0.0), 1.0},
        bc{{1, 2}, std::vector<double>(12, 0.0), 1.0};
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 4; ++c) {
                const double v = joint[static_cast<size_t>((a * 3 + b) * 4 + c)];
                ab.values[static_cast<size_t>(a * 3 + b)] += v;
                bc.values[static_cast<size_t>(b * 4 + c)] += v;
            }
    fit::FitOptions o;
    o.maxIterations = 2000;
    o.tolerance = 0;
    const auto pgm = fit::makePgmEngine()->fit(domain3(), {ab, bc}, nullptr, o);
    fit::FitReport rep;
    const auto mw = fit::makeMwEngine()->fit(domain3(), {ab, bc}, nullptr, o, &rep);
    QCOMPARE(fit::makeMwEngine()->name(), std::string("mw"));
    QVERIFY(std::abs(mw->total() - 40.0) < 1e-9);
    QVERIFY(rep.finalLoss < 1e-4);
    for (const auto& q : std::vector<std::vector<int>>{{0}, {1}, {2}, {0, 1}, {1, 2}, {0, 2}, {0, 1, 2}}) {
        const auto x = pgm->marginal(q);
        const auto y = mw->marginal(q);
        for (size_t i = 0; i < x.size(); ++i)
            QVERIFY2(std::abs(x[i] - y[i]) < 1e-2, qPrintable(QString("%1 vs %2").arg(x[i]).arg(y[i])));
    }
    QCOMPARE(mw->sizeCells(), pgm->sizeCells());
    // Cross-engine init: mw from the pgm model with no iterations keeps its
    // distribution; pgm from the mw model keeps mw's structure.
    fit::FitOptions zero = o;
    zero.maxIterations = 0;
    const auto mwFromPgm = fit::makeMwEngine()->fit(domain3(), {ab, bc}, pgm.get(), zero);
    const auto a = pgm->marginal(std::vector<int>{0, 2});
    const auto b = mwFromPgm->marginal(std::vector<int>{0, 2});
    for (size_t i = 0; i < a.size(); ++i) QVERIFY(std::abs(a[i] - b[i]) < 1e-9);
    const auto pgmFromMw = fit::makePgmEngine()->fit(domain3(), {ab}, mw.get(), zero);
    QCOMPARE(pgmFromMw->cliques().size(), size_t{2});
}

void TestMwEngine::rows_and_limits() {
    const auto e = fit::makeMwEngine();
    const auto u = e->uniform(domain3(), 5.0);
    auto rng = privacy::makeSeededRng(2);
    const auto t = u->sample(17, *rng);
    QCOMPARE(t.rowCount(), size_t{17});
    std::vector<data::Attribute> big;
    for (int i = 0; i < 5; ++i) big.push_back({"x" + std::to_string(i), 100});  // 1e10 cells
    QVERIFY_THROWS_EXCEPTION(Error, e->uniform(data::Domain(big), 1.0));
}

void TestMwEngine::same_bits_for_any_threads() {
    // 360,000 cells: the joint is summed in 4 fixed chunks, so 1, 2 and 3
    // threads must give bit-identical distributions and losses.
    const data::Domain d({{"a", 40}, {"b", 30}, {"c", 25}, {"d", 12}});
    auto rng = privacy::makeSeededRng(11);
    std::vector<fit::Measurement> ms;
    for (const auto& attrs : std::vector<std::vector<int>>{{0, 1}, {1, 2}, {2, 3}, {0, 3}}) {
        fit::Measurement m{attrs, std::vector<double>(static_cast<size_t>(d.cells(attrs))), 9.0};
        for (double& v : m.values) v = 20.0 * rng->uniform01();
        ms.push_back(std::move(m));
    }
    fit::FitOptions o;
    o.maxIterations = 4;
    o.tolerance = 0;
    fit::FitReport first;
    const auto want = fit::makeMwEngine()->fit(d, ms, nullptr, o, &first);
    const auto wp = want->state().probabilities;
    QCOMPARE(wp.size(), size_t{360000});
    for (int threads : {2, 3}) {
        o.threads = threads;
        fit::FitReport rep;
        const auto got = fit::makeMwEngine()->fit(d, ms, nullptr, o, &rep);
        const auto gp = got->state().probabilities;
        QCOMPARE(gp.size(), wp.size());
        QVERIFY(std::memcmp(gp.data(), wp.data(), wp.size() * sizeof(double)) == 0);
        QCOMPARE(std::memcmp(&rep.weightedLoss, &first.weightedLoss, sizeof(double)), 0);
    }
}

QTEST_APPLESS_MAIN(TestMwEngine)
#include "test_mw_engine.moc"
