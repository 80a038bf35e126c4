// The run engine end to end on a tiny stream: the ledger proves Σ = ε per step
// for every streamer x counter x score, skipped rounds spend nothing, runs are
// deterministic and series independent, cancellation keeps finished steps.
#include <QtTest>
#include <atomic>
#include <cstring>

#include "core/marginals/marginal_counter.h"
#include "core/privacy/ledger.h"
#include "core/stream/model_cap.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/workload_error.h"
#include "tiny_stream.h"

using namespace streamsynth;
using stream::StreamerKind;

namespace {}  // namespace

class TestRunEngine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ledgerSumsToEpsilonEveryCombination();
    void capAdmittingNothingRefusedBeforeTheRun();
    void partialCapChargesOnlyRoundsRun();
    void sameSeedSameReleases();
    void addingSeriesKeepsOthersUnchanged();
    void seriesOnThreadsSameAsOneThread();
    void cancelBetweenStepsKeepsFinishedSteps();
    void cancelInsideStepSkipsRemainingRoundsAndFinishes();
    void boundedCounterHorizonMustCoverTheStream();
    void hugeEpsilonReleaseRowsTrackTruth();
    void kLargerThanWorkloadsRejected();
    void metricsBeatUniformAtLargeEpsilon();
    void emptyStepAndSingleStep();
};

void TestRunEngine::ledgerSumsToEpsilonEveryCombination() {
    auto source = test::tinySource(300, 100);  // 3 steps
    const double eps = 0.7;
    for (stream::ScoreKind score : {stream::ScoreKind::L1MinusNoise, stream::ScoreKind::Paper}) {
        std::vector<stream::SeriesConfig> series{test::seriesOf("baseline", StreamerKind::Baseline, "", eps)};
        for (const char* counter : {"simple", "block:2", "unbounded-block", "tree:8", "hybrid", "honaker:8"})
            series.push_back(
                test::seriesOf(std::string("proposed-") + counter, StreamerKind::Proposed, counter, eps));
        stream::RunConfig config = test::tinyConfig(series, 3);
        config.score = score;
        config.fitIterations = 10;
        stream::RunEngine engine(*source, config);
        QCOMPARE(engine.run({}), 3);
        for (const stream::SeriesConfig& s : series) {
            const privacy::PrivacyLedger& ledger = engine.ledger(s.id);
            for (int t = 1; t <= 3; ++t) {
                // k rounds x (selection + measurement) x ε/(2k) = ε; 1e-12 covers summation rounding.
                QVERIFY2(std::abs(ledger.spent(s.id, t) - eps) < 1e-12,
                         (s.id + " step " + std::to_string(t)).c_str());
            }
            const auto history = engine.history(s.id);
            QCOMPARE(history.size(), std::size_t{3});
            for (const auto& r : history) {
                QVERIFY(std::abs(r.budgetSpent - eps) < 1e-12);
                QCOMPARE(r.selected.size(), std::size_t{3});
                std::vector<int> sel = r.selected;  // never the same workload (counter) twice in a step
                std::sort(sel.begin(), sel.end());
                QVERIFY(std::adjacent_find(sel.begin(), sel.end()) == sel.end());
            }
            // 3 steps x 3 rounds x 2 charges.
            std::size_t charges = 0;
            for (const auto& c : ledger.charges()) charges += c.series == s.id ? 1 : 0;
            QCOMPARE(charges, std::size_t{18});
        }
        QVERIFY(std::abs(engine.ledger().maxStepSpent("baseline") - eps) < 1e-12);
    }
}

void TestRunEngine::capAdmittingNothingRefusedBeforeTheRun() {
    // Issue #17 item 4: a cap below the base model plus one workload would
    // skip every round and publish empty releases; it is refused up front.
    // Tiny domain a:2, b:3, c:2, d:2: the base model (singletons) has 9
    // cells; adding {a,c}, {a,d} or {c,d} gives 4 + 3 + 2 = 9 cells, every
    // pair with b 6 + 2 + 2 = 10. So 9 is the smallest cap that admits one.
    auto source = test::tinySource(200, 100);
    stream::RunConfig config = test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline),
                                                 test::seriesOf("proposed", StreamerKind::Proposed)},
                                                2);
    const stream::ModelCapNeeds needs = stream::modelCapNeeds("pgm", source->workloads());
    QCOMPARE(needs.baseCells, 9.0);
    QCOMPARE(needs.smallestWithOneWorkload, 9.0);
    for (double cap : {1.0, 8.0, 8.999}) {
        config.maxModelCells = cap;
        try {
            stream::RunEngine engine(*source, config);
            QFAIL(("a cap of " + std::to_string(cap) + " was accepted").c_str());
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Setting);
            QCOMPARE(e.context().setting, std::string("max-model-cells"));
            QVERIFY2(e.message().find("at least 9 cells") != std::string::npos, e.message().c_str());
        }
    }
    // The smallest admitting cap runs and measures something at every step.
    config.maxModelCells = 9;
    stream::RunEngine engine(*source, config);
    QCOMPARE(engine.run({}), 2);
    for (const char* id : {"baseline", "proposed"})
        for (const auto& r : engine.history(id)) {
            QVERIFY(!r.selected.empty());
            QVERIFY(r.modelCells <= 9);
        }
}

