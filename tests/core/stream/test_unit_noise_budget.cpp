// A privacy unit's noise in the streamers (issue 49; core/stream/unit_noise.h):
//  - a counter calibrated with budget / F draws what unitTermScale gives for
//    (budget, unit), to within two ulps, for every built-in kind, both models
//    and several units; event level leaves the budget itself, bit for bit;
//  - the baseline draws every measurement at m × (pure) or √(m·K) × (zCDP) its
//    event-level scale and charges the same amounts;
//  - the proposed streamer's counters draw at √F × (zCDP) or m × (pure) the
//    event-level scales and charge the same amounts;
//  - the selections' score sensitivity is m·Δ (pure) or √(m·K)·Δ (zCDP);
//  - a streamer saved at event level does not restore into a unit-level
//    series (a stream's unit never changes);
//  - validateRunConfig refuses a unit with batches and an invalid bound;
//  - the ledger states who it protects.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>
#include <set>

#include "../privacy/privacy_test_support.h"
#include "core/fit/fit_engine.h"
#include "core/privacy/counter.h"
#include "core/privacy/counter_schedule.h"
#include "core/privacy/ledger.h"
#include "core/privacy/unit_sensitivity.h"
#include "core/stream/baseline_streamer.h"
#include "core/stream/proposed_streamer.h"
#include "core/stream/unit_noise.h"
#include "core/values/error.h"
#include "tiny_stream.h"

using namespace streamsynth;
using privacy::PrivacyModel;
using stream::StreamerKind;

namespace {

// The scales of every fill of one streamer's first `steps` steps.
std::vector<double> drawnScales(StreamerKind kind, const std::string& counter, PrivacyModel model,
                                privacy::UnitBound unit, std::vector<double>* charges = nullptr,
                                int steps = 3) {
    auto source = test::tinySource(300, 100);
    auto engine = fit::makePgmEngine();
    const double budget = 0.6;
    privacy::PrivacyLedger ledger(budget, model);
    auto rng = privacy::makeSeededRng(5, "unit-noise");
    stream::RunConfig config = test::tinyConfig({test::seriesOf("s", kind, counter, budget)}, 2);
    test::setPrivacy(config, model);
    config.unit = unit;
    auto noise = std::make_shared<privacy_test::RecordingNoise>();
    const stream::StreamerEnv env =
        stream::makeStreamerEnv(config, config.series[0], source->workloads(), *engine, ledger, *rng, noise);
    auto streamer = stream::makeStreamer(env);
    for (int t = 1; t <= steps; ++t) streamer->step(source->step(t), nullptr);
    std::vector<double> out;
    for (const auto& c : noise->calls) out.push_back(c.scale);
    if (charges)
        for (const privacy::Charge& c : ledger.charges()) charges->push_back(c.amount);
    return out;
}

bool near(double a, double b, double rel) {
    return std::abs(a - b) <= rel * std::abs(b);
}

}  // namespace

class TestUnitNoiseBudget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void counterBudgetIsTheUnitScale();
    void baselineMeasuresAtTheUnitScale();
    void proposedCountersAtTheUnitScale();
    void selectionSensitivity();
    void restoreRefusesAnotherUnit();
    void configRefusesBatchesAndBadBounds();
    void ledgerStatesWhoIsProtected();
};

