// What is loaded, as one state machine (issue #13 item 1; ui/window/document_controller.h):
// opening a table after a run, a session after a table and a table after a
// session each clear every view of the previous document (charts, releases,
// ledger, selections, data panel, status) and name the new one in the window
// title, with actions enabled only where they apply; opening anything during
// a run asks first, and either keeps the run (nothing changes) or stops it
// and opens. Offscreen; questions answered through their object names.
#include <QAction>
#include <QCheckBox>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/workbench.h"
#include "support/adult_rows.h"
#include "support/fast_experiment.h"
#include "support/modal_answer.h"
#include "support/test_data.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/metric_chart.h"
#include "ui/charts/selection_view.h"
#include "ui/desk/recent_files.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/import/data_panel.h"
#include "ui/import/import_dialog.h"
#include "ui/releases/ledger_view.h"
#include "ui/releases/releases_view.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_status.h"
#include "ui/window/document_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;
using State = ui::DocumentController::State;

namespace {
using streamsynth::test::fastExperiment;

// The bundled Adult stream in batches of `size`.
bool openAdult(ui::MainWindow& window, long long size) {
    if (!window.openBundledAdult()) return false;
    data::StreamSettings s;
    s.batch = data::BatchSettings{size, data::BatchOrder::Random};
    window.workbench().setStreamSettings(s, 1);
    return window.refreshSummary();
}

bool runToEnd(ui::MainWindow& window) {
    QSignalSpy ended(&window, &ui::MainWindow::runEnded);
    return window.startRun() && ended.wait(180000);
}

int seriesInCharts(const ui::MainWindow& window) {
    int n = 0;
    for (int c = 0; c < ui::ChartsView::kChartCount; ++c) n += window.chartsView()->chart(c)->seriesCount();
    return n;
}

// Nothing of a run or session is left on screen.
void expectCleared(const ui::MainWindow& window) {
    QCOMPARE(seriesInCharts(window), 0);
    QVERIFY(window.chartsView()->seriesIds().isEmpty());
    QCOMPARE(window.releasesView()->rowCount(), 0);
    QVERIFY(window.releasesView()->previewTitle().startsWith("Select a row"));
    QCOMPARE(window.ledgerView()->maxStepSpent("baseline"), 0.0);
    QCOMPARE(window.selectionView()->count("baseline", 0), 0);
    QVERIFY(window.runController()->lastRun() == nullptr);
    QVERIFY(!window.exportAction()->isEnabled());
    QVERIFY(!window.saveSessionAction()->isEnabled());
    QVERIFY(window.experimentPanel()->coarseningNoteText().isEmpty());  // a choice for the old stream
}
}  // namespace