void TestRunEngine::partialCapChargesOnlyRoundsRun() {
    auto source = test::tinySource(300, 100);
    const double eps = 1.0;
    const int k = 6;  // all workloads: the cap must stop some of them
    stream::RunConfig config = test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline),
                                                 test::seriesOf("proposed", StreamerKind::Proposed)},
                                                k);
    config.maxModelCells = 14;  // admits a few small cliques, not the whole pairwise structure
    stream::RunEngine engine(*source, config);
    engine.run({});
    int skippedSomewhere = 0;
    for (const char* id : {"baseline", "proposed"}) {
        for (const auto& r : engine.history(id)) {
            const double expected = 2.0 * static_cast<double>(r.selected.size()) * eps / (2.0 * k);
            QVERIFY(std::abs(r.budgetSpent - expected) < 1e-12);
            QVERIFY(std::abs(engine.ledger(id).spent(id, r.step) - expected) < 1e-12);
            QVERIFY(r.budgetSpent <= eps + 1e-12);
            QVERIFY(r.modelCells <= 14);
            if (r.selected.size() < static_cast<std::size_t>(k)) ++skippedSomewhere;
        }
    }
    QVERIFY(skippedSomewhere > 0);
}

void TestRunEngine::sameSeedSameReleases() {
    auto source = test::tinySource(300, 100);
    const stream::RunConfig config =
        test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline),
                          test::seriesOf("proposed", StreamerKind::Proposed, "hybrid")});
    stream::RunEngine a(*source, config), b(*source, config);
    a.run({});
    b.run({});
    for (const char* id : {"baseline", "proposed"}) {
        QVERIFY(a.release(id) == b.release(id));
        const auto ha = a.history(id), hb = b.history(id);
        for (std::size_t i = 0; i < ha.size(); ++i) {
            QCOMPARE(ha[i].selected, hb[i].selected);
            QCOMPARE(ha[i].metrics.avgWE, hb[i].metrics.avgWE);
        }
    }
    // A different seed gives a different release (the noise matters).
    stream::RunConfig other = config;
    other.seed = 12;
    stream::RunEngine c(*source, other);
    c.run({});
    QVERIFY(a.release("proposed") != c.release("proposed"));
}

void TestRunEngine::addingSeriesKeepsOthersUnchanged() {
    auto source = test::tinySource(300, 100);
    stream::RunEngine alone(*source, test::tinyConfig({test::seriesOf("proposed", StreamerKind::Proposed)}));
    stream::RunEngine with(*source,
                           test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline),
                                             test::seriesOf("proposed", StreamerKind::Proposed),
                                             test::seriesOf("p2", StreamerKind::Proposed, "block:2")}));
    alone.run({});
    with.run({});
    QVERIFY(alone.release("proposed") == with.release("proposed"));
    QVERIFY(with.release("proposed") != with.release("p2"));
}

void TestRunEngine::seriesOnThreadsSameAsOneThread() {
    // With threads the series of a step run side by side; releases, history
    // (selections, metrics, ε) and the ledger must be bitwise those of one
    // thread, and the callbacks still come in series order.
    auto source = test::tinySource(400, 100);
    stream::RunConfig config = test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline),
                                                 test::seriesOf("proposed", StreamerKind::Proposed),
                                                 test::seriesOf("p2", StreamerKind::Proposed, "hybrid")});
    stream::RunEngine one(*source, config);
    one.run({});
    for (int threads : {2, 3}) {
        config.threads = threads;
        stream::RunEngine many(*source, config);
        std::vector<std::string> order;
        stream::RunCallbacks cb;
        cb.onStep = [&](const stream::SeriesStepResult& r) {
            order.push_back(r.seriesId + std::to_string(r.step));
        };
        QCOMPARE(many.run(cb), 4);
        QCOMPARE(order.front(), std::string("baseline1"));
        QCOMPARE(order[1], std::string("proposed1"));
        QCOMPARE(order[2], std::string("p21"));
        QCOMPARE(order.size(), std::size_t{12});
        for (const char* id : {"baseline", "proposed", "p2"}) {
            QVERIFY(one.release(id) == many.release(id));
            const auto ha = one.history(id), hb = many.history(id);
            QCOMPARE(ha.size(), hb.size());
            for (std::size_t i = 0; i < ha.size(); ++i) {
                QCOMPARE(ha[i].selected, hb[i].selected);
                QVERIFY(std::memcmp(&ha[i].metrics.avgWE, &hb[i].metrics.avgWE, sizeof(double)) == 0);
                QCOMPARE(ha[i].budgetSpent, hb[i].budgetSpent);
                QCOMPARE(ha[i].releaseRows, hb[i].releaseRows);
            }
            QCOMPARE(one.ledger(id).toJson(), many.ledger(id).toJson());  // every charge, ε to 17 digits
        }
    }
}

