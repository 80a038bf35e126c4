// The baseline's 1-way initialisation (issue 14, AccuracyOptions::
// baselineOneWayShare): before its k rounds a step measures every attribute's
// 1-way marginal of ∇f_t with an even part of the share, drawn through the
// series' NoiseSource with b = 1/ε' (pure) or σ = 1/√(2ρ') (zCDP) and charged
// right before the draw; the rounds split the rest, so a step still spends
// at most its budget, and other series of the run are untouched.
#include <QtTest>
#include <cmath>
#include <map>

#include "../privacy/privacy_test_support.h"
#include "core/fit/fit_engine.h"
#include "core/privacy/ledger.h"
#include "core/steps/step_source.h"
#include "core/stream/baseline_streamer.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/series_spec.h"
#include "tiny_stream.h"

using namespace streamsynth;
using stream::StreamerKind;

namespace {

// Zero noise that records, for every fill, its scale, its size and how many
// charges the ledger held at that moment (a charge must precede its draw).
class LedgerWatchingNoise final : public privacy::NoiseSource {
public:
    explicit LedgerWatchingNoise(const privacy::PrivacyLedger& ledger) : ledger_(ledger) {}
    void fill(std::span<double> out, privacy::NoiseScale scale, long long, privacy::Rng&) override {
        for (double& x : out) x = 0;
        scales.push_back(scale.value());
        counts.push_back(out.size());
        chargesBefore.push_back(ledger_.charges().size());
    }
    std::vector<double> scales;
    std::vector<std::size_t> counts, chargesBefore;

private:
    const privacy::PrivacyLedger& ledger_;
};

}  // namespace

class TestBaselineOneWay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachAttributeIsDrawnAndChargedFirst();
    void ledgerIsExactAndOtherSeriesUntouched();
    void zeroShareIsTheSpecBaseline();
    void carriedSeriesHasItsOwnOptions();
};

// Tiny stream: attributes a(2) b(3) c(2) d(2), all covered by the 2-way
// workloads. Share 0.5 of a budget of 0.6 over 4 attributes: 0.075 each.
void TestBaselineOneWay::eachAttributeIsDrawnAndChargedFirst() {
    auto source = test::tinySource(200, 100);
    auto engine = fit::makePgmEngine();
    const double budget = 0.6, share = 0.5;
    const int k = 3;
    const std::map<std::string, std::size_t> codes{{"a", 2}, {"b", 3}, {"c", 2}, {"d", 2}};
    for (privacy::PrivacyModel model : {privacy::PrivacyModel::Pure, privacy::PrivacyModel::ZCdp}) {
        privacy::PrivacyLedger ledger(budget, model);
        auto rng = privacy::makeSeededRng(5, "baseline-one-way");
        stream::RunConfig config =
            test::tinyConfig({test::seriesOf("b", StreamerKind::Baseline, "", budget)}, k);
        test::setPrivacy(config, model);
        config.accuracy.baselineOneWayShare = share;
        auto noise = std::make_shared<LedgerWatchingNoise>(ledger);
        const stream::StreamerEnv env = stream::makeStreamerEnv(config, config.series[0], source->workloads(),
                                                                *engine, ledger, *rng, noise);
        stream::BaselineStreamer b(env);
        const stream::StepOutput out = b.step(source->step(1), nullptr);

        // 4 one-way fills (one per attribute, every code), then one per round.
        QCOMPARE(noise->scales.size(), std::size_t{4 + k});
        // The i-th 1-way draw comes right after its own charge (i + 1 charges);
        // round r's after its selection and measurement charges.
        for (std::size_t i = 0; i < 4; ++i) QCOMPARE(noise->chargesBefore[i], i + 1);
        for (std::size_t r = 0; r < static_cast<std::size_t>(k); ++r)
            QCOMPARE(noise->chargesBefore[4 + r], 4 + 2 * (r + 1));
        const auto scaleOf = [&](double part) {
            return model == privacy::PrivacyModel::Pure ? 1.0 / part : 1.0 / std::sqrt(2.0 * part);
        };
        const double part = share * budget / 4;
        std::vector<std::size_t> counts;
        for (std::size_t i = 0; i < 4; ++i) {
            QVERIFY(std::abs(noise->scales[i] - scaleOf(part)) < 1e-12 * scaleOf(part));
            counts.push_back(noise->counts[i]);
        }
        QCOMPARE(counts, (std::vector<std::size_t>{2, 3, 2, 2}));
        // The rounds' measurement share: (1 − s)·budget/(2k), up to the ulps
        // roundsBudgetAfter takes off so that the ledger's sum stays within.
        const double roundShare = (1 - share) * budget / (2.0 * k);
        for (std::size_t r = 0; r < static_cast<std::size_t>(k); ++r)
            QVERIFY(std::abs(noise->scales[4 + r] - scaleOf(roundShare)) < 1e-9 * scaleOf(roundShare));

        // The ledger: the 4 one-way charges first (round 0, each named by its
        // attribute, "<noise>-1way"), and the step within budget.
        const auto& charges = ledger.charges();
        QCOMPARE(charges.size(), std::size_t{4 + 2 * k});
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(charges[i].round, 0);
            QCOMPARE(charges[i].kind, privacy::ChargeKind::Measurement);
            QVERIFY(std::abs(charges[i].amount - part) < 1e-15);
            QCOMPARE(charges[i].workload, std::string(1, static_cast<char>('a' + i)));
            QCOMPARE(charges[i].mechanism,
                     std::string(model == privacy::PrivacyModel::Pure ? "laplace-1way" : "gaussian-1way"));
        }
        QVERIFY(ledger.spent("b", 1) <= budget && ledger.spent("b", 1) > budget - 1e-12);
        QCOMPARE(out.selected.size(), static_cast<std::size_t>(k));
    }
}