class TestDocumentStates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("StreamSynthDocumentStates");
        QVERIFY(dir_.isValid());
        first_ = test::writeAdultRows(dir_, "first.csv", 30000);
        QVERIFY(!first_.isEmpty());
    }

    void emptyWindowOffersOnlyOpening() {
        ui::MainWindow window;
        QCOMPARE(window.documentController()->state(), State::Empty);
        QCOMPARE(window.windowTitle(), QString("StreamSynth"));
        for (QAction* a : {window.runAction(), window.pauseAction(), window.cancelAction(),
                           window.exportAction(), window.saveSessionAction(), window.continueAction(),
                           window.importAction(), window.openSchemaAction()})
            QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
        QVERIFY(window.openSessionAction()->isEnabled());
    }

    void tableAfterTableClearsEveryView() {
        ui::MainWindow window;
        window.show();
        QVERIFY(openAdult(window, 25000));  // 2 steps
        QCOMPARE(window.documentController()->state(), State::Stream);
        QCOMPARE(window.windowTitle(), QString("StreamSynth — bundled Adult stream"));
        fastExperiment(window);
        QVERIFY(runToEnd(window));
        QCOMPARE(window.documentController()->state(), State::Results);
        QVERIFY(seriesInCharts(window) > 0);
        QCOMPARE(window.releasesView()->rowCount(), 4);
        QVERIFY(window.exportAction()->isEnabled());
        QVERIFY(window.saveSessionAction()->isEnabled());
        QVERIFY(window.continueAction()->isEnabled());  // the run's session may go on
        QVERIFY(window.runStatus()->progressText().startsWith("Run finished"));

        window.experimentPanel()->setCoarseningNote("Applied: Airport Name keeps 10");  // issue 46, 3
        // A new table (no schema): the import dialog opens; cancelling it means "not this table": the
        // stream open before comes back (a walkthrough found Cancel leaving an empty, unconfirmed table
        // and Run off), without the results that were discarded when the new table was chosen.
        test::ModalAnswer discard("saveQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });  // Don't save
        QString titleBehindDialog;  // the new table shows only once its domain is confirmed
        test::ModalAnswer importDialog("importDialog", [&](QWidget* dialog) {
            titleBehindDialog = window.windowTitle();
            test::rejectDialog(dialog);
        });
        QVERIFY(!window.openPath(first_));
        QVERIFY(discard.answered());
        QVERIFY(importDialog.answered());
        QCOMPARE(titleBehindDialog, QString("StreamSynth — bundled Adult stream"));
        QCOMPARE(window.documentController()->state(), State::Stream);
        QCOMPARE(window.windowTitle(), QString("StreamSynth — bundled Adult stream"));
        expectCleared(window);
        QCOMPARE(window.runStatus()->progressText(), QString("Ready"));
        QVERIFY(window.runAction()->isEnabled());
        QVERIFY(!window.continueAction()->isEnabled());  // the discarded run's session is gone
        QVERIFY(window.importAction()->isEnabled());
    }

    // Issue 46, 3: new import settings make the last run stale: asked first
    // (Cancel keeps everything), then nothing of the old run stays on screen.
    void newImportSettingsClearTheRun() {
        ui::MainWindow window;
        window.show();
        test::ModalAnswer firstImport("importDialog", [](QWidget* w) {
            auto* d = qobject_cast<ui::ImportDialog*>(w);
            d->setBatch(15000, true);
            d->publicCheck()->setChecked(true);  // 2 steps of a public domain
            d->accept();
            if (d->isVisible()) d->reject();  // refused: fail, never wait
        });
        QVERIFY(window.openPath(first_));
        QVERIFY(firstImport.answered());
        fastExperiment(window);
        window.experimentPanel()->setCoarseningNote("Applied: a choice for these steps");
        QVERIFY(runToEnd(window));
        QVERIFY(window.exportAction()->isEnabled());
        {
            test::ModalAnswer cancel("saveQuestion", [](QWidget* w) { test::clickAnswer(w, 2); });
            window.importAction()->trigger();
            QVERIFY(cancel.answered());
            QVERIFY(seriesInCharts(window) > 0);  // kept
            QVERIFY(window.exportAction()->isEnabled());
        }
        test::ModalAnswer discard("saveQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });  // Don't save
        test::ModalAnswer smaller("importDialog", [](QWidget* w) {
            auto* d = qobject_cast<ui::ImportDialog*>(w);
            d->setBatch(10000, true);
            d->publicCheck()->setChecked(true);  // 3 steps
            d->accept();
            if (d->isVisible()) d->reject();
        });
        window.importAction()->trigger();
        QVERIFY(discard.answered() && smaller.answered());
        expectCleared(window);
        QCOMPARE(window.workbench().summary().steps, 3);
        QCOMPARE(window.documentController()->state(), State::Stream);
        QVERIFY(window.runAction()->isEnabled());
    }

    void sessionAfterTableAndTableAfterSession() {
        const QString session = dir_.filePath("first.session");
        {
            ui::MainWindow window;
            window.show();
            api::OpenOptions o;
            o.schemaPath = test::dataPath("adult-domain.json");
            window.workbench().open(first_.toStdString(), o);
            data::StreamSettings s;
            s.batch = data::BatchSettings{10000, data::BatchOrder::Random};
            window.workbench().setStreamSettings(s, 1);
            QVERIFY(window.refreshSummary());
            fastExperiment(window);
            QVERIFY(runToEnd(window));
            QVERIFY(window.saveSession(session));
        }
        ui::MainWindow window;
        window.show();
        QVERIFY(openAdult(window, 25000));
        fastExperiment(window);
        QVERIFY(runToEnd(window));
        QCOMPARE(window.releasesView()->rowCount(), 4);

        // Table -> session: the session's history replaces the run's, under the session's name
        // (after "Save your work?" about the run: Don't save).
        test::ModalAnswer discard("saveQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
        QVERIFY(window.openSession(session));
        QVERIFY(discard.answered());
        QCOMPARE(window.documentController()->state(), State::Session);
        QCOMPARE(window.windowTitle(), QString("StreamSynth — session first.session"));
        QCOMPARE(window.chartsView()->chart(0)->series("baseline")->count(),
                 3);  // the session's 3 steps, not the run's 2
        QCOMPARE(window.releasesView()->rowCount(), 6);
        QVERIFY(window.exportAction()->isEnabled());        // its last release can be exported
        QVERIFY(!window.saveSessionAction()->isEnabled());  // it is already a session
        QVERIFY(window.continueAction()->isEnabled());
        QVERIFY(!window.runAction()->isEnabled());  // a session continues, it does not run anew
        QVERIFY(!window.importAction()->isEnabled());
        QVERIFY(!window.experimentPanel()->isEnabled());  // shows the session's settings
        // Open recent lists the session.
        QVERIFY(ui::RecentFiles::list().contains(QFileInfo(session).absoluteFilePath()));

        // Session -> table: nothing of the session stays under the table's name.
        QVERIFY(openAdult(window, 25000));
        QCOMPARE(window.windowTitle(), QString("StreamSynth — bundled Adult stream"));
        QCOMPARE(window.documentController()->state(), State::Stream);
        expectCleared(window);
        QVERIFY(!window.continueAction()->isEnabled());
        QVERIFY(window.runAction()->isEnabled());
        QVERIFY(window.experimentPanel()->isEnabled());
        QVERIFY(window.dataPanel()->rowsText().contains("48"));
    }

    void openingDuringARunAsksFirst() {
        ui::MainWindow window;
        window.show();
        QVERIFY(openAdult(window, 1000));  // 49 steps: still running when the question comes
        fastExperiment(window);
        int results = 0;
        connect(window.runController(), &ui::RunController::stepFinished, this,
                [&](const stream::SeriesStepResult&) { ++results; });
        QVERIFY(window.startRun());
        QTRY_VERIFY_WITH_TIMEOUT(results >= 2, 120000);
        // The charts redraw on ChartsView's coalescing timer, not at each
        // step: wait for it (on a loaded CI machine it had not fired yet).
        QTRY_VERIFY_WITH_TIMEOUT(seriesInCharts(window) > 0, 120000);
        QCOMPARE(window.documentController()->state(), State::Running);

        // "Keep running": nothing changes.
        {
            test::ModalAnswer keep("runningQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
            QVERIFY(!window.openBundledAdult());
            QVERIFY(keep.answered());
            QVERIFY(keep.text().contains("in progress"));
            QVERIFY(window.runController()->isRunning());
            QVERIFY(seriesInCharts(window) > 0);
        }
        // "Stop the run": the run ends (its finished steps delivered first), then the new document replaces
        // it.
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        test::ModalAnswer stop("runningQuestion", [](QWidget* w) { test::clickAnswer(w, 0); });
        // Then "Save your work?" about the steps it finished: Don't save.
        test::ModalAnswer discard("saveQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
        QVERIFY(window.openBundledAdult());
        QVERIFY(stop.answered());
        QVERIFY(discard.answered());
        QVERIFY(!window.runController()->isRunning());
        QCOMPARE(ended.size(), 1);
        QCOMPARE(ended.at(0).at(1).toBool(), true);  // cancelled
        QCOMPARE(window.documentController()->state(), State::Stream);
        // Nothing of the stopped run arrives later.
        QTest::qWait(300);
        expectCleared(window);
        QCOMPARE(window.runStatus()->progressText(), QString("Ready"));
    }

    void quittingDuringARunAsksFirst() {
        ui::MainWindow window;
        window.show();
        QVERIFY(openAdult(window, 1000));
        fastExperiment(window);
        QVERIFY(window.startRun());
        {
            test::ModalAnswer keep("runningQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
            QVERIFY(!window.close());
            QVERIFY(keep.answered());
            QVERIFY(window.isVisible());
            QVERIFY(window.runController()->isRunning());
        }
        test::ModalAnswer stop("runningQuestion", [](QWidget* w) { test::clickAnswer(w, 0); });
        test::ModalAnswer discard("saveQuestion",
                                  [](QWidget* w) { test::clickAnswer(w, 1); });  // if a step finished
        QVERIFY(window.close());
        QVERIFY(stop.answered());
        QVERIFY(!window.runController()->isRunning());
    }

private:
    QTemporaryDir dir_;
    QString first_;
};

QTEST_MAIN(TestDocumentStates)
#include "test_document_states.moc"
