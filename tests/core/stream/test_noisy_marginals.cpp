// The noisy marginals a proposed series publishes (stream/noisy_marginals.h):
// its anchored items are exactly the measurements the step gave its fit
// (values and variance); its continual items are the counters' whole
// releases, exact counts without noise; a restored streamer gives the same;
// reading them changes neither the ledger nor the release; and over many
// seeded runs each item's error has the variance the counter's theory
// states (the published standard error), within 10% and within the sampling
// tolerance of the variance estimate.
#include <QtTest>
#include <cmath>
#include <map>

#include "../privacy/privacy_test_support.h"
#include "core/marginals/marginal_counter.h"
#include "core/metrics/one_way.h"
#include "core/privacy/ledger.h"
#include "core/privacy/noise_source.h"
#include "core/stream/proposed_streamer.h"
#include "core/stream/run_engine.h"
#include "tiny_stream.h"

using namespace streamsynth;

namespace {

// A proposed series over the tiny stream (4 steps of 100 rows) with every
// kind of counter it has: 1-way share, small workloads (the three 2-way
// workloads of 4 cells), two rounds.
struct Rig {
    std::unique_ptr<stream::TableStepSource> source = test::tinySource(400, 100);
    std::unique_ptr<fit::FitEngine> engine = fit::makePgmEngine();
    std::unique_ptr<privacy::Rng> rng;
    std::unique_ptr<privacy::PrivacyLedger> ledger;
    stream::StreamerEnv env;

    Rig(std::uint64_t seed, const std::string& counter,
        std::shared_ptr<privacy::NoiseSource> noise = nullptr) {
        rng = privacy::makeSeededRng(seed, "noisy-marginals");
        ledger = std::make_unique<privacy::PrivacyLedger>(1.0);
        env.workloads = &source->workloads();
        env.engine = engine.get();
        env.fitOptions.maxIterations = 20;
        env.fitOptions.tolerance = 1e-4;
        env.settings.rounds = 2;
        env.settings.accuracy.oneWayShare = 0.3;
        env.settings.accuracy.smallShare = 0.2;
        env.settings.accuracy.smallCells = 4;
        env.series = test::seriesOf("p", stream::StreamerKind::Proposed, counter, 1.0);
        env.ledger = ledger.get();
        env.rng = rng.get();
        env.noise = std::move(noise);
    }
};

// The true counts of an item's cells in f_t (accumulated step answers).
std::vector<double> truthOf(const stream::NoisyMarginal& m, const marginals::WorkloadSet& ws,
                            const std::vector<marginals::Marginal>& answers) {
    if (m.workload >= 0) return answers[static_cast<std::size_t>(m.workload)];
    return metrics::oneWayCounts(ws, answers, m.attrs.at(0));
}

void addInto(std::vector<marginals::Marginal>& sum, const std::vector<marginals::Marginal>& step) {
    if (sum.empty()) {
        sum = step;
        return;
    }
    for (std::size_t i = 0; i < sum.size(); ++i)
        for (std::size_t c = 0; c < sum[i].size(); ++c) sum[i][c] += step[i][c];
}

// Standardised errors (error / published standard error) of the last step's
// items over `runs` seeded runs, by kind.
struct Standardised {
    std::vector<double> continual, anchored;
};

Standardised simulate(const std::string& counter, int runs) {
    Standardised out;
    for (int r = 0; r < runs; ++r) {
        Rig rig(1000 + static_cast<std::uint64_t>(r), counter);
        stream::ProposedStreamer p(rig.env);
        const int steps = rig.source->stepCount();
        std::vector<marginals::Marginal> truth;
        std::vector<std::vector<marginals::Marginal>> truthAt{{}}, releaseAt{p.releaseAnswers()};
        truthAt[0] = marginals::zeroAnswers(rig.source->workloads());
        stream::NoisyMarginals last;
        for (int t = 1; t <= steps; ++t) {
            const stream::StepMarginals in = rig.source->step(t);
            p.step(in, nullptr);
            addInto(truth, in.answers);
            truthAt.push_back(truth);
            releaseAt.push_back(p.releaseAnswers());
            last = p.noisyMarginals(t);
        }
        const auto& ws = rig.source->workloads();
        for (const stream::NoisyMarginal& m : last.items) {
            const double se = std::sqrt(m.variance);
            const std::vector<double> now = truthOf(m, ws, truth);
            std::vector<double> expected = now;
            if (m.kind == stream::NoisyMarginal::Kind::Anchored) {
                // q(g_s) + the true rows of steps s+1..t: the counter's part is what the SE covers.
                const auto j = static_cast<std::size_t>(m.workload);
                for (std::size_t c = 0; c < expected.size(); ++c)
                    expected[c] = releaseAt[static_cast<std::size_t>(m.anchorStep)][j][c] + now[c] -
                                  truthAt[static_cast<std::size_t>(m.anchorStep)][j][c];
            }
            auto& into = m.kind == stream::NoisyMarginal::Kind::Continual ? out.continual : out.anchored;
            for (std::size_t c = 0; c < m.counts.size(); ++c)
                into.push_back((m.counts[c] - expected[c]) / se);
        }
    }
    return out;
}

// Checks that standardised errors have mean 0 and variance 1: the variance
// within the sampling tolerance of n draws (privacy_test::varianceTolerance,
// z = 4.5, Laplace kurtosis) and the standard error within 10%.
void checkUnitVariance(const std::vector<double>& z, const char* what) {
    const auto n = static_cast<long long>(z.size());
    QVERIFY2(n > 500, what);
    double mean = 0, var = 0;
    for (double x : z) mean += x;
    mean /= static_cast<double>(n);
    for (double x : z) var += (x - mean) * (x - mean);
    var /= static_cast<double>(n - 1);
    const double tol = privacy_test::varianceTolerance(n);
    QVERIFY2(
        std::fabs(var - 1.0) <= tol,
        qPrintable(
            QString("%1: variance of error/SE %2 (tolerance %3, n %4)").arg(what).arg(var).arg(tol).arg(n)));
    QVERIFY2(std::fabs(std::sqrt(var) - 1.0) <= 0.10,
             qPrintable(QString("%1: SD ratio %2").arg(what).arg(std::sqrt(var))));
    // Unbiased: the mean of n unit-variance draws is within 4.5/√n of 0 (cells of one run are independent).
    QVERIFY2(std::fabs(mean) <= 4.5 / std::sqrt(static_cast<double>(n)),
             qPrintable(QString("%1: mean error/SE %2").arg(what).arg(mean)));
}

}  // namespace

