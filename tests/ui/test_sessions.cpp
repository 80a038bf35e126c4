// Sessions in the main window (offscreen): a run on the first 30,000 Adult
// rows (batches of 10,000: 3 steps) saved as a session, opened in a fresh
// window from the file (session magic), continued with the full file (steps
// 4 and 5 appended to the re-plotted history); a changed past row refused
// with the message shown and no run started; autosave after every step.
#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QLineSeries>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/session_workflow.h"
#include "core/api/workbench.h"
#include "core/io/session_store.h"
#include "support/adult_rows.h"
#include "support/fast_experiment.h"
#include "support/modal_answer.h"
#include "support/test_data.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/metric_chart.h"
#include "ui/desk/window_views.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/import/import_dialog.h"
#include "ui/run/run_controller.h"
#include "ui/window/document_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {
const QString kData = streamsynth::test::dataFile("adult.csv");
const std::string kSchema = streamsynth::test::dataPath("adult-domain.json");
const char* const kIds[] = {"baseline", "proposed-simple"};

using streamsynth::test::writeAdultRows;

// Batches of 10,000 rows, random order, over `csv` with the Adult schema.
bool openBatches(ui::MainWindow& window, const QString& csv) {
    api::OpenOptions o;
    o.schemaPath = kSchema;
    window.workbench().open(csv.toStdString(), o);
    data::StreamSettings s;
    s.batch = data::BatchSettings{10000, data::BatchOrder::Random};
    window.workbench().setStreamSettings(s, 1);
    return window.refreshSummary();
}

using streamsynth::test::fastExperiment;

// Steps plotted for a series in every chart: the x values, in order.
QList<int> plottedSteps(const ui::MainWindow& window, const char* id) {
    QList<int> first;
    for (int c = 0; c < ui::ChartsView::kChartCount; ++c) {
        QLineSeries* line = window.chartsView()->chart(c)->series(id);
        if (!line) return {};
        QList<int> xs;
        for (int i = 0; i < line->count(); ++i) xs << static_cast<int>(line->at(i).x());
        if (c == 0)
            first = xs;
        else if (xs != first)
            return {};  // charts disagree
    }
    return first;
}

// Answers the import dialog: batches of 15,000, the domain public.
void acceptBatchesOf15000(QWidget* w) {
    auto* d = qobject_cast<ui::ImportDialog*>(w);
    d->setBatch(15000, true);
    d->publicCheck()->setChecked(true);
    d->accept();
    if (d->isVisible()) d->reject();
}

QMessageBox* shownMessage(const ui::MainWindow& window) {
    return window.findChild<QMessageBox*>(QStringLiteral("sessionMessage"));
}
}  // namespace

