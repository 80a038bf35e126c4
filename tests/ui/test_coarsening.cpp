// Large attributes in the window: movies.csv by month on Release Date at
// ε = 1, "Large attributes…" shows the coarsening proposal for Director and
// Distributor (the CLI's preview lines), the steward accepts it, and a short
// run applies exactly what `run --coarsen proposed` applies: the DP choice
// charged once before step 1 in the ledger (selection, share 0.05 of ε), the
// run's schema coarsened to the kept labels + <other>, the coarsened pair
// tracked as a small workload.
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QtTest>

#include "core/api/coarsening.h"
#include "core/api/run.h"
#include "core/api/workbench.h"
#include "support/test_data.h"
#include "ui/experiment/coarsening_dialog.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/import/import_dialog.h"
#include "ui/releases/ledger_view.h"
#include "ui/run/run_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {

bool openMoviesMonthly(ui::MainWindow& window) {
    const QString path = test::dataFile("movies.csv");
    window.workbench().open(path.toStdString());
    ui::ImportDialog dialog(window.workbench(), path);
    dialog.setRole("Release Date", ui::ImportDialog::Time);
    dialog.setPeriod(data::PeriodUnit::Month);
    dialog.publicCheck()->setChecked(true);
    dialog.dataEndCheck()->setChecked(true);
    dialog.accept();
    return dialog.result() == QDialog::Accepted && window.refreshSummary();
}

const data::AttributeSpec* attribute(const data::Schema& schema, const std::string& name) {
    for (const data::AttributeSpec& a : schema.attributes)
        if (a.name == name) return &a;
    return nullptr;
}

// The run's schema: Director and Distributor keep their m labels + <other>;
// the coarsened pair is tracked as a small workload, as the CLI does.
void verifyCoarsenedRun(const api::Run& run, int directorKeep, int distributorKeep) {
    const data::Schema schema = run.schema();
    const data::AttributeSpec* director = attribute(schema, "Director");
    const data::AttributeSpec* distributor = attribute(schema, "Distributor");
    QVERIFY(director && distributor);
    QCOMPARE(director->regularSize(), directorKeep);
    QVERIFY(director->hasOther && distributor->hasOther);
    QCOMPARE(distributor->regularSize(), distributorKeep);
    QVERIFY(run.config().accuracy.smallShare >= api::kCoarsenedSmallShare);
    QVERIFY(run.config().streamCharge.amount > 0);
}

// The ledger: the selection's charge once before step 1, share 0.05 of ε = 1,
// and every step's charge includes it (the per-step sum stays ε).
void verifyWholeStreamCharge(ui::LedgerView* ledger, const QString& id) {
    const double whole = ledger->wholeStreamCellText(id, ui::LedgerView::kColumnSelection).toDouble();
    QVERIFY2(std::abs(whole - 0.05) < 1e-6,
             qPrintable(ledger->wholeStreamCellText(id, ui::LedgerView::kColumnSelection)));
    QCOMPARE(ledger->wholeStreamCellText(id, ui::LedgerView::kColumnMeasurement).toDouble(), 0.0);
    const double charged = ledger->cellText(id, 1, ui::LedgerView::kColumnCharged).toDouble();
    const double sel = ledger->cellText(id, 1, ui::LedgerView::kColumnSelection).toDouble();
    const double meas = ledger->cellText(id, 1, ui::LedgerView::kColumnMeasurement).toDouble();
    QVERIFY2(std::abs(whole + sel + meas - charged) < 1e-5, qPrintable(QString::number(charged)));
    QVERIFY(charged <= 1.0 + 1e-9);
    QVERIFY(ledger->maxStepSpent(id) <= 1.0 + 1e-9);
}

// The data panel lists the coarsened domain: kept labels + <other> + <missing>.
void verifyDataPanelCoarsened(const ui::MainWindow& window, int directorKeep) {
    auto* attributes = window.findChild<QListWidget*>("attributes");
    QVERIFY(attributes);
    QStringList lines;
    for (int i = 0; i < attributes->count(); ++i) lines << attributes->item(i)->text();
    QVERIFY2(lines.contains(QString("Director · categorical · %1 codes").arg(directorKeep + 2)),
             qPrintable(lines.join('\n')));
}

}  // namespace