void TestRunEngine::cancelBetweenStepsKeepsFinishedSteps() {
    auto source = test::tinySource(400, 100);  // 4 steps
    const auto config = test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline),
                                          test::seriesOf("proposed", StreamerKind::Proposed)});
    stream::RunEngine engine(*source, config);
    std::atomic<bool> cancel{false};
    stream::RunCallbacks cb;
    cb.onProgress = [&](int step, int) {
        if (step == 2) cancel = true;
    };
    QCOMPARE(engine.run(cb, &cancel), 2);
    QCOMPARE(engine.nextStep(), 3);
    QCOMPARE(engine.history("proposed").size(), std::size_t{2});
    const data::Table kept = engine.release("proposed");
    QVERIFY(kept.rowCount() > 0);
    // Continuing finishes the stream and matches an uninterrupted run exactly.
    cancel = false;
    QCOMPARE(engine.run({}, &cancel), 2);
    stream::RunEngine straight(*source, config);
    straight.run({});
    QVERIFY(engine.release("proposed") == straight.release("proposed"));
    QVERIFY(engine.release("baseline") == straight.release("baseline"));
}

void TestRunEngine::cancelInsideStepSkipsRemainingRoundsAndFinishes() {
    auto source = test::tinySource(400, 100);  // 4 steps
    const auto config = test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline),
                                          test::seriesOf("proposed", StreamerKind::Proposed)});
    stream::RunEngine engine(*source, config);
    std::atomic<bool> cancel{false};
    stream::RunCallbacks cb;
    data::Table proposedAfter2;
    cb.onStep = [&](const stream::SeriesStepResult& r) {
        if (r.seriesId == "proposed" && r.step == 2) proposedAfter2 = engine.release("proposed");
        if (r.seriesId == "baseline" && r.step == 3) cancel = true;  // proposed sees it before its round 1
    };
    QCOMPARE(engine.run(cb, &cancel), 3);  // step 3 is finished by every series
    QCOMPARE(engine.nextStep(), 4);
    const auto proposed = engine.history("proposed");
    QCOMPARE(proposed.size(), std::size_t{3});
    // All of proposed's rounds at step 3 were skipped: nothing charged, nothing
    // measured, g_3 = g_2.
    QCOMPARE(proposed[2].budgetSpent, 0.0);
    QVERIFY(proposed[2].selected.empty());
    QVERIFY(engine.release("proposed") == proposedAfter2);
    QCOMPARE(engine.ledger("proposed").spent("proposed", 3), 0.0);
    // The stream stays continuable.
    cancel = false;
    QCOMPARE(engine.run({}, &cancel), 1);
    QCOMPARE(engine.nextStep(), 5);
    QVERIFY(engine.ledger("proposed").spent("proposed", 4) > 0);
}

void TestRunEngine::boundedCounterHorizonMustCoverTheStream() {
    auto source = test::tinySource(400, 100);  // 4 steps
    bool refused = false;
    try {
        stream::RunEngine engine(*source,
                                 test::tinyConfig({test::seriesOf("p", StreamerKind::Proposed, "tree:3")}));
    } catch (const Error& e) {
        refused = e.kind() == ErrorKind::Setting && e.describe().find("horizon") != std::string::npos;
    }
    QVERIFY(refused);
    stream::RunEngine ok(*source, test::tinyConfig({test::seriesOf("p", StreamerKind::Proposed, "tree:4")}));
    QCOMPARE(ok.run({}), 4);
}