class TestSessions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("StreamSynthTest");
        QVERIFY(dir_.isValid());
        first_ = writeAdultRows(dir_, "first.csv", 30000);
        QVERIFY(!first_.isEmpty());
        session_ = dir_.filePath("adult.session");
    }

    // Issue 46, 8: Save session proposes <table>.session in the sessions
    // folder (never beside the private table), which follows the last session
    // saved or opened.
    void saveProposesTheSessionsFolder() {
        QSettings().remove("files/sessionFolder");
        const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QCOMPARE(ui::proposedSessionPath(first_), QDir(docs).filePath("StreamSynth/sessions/first.session"));
        ui::MainWindow window;
        test::ModalAnswer import("importDialog", acceptBatchesOf15000);
        window.openPath(first_);  // the import dialog, unless this table's settings are remembered
        QCOMPARE(window.documentController()->path(), QFileInfo(first_).absoluteFilePath());
        QString proposed;
        test::ModalAnswer save("saveSessionDialog", [&](QWidget* w) {
            auto* d = qobject_cast<QFileDialog*>(w);
            proposed = QDir(d->directory()).filePath(d->selectedFiles().value(0).section('/', -1));
            test::rejectDialog(w);
        });
        window.saveSessionInteractive();
        QVERIFY(save.answered());
        QVERIFY2(proposed.endsWith("StreamSynth/sessions/first.session"), qPrintable(proposed));
        QVERIFY2(!proposed.startsWith(QFileInfo(first_).absolutePath() + "/first"), qPrintable(proposed));
        ui::rememberSessionFolder(dir_.filePath("kept/s.session"));
        QCOMPARE(ui::sessionFolder(), dir_.filePath("kept"));
        QCOMPARE(ui::proposedSessionPath(first_), dir_.filePath("kept/first.session"));
        QSettings().remove("files/sessionFolder");
    }

    void savesAfterARun() {
        ui::MainWindow window;
        window.show();
        QVERIFY(openBatches(window, first_));
        fastExperiment(window);
        QVERIFY(!window.saveSessionAction()->isEnabled());  // nothing run yet
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.startRun());
        QVERIFY(!window.saveSessionAction()->isEnabled());  // not while running
        QVERIFY(ended.wait(180000));
        QCOMPARE(ended.at(0).at(0).toInt(), 3);
        QVERIFY(window.saveSessionAction()->isEnabled());
        QVERIFY(window.saveSession(session_));
        QCOMPARE(window.sessionPath(), session_);
        QVERIFY(api::isSessionFile(session_.toStdString()));
        QCOMPARE(io::loadSession(session_.toStdString()).stepDigests.size(), std::size_t{3});
        // A table opened next is another document: Save proposed this session's
        // file for it, and autosave would have written into it (a GUI walkthrough
        // of 2026-12-01).
        test::ModalAnswer import("importDialog", acceptBatchesOf15000);
        QVERIFY(window.openPath(first_));
        QVERIFY2(window.sessionPath().isEmpty(), qPrintable(window.sessionPath()));
    }

    void opensInAFreshWindowAndContinues() {
        ui::MainWindow window;
        window.show();
        QVERIFY(!window.continueAction()->isEnabled());
        QVERIFY(window.openPath(session_));  // recognised by its magic, not its name
        QVERIFY(window.continueAction()->isEnabled());
        for (const char* id : kIds) QCOMPARE(plottedSteps(window, id), (QList<int>{1, 2, 3}));

        QList<int> newSteps;
        connect(window.runController(), &ui::RunController::stepFinished, this,
                [&](const stream::SeriesStepResult& r) {
                    if (r.seriesId == "baseline") newSteps << r.step;
                });
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.continueSession(kData));
        QVERIFY2(window.lastContinueMessage().contains("3 released steps verified") &&
                     window.lastContinueMessage().contains("2 new steps"),
                 qPrintable(window.lastContinueMessage()));
        QVERIFY(ended.wait(180000));
        QCOMPARE(newSteps, (QList<int>{4, 5}));
        // History re-plotted from the session, new steps appended live.
        for (const char* id : kIds) QCOMPARE(plottedSteps(window, id), (QList<int>{1, 2, 3, 4, 5}));
        QVERIFY(!shownMessage(window));
        // The continued run saves as a 5-step session.
        const QString again = dir_.filePath("continued.session");
        QVERIFY(window.saveSession(again));
        QCOMPARE(io::loadSession(again.toStdString()).stepDigests.size(), std::size_t{5});
        // Continuing again with the same file: nothing new (steps 4-5 are released now).
        QVERIFY(!window.continueSession(kData));
        QVERIFY2(window.lastContinueMessage().startsWith("Nothing new to release"),
                 qPrintable(window.lastContinueMessage()));
    }

    void refusesAChangedPastRow() {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openSession(session_));
        const QString changed = writeAdultRows(dir_, "changed.csv", -1, 5);
        QVERIFY(!window.continueSession(changed));
        const QString message = window.lastContinueMessage();
        QVERIFY2(message.startsWith("Continuing refused") && message.contains("the rows of step ") &&
                     !message.contains("released from"),
                 qPrintable(message));
        QMessageBox* box = shownMessage(window);
        QVERIFY(box);
        QVERIFY(box->isVisible());
        QCOMPARE(box->text(), message);
        QVERIFY(!window.runController()->isRunning());
        for (const char* id : kIds) QCOMPARE(plottedSteps(window, id), (QList<int>{1, 2, 3}));  // untouched
        box->close();
        // A file that is not there: an error in words, no crash, no run.
        QVERIFY(!window.continueSession(dir_.filePath("missing.csv")));
        QVERIFY(!window.lastContinueMessage().isEmpty());
        QVERIFY(!window.runController()->isRunning());
    }

    void autosavesAfterEveryStep() {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openBundledAdult());
        data::StreamSettings s;
        s.batch = data::BatchSettings{10000, data::BatchOrder::Random};
        window.workbench().setStreamSettings(s, 1);
        QVERIFY(window.refreshSummary());
        fastExperiment(window);
        const QString path = dir_.filePath("auto.session");
        window.setSessionPath(path);
        window.setAutosave(true);
        QVERIFY(window.autosaveAction()->isChecked());
        // The worker saves step t before it reports step t+1's progress, so
        // when the GUI sees progress(t+1) the file holds at least t steps.
        QList<int> onDisk;
        connect(window.runController(), &ui::RunController::progress, this, [&](int step, int) {
            std::size_t held = 0;
            if (QFile::exists(path)) held = io::loadSession(path.toStdString()).stepDigests.size();
            onDisk << (static_cast<int>(held) >= step - 1 ? 1 : 0);
        });
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.startRun());
        QVERIFY(ended.wait(180000));
        QCOMPARE(ended.at(0).at(0).toInt(), 5);  // ceil(48,842 / 10,000)
        QCOMPARE(onDisk, (QList<int>{1, 1, 1, 1, 1}));
        QCOMPARE(io::loadSession(path.toStdString()).stepDigests.size(), std::size_t{5});
        QTRY_VERIFY(window.autosaveText().startsWith("autosaved step 5 · "));
    }

private:
    QTemporaryDir dir_;
    QString first_;
    QString session_;
};

QTEST_MAIN(TestSessions)
#include "test_sessions.moc"
