// "Target accuracy…" (ui/experiment/target_accuracy_dialog.h): from the experiment
// panel on the bundled Adult (batches of 1,000: the rows per step are
// public) the dialog proposes the library's ε (api::planEpsilon), shows the
// expected errors, and "Use this budget" writes the proposal, rounded up,
// into the budget field; on a time stream the rows per step are left for
// the steward to type; under zCDP with (ε, δ) the proposal is an ε at that δ;
// the import dialog's button plans with its own domain and steps and hands
// the budget back through budgetPlanned.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QToolButton>
#include <QtTest>
#include <cmath>

#include "core/api/accuracy_plan.h"
#include "core/api/workbench.h"
#include "support/modal_answer.h"
#include "support/test_data.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/experiment/privacy_words.h"
#include "ui/experiment/target_accuracy_dialog.h"
#include "ui/import/import_dialog.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {

// The dialog plans on opening: 49 steps of the bundled stream take the planner
// 20-45 s on a shared 2-core machine (`streamsynth-cli plan --steps 49 --batch
// 1000 --target-accuracy 1-way:2@0.95`: 23 s), past ModalAnswer's default 20 s.
constexpr int kPlannerWaitMs = 240000;

api::AccuracyTarget lastStepTwoPoints(ui::TargetAccuracyDialog* d) {
    d->checkCombo()->setCurrentIndex(2);  // the last step
    d->boundEdit()->setText("2");
    d->probabilityEdit()->setText("0.9");
    d->flush();  // planned now, not 400 ms after the last keystroke
    return api::parseAccuracyTarget("1-way:2@0.9");
}

}  // namespace

// A time stream of 36 steps over a(4) × b(6): its rows per step are typed in the dialog.
ui::PlanContext timeStreamContext() {
    ui::PlanContext c;
    c.request.domain = data::Domain({{"a", 4}, {"b", 6}});
    c.request.steps = 36;
    c.currentBudget = 1;
    return c;
}