// Through the run engine over 3 steps: the baseline's steps charge 4 × s·ε/4
// then 2k × (1 − s)·ε/(2k); the proposed series beside it, which has no such
// share, charges its 2k rounds ε/(2k) each, as without the option.
void TestBaselineOneWay::ledgerIsExactAndOtherSeriesUntouched() {
    auto source = test::tinySource(300, 100);
    const double eps = 0.7, share = 0.75;
    const int k = 3;
    std::vector<stream::SeriesConfig> series{
        test::seriesOf("baseline", StreamerKind::Baseline, "", eps),
        test::seriesOf("proposed", StreamerKind::Proposed, "simple", eps)};
    stream::RunConfig config = test::tinyConfig(series, k);
    config.fitIterations = 10;
    config.accuracy.baselineOneWayShare = share;
    stream::RunEngine engine(*source, config);
    QCOMPARE(engine.run({}), 3);
    for (const stream::SeriesConfig& s : series) {
        const bool baseline = s.streamer == StreamerKind::Baseline;
        const privacy::PrivacyLedger& ledger = engine.ledger(s.id);
        for (int t = 1; t <= 3; ++t) {
            QVERIFY2(ledger.spent(s.id, t) <= eps && ledger.spent(s.id, t) > eps - 1e-12,
                     (s.id + " step " + std::to_string(t)).c_str());
            int oneWay = 0, rounds = 0;
            for (const auto& c : ledger.charges()) {
                if (c.series != s.id || c.step != t) continue;
                if (c.round == 0) {
                    ++oneWay;
                    QVERIFY(std::abs(c.amount - share * eps / 4) < 1e-15);
                } else {
                    ++rounds;
                    QVERIFY(std::abs(c.amount - (baseline ? 1 - share : 1.0) * eps / (2 * k)) < 1e-12);
                }
            }
            QCOMPARE(oneWay, baseline ? 4 : 0);
            QCOMPARE(rounds, 2 * k);
        }
    }
}

