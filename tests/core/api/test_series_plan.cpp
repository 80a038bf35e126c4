// api::planRunSeries (core/api/series_plan.h): names × budgets into a run's
// series with their ids, and the run's model and δ taken from the budgets;
// the refusals the GUI and the CLI share (a budget or a name twice, budgets
// of two models or two δ).
#include <QtTest>

#include "core/api/budget_input.h"
#include "core/api/series_plan.h"
#include "core/values/error.h"

using namespace streamsynth;
using privacy::Budget;
using privacy::PrivacyModel;

class TestSeriesPlan : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void namesTimesBudgetsNameMajor() {
        stream::RunConfig c;
        api::planRunSeries(c, {"baseline", "proposed:tree:16"},
                           api::parseBudgets({PrivacyModel::Pure, "0.5, 1", false, {}}));
        QCOMPARE(c.privacy, PrivacyModel::Pure);
        QCOMPARE(c.delta, 0.0);
        QCOMPARE(c.series.size(), std::size_t(4));
        QCOMPARE(c.series[0].id, std::string("baseline-eps0.5"));
        QCOMPARE(c.series[1].id, std::string("baseline-eps1"));
        QCOMPARE(c.series[3].id, std::string("proposed-tree-16-eps1"));
        QCOMPARE(c.series[3].budget, Budget::of(PrivacyModel::Pure, 1.0));
        stream::validateRunConfig(c, 10);  // what the run checks accepts it
    }
    void zcdpRunTakesModelAndDeltaFromTheBudgets() {
        stream::RunConfig c;
        api::planRunSeries(c, {"proposed:sqrt:8"},
                           api::parseBudgets({PrivacyModel::ZCdp, "0.05", false, "1e-9"}));
        QCOMPARE(c.privacy, PrivacyModel::ZCdp);
        QCOMPARE(c.delta, 1e-9);
        QCOMPARE(c.series.at(0).id, std::string("proposed-sqrt-8"));  // one budget: no tag
        QCOMPARE(c.series.at(0).budget.amount(), 0.05);
        stream::validateRunConfig(c, 10);
        // A series whose budget is in another model than the run is refused by the run's check.
        c.series.at(0).budget = Budget::of(PrivacyModel::Pure, 0.05);
        QVERIFY_THROWS_EXCEPTION(Error, stream::validateRunConfig(c, 10));
    }
    void refusals() {
        stream::RunConfig c;
        const auto refusedSetting = [&](const std::vector<std::string>& names,
                                        const std::vector<Budget>& budgets) {
            try {
                api::planRunSeries(c, names, budgets);
            } catch (const Error& e) {
                return e.context().setting;
            }
            return std::string("accepted");
        };
        const Budget one = Budget::of(PrivacyModel::Pure, 1.0);
        QCOMPARE(refusedSetting({"baseline"}, {one, one}), std::string("--epsilon"));
        QCOMPARE(refusedSetting({"baseline", "baseline"}, {one}), std::string("--series"));
        QCOMPARE(refusedSetting({"baseline"}, {}), std::string("budget"));
        QCOMPARE(refusedSetting({}, {one}), std::string("series"));
        QCOMPARE(refusedSetting({"proposed:sqrt:8"}, {one}), std::string("counter"));
        QCOMPARE(refusedSetting({"baseline"}, {one, Budget::of(PrivacyModel::ZCdp, 0.5, 1e-6)}),
                 std::string("--epsilon"));
        QCOMPARE(refusedSetting({"baseline"}, {Budget::of(PrivacyModel::ZCdp, 0.1, 1e-6),
                                               Budget::of(PrivacyModel::ZCdp, 0.5, 1e-9)}),
                 std::string("--rho"));
        QVERIFY(c.series.empty());  // nothing is set on a refusal
    }
};

QTEST_APPLESS_MAIN(TestSeriesPlan)
#include "test_series_plan.moc"
