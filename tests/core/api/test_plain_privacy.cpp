// ε in plain words (core/api/plain_privacy.h, issue 47): the figures shown
// where ε is chosen are the ones the run and the planner use: the total and
// e^ε over the published series, each part of a series' budget as its
// streamer charges it, the noisy marginals' standard errors from the
// counter's theoretical variance and the synthetic shares' figure from the
// planner.
#include <QtTest>
#include <cmath>

#include "core/api/plain_privacy.h"
#include "core/privacy/counter.h"
#include "core/values/schema.h"
#include "core/values/zcdp_conversion.h"
#include "support/test_data.h"

using namespace streamsynth;

namespace {

api::PlainPrivacyRequest simpleRequest(double epsilon) {
    api::PlainPrivacyRequest r;
    r.plan.rounds = 5;
    r.plan.counter = "simple";
    stream::setFixedOneWayShare(r.plan.accuracy, 0);
    r.plan.accuracy.smallShare = 0;
    r.plan.steps = 49;
    r.published = {{"proposed-simple", true, epsilon}};
    return r;
}

double part(const api::PlainPrivacy& p, api::BudgetPart::Kind kind) {
    double sum = 0;
    for (const api::BudgetPart& b : p.split)
        if (b.kind == kind) sum += b.amount;
    return sum;
}

}  // namespace