class TestNoisyMarginals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void anchoredItemsAreTheFitsMeasurements();
    void continualItemsCountEveryRowWithoutNoise();
    void restoredStreamerGivesTheSame();
    void readingThemChangesNothing();
    void standardErrorsMatchTheoryByCounter_data();
    void standardErrorsMatchTheoryByCounter();
    void baselineHasNone();
};

void TestNoisyMarginals::anchoredItemsAreTheFitsMeasurements() {
    for (const char* counter : {"simple", "tree:8", "hybrid"}) {
        Rig rig(7, counter);
        stream::ProposedStreamer p(rig.env);
        for (int t = 1; t <= rig.source->stepCount(); ++t) {
            const stream::StepOutput out = p.step(rig.source->step(t), nullptr);
            const stream::NoisyMarginals m = p.noisyMarginals(t);
            QCOMPARE(m.step, t);
            std::map<int, const stream::NoisyMarginal*> anchored;
            int continual = 0;
            for (const stream::NoisyMarginal& item : m.items) {
                if (item.kind == stream::NoisyMarginal::Kind::Anchored)
                    anchored[item.workload] = &item;
                else
                    ++continual;
            }
            QCOMPARE(continual, 4 + 3);  // every attribute's 1-way, the three 4-cell workloads
            QCOMPARE(anchored.size(), out.measurements.size());
            for (const stream::StepMeasurement& s : out.measurements) {
                QVERIFY(anchored.count(s.workload));
                const stream::NoisyMarginal& item = *anchored[s.workload];
                QCOMPARE(item.counts, s.values);  // bitwise: the very answers the fit got
                QCOMPARE(item.variance, s.variance);
                QCOMPARE(item.attrs, rig.source->workloads()[static_cast<std::size_t>(s.workload)].attrs);
                QVERIFY(item.anchorStep >= 0 && item.anchorStep < t);
                QCOMPARE(item.mechanism, "counter:" + std::string(counter));
            }
        }
    }
}