void TestUnitNoiseBudget::counterBudgetIsTheUnitScale() {
    const std::vector<privacy::UnitBound> units{{6, 2}, {4, 4}, {3, 1}, {12, 3}};
    int checked = 0;
    for (PrivacyModel model : {PrivacyModel::Pure, PrivacyModel::ZCdp})
        for (const char* text :
             {"simple", "tree:8", "honaker:8", "block:2", "hybrid", "elders:2", "sqrt:8"}) {
            privacy::CounterSpec spec;
            try {
                spec = privacy::parseCounterSpec(text, model);
            } catch (const Error&) {
                continue;  // a kind only one model offers
            }
            stream::RunConfig config;
            config.privacy = model;
            for (double budget : {0.1, 1.0, 3.7}) {
                config.unit = {};
                QCOMPARE(
                    stream::unitCounterNoiseBudget(config, spec, budget, stream::CounterFeeds::WhenSelected),
                    budget);  // event level: itself
                for (const privacy::UnitBound& unit : units) {
                    config.unit = unit;
                    const double noiseBudget =
                        stream::unitCounterNoiseBudget(config, spec, budget, stream::CounterFeeds::EveryStep);
                    // Counters fed when selected never get less noise than one fed every step.
                    QVERIFY(stream::unitCounterNoiseBudget(
                                config, spec, budget, stream::CounterFeeds::WhenSelected) <= noiseBudget);
                    const long long horizon = spec.horizon > 0 ? spec.horizon : 1;
                    for (double terms : {1.0, 3.0})
                        for (double fraction : {1.0, 0.5}) {
                            const double viaBudget =
                                privacy::detail::termScale(spec, noiseBudget, terms, fraction).value();
                            const double exact =
                                privacy::unitTermScale(spec, budget, terms, fraction, horizon, unit).value();
                            QVERIFY2(near(viaBudget, exact, 4.5e-16),
                                     qPrintable(QString("%1 %2 m=%3 K=%4: %5 vs %6")
                                                    .arg(text)
                                                    .arg(int(model))
                                                    .arg(unit.maxRows)
                                                    .arg(unit.maxRowsPerStep)
                                                    .arg(viaBudget, 0, 'g', 17)
                                                    .arg(exact, 0, 'g', 17)));
                            ++checked;
                        }
                }
            }
        }
    QVERIFY(checked >= 400);
}

void TestUnitNoiseBudget::baselineMeasuresAtTheUnitScale() {
    for (PrivacyModel model : {PrivacyModel::Pure, PrivacyModel::ZCdp}) {
        const privacy::UnitBound unit{4, 2};
        std::vector<double> eventCharges, unitCharges;
        const auto event = drawnScales(StreamerKind::Baseline, "", model, {}, &eventCharges);
        const auto person = drawnScales(StreamerKind::Baseline, "", model, unit, &unitCharges);
        QCOMPARE(person.size(), event.size());
        QCOMPARE(unitCharges, eventCharges);  // the ledger pays the same; the noise pays for the unit
        const double factor = model == PrivacyModel::Pure ? 4.0 : std::sqrt(8.0);
        for (std::size_t i = 0; i < event.size(); ++i)
            QVERIFY2(near(person[i], factor * event[i], 1e-14), qPrintable(QString::number(i)));
    }
}

void TestUnitNoiseBudget::proposedCountersAtTheUnitScale() {
    for (PrivacyModel model : {PrivacyModel::Pure, PrivacyModel::ZCdp})
        for (const char* counter : {"simple", "tree:8"}) {
            const privacy::UnitBound unit{4, 2};
            std::vector<double> eventCharges, unitCharges;
            const auto event = drawnScales(StreamerKind::Proposed, counter, model, {}, &eventCharges);
            const auto person = drawnScales(StreamerKind::Proposed, counter, model, unit, &unitCharges);
            QCOMPARE(unitCharges, eventCharges);
            const privacy::CounterSpec spec = privacy::parseCounterSpec(counter, model);
            const double factor =
                model == PrivacyModel::Pure ? 4.0 : std::sqrt(privacy::unitL2SquaredFactor(spec, 8, unit));
            QVERIFY(factor > 1.5);
            // Every counter term has one event-level scale per kind (one term per
            // feed, or one per tree node): compare the distinct scales.
            std::set<double> e(event.begin(), event.end()), p(person.begin(), person.end());
            QVERIFY(!e.empty());
            QCOMPARE(p.size(), e.size());
            auto pi = p.begin();
            for (double s : e) QVERIFY2(near(*pi++, factor * s, 1e-14), counter);
        }
}