// Share 0 (the default) draws nothing before the rounds: SPEC §5.1.
void TestBaselineOneWay::zeroShareIsTheSpecBaseline() {
    auto source = test::tinySource(200, 100);
    auto engine = fit::makePgmEngine();
    privacy::PrivacyLedger ledger(1.0);
    auto rng = privacy::makeSeededRng(6, "baseline-spec");
    stream::RunConfig config = test::tinyConfig({test::seriesOf("b", StreamerKind::Baseline, "", 1.0)}, 2);
    QCOMPARE(config.accuracy.baselineOneWayShare, 0.0);
    auto noise = std::make_shared<privacy_test::RecordingNoise>(0.0);
    stream::BaselineStreamer b(
        stream::makeStreamerEnv(config, config.series[0], source->workloads(), *engine, ledger, *rng, noise));
    (void)b.step(source->step(1), nullptr);
    QCOMPARE(noise->calls.size(), std::size_t{2});
    for (const auto& c : ledger.charges()) QVERIFY(c.round >= 1);
    QVERIFY(std::abs(noise->calls[0].scale - 4.0) < 1e-12);  // b = 1/(ε/(2k)) = 4
}

// "baseline:carried" (stream::isCarriedBaseline): its own id and name, the
// carried start and the 1-way share whatever the run's options, while a
// plain baseline in the same run keeps the run's (here SPEC §5.1: nothing
// before the rounds).
void TestBaselineOneWay::carriedSeriesHasItsOwnOptions() {
    const stream::SeriesSpec spec =
        stream::parseSeriesSpec("baseline:carried", privacy::Budget::of(privacy::PrivacyModel::Pure, 0.7));
    QVERIFY(spec.streamer == StreamerKind::Baseline && stream::isCarriedBaseline(spec));
    QCOMPARE(stream::seriesName(spec), std::string("baseline:carried"));
    QCOMPARE(stream::seriesBaseId(spec), std::string("baseline-carried"));
    QVERIFY(!stream::isCarriedBaseline(
        stream::parseSeriesSpec("baseline", privacy::Budget::of(privacy::PrivacyModel::Pure, 0.7))));
    QVERIFY_THROWS_EXCEPTION(
        Error,
        stream::parseSeriesSpec("baseline:warm", privacy::Budget::of(privacy::PrivacyModel::Pure, 0.7)));
    const stream::AccuracyOptions a = stream::seriesAccuracy(stream::AccuracyOptions{}, spec, spec.budget, 0);
    QVERIFY(a.baselineInit == stream::BaselineInit::Previous);
    QCOMPARE(a.baselineOneWayShare, stream::kCarriedOneWayShare);

    auto source = test::tinySource(300, 100);
    const double eps = 0.7;
    const int k = 3;
    stream::RunConfig config = test::tinyConfig(
        stream::planSeries(
            {stream::parseSeriesSpec("baseline", privacy::Budget::of(privacy::PrivacyModel::Pure, eps)),
             stream::parseSeriesSpec("baseline:carried",
                                     privacy::Budget::of(privacy::PrivacyModel::Pure, eps))}),
        k);
    config.fitIterations = 10;
    stream::RunEngine engine(*source, config);
    QCOMPARE(engine.run({}), 3);
    for (const std::string id : {"baseline", "baseline-carried"}) {
        const bool carried = id == "baseline-carried";
        const privacy::PrivacyLedger& ledger = engine.ledger(id);
        for (int t = 1; t <= 3; ++t) {
            QVERIFY(ledger.spent(id, t) <= eps && ledger.spent(id, t) > eps - 1e-12);
            int oneWay = 0;
            for (const auto& c : ledger.charges())
                if (c.series == id && c.step == t && c.round == 0) {
                    ++oneWay;
                    QVERIFY(std::abs(c.amount - stream::kCarriedOneWayShare * eps / 4) < 1e-15);
                }
            QCOMPARE(oneWay, carried ? 4 : 0);
        }
    }
    // Any other text is the plain baseline (older configurations left the
    // counter's default there): only "carried" changes the options.
    stream::SeriesSpec plain = spec;
    plain.counter = "simple";
    QVERIFY(!stream::isCarriedBaseline(plain));
    QVERIFY(stream::seriesAccuracy(stream::AccuracyOptions{}, plain, plain.budget, 0).baselineOneWayShare ==
            0.0);
}

QTEST_APPLESS_MAIN(TestBaselineOneWay)
#include "test_baseline_one_way.moc"