void TestRunEngine::hugeEpsilonReleaseRowsTrackTruth() {
    // With ε = 1000 (the largest accepted) the noise (scale 2k/ε ~ 1e-3 per cell) cannot move a total
    // by 0.5, so the rounded release sizes equal the true sizes exactly.
    auto source = test::tinySource(330, 100);  // steps of 100, 100, 100, 30
    stream::RunEngine engine(
        *source, test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline, "", 1000),
                                   test::seriesOf("proposed", StreamerKind::Proposed, "simple", 1000)}));
    engine.run({});
    long long cumulative = 0;
    const auto hb = engine.history("baseline"), hp = engine.history("proposed");
    for (std::size_t i = 0; i < hb.size(); ++i) {
        cumulative += hb[i].trueNewRows;
        QCOMPARE(hb[i].releaseRows, cumulative);
        QCOMPARE(hp[i].releaseRows, cumulative);
    }
    QCOMPARE(cumulative, 330LL);
}

void TestRunEngine::kLargerThanWorkloadsRejected() {
    auto source = test::tinySource(200, 100);
    bool threw = false;
    try {
        stream::RunEngine engine(*source, test::tinyConfig({test::seriesOf("p", StreamerKind::Proposed)}, 7));
    } catch (const Error& e) {
        threw = e.kind() == ErrorKind::Setting && std::string(e.what()).find("exceeds") != std::string::npos;
    }
    QVERIFY(threw);
}

void TestRunEngine::metricsBeatUniformAtLargeEpsilon() {
    // At ε = 1000 (the largest accepted) with k = |Q| every workload is measured almost exactly, so
    // the release's AvgWE must be far below a uniform release's (which is
    // the mean |a − 1/cells| of the skewed tiny marginals, > 0.05 here).
    auto source = test::tinySource(400, 100);
    stream::RunConfig config =
        test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline, "", 1000),
                          test::seriesOf("proposed", StreamerKind::Proposed, "simple", 1000)},
                         6);
    config.fitIterations = 200;
    config.fitTolerance = 1e-8;
    stream::RunEngine engine(*source, config);
    engine.run({});
    marginals::MarginalAccumulator truth(source->workloads());
    for (int t = 1; t <= source->stepCount(); ++t) {
        const auto s = source->step(t);
        truth.add(s.answers, s.rows);
    }
    std::vector<marginals::Marginal> uniform = truth.answers();
    for (auto& m : uniform)
        std::fill(m.begin(), m.end(), static_cast<double>(truth.rows()) / static_cast<double>(m.size()));
    const double uniformWE = metrics::evaluateStep(truth.answers(), static_cast<double>(truth.rows()),
                                                   uniform, static_cast<double>(truth.rows()))
                                 .avgWE;
    QVERIFY(uniformWE > 0.05);
    for (const char* id : {"baseline", "proposed"}) {
        const double we = engine.history(id).back().metrics.avgWE;
        QVERIFY2(we < 0.2 * uniformWE, (std::string(id) + " AvgWE " + std::to_string(we)).c_str());
    }
}

void TestRunEngine::emptyStepAndSingleStep() {
    // A step with no new rows is a real step (SPEC §1): both streamers spend
    // ε on it and release; a one-step stream runs too.
    const data::Table t = test::tinyTable(200);
    stream::StepPlan plan;
    plan.rows.resize(3);
    for (std::size_t r = 0; r < 100; ++r) plan.rows[0].push_back(r);
    for (std::size_t r = 100; r < 200; ++r) plan.rows[2].push_back(r);
    plan.periods = {"p1", "p2 (empty)", "p3"};
    stream::TableStepSource source(t, plan, marginals::WorkloadSet::allKWay(test::tinyDomain(), 2));
    const auto config = test::tinyConfig({test::seriesOf("baseline", StreamerKind::Baseline),
                                          test::seriesOf("proposed", StreamerKind::Proposed)});
    stream::RunEngine engine(source, config);
    QCOMPARE(engine.run({}), 3);
    for (const char* id : {"baseline", "proposed"}) {
        const auto h = engine.history(id);
        QCOMPARE(h[1].trueNewRows, 0LL);
        QCOMPARE(h[1].period, std::string("p2 (empty)"));
        for (const auto& r : h) {
            QVERIFY(std::abs(r.budgetSpent - 1.0) < 1e-12);
            QVERIFY(std::isfinite(r.metrics.avgWE) && r.releaseRows >= 0);
        }
    }
    stream::StepPlan one;
    one.rows = {plan.rows[0]};
    one.periods = {"only"};
    stream::TableStepSource single(t, one, marginals::WorkloadSet::allKWay(test::tinyDomain(), 2));
    stream::RunEngine e1(single, config);
    QCOMPARE(e1.run({}), 1);
    QCOMPARE(e1.nextStep(), 2);
    QCOMPARE(e1.run({}), 0);  // nothing left
}

QTEST_APPLESS_MAIN(TestRunEngine)
#include "test_run_engine.moc"
