// Runs in the zCDP model (issue 16) and the budget plumbing of issue 12
// item 3: every streamer × counter run under zcdp keeps every step within ρ
// and charges typed selection/measurement shares; the baseline draws its
// measurement noise through StreamerEnv's NoiseSource (the RecordingNoise
// seam reaches it) with σ = 1/√(2ρ') under zcdp and b = 1/ε' under pure.
#include <QtTest>
#include <cmath>

#include "../privacy/privacy_test_support.h"
#include "core/fit/fit_engine.h"
#include "core/privacy/budget_split.h"
#include "core/privacy/ledger.h"
#include "core/steps/step_source.h"
#include "core/stream/baseline_streamer.h"
#include "core/stream/run_engine.h"
#include "tiny_stream.h"

using namespace streamsynth;

class TestZcdpRuns : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everySeriesStaysWithinRho() {
        auto source = test::tinySource(400, 50);  // 8 steps
        std::vector<stream::SeriesConfig> series = {
            test::seriesOf("b", stream::StreamerKind::Baseline, "", 0.05),
            test::seriesOf("sqrt", stream::StreamerKind::Proposed, "sqrt:16", 0.05),
            test::seriesOf("smooth", stream::StreamerKind::Proposed, "smooth-binary:16", 0.05),
            test::seriesOf("elders", stream::StreamerKind::Proposed, "elders:5:16", 0.05),
            test::seriesOf("tree", stream::StreamerKind::Proposed, "tree:16+discrete", 0.07),
            test::seriesOf("sqrtu", stream::StreamerKind::Proposed, "sqrt-unbounded", 0.05),
            test::seriesOf("sqrtd", stream::StreamerKind::Proposed, "sqrt:16+discrete", 0.05),
        };
        stream::RunConfig config = test::tinyConfig(series, 3);
        test::setPrivacy(config, privacy::PrivacyModel::ZCdp, 1e-6);
        stream::RunEngine engine(*source, config);
        engine.run({});
        const privacy::PrivacyLedger& all = engine.ledger();
        QCOMPARE(all.model(), privacy::PrivacyModel::ZCdp);
        for (const auto& s : series) {
            const privacy::PrivacyLedger& l = engine.ledger(s.id);
            QCOMPARE(l.model(), privacy::PrivacyModel::ZCdp);
            const privacy::BudgetSplit split(privacy::PrivacyModel::ZCdp, s.budget.amount(), 3);
            for (int t = 1; t <= 8; ++t) QVERIFY(l.spent(s.id, t) <= s.budget.amount());
            QVERIFY(l.maxStepSpent(s.id) <= s.budget.amount());
            QVERIFY(l.maxStepSpent(s.id) >
                    s.budget.amount() * (1 - 1e-12));  // every round ran on this stream
            for (const privacy::Charge& c : l.charges()) QCOMPARE(c.amount, split.share(c.kind, c.round));
        }
        const std::string json = all.toJson();
        QVERIFY(json.find("\"privacy_model\":\"zcdp\"") != std::string::npos);
        QVERIFY(json.find("\"epsilon_at_delta\"") != std::string::npos);
        QVERIFY(json.find("\"kind\":\"selection\"") != std::string::npos);
    }
    void pureCountersNeedTheirModel() {
        auto source = test::tinySource(400, 50);
        stream::RunConfig config =
            test::tinyConfig({test::seriesOf("s", stream::StreamerKind::Proposed, "sqrt:16")}, 2);
        QVERIFY_THROWS_EXCEPTION(Error, stream::RunEngine(*source, config));  // sqrt needs zcdp
        stream::RunConfig unbounded =
            test::tinyConfig({test::seriesOf("u", stream::StreamerKind::Proposed, "sqrt-unbounded")}, 2);
        QVERIFY_THROWS_EXCEPTION(Error, stream::RunEngine(*source, unbounded));  // so does sqrt-unbounded
        test::setPrivacy(config, privacy::PrivacyModel::ZCdp);
        stream::RunEngine ok(*source, config);
        QCOMPARE(ok.nextStep(), 1);
    }
    void baselineNoiseGoesThroughTheInjectedSource() {
        auto source = test::tinySource(200, 100);
        auto engine = fit::makePgmEngine();
        for (privacy::PrivacyModel model : {privacy::PrivacyModel::Pure, privacy::PrivacyModel::ZCdp}) {
            const double budget = 0.6;
            const int k = 3;
            privacy::PrivacyLedger ledger(budget, model);
            auto rng = privacy::makeSeededRng(4, "baseline");
            stream::RunConfig config =
                test::tinyConfig({test::seriesOf("b", stream::StreamerKind::Baseline, "", budget)}, k);
            test::setPrivacy(config, model);
            auto noise = std::make_shared<privacy_test::RecordingNoise>(0.0);
            const stream::StreamerEnv env = stream::makeStreamerEnv(
                config, config.series[0], source->workloads(), *engine, ledger, *rng, noise);
            stream::BaselineStreamer b(env);
            const stream::StepOutput out = b.step(source->step(1), nullptr);
            QCOMPARE(noise->calls.size(), std::size_t{3});  // one fill per round, every cell of the workload
            const double share = budget / (2.0 * k);
            const double expected =
                model == privacy::PrivacyModel::Pure ? 1.0 / share : 1.0 / std::sqrt(2.0 * share);
            for (std::size_t r = 0; r < 3; ++r) {
                QVERIFY(std::abs(noise->calls[r].scale - expected) < 1e-12 * expected);
                QCOMPARE(noise->calls[r].time, 1LL);
                QCOMPARE(noise->calls[r].count,
                         source->workloads().cells(static_cast<std::size_t>(out.selected[r])));
            }
            // Zero noise: the measurements are the true answers.
            for (const auto& m : out.measurements)
                QCOMPARE(m.values, source->step(1).answers[static_cast<std::size_t>(m.workload)]);
            QVERIFY(ledger.spent("b", 1) <= budget);
        }
    }
};

QTEST_APPLESS_MAIN(TestZcdpRuns)
#include "test_zcdp_runs.moc"
