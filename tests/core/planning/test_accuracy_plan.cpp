// The accuracy planner (core/values/accuracy_plan.h): errors fall as the
// budget and the rows per step grow; the planned budget and rows meet the
// target exactly (inverse consistency) and the next smaller budget does not;
// the zCDP scaling; the checked steps; the hand-computed 1-way figure of a
// one-attribute stream, at every step and in blocks; the search where the
// share and the blocks make the error non-monotone; and refusals of settings
// a run would refuse.
#include <QtTest>
#include <cmath>
#include <numbers>

#include "core/privacy/counter.h"
#include "core/privacy/noise_quantile.h"
#include "core/stream/unit_noise.h"
#include "core/values/accuracy_plan.h"
#include "core/values/error.h"
#include "core/values/workload_set.h"

using namespace streamsynth;
using namespace streamsynth::stream;

namespace {

data::Domain domain() {
    return data::Domain({{"a", 2}, {"b", 5}, {"c", 12}, {"d", 40}});
}

PlanSettings settings() {
    PlanSettings s;
    s.counter = privacy::parseCounterSpec("simple");
    s.rowsPerStep = 1000;
    s.steps = 24;
    s.checkEvery = 12;
    return s;
}

bool near(double a, double b, double rel = 1e-9) {
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

}  // namespace

class TestAccuracyPlan : public QObject {
    Q_OBJECT
    const marginals::WorkloadSet ws_ = marginals::WorkloadSet::allKWay(domain(), 2);

private Q_SLOTS:
    void checkedSteps() {
        PlanSettings s = settings();
        QCOMPARE(stream::checkedSteps(s), (std::vector<long long>{12, 24}));
        s.checkEvery = 0;
        QCOMPARE(stream::checkedSteps(s), (std::vector<long long>{24}));
        s.checkEvery = 1;
        QCOMPARE(stream::checkedSteps(s).size(), std::size_t{24});
    }

    void errorsFallWithBudgetAndRows() {
        PlanSettings s = settings();
        double lastOneWay = INFINITY, lastAvgWE = INFINITY;
        for (double eps : {0.25, 0.5, 1.0, 2.0, 8.0}) {
            const AccuracyPrediction p = predictAccuracy(ws_, s, eps);
            QVERIFY(p.worstOneWay() < lastOneWay);
            QVERIFY(p.worstAvgWE() < lastAvgWE);
            QVERIFY(p.worstAvgWE() > kAvgWEModel.floor);
            lastOneWay = p.worstOneWay();
            lastAvgWE = p.worstAvgWE();
        }
        const double at1000 = predictAccuracy(ws_, s, 1.0).worstOneWay();
        s.rowsPerStep = 2000;
        QVERIFY(near(predictAccuracy(ws_, s, 1.0).worstOneWay(), at1000 / 2));  // every figure ∝ 1/R
        // A higher probability asks for a wider interval.
        QVERIFY(predictAccuracy(ws_, s, 1.0, 0.99).worstOneWay() >
                predictAccuracy(ws_, s, 1.0, 0.9).worstOneWay());
    }

    void plannedBudgetMeetsTheTargetExactly() {
        for (const AccuracyTarget& target : {AccuracyTarget{AccuracyGoal::OneWayShare, 0.02, 0.95},
                                             AccuracyTarget{AccuracyGoal::OneWayShare, 0.005, 0.9},
                                             AccuracyTarget{AccuracyGoal::AvgWE, 0.004, 0.95}}) {
            const BudgetPlan plan = smallestBudget(ws_, settings(), target);
            QVERIFY(plan.reachable);
            const double reached = target.goal == AccuracyGoal::AvgWE ? plan.prediction.worstAvgWE()
                                                                      : plan.prediction.worstOneWay();
            QVERIFY2(near(reached, target.bound, 1e-9), qPrintable(QString::number(reached)));
            // 1% less budget misses it: the smallest budget indeed.
            const AccuracyPrediction less =
                predictAccuracy(ws_, settings(), plan.budget * 0.99, target.probability);
            QVERIFY((target.goal == AccuracyGoal::AvgWE ? less.worstAvgWE() : less.worstOneWay()) >
                    target.bound);
            // Rows: at the planned budget the present rows are exactly enough.
            QVERIFY(near(rowsPerStepFor(ws_, settings(), target, plan.budget), settings().rowsPerStep, 1e-9));
            // A tighter target needs more budget.
            AccuracyTarget tighter = target;
            tighter.bound = target.goal == AccuracyGoal::AvgWE
                                ? kAvgWEModel.floor + (target.bound - kAvgWEModel.floor) / 2
                                : target.bound / 2;
            QVERIFY(smallestBudget(ws_, settings(), tighter).budget > plan.budget);
        }
    }

