// The privacy model in the GUI (issue 16): the selector in the experiment
// panel (pure ε or zCDP with ρ, or ε with δ converted), its live conversion
// text, budget labels in the model's symbol, the counters each model admits
// (disabled with a reason otherwise) and the default counter following the
// model; the counter view in both models with theory lines; and a zCDP run
// through the GUI path whose ledger proves every step within ρ.
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>
#include <cmath>

#include "core/api/privacy.h"
#include "core/api/privacy_choice.h"
#include "core/api/run.h"
#include "core/api/workbench.h"
#include "core/privacy/counter.h"
#include "core/values/series_spec.h"
#include "support/small_adult_run.h"
#include "ui/charts/counter_compare_view.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/experiment/series_chooser.h"
#include "ui/releases/ledger_view.h"
#include "ui/run/run_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {

QString labelOf(QWidget* field) {
    auto* form = qobject_cast<QFormLayout*>(field->parentWidget()->layout());
    if (!form) form = field->parentWidget()->findChild<QFormLayout*>();
    QWidget* label = form ? form->labelForField(field) : nullptr;
    auto* l = qobject_cast<QLabel*>(label);
    return l ? l->text() : QString();
}

// With STREAMSYNTH_SCREENSHOT_DIR set, saves a picture of the widget there (for looking at it).
void screenshot(QWidget* w, const char* name, QSize size) {
    const QString dir = qEnvironmentVariable("STREAMSYNTH_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    w->resize(size);
    w->show();
    QCoreApplication::processEvents();
    w->grab().save(dir + "/" + name);
}

void chooseZcdp(ui::PrivacySelector* p, bool fromEpsilonDelta) {
    p->setModel(privacy::PrivacyModel::ZCdp);
    p->setConvertsEpsilonDelta(fromEpsilonDelta);
}

}  // namespace