class TestCoarsening : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void proposalAcceptedAndApplied() {
        ui::MainWindow window;
        const QString shots = qEnvironmentVariable("STREAMSYNTH_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            window.resize(1280, 800);
            window.show();
        }
        QVERIFY2(openMoviesMonthly(window), "movies.csv by month could not be opened");
        ui::ExperimentPanel* panel = window.experimentPanel();
        panel->setWorkloadMode(2);
        panel->selectSeries({"simple"});
        panel->epsilonEdit()->setText("1");
        panel->roundsSpin()->setValue(2);
        panel->fitIterationsSpin()->setValue(20);
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        QVERIFY(panel->coarseningButton()->isEnabled());
        const int directorLabels = attribute(window.workbench().schema(), "Director")->regularSize();
        QVERIFY(directorLabels > 500);

        // The dialog (modal) is read and accepted as the steward would.
        QString preview;
        bool directorChecked = false, distributorChecked = false;
        int directorKeep = 0, distributorKeep = 0;
        double share = 0;
        QTimer::singleShot(0, this, [&] {
            auto* dialog = qobject_cast<ui::CoarseningDialog*>(QApplication::activeModalWidget());
            if (!dialog) return;
            preview = dialog->previewText();
            if (QCheckBox* c = dialog->acceptCheck("Director")) directorChecked = c->isChecked();
            if (QCheckBox* c = dialog->acceptCheck("Distributor")) distributorChecked = c->isChecked();
            if (QSpinBox* s = dialog->keepSpin("Director")) directorKeep = s->value();
            if (QSpinBox* s = dialog->keepSpin("Distributor")) distributorKeep = s->value();
            share = dialog->share();
            if (!shots.isEmpty()) {  // time for a look at the screen (docs/gui.md's screenshot)
                QTest::qWait(5000);
                dialog->grab().save(shots + "/coarsen-dialog.png");
            }
            dialog->accept();
        });
        panel->coarseningButton()->click();
        QVERIFY2(!preview.isEmpty(), "the Large attributes dialog did not open");
        QVERIFY2(preview.contains("'Director'") && preview.contains("'Distributor'"), qPrintable(preview));
        QVERIFY2(preview.contains("full domain") && preview.contains("not supported"), qPrintable(preview));
        QVERIFY(directorChecked && distributorChecked);
        QVERIFY(directorKeep >= 1 && directorKeep < directorLabels);
        QVERIFY(distributorKeep >= 1);
        QCOMPARE(share, api::kDefaultCoarsenShare);
        // The preview is the CLI's: its "proposed keep" line for Director names the checked m.
        QVERIFY2(preview.contains(QString("proposed keep %1 + <other>").arg(directorKeep)),
                 qPrintable(preview));

        // A short run: five steps, then cancel (finished releases and the ledger are kept).
        int results = 0;
        connect(window.runController(), &ui::RunController::stepFinished, this,
                [&](const stream::SeriesStepResult&) {
                    if (++results == 5) window.cancelRun();
                });
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.startRun());
        QVERIFY(ended.wait(240000));
        QVERIFY(ended.at(0).at(0).toInt() >= 5);

        api::Run* run = window.runController()->lastRun();
        QVERIFY(run);
        verifyCoarsenedRun(*run, directorKeep, distributorKeep);
        if (QTest::currentTestFailed()) return;
        verifyWholeStreamCharge(window.ledgerView(), "proposed-simple");
        if (QTest::currentTestFailed()) return;
        QVERIFY2(panel->coarseningNoteText().startsWith("Applied:"), qPrintable(panel->coarseningNoteText()));
        verifyDataPanelCoarsened(window, directorKeep);
        if (QTest::currentTestFailed()) return;
        if (!shots.isEmpty()) {
            QTest::qWait(5000);
            window.grab().save(shots + "/coarsen-window.png");
        }
    }
};

QTEST_MAIN(TestCoarsening)
#include "test_coarsening.moc"