    void zcdpScalesWithTheSquare() {
        PlanSettings s = settings();
        s.privacy = privacy::PrivacyModel::ZCdp;
        s.counter = privacy::parseCounterSpec("simple", s.privacy);
        const AccuracyTarget t{AccuracyGoal::OneWayShare, 0.02, 0.95};
        const double rho = smallestBudget(ws_, s, t).budget;
        const double rhoHalf = smallestBudget(ws_, s, {AccuracyGoal::OneWayShare, 0.01, 0.95}).budget;
        QVERIFY(near(rhoHalf, 4 * rho));  // σ ∝ 1/√ρ
        const double eps = smallestBudget(ws_, settings(), t).budget;
        const double epsHalf =
            smallestBudget(ws_, settings(), {AccuracyGoal::OneWayShare, 0.01, 0.95}).budget;
        QVERIFY(near(epsHalf, 2 * eps));  // b ∝ 1/ε
    }

    // A privacy unit (issue 49): the planner sizes every counter's noise as
    // the run calibrates it for one unit (core/stream/unit_noise.h: the
    // budget divided by F). Pure ε: b ∝ 1/ε, so the planned ε is m times the
    // row's; zCDP simple: ρ times m·K; a tree: times its own programme's factor.
    void aUnitScalesThePlannedBudget() {
        const AccuracyTarget t{AccuracyGoal::OneWayShare, 0.02, 0.95};
        const double eps = smallestBudget(ws_, settings(), t).budget;
        PlanSettings s = settings();
        s.unit = {3, 3};
        QVERIFY2(near(smallestBudget(ws_, s, t).budget, 3 * eps),
                 qPrintable(QString("%1 vs %2").arg(smallestBudget(ws_, s, t).budget).arg(3 * eps)));
        s.unit = {3, 1};  // pure ε: m whatever K
        QVERIFY(near(smallestBudget(ws_, s, t).budget, 3 * eps));
        for (const char* counter : {"simple", "tree:32"}) {
            PlanSettings z = settings();
            z.privacy = privacy::PrivacyModel::ZCdp;
            z.counter = privacy::parseCounterSpec(counter, z.privacy);
            const double rho = smallestBudget(ws_, z, t).budget;
            z.unit = {4, 2};
            // The run's own calibration: a counter charged b is calibrated with b / F.
            RunConfig run;
            run.privacy = z.privacy;
            run.unit = z.unit;
            const double f = 1.0 / unitCounterNoiseBudget(run, z.counter, 1.0, CounterFeeds::WhenSelected);
            QVERIFY(f > 1);
            if (std::string(counter) == "simple") QVERIFY(near(f, 8));  // m·K
            const double withUnit = smallestBudget(ws_, z, t).budget;
            QVERIFY2(near(withUnit, f * rho),
                     qPrintable(QString("%1: %2 vs %3").arg(counter).arg(withUnit).arg(f * rho)));
        }
    }