class TestPlainPrivacy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ε = 1, k = 5, no shares: half for selections, half for measurements;
    // each workload counter gets ε/(2k) = 0.1: a simple counter's cell has
    // Laplace(1/0.1), SE √2·10 once and √49 times that after 49 feeds.
    void pureSplitAndStandardErrors() {
        const api::PlainPrivacy p = api::describePrivacy(simpleRequest(1.0));
        QCOMPARE(p.epsilon, 1.0);
        QVERIFY(std::abs(p.likelihood - std::exp(1.0)) < 1e-12);
        QVERIFY(p.strength == api::GuaranteeStrength::Strong);
        QVERIFY(std::abs(part(p, api::BudgetPart::Kind::Selection) - 0.5) < 1e-12);
        QVERIFY(std::abs(part(p, api::BudgetPart::Kind::Measurement) - 0.5) < 1e-12);
        QVERIFY(std::abs(p.counterEpsilon - 0.1) < 1e-12);
        QVERIFY2(std::abs(p.marginalSeOnce - std::sqrt(2.0) * 10) < 1e-9,
                 qPrintable(QString::number(p.marginalSeOnce)));
        QVERIFY(std::abs(p.marginalSeAll - 7 * std::sqrt(2.0) * 10) < 1e-9);
        QVERIFY(!p.hasShareFigure);  // no domain: no planner figure
    }

    // The shares come off the budget before the rounds split it; the parts add up to the budget.
    void sharesAndCoarseningAddUpToTheBudget() {
        api::PlainPrivacyRequest r = simpleRequest(2.0);
        stream::setFixedOneWayShare(r.plan.accuracy, 0.2);
        r.plan.accuracy.smallShare = 0.1;
        r.wholeStreamCharge = 0.1;
        const api::PlainPrivacy p = api::describePrivacy(r);
        QVERIFY(std::abs(part(p, api::BudgetPart::Kind::Coarsening) - 0.1) < 1e-12);
        QVERIFY(std::abs(part(p, api::BudgetPart::Kind::OneWay) - 0.2 * 1.9) < 1e-12);
        QVERIFY(std::abs(part(p, api::BudgetPart::Kind::SmallWorkloads) - 0.1 * 1.9) < 1e-12);
        double sum = 0;
        for (const api::BudgetPart& b : p.split) sum += b.amount;
        QVERIFY2(std::abs(sum - 2.0) < 1e-9, qPrintable(QString::number(sum)));
        QVERIFY(std::abs(p.counterEpsilon - 0.7 * 1.9 / 10) < 1e-12);
    }

    // Published series read the same rows: their budgets add up; e^ε and the strength follow.
    void publishedSeriesAddUp() {
        api::PlainPrivacyRequest r = simpleRequest(4.0);
        r.published.push_back({"baseline", false, 3.64});
        const api::PlainPrivacy p = api::describePrivacy(r);
        QVERIFY(std::abs(p.epsilon - 7.64) < 1e-12);
        QVERIFY2(std::abs(p.likelihood - 2080) < 5, qPrintable(QString::number(p.likelihood)));
        QVERIFY(p.strength == api::GuaranteeStrength::VeryWeak);
        QCOMPARE(p.splitSeries, std::string("proposed-simple"));
    }

    // With a privacy unit the standard errors are those of the noise the run
    // draws for one unit (issue 49): the charge stays ε/(2k), the scale is m
    // times the row's under pure ε, √(m·K) times under zCDP's simple counter;
    // the shares' figure is the planner's for the unit.
    void aUnitsFiguresCarryItsNoise() {
        const api::PlainPrivacy row = api::describePrivacy(simpleRequest(1.0));
        api::PlainPrivacyRequest r = simpleRequest(1.0);
        r.plan.unit = data::UnitSettings{"patient_id", 4, 2};
        const api::PlainPrivacy unit = api::describePrivacy(r);
        QVERIFY(unit.unit.has_value());
        QVERIFY(std::abs(unit.counterEpsilon - row.counterEpsilon) < 1e-15);
        QVERIFY2(std::abs(unit.marginalSeOnce - 4 * row.marginalSeOnce) < 1e-9,
                 qPrintable(QString("%1 vs %2").arg(unit.marginalSeOnce).arg(row.marginalSeOnce)));
        QVERIFY(std::abs(unit.marginalSeAll - 4 * row.marginalSeAll) < 1e-9);
        r.plan.privacy = privacy::PrivacyModel::ZCdp;
        r.plan.delta = 1e-6;
        r.published = {{"proposed-simple", true, 0.05}};
        const api::PlainPrivacy zUnit = api::describePrivacy(r);
        r.plan.unit.reset();
        const api::PlainPrivacy zRow = api::describePrivacy(r);
        QVERIFY(std::abs(zUnit.marginalSeOnce - std::sqrt(8.0) * zRow.marginalSeOnce) < 1e-9);
        // The shares' figure: the planner's, for the unit (a time stream of 50 rows a step).
        r = simpleRequest(1.0);
        r.plan.domain = data::readSchema(test::dataPath("adult-domain.json")).domain();
        r.plan.rowsPerStep = 50;
        r.plan.steps = 10;
        r.plan.unit = data::UnitSettings{"patient_id", 4, 4};
        const api::PlainPrivacy shares = api::describePrivacy(r);
        api::PlanRequest q = r.plan;
        q.checkEvery = 10;
        const double planner = 100 * api::expectedAccuracy(q, 1.0).worstOneWay() * shares.shareWidening;
        QVERIFY(std::abs(shares.shareErrorPoints - planner) < 1e-9);
        q.unit.reset();
        QVERIFY(shares.shareErrorPoints > 2 * 100 * api::expectedAccuracy(q, 1.0).worstOneWay());
    }

    // Under zCDP the statement is (ε, δ) with ε from the total ρ.
    void zcdpStatesEpsilonAtDelta() {
        api::PlainPrivacyRequest r = simpleRequest(0.05);
        r.plan.privacy = privacy::PrivacyModel::ZCdp;
        r.plan.delta = 1e-6;
        const api::PlainPrivacy p = api::describePrivacy(r);
        QCOMPARE(p.delta, 1e-6);
        QVERIFY(std::abs(p.epsilon - privacy::zcdpEpsilon(0.05, 1e-6)) < 1e-12);
        privacy::CounterSpec spec = privacy::parseCounterSpec("simple", privacy::PrivacyModel::ZCdp);
        spec.noise = privacy::noiseKindFor(privacy::PrivacyModel::ZCdp, false);
        QVERIFY(std::abs(p.marginalSeOnce -
                         std::sqrt(privacy::theoreticalVariance(spec, p.counterEpsilon, 1))) < 1e-9);
    }

    // The synthetic shares' figure is the planner's, at the series' budget, for the last step.
    void shareFigureIsThePlanners() {
        api::PlainPrivacyRequest r = simpleRequest(1.0);
        r.plan.domain = data::readSchema(test::dataPath("adult-domain.json")).domain();
        r.plan.rowsPerStep = 1000;
        r.plan.rowsArePublic = true;
        r.plan.steps = 10;
        const api::PlainPrivacy p = api::describePrivacy(r);
        QVERIFY(p.hasShareFigure);
        api::PlanRequest q = r.plan;
        q.checkEvery = 10;
        const double planner = 100 * api::expectedAccuracy(q, 1.0).worstOneWay();
        QCOMPARE(p.shareWidening, 1.0);  // 1,000 rows a step: the planner's own figure held
        QVERIFY2(std::abs(p.shareErrorPoints - planner) < 1e-9,
                 qPrintable(QString("%1 vs %2").arg(p.shareErrorPoints).arg(planner)));
        // Thin streams: widened as measured on movies (docs/streamers.md, "Calibration on unseen data").
        r.plan.rowsPerStep = 13;
        r.plan.rowsArePublic = false;
        q.rowsPerStep = 13;
        q.rowsArePublic = false;
        const api::PlainPrivacy thin = api::describePrivacy(r);
        const double thinPlanner = 100 * api::expectedAccuracy(q, 1.0).worstOneWay();
        QCOMPARE(thin.shareWidening, 2.3);
        QVERIFY(std::abs(thin.shareErrorPoints - 2.3 * thinPlanner) < 1e-9);
        QVERIFY(!thin.shareUnmeasured);
        QVERIFY(api::shareFigureOptimistic(161) && !api::shareFigureOptimistic(200));
    }
};

QTEST_GUILESS_MAIN(TestPlainPrivacy)
#include "test_plain_privacy.moc"