void TestUnitNoiseBudget::selectionSensitivity() {
    stream::RunConfig config;
    QCOMPARE(stream::unitSelectionSensitivity(config, 0.25), 0.25);
    config.unit = {6, 2};
    QCOMPARE(stream::unitSelectionSensitivity(config, 0.25), 1.5);
    config.privacy = PrivacyModel::ZCdp;
    QVERIFY(near(stream::unitSelectionSensitivity(config, 0.25), 0.25 * std::sqrt(12.0), 1e-15));
    const privacy::Sensitivity fresh = stream::unitFreshSensitivity(config, privacy::Sensitivity::ofCount());
    QVERIFY(near(fresh.l2, 12.0, 1e-15));  // Δ₂² = m·K
}

void TestUnitNoiseBudget::restoreRefusesAnotherUnit() {
    auto source = test::tinySource(300, 100);
    auto engine = fit::makePgmEngine();
    const auto streamerWith = [&](privacy::UnitBound unit, privacy::PrivacyLedger& ledger,
                                  privacy::Rng& rng) {
        stream::RunConfig config =
            test::tinyConfig({test::seriesOf("s", StreamerKind::Proposed, "simple", 0.6)}, 2);
        config.unit = unit;
        return stream::makeStreamer(
            stream::makeStreamerEnv(config, config.series[0], source->workloads(), *engine, ledger, rng));
    };
    privacy::PrivacyLedger ledger(0.6);
    auto rng = privacy::makeSeededRng(5, "unit-restore");
    auto event = streamerWith({}, ledger, *rng);
    event->step(source->step(1), nullptr);
    const stream::StreamerState saved = event->saveState();
    auto same = streamerWith({}, ledger, *rng);
    same->restoreState(saved);  // the same calibration restores
    auto unit = streamerWith({3, 3}, ledger, *rng);
    QVERIFY_THROWS_EXCEPTION(Error, unit->restoreState(saved));
}

void TestUnitNoiseBudget::configRefusesBatchesAndBadBounds() {
    stream::RunConfig config =
        test::tinyConfig({test::seriesOf("s", StreamerKind::Proposed, "simple", 1)}, 2);
    stream::validateRunConfig(config, 6);
    config.unit = {4, 2};
    stream::validateRunConfig(config, 6);
    config.publicRowsPerStep = 100;  // batches
    try {
        stream::validateRunConfig(config, 6);
        QFAIL("a unit with batches was accepted");
    } catch (const Error& e) {
        QCOMPARE(e.context().setting, std::string("privacy-unit"));
    }
    config.publicRowsPerStep = 0;
    config.unit = {2, 3};  // K > m
    QVERIFY_THROWS_EXCEPTION(Error, stream::validateRunConfig(config, 6));
    config.unit = {0, 0};
    QVERIFY_THROWS_EXCEPTION(Error, stream::validateRunConfig(config, 6));
}

void TestUnitNoiseBudget::ledgerStatesWhoIsProtected() {
    privacy::PrivacyLedger ledger(1.0);
    ledger.charge({"s", privacy::ChargeKind::Measurement, "laplace", 1.0, 1, 1, "a"});
    const auto guarantee = [&] {
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(ledger.toJson())).object();
        return o["series"].toArray().at(0).toObject()["guarantee"].toString();
    };
    QCOMPARE(guarantee(), QString("epsilon = 1 for the whole stream (event level: each row is counted at one "
                                  "step; the largest per-step charge is 1)"));
    ledger.setProtection(privacy::protectionClause({12, 4}, "patient_id"));
    QCOMPARE(
        guarantee(),
        QString("epsilon = 1 for the whole stream (unit level: protects each unit of column "
                "'patient_id' with at most 12 rows over the stream and 4 in one step; "
                "releases count the bounded rows; a row with an empty key is a unit of its own; the largest "
                "per-step charge is 1)"));
    QCOMPARE(
        privacy::protectionClause({5, 5}, "firm"),
        std::string("unit level: protects each unit of column 'firm' with at most 5 rows over the stream; "
                    "releases count the bounded rows; a row with an empty key is a unit of its own"));
}

QTEST_GUILESS_MAIN(TestUnitNoiseBudget)
#include "test_unit_noise_budget.moc"