    // One binary attribute, its own workload, no shares but the 1-way: the
    // figure by hand. 1-way budget s·ε (one attribute), rounds' share (1 − s)ε/2k.
    void oneAttributeByHand() {
        const data::Domain d({{"x", 2}, {"y", 3}});
        const marginals::WorkloadSet ws = marginals::WorkloadSet::fromNames(d, {{"x", "y"}});
        PlanSettings s = settings();
        s.accuracy.oneWayShare = 0.2;
        s.accuracy.smallShare = 0;   // x×y has 6 cells: it would be a small workload
        s.accuracy.oneWaySplit = 0;  // split evenly: x gets 0.1·ε
        s.rounds = 1;
        s.steps = 4;
        s.checkEvery = 0;
        const double eps = 2;
        const AccuracyPrediction p = predictAccuracy(ws, s, eps, 0.9);
        const double v1 = 4 * 2 / std::pow(0.1 * eps, 2);  // 4 feeds of Laplace(1/(0.1ε))
        const double vr =
            4 * 2 / std::pow(0.8 * eps / 2, 2) * 6.0 / 2;  // the round's workload over 3 cells a code
        const double v = 1 / (1 / v1 + 1 / vr);
        const double expected =
            (privacy::laplaceSumQuantile(4, std::sqrt(v / 8), 0.9) + std::sqrt(v1 * 2) / 2) / 4000;
        QVERIFY2(near(p.checks[0].perAttribute[0], expected, 1e-12),
                 qPrintable(QString("%1 vs %2").arg(p.checks[0].perAttribute[0]).arg(expected)));
    }

    // The same stream under zCDP with a tree counter and a privacy unit: the
    // 1-way counter is calibrated as the run's tracker calibrates it, for
    // feeds at every step (unitCounterVarianceFactor(…, EveryStep)), the
    // round's workload counter for feeds when selected; for tree:24 and a
    // unit of 24 rows, at most 1 a step, the two factors differ (the planner
    // took the second for both before 2026-12-03).
    void unitCalibrationFollowsTheFeeds() {
        const data::Domain d({{"x", 2}, {"y", 3}});
        const marginals::WorkloadSet ws = marginals::WorkloadSet::fromNames(d, {{"x", "y"}});
        PlanSettings s = settings();
        s.privacy = privacy::PrivacyModel::ZCdp;
        s.counter = privacy::parseCounterSpec("tree:24", s.privacy);
        s.unit = {24, 1};
        s.accuracy.oneWayShare = 0.2;
        s.accuracy.smallShare = 0;
        s.accuracy.oneWaySplit = 0;
        s.rounds = 1;
        s.steps = 4;
        s.checkEvery = 0;
        const double rho = 2;
        const double every = unitCounterVarianceFactor(s.privacy, s.counter, s.unit, CounterFeeds::EveryStep);
        const double selected =
            unitCounterVarianceFactor(s.privacy, s.counter, s.unit, CounterFeeds::WhenSelected);
        QVERIFY2(std::abs(every - selected) > 1e-6 * every,
                 qPrintable(QString("%1 vs %2").arg(every).arg(selected)));
        privacy::CounterSpec spec = s.counter;
        spec.noise = privacy::noiseKindFor(s.privacy, false);
        const double unit = privacy::theoreticalVariance(spec, 1.0, 4);
        const double v1 = unit * every / (0.1 * rho) / std::pow(4000.0, 2);
        const double vr = unit * selected / (0.8 * rho / 2) * 6.0 / 2 / std::pow(4000.0, 2);
        const double v = 1 / (1 / v1 + 1 / vr);
        const double expected = privacy::gaussianQuantile(std::sqrt(v), 0.9) + std::sqrt(v1 * 2) / 2;
        const AccuracyPrediction p = predictAccuracy(ws, s, rho, 0.9);
        QVERIFY2(near(p.checks[0].perAttribute[0], expected, 1e-12),
                 qPrintable(QString("%1 vs %2").arg(p.checks[0].perAttribute[0]).arg(expected)));
    }

    // The rule auto on a public batch size: each budget's prediction uses the
    // share the run resolves there (0.5 where R·ε ∈ [50, 200]) and equals the
    // prediction with that share fixed; on an estimated R the run's 0.2.
    void autoShareFollowsTheRun() {
        PlanSettings s = settings();
        s.rowsPerStep = 100;  // the band: ε ∈ [0.5, 2]
        s.rowsArePublic = true;
        for (double eps : {0.25, 0.5, 1.0, 2.0, 2.5}) {
            const double share = eps >= 0.5 && eps <= 2 ? 0.5 : 0.2;
            const AccuracyPrediction a = predictAccuracy(ws_, s, eps);
            PlanSettings f = s;
            setFixedOneWayShare(f.accuracy, share);
            const AccuracyPrediction b = predictAccuracy(ws_, f, eps);
            QCOMPARE(a.oneWayBudgetShare, share);
            QCOMPARE(a.worstOneWay(), b.worstOneWay());
            QCOMPARE(a.worstAvgWE(), b.worstAvgWE());
        }
        s.rowsArePublic = false;
        QCOMPARE(predictAccuracy(ws_, s, 1.0).oneWayBudgetShare, 0.2);
    }