void TestNoisyMarginals::continualItemsCountEveryRowWithoutNoise() {
    // Zero noise: a continual item is the exact count of f_t, an anchored one
    // is exactly q(g_s) + the rows since s.
    Rig rig(3, "simple", std::make_shared<privacy_test::RecordingNoise>(0.0));
    stream::ProposedStreamer p(rig.env);
    std::vector<marginals::Marginal> truth;
    std::vector<std::vector<marginals::Marginal>> truthAt{marginals::zeroAnswers(rig.source->workloads())};
    std::vector<std::vector<marginals::Marginal>> releaseAt{p.releaseAnswers()};
    for (int t = 1; t <= rig.source->stepCount(); ++t) {
        const stream::StepMarginals in = rig.source->step(t);
        p.step(in, nullptr);
        addInto(truth, in.answers);
        truthAt.push_back(truth);
        releaseAt.push_back(p.releaseAnswers());
        for (const stream::NoisyMarginal& m : p.noisyMarginals(t).items) {
            const std::vector<double> now = truthOf(m, rig.source->workloads(), truth);
            if (m.kind == stream::NoisyMarginal::Kind::Continual) {
                QCOMPARE(m.fromStep, 1);
                QCOMPARE(m.counts, now);
                QVERIFY(m.variance > 0);  // the theory's variance, whatever the substitute noise drew
            } else {
                const auto j = static_cast<std::size_t>(m.workload);
                const auto s = static_cast<std::size_t>(m.anchorStep);
                for (std::size_t c = 0; c < now.size(); ++c)
                    QVERIFY(std::fabs(m.counts[c] - (releaseAt[s][j][c] + now[c] - truthAt[s][j][c])) < 1e-9);
            }
        }
    }
}

void TestNoisyMarginals::restoredStreamerGivesTheSame() {
    Rig a(5, "hybrid");
    stream::ProposedStreamer p(a.env);
    p.step(a.source->step(1), nullptr);
    p.step(a.source->step(2), nullptr);
    Rig b(5, "hybrid");
    stream::ProposedStreamer q(b.env);
    q.restoreState(p.saveState());
    const stream::NoisyMarginals x = p.noisyMarginals(2), y = q.noisyMarginals(2);
    QCOMPARE(x.items.size(), y.items.size());
    for (std::size_t i = 0; i < x.items.size(); ++i) {
        QCOMPARE(x.items[i].counts, y.items[i].counts);
        QCOMPARE(x.items[i].variance, y.items[i].variance);
        QCOMPARE(x.items[i].anchorStep, y.items[i].anchorStep);
        QCOMPARE(x.items[i].workload, y.items[i].workload);
    }
}

void TestNoisyMarginals::readingThemChangesNothing() {
    // Post-processing: the same run with the marginals read after every step
    // has the same charges and the same releases as without.
    const auto charges = [](bool read) {
        auto source = test::tinySource(400, 100);
        stream::RunConfig c =
            test::tinyConfig({test::seriesOf("p", stream::StreamerKind::Proposed, "simple")}, 2);
        stream::setFixedOneWayShare(c.accuracy, 0.3);
        c.accuracy.smallShare = 0.2;
        c.accuracy.smallCells = 4;
        stream::RunEngine engine(*source, c);
        std::vector<std::uint64_t> digests;
        stream::RunCallbacks cb;
        cb.onProgress = [&](int, int) {
            if (read) QVERIFY(!engine.noisyMarginals("p").items.empty());
            digests.push_back(engine.releaseDigest("p"));
        };
        engine.run(cb);
        return std::make_pair(engine.ledger("p").toJson(), digests);
    };
    const auto with = charges(true), without = charges(false);
    QCOMPARE(with.first, without.first);
    QCOMPARE(with.second, without.second);
}

void TestNoisyMarginals::standardErrorsMatchTheoryByCounter_data() {
    QTest::addColumn<QString>("counter");
    QTest::newRow("simple") << "simple";
    QTest::newRow("tree:8") << "tree:8";
}

void TestNoisyMarginals::standardErrorsMatchTheoryByCounter() {
    QFETCH(QString, counter);
    // 300 seeded runs of 4 steps; the last step's items (7 continual items,
    // 20 cells, and the two anchored workloads of the last step per run).
    const Standardised z = simulate(counter.toStdString(), 300);
    checkUnitVariance(z.continual, "continual");
    checkUnitVariance(z.anchored, "anchored");
}

void TestNoisyMarginals::baselineHasNone() {
    auto source = test::tinySource(400, 100);
    stream::RunConfig c = test::tinyConfig({test::seriesOf("b", stream::StreamerKind::Baseline)}, 2);
    stream::RunEngine engine(*source, c);
    QVERIFY(engine.noisyMarginals("b").items.empty());  // before any step
    engine.run({}, nullptr, 2);
    const stream::NoisyMarginals m = engine.noisyMarginals("b");
    QCOMPARE(m.step, 2);
    QVERIFY(m.items.empty());
}

QTEST_APPLESS_MAIN(TestNoisyMarginals)
#include "test_noisy_marginals.moc"