class TestPrivacySelector : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTestPrivacy");
        QCoreApplication::setApplicationName("StreamSynthTestPrivacy");
        QSettings().clear();
    }

    // ε = 1 with δ = 1e-6 converted: the issue's own line, and the run gets that ρ.
    void conversionShownLiveAndReachesTheRun() {
        ui::ExperimentPanel panel;
        panel.show();
        ui::PrivacySelector* p = panel.privacySelector();
        QCOMPARE(p->model(), privacy::PrivacyModel::Pure);
        QVERIFY(!p->deltaEdit()->isVisible());
        QVERIFY(!p->conversionLabel()->isVisible());
        QCOMPARE(labelOf(p->budgetEdit()), QString::fromUtf8("ε:"));

        panel.epsilonEdit()->setText("1");
        chooseZcdp(p, true);
        QVERIFY(p->deltaEdit()->isVisible());
        QVERIFY(p->conversionLabel()->isVisible());
        QCOMPARE(labelOf(p->budgetEdit()), QString::fromUtf8("ε:"));  // ε typed, converted
        QCOMPARE(p->conversionLabel()->text(), QString::fromUtf8("ρ = 0.0244 ⇒ (1, 1e-6)-DP"));
        QVERIFY2(panel.isValid(), qPrintable(panel.validationMessage()));
        stream::RunConfig config = panel.runConfig();
        QCOMPARE(config.privacy, privacy::PrivacyModel::ZCdp);
        QCOMPARE(config.delta, 1e-6);
        QVERIFY(!config.series.empty());
        for (const auto& s : config.series) QCOMPARE(s.budget.amount(), privacy::zcdpRhoFor(1.0, 1e-6));

        // Live: δ and the values follow as typed; several values give one line each.
        p->deltaEdit()->setText("1e-9");
        const double rho9 = privacy::zcdpRhoFor(1.0, 1e-9);
        QCOMPARE(p->conversionLabel()->text(),
                 QString::fromUtf8("ρ = %1 ⇒ (1, 1e-9)-DP").arg(ui::privacyNumberText(rho9)));
        panel.epsilonEdit()->setText("0.5, 1");
        QVERIFY(p->conversionLabel()->text().contains("; "));
        QCOMPARE(panel.budgets().size(), std::size_t{2});
        QCOMPARE(panel.runConfig().series.front().budget.amount(), privacy::zcdpRhoFor(0.5, 1e-9));
    }

    // Typing ρ: the field is rewritten to the ρ that the ε gave (rounded down),
    // the label says ρ, and the line shows the ε it implies.
    void rhoTypedAndSwitchingKeepsTheGuarantee() {
        ui::ExperimentPanel panel;
        panel.show();
        ui::PrivacySelector* p = panel.privacySelector();
        panel.epsilonEdit()->setText("1");
        chooseZcdp(p, true);
        p->setConvertsEpsilonDelta(false);
        QCOMPARE(labelOf(p->budgetEdit()), QString::fromUtf8("ρ:"));
        const double rho = panel.epsilonEdit()->text().toDouble();
        QVERIFY(rho <= privacy::zcdpRhoFor(1.0, 1e-6));
        QVERIFY(rho > 0.99 * privacy::zcdpRhoFor(1.0, 1e-6));
        QCOMPARE(panel.runConfig().series.front().budget.amount(), rho);

        panel.epsilonEdit()->setText("0.05");
        const QString eps = ui::privacyNumberText(privacy::zcdpEpsilon(0.05, 1e-6));
        QCOMPARE(p->conversionLabel()->text(), QString::fromUtf8("ρ = 0.05 ⇒ (%1, 1e-6)-DP").arg(eps));
        QCOMPARE(panel.runConfig().series.front().budget.amount(), 0.05);
        // Back to pure: the field shows the ε that ρ implied (never a smaller one).
        p->setModel(privacy::PrivacyModel::Pure);
        QVERIFY(panel.epsilonEdit()->text().toDouble() >= privacy::zcdpEpsilon(0.05, 1e-6));
        QCOMPARE(labelOf(p->budgetEdit()), QString::fromUtf8("ε:"));
        QCOMPARE(panel.runConfig().privacy, privacy::PrivacyModel::Pure);
    }

    void invalidEntriesSayWhy() {
        ui::ExperimentPanel panel;
        ui::PrivacySelector* p = panel.privacySelector();
        chooseZcdp(p, false);
        for (const char* bad : {"0", "-1", "abc", "1, 0"}) {
            panel.epsilonEdit()->setText(bad);
            QVERIFY2(!panel.isValid(), bad);
            QVERIFY(panel.validationMessage().contains(QString::fromUtf8("ρ")));
            QVERIFY(p->conversionLabel()->text().isEmpty());
        }
        panel.epsilonEdit()->setText("0.1");
        QVERIFY(panel.isValid());
        for (const char* bad : {"0", "1", "x"}) {
            p->deltaEdit()->setText(bad);
            QVERIFY2(!panel.isValid(), bad);
            QVERIFY(panel.validationMessage().contains(QString::fromUtf8("δ")));
        }
    }

    // The square roots exist only under zCDP; the default counter follows the model.
    void seriesByModel() {
        ui::ExperimentPanel panel;
        panel.setStream({"a", "b", "c"}, {2, 3, 4}, 120);
        panel.roundsSpin()->setValue(2);  // |Q| = 3
        ui::SeriesChooser* series = panel.seriesChooser();
        for (const char* key : {"sqrt", "sqrt-unbounded"}) {
            QVERIFY(!series->box(key)->isEnabled());
            QVERIFY(series->box(key)->toolTip().contains("zCDP"));
        }
        panel.selectSeries({"baseline-carried", "simple"});  // the carried baseline (issue 14)
        QCOMPARE(series->checkedKeys(), (QStringList{"baseline-carried", "simple"}));
        QCOMPARE(series->seriesNames(), (std::vector<std::string>{"baseline:carried", "proposed:simple"}));
        panel.selectSeries({"baseline", "elders", "sqrt"});  // sqrt cannot be chosen under pure
        QCOMPARE(series->checkedKeys(), (QStringList{"baseline", "elders"}));
        QCOMPARE(series->counterSpecs(), (QStringList{"elders:7:120"}));
        const QString defaultPure =
            QString::fromStdString(api::defaultCounter(privacy::PrivacyModel::Pure, 120));
        const QString defaultZcdp =
            QString::fromStdString(api::defaultCounter(privacy::PrivacyModel::ZCdp, 120));
        panel.selectSeries({"baseline", defaultPure.section(':', 0, 0)});
        panel.privacySelector()->setModel(privacy::PrivacyModel::ZCdp);
        for (const char* key : {"sqrt", "sqrt-unbounded"}) QVERIFY(series->box(key)->isEnabled());
        QCOMPARE(series->counterSpecs(), (QStringList{defaultZcdp}));
        panel.selectSeries({"smooth-binary", "sqrt", "sqrt-unbounded"});
        QVERIFY2(panel.isValid(), qPrintable(panel.validationMessage()));
        std::vector<std::string> names;
        for (const auto& s : panel.runConfig().series) names.push_back(stream::seriesName(s));
        QCOMPARE(names, (std::vector<std::string>{"proposed:smooth-binary:120", "proposed:sqrt:120",
                                                  "proposed:sqrt-unbounded"}));
        screenshot(&panel, "experiment-panel-zcdp.png", {480, 1000});
        // Back to pure: the square roots are unticked and disabled, the pure default comes back.
        panel.selectSeries({"baseline", defaultZcdp.section(':', 0, 0), "sqrt-unbounded"});
        panel.privacySelector()->setModel(privacy::PrivacyModel::Pure);
        QCOMPARE(series->counterSpecs(), (QStringList{defaultPure}));
        QVERIFY(!series->box("sqrt-unbounded")->isChecked());
        screenshot(&panel, "experiment-panel-pure.png", {480, 1000});
    }

    void settingsKeepTheModel() {
        {
            ui::ExperimentPanel panel;
            panel.setStream({"a", "b"}, {2, 3}, 50);
            chooseZcdp(panel.privacySelector(), false);
            panel.epsilonEdit()->setText("0.03");
            panel.privacySelector()->deltaEdit()->setText("1e-8");
            panel.selectSeries({"sqrt-unbounded"});
            panel.saveSettings();
        }
        ui::ExperimentPanel restored;
        restored.setStream({"a", "b"}, {2, 3}, 50);
        restored.loadSettings();
        const stream::RunConfig c = restored.runConfig();
        QCOMPARE(c.privacy, privacy::PrivacyModel::ZCdp);
        QCOMPARE(c.delta, 1e-8);
        QCOMPARE(int(c.series.size()), 1);
        QCOMPARE(c.series[0].budget.amount(), 0.03);
        QCOMPARE(c.series[0].counter, std::string("sqrt-unbounded"));
        QSettings().clear();
    }

    // The counter view: the square roots only under zCDP, theory lines from the exact variances.
    void counterViewInBothModels() {
        ui::CounterCompareView view;
        view.setHorizon(100);
        view.repsSpin()->setValue(20);
        QVERIFY(!view.counterBox("sqrt")->isEnabled());
        QVERIFY(view.counterBox("sqrt-unbounded")->toolTip().contains("zCDP"));
        for (const char* key : {"smooth-binary", "elders"}) view.counterBox(key)->setChecked(true);
        QSignalSpy done(&view, &ui::CounterCompareView::computed);
        view.compute();
        QVERIFY(done.wait(60000));
        const auto pure = [](const char* spec, int t) {
            return std::sqrt(privacy::theoreticalVariance(privacy::parseCounterSpec(spec), 1.0, t));
        };
        QCOMPARE(view.theoryAt("elders:7:100", 50), pure("elders:7:100", 50));
        QCOMPARE(view.theoryAt("smooth-binary:100", 100), pure("smooth-binary:100", 100));

        ui::PrivacySelector* p = view.privacySelector();
        p->setModel(privacy::PrivacyModel::ZCdp);       // ε = 1 with δ = 1e-6: ρ = 0.0244
        QVERIFY(view.counterBox("sqrt")->isChecked());  // the model's best running counter joins the chart
        for (const char* key : {"sqrt", "sqrt-unbounded"}) {
            QVERIFY(view.counterBox(key)->isEnabled());
            view.counterBox(key)->setChecked(true);
        }
        QVERIFY(view.chosenCounters().contains("sqrt:100"));
        view.compute();
        QVERIFY(done.wait(60000));
        const double rho = privacy::zcdpRhoFor(1.0, 1e-6);
        for (const char* spec : {"sqrt:100", "sqrt-unbounded", "elders:7:100", "simple"}) {
            const auto s = privacy::parseCounterSpec(spec, privacy::PrivacyModel::ZCdp);
            QCOMPARE(view.theoryAt(spec, 100), std::sqrt(privacy::theoreticalVariance(s, rho, 100)));
        }
        screenshot(&view, "counters-zcdp.png", {1300, 650});
        view.counterBox("elders")->setChecked(false);
        p->setModel(privacy::PrivacyModel::Pure);
        QVERIFY(!view.counterBox("sqrt")->isChecked());
        QVERIFY(view.counterBox("elders")->isChecked());
        QVERIFY(!view.chosenCounters().contains("sqrt-unbounded"));
    }

    // A zCDP run through the GUI path: the ledger holds every step within ρ and says so in ρ.
    // At a 1024-pixel screen's tab width the chart goes below the controls
    // (beside them it had 75 pixels and a title cut to "Co…"); wide, beside.
    void counterChartBelowTheControlsWhenNarrow() {
        ui::CounterCompareView view;
        auto* chart = view.findChild<QChartView*>();
        auto* compare = view.findChild<QPushButton*>();
        QVERIFY(chart && compare);
        const auto in = [&](QWidget* w) { return QRect(w->mapTo(&view, QPoint(0, 0)), w->size()); };
        view.resize(510, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(in(chart).top() > in(compare).bottom());
        QVERIFY(chart->width() > 400);
        view.resize(1100, 700);
        QTRY_VERIFY(in(chart).left() > in(compare).right());
        QVERIFY(chart->width() > 400);
    }

    void zcdpRunThroughTheGui() {
        ui::MainWindow window;
        QVERIFY(test::openAdultInFiveSteps(window));
        ui::ExperimentPanel* panel = window.experimentPanel();
        chooseZcdp(panel->privacySelector(), true);
        panel->epsilonEdit()->setText("1");
        test::chooseSmallExperiment(panel, {"baseline", "sqrt-unbounded"}, 10);
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.startRun());
        QVERIFY(ended.wait(240000));
        QVERIFY(ended.at(0).at(0).toInt() > 0);
        const double rho = privacy::zcdpRhoFor(1.0, 1e-6);
        ui::LedgerView* ledger = window.ledgerView();
        for (const char* id : {"baseline", "proposed-sqrt-unbounded"}) {
            for (int step = 1; step <= 5; ++step) {
                const double charged = ledger->cellText(id, step, ui::LedgerView::kColumnCharged).toDouble();
                // The cell shows 6 significant digits; the exact proof is maxStepSpent below.
                QVERIFY2(charged > 0 && charged <= rho * (1 + 1e-5),
                         qPrintable(QString("%1 step %2: %3").arg(id).arg(step).arg(charged)));
            }
            QVERIFY(ledger->maxStepSpent(id) <= rho);
            QVERIFY2(
                ledger->cellText(id, 0, ui::LedgerView::kColumnGuarantee).contains(QString::fromUtf8("ρ")) ||
                    ledger->cellText(id, 0, ui::LedgerView::kColumnGuarantee).contains("rho"),
                qPrintable(ledger->cellText(id, 0, ui::LedgerView::kColumnGuarantee)));
        }
        api::Run* run = window.runController()->lastRun();
        QVERIFY(run);
        QCOMPARE(run->config().privacy, privacy::PrivacyModel::ZCdp);
        QCOMPARE(run->config().delta, 1e-6);
    }
};

QTEST_MAIN(TestPrivacySelector)
#include "test_privacy_selector.moc"