    // Where the run would feed its tracked counters in blocks (public rows
    // per step, R·ε ≤ 50, stream/tracked_blocks.h) the prediction follows
    // them: says so, and carries less 1-way noise than counters fed at every
    // step (--tracked-blocks off); elsewhere it is that model exactly.
    // (On a short stream blocks can cost more than they save: a block of B >
    // t steps leaves only step 1's rows in the counter, and the lag bound
    // (t − 1)/t dominates; the long stream below is where blocks pay.)
    void countersInBlocksAreModelled() {
        PlanSettings s = settings();
        s.rowsPerStep = 100;
        s.rowsArePublic = true;
        s.steps = 977;
        s.checkEvery = 0;
        PlanSettings off = s;
        off.accuracy.trackedBlocks = 0;
        const AccuracyPrediction low = predictAccuracy(ws_, s, 0.25);  // R·ε = 25
        QVERIFY(low.countersInBlocks);
        const AccuracyPrediction every = predictAccuracy(ws_, off, 0.25);
        QVERIFY(!every.countersInBlocks);
        QVERIFY2(low.worstOneWay() < every.worstOneWay(),
                 qPrintable(QString("%1 vs %2").arg(low.worstOneWay()).arg(every.worstOneWay())));
        const AccuracyPrediction high = predictAccuracy(ws_, s, 2.5);  // R·ε = 250
        QVERIFY(!high.countersInBlocks);
        QCOMPARE(high.worstOneWay(), predictAccuracy(ws_, off, 2.5).worstOneWay());
        QCOMPARE(high.worstAvgWE(), predictAccuracy(ws_, off, 2.5).worstAvgWE());
        PlanSettings time = s;
        time.rowsArePublic = false;  // a time stream: its rows a step are not public, no blocks
        QVERIFY(!predictAccuracy(ws_, time, 0.25).countersInBlocks);
        // Planned with blocks: a smaller budget than the every-step model's for the same target.
        const AccuracyTarget t{AccuracyGoal::OneWayShare, 0.12, 0.95};
        const BudgetPlan withBlocks = smallestBudget(ws_, s, t);
        QVERIFY(withBlocks.reachable && withBlocks.prediction.countersInBlocks);
        QVERIFY2(
            withBlocks.budget < smallestBudget(ws_, off, t).budget,
            qPrintable(QString("%1 vs %2").arg(withBlocks.budget).arg(smallestBudget(ws_, off, t).budget)));
    }

    // The one-attribute stream of oneAttributeByHand, fed in blocks: R = 10,
    // ε = 1 (R·ε = 10), x's 1-way budget 0.1 so B = ⌈1 · 10 · 2/10⌉ = 2. At
    // step 7 its counter has had 4 feeds (steps 1, 2, 4, 6: the first step is a
    // block of its own) holding the rows of steps 1..6, so its share noise is
    // over 60 rows and it lags by 1/7 of the steps; the round (fed at every
    // step, 7 terms) is over 70 rows. Combined by inverse variance, with the
    // lag weighted as the 1-way counter is.
    void blocksByHand() {
        const data::Domain d({{"x", 2}, {"y", 3}});
        const marginals::WorkloadSet ws = marginals::WorkloadSet::fromNames(d, {{"x", "y"}});
        PlanSettings s = settings();
        setFixedOneWayShare(s.accuracy, 0.2);
        s.accuracy.smallShare = 0;
        s.accuracy.oneWaySplit = 0;
        s.rounds = 1;
        s.steps = 7;
        s.checkEvery = 0;
        s.rowsPerStep = 10;
        s.rowsArePublic = true;
        const AccuracyPrediction p = predictAccuracy(ws, s, 1.0, 0.9);
        QVERIFY(p.countersInBlocks);
        const double v1 = 4 * 2 / std::pow(0.1, 2) / std::pow(60.0, 2);  // shares
        const double vr = 7 * 2 / std::pow(0.8 / 2, 2) * 6.0 / 2 / std::pow(70.0, 2);
        const double v = 1 / (1 / v1 + 1 / vr);
        const double expected = privacy::laplaceSumQuantile(4, std::sqrt(v / 8), 0.9) + (1.0 / 7) * v / v1 +
                                std::sqrt(v1 * 2) / 2;
        QVERIFY2(near(p.checks[0].perAttribute[0], expected, 1e-12),
                 qPrintable(QString("%1 vs %2").arg(p.checks[0].perAttribute[0]).arg(expected)));
        QVERIFY(near(p.checks[0].oneWaySd, std::sqrt(v), 1e-12));
    }