class TestTargetAccuracy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void panelProposesAndApplies() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        ui::ExperimentPanel* panel = window.experimentPanel();
        const ui::PlanContext context = panel->planContext();
        QVERIFY(context.rowsArePublic);
        QCOMPARE(context.request.rowsPerStep, 1000.0);
        QCOMPARE(context.request.steps, 49LL);
        double proposed = 0, expected = 0;
        QString text;
        test::ModalAnswer answer(
            "targetAccuracyDialog",
            [&](QWidget* w) {
                auto* d = static_cast<ui::TargetAccuracyDialog*>(w);
                api::PlanRequest r = context.request;
                r.checkEvery = 0;
                expected = api::planEpsilon(r, lastStepTwoPoints(d)).budget;
                proposed = d->proposedBudget();
                text = d->proposedText();
                QVERIFY(d->proposalLabel()->text().contains("ε = " + text));
                QCOMPARE(d->errorTable()->rowCount(), 1);  // the last step only
                QCOMPARE(d->errorTable()->item(0, 0)->text(), QString("49"));
                QCOMPARE(d->errorTable()->item(0, 1)->text(), QString("2.00"));
                QVERIFY(d->useButton()->isEnabled());
                d->useButton()->click();
            },
            kPlannerWaitMs);
        panel->targetAccuracyButton()->click();
        QVERIFY(answer.answered());
        QVERIFY(expected > 0);
        QVERIFY(std::abs(proposed / expected - 1) < 1e-12);
        QCOMPARE(panel->epsilonEdit()->text(), text);
        const double applied = text.toDouble();
        QVERIFY(applied >= proposed && applied < proposed * 1.01);  // rounded up, three digits
        QVERIFY(panel->isValid());
    }

    void timeStreamRowsAreTyped() {
        ui::TargetAccuracyDialog d(timeStreamContext());
        QVERIFY(d.rowsEdit()->text().isEmpty());  // never filled in from the data
        QVERIFY(!d.useButton()->isEnabled());
        QVERIFY(d.proposalLabel()->text().contains("rows"));
        d.checkCombo()->setCurrentIndex(1);  // every 12 steps
        d.rowsEdit()->setText("500");
        d.flush();
        QVERIFY(d.useButton()->isEnabled());
        QCOMPARE(d.errorTable()->rowCount(), 3);  // steps 12, 24, 36
        QVERIFY(d.proposalLabel()->text().contains("would need at least"));
        d.goalCombo()->setCurrentIndex(1);  // AvgWE
        d.boundEdit()->setText("0.0001");   // below the calibrated floor
        d.flush();
        QVERIFY(d.proposalLabel()->text().startsWith("Not reachable"));
        QVERIFY(!d.useButton()->isEnabled());
    }

    // Review 2026-12-01: Enter took a "very weak" proposal (ε = 15); it never
    // takes a weak one now (Close is the default), and still takes a strong one.
    void enterNeverTakesAWeakProposal() {
        ui::TargetAccuracyDialog d(timeStreamContext());
        d.rowsEdit()->setText("20");  // a target 20 rows a step reach only at a very large ε
        d.flush();
        QVERIFY(d.useButton()->isEnabled());
        QVERIFY2(d.proposedBudget() > 8, qPrintable(d.proposedText()));
        QVERIFY(!d.useButton()->isDefault());
        d.rowsEdit()->setText("1000000");
        d.flush();
        QVERIFY(d.useButton()->isEnabled());
        QVERIFY2(d.proposedBudget() < 1, qPrintable(d.proposedText()));
        QVERIFY(d.useButton()->isDefault());
    }

    // Review 2026-12-01: opening Details cut its text mid-line and squeezed the
    // table to two rows; the dialog grows to fit it (within the screen).
    void detailsFitTheDialog() {
        ui::TargetAccuracyDialog d(timeStreamContext());
        d.rowsEdit()->setText("1000");
        d.flush();
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        d.resize(780, 420);  // a short dialog: the details cannot fit unless it grows
        QTest::qWait(20);
        auto* words = d.findChild<ui::PrivacyWords*>();
        QVERIFY(words);
        auto* toggle = words->findChild<QToolButton*>();
        QVERIFY(toggle && toggle->isEnabled());
        toggle->setChecked(true);
        QTest::qWait(50);
        const QList<QLabel*> labels = words->findChildren<QLabel*>();
        QVERIFY(labels.size() >= 2);
        QLabel* details = labels[1];
        QVERIFY(details->isVisible());
        QVERIFY2(
            details->height() >= details->heightForWidth(details->width()),
            qPrintable(
                QString("%1 < %2").arg(details->height()).arg(details->heightForWidth(details->width()))));
    }

    // Issue 46, 5: what is typed shows at once (planned after a pause, no
    // stale proposal meanwhile), the headers are named before any row, a
    // share error above 100 points reads "noise only", budgets in plain notation.
    void readableWhileTyping() {
        ui::PlanContext c;
        c.request.domain = data::Domain({{"a", 40}, {"b", 6}});
        c.request.steps = 24;
        c.currentBudget = 0.001;  // far too small: the current column is noise only
        ui::TargetAccuracyDialog d(c);
        QCOMPARE(d.errorTable()->rowCount(), 0);
        QStringList headers;
        for (int i = 0; i < d.errorTable()->columnCount(); ++i)
            headers << d.errorTable()->horizontalHeaderItem(i)->text();
        QCOMPARE(headers.first(), QString("Step"));
        QVERIFY2(headers.contains("1-way ± (points), current"), qPrintable(headers.join(" | ")));
        d.rowsEdit()->setText("5");
        d.flush();
        QVERIFY(d.useButton()->isEnabled());
        // Typing "6", "60": nothing is planned per keystroke, the old proposal cannot be used meanwhile.
        d.boundEdit()->setText("6");
        d.boundEdit()->setText("60");
        QCOMPARE(d.boundEdit()->text(), QString("60"));
        QVERIFY(d.planPending());
        QVERIFY(!d.useButton()->isEnabled());
        QVERIFY2(d.proposalLabel()->text().startsWith("Working out"), qPrintable(d.proposalLabel()->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!d.planPending(), 5000);  // planned after the pause, without flush
        d.boundEdit()->setText("0.5");
        d.flush();
        QVERIFY(d.useButton()->isEnabled());
        // The current budget's 1-way error is far above 100 points: labelled, not shown as a share error.
        bool noiseOnly = false;
        for (int row = 0; row < d.errorTable()->rowCount(); ++row)
            noiseOnly = noiseOnly || d.errorTable()->item(row, 3)->text() == "noise only";
        QVERIFY(noiseOnly);
        for (int row = 0; row < d.errorTable()->rowCount(); ++row)
            QVERIFY(d.errorTable()->item(row, 1)->text().toDouble() <= 100);
        // 5 rows per step need a large ε: plain notation, never 1.23e+03.
        QVERIFY2(d.proposedBudget() >= 1000, qPrintable(d.proposedText()));  // 3340 at 5 rows per step
        QVERIFY2(!d.proposedText().contains('e'), qPrintable(d.proposedText()));
        QVERIFY2(!d.proposalLabel()->text().contains("e+"), qPrintable(d.proposalLabel()->text()));
    }

    void zcdpProposesEpsilonAtDelta() {
        ui::ExperimentPanel panel;
        panel.setStream({"a", "b", "c"}, {2, 5, 9}, 20);
        panel.setPublicRowsPerStep(800);
        panel.privacySelector()->setModel(privacy::PrivacyModel::ZCdp);
        panel.privacySelector()->setConvertsEpsilonDelta(true);
        panel.privacySelector()->budgetEdit()->setText("1");
        panel.privacySelector()->deltaEdit()->setText("1e-6");
        const ui::PlanContext c = panel.planContext();
        QCOMPARE(c.request.privacy, privacy::PrivacyModel::ZCdp);
        QCOMPARE(c.request.delta, 1e-6);
        ui::TargetAccuracyDialog d(c);
        QVERIFY(d.proposalLabel()->text().contains("δ"));
        const api::PlanResult plan = api::planEpsilon(
            [&] {
                api::PlanRequest r = c.request;
                r.checkEvery = 1;
                return r;
            }(),
            api::parseAccuracyTarget("1-way:2@0.95"));
        QVERIFY(std::abs(d.proposedBudget() / plan.budget - 1) < 1e-12);
        QVERIFY(plan.rho > 0 && plan.budget > plan.rho);
    }

    void importDialogPlansWithItsSettings() {
        api::Workbench workbench;
        workbench.open(test::dataPath("adult.csv"), {.schemaPath = test::dataPath("adult-domain.json")});
        ui::ImportDialog dialog(workbench, test::dataFile("adult.csv"));
        dialog.setBatch(2000, true);
        const ui::PlanContext c = dialog.planContext();
        QVERIFY(c.rowsArePublic);
        QCOMPARE(c.request.rowsPerStep, 2000.0);
        QCOMPARE(c.request.steps, (48842LL + 1999) / 2000);
        QCOMPARE(c.request.domain.attributeCount(), 14);
        QSignalSpy planned(&dialog, &ui::ImportDialog::budgetPlanned);
        test::ModalAnswer answer("targetAccuracyDialog", [](QWidget* w) {
            static_cast<ui::TargetAccuracyDialog*>(w)->useButton()->click();
        });
        dialog.targetAccuracyButton()->click();
        QVERIFY(answer.answered());
        QCOMPARE(planned.size(), 1);
        QVERIFY(planned.at(0).at(0).toString().toDouble() > 0);
    }
};

QTEST_MAIN(TestTargetAccuracy)
#include "test_target_accuracy.moc"