    // The search over budgets under auto (the share jumps at the band's
    // edges, so the error is not monotone in the budget): the planned budget
    // meets the target, and no budget on a fine grid below it does; likewise
    // the planned rows per step.
    void autoShareSearchFindsTheSmallest() {
        PlanSettings s = settings();
        s.rowsPerStep = 100;
        s.rowsArePublic = true;
        const auto meets = [&](const AccuracyPrediction& p, const AccuracyTarget& t) {
            const double worst = t.goal == AccuracyGoal::AvgWE ? p.worstAvgWE() : p.worstOneWay();
            return worst <= t.bound * (1 + 1e-9);
        };
        int reached = 0;
        for (const AccuracyTarget& t : {AccuracyTarget{AccuracyGoal::OneWayShare, 0.01, 0.95},
                                        AccuracyTarget{AccuracyGoal::OneWayShare, 0.03, 0.95},
                                        AccuracyTarget{AccuracyGoal::OneWayShare, 0.06, 0.95},
                                        AccuracyTarget{AccuracyGoal::OneWayShare, 0.12, 0.95},
                                        AccuracyTarget{AccuracyGoal::AvgWE, 0.002, 0.95},
                                        AccuracyTarget{AccuracyGoal::AvgWE, 0.004, 0.95}}) {
            const BudgetPlan plan = smallestBudget(ws_, s, t);
            if (!plan.reachable) continue;
            ++reached;
            const QString what = QString("bound %1: budget %2").arg(t.bound).arg(plan.budget);
            QVERIFY2(meets(plan.prediction, t), qPrintable(what));
            for (int i = 1; i <= 400; ++i) {
                const double b = plan.budget * (1 - 0.999 * i / 400.0);
                QVERIFY2(!meets(predictAccuracy(ws_, s, b, t.probability), t),
                         qPrintable(what + QString(" met at %1").arg(b)));
            }
            const double eps = 1.0;
            const double rows = rowsPerStepFor(ws_, s, t, eps);
            if (!std::isfinite(rows)) continue;
            PlanSettings r = s;
            r.rowsPerStep = rows;
            QVERIFY2(meets(predictAccuracy(ws_, r, eps, t.probability), t), qPrintable(what));
            for (int i = 1; i <= 400; ++i) {
                r.rowsPerStep = rows * (1 - 0.999 * i / 400.0);
                QVERIFY2(!meets(predictAccuracy(ws_, r, eps, t.probability), t),
                         qPrintable(what + QString(" rows %1 met at %2").arg(rows).arg(r.rowsPerStep)));
            }
        }
        QVERIFY(reached >= 4);
    }

    // Where the counters are fed in blocks (a long stream of small batches:
    // R·ε ≤ 50 below ε = 1) B steps down as the budget grows and the figures
    // jump, so more budget can miss where less met. The planned budget is
    // steady: it and every budget up to 5% above it meet the target (on a
    // grid finer than B's steps there), as do the planned rows and every whole
    // number of rows up to 5% above; and it is never above the every-step
    // model's plan, and below it for some targets.
    void blocksPlanIsSteady() {
        PlanSettings s = settings();
        s.rowsPerStep = 50;
        s.rowsArePublic = true;
        s.steps = 977;
        s.checkEvery = 0;
        PlanSettings off = s;
        off.accuracy.trackedBlocks = 0;
        const auto meets = [&](const AccuracyPrediction& p, const AccuracyTarget& t) {
            const double worst = t.goal == AccuracyGoal::AvgWE ? p.worstAvgWE() : p.worstOneWay();
            return worst <= t.bound * (1 + 1e-9);
        };
        int inBlocks = 0, below = 0;
        for (const AccuracyTarget& t : {AccuracyTarget{AccuracyGoal::OneWayShare, 0.04, 0.95},
                                        AccuracyTarget{AccuracyGoal::OneWayShare, 0.08, 0.95},
                                        AccuracyTarget{AccuracyGoal::OneWayShare, 0.10, 0.95},
                                        AccuracyTarget{AccuracyGoal::OneWayShare, 0.15, 0.9},
                                        AccuracyTarget{AccuracyGoal::OneWayShare, 0.20, 0.95},
                                        AccuracyTarget{AccuracyGoal::AvgWE, 0.008, 0.95}}) {
            const BudgetPlan plan = smallestBudget(ws_, s, t);
            QVERIFY(plan.reachable);
            inBlocks += plan.prediction.countersInBlocks ? 1 : 0;
            const double every = smallestBudget(ws_, off, t).budget;
            QVERIFY(plan.budget <= every * (1 + 1e-12));
            below += plan.budget < every * 0.95 ? 1 : 0;
            const QString what = QString("bound %1: budget %2").arg(t.bound).arg(plan.budget);
            QVERIFY2(meets(plan.prediction, t), qPrintable(what));
            for (int i = 1; i <= 2000; ++i) {
                const double b = plan.budget * (1 + 0.05 * i / 2000.0);
                QVERIFY2(meets(predictAccuracy(ws_, s, b, t.probability), t),
                         qPrintable(what + QString(" missed at %1").arg(b)));
            }
            const double eps = 0.5;
            const double rows = rowsPerStepFor(ws_, s, t, eps);
            QVERIFY(std::isfinite(rows));
            PlanSettings r = s;
            for (double n = std::ceil(rows); n <= std::ceil(rows * 1.05); ++n) {
                r.rowsPerStep = n;
                QVERIFY2(meets(predictAccuracy(ws_, r, eps, t.probability), t),
                         qPrintable(what + QString(" rows %1 missed at %2").arg(rows).arg(n)));
            }
            for (int i = 0; i <= 400; ++i) {
                r.rowsPerStep = rows * (1 + 0.05 * i / 400.0);
                QVERIFY2(meets(predictAccuracy(ws_, r, eps, t.probability), t),
                         qPrintable(what + QString(" rows %1 missed at %2").arg(rows).arg(r.rowsPerStep)));
            }
        }
        QVERIFY2(inBlocks >= 3, qPrintable(QString::number(inBlocks)));
        QVERIFY2(below >= 3, qPrintable(QString::number(below)));
    }

    void refusesWhatARunWouldRefuse() {
        PlanSettings s = settings();
        s.rowsPerStep = 0;
        QVERIFY_THROWS_EXCEPTION(Error, predictAccuracy(ws_, s, 1.0));
        s = settings();
        s.counter = privacy::parseCounterSpec("tree:10");
        QVERIFY_THROWS_EXCEPTION(Error, predictAccuracy(ws_, s, 1.0));  // 24 steps > horizon 10
        QVERIFY_THROWS_EXCEPTION(Error, predictAccuracy(ws_, settings(), 0.0));
        const BudgetPlan below =
            smallestBudget(ws_, settings(), {AccuracyGoal::AvgWE, kAvgWEModel.floor / 2, 0.95});
        QVERIFY(!below.reachable);
        QVERIFY(!below.why.empty());
        QVERIFY(std::isinf(
            rowsPerStepFor(ws_, settings(), {AccuracyGoal::AvgWE, kAvgWEModel.floor / 2, 0.95}, 1.0)));
    }
};

QTEST_GUILESS_MAIN(TestAccuracyPlan)
#include "test_accuracy_plan.moc"
