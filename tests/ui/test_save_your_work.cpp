// Work is never lost without a question, and sessions show their own
// settings without touching the user's: after a run (and after Continue
// with new rows) quitting, opening another table and starting a new run ask
// "Save your work?"; Save session… saves and goes on, Don't save goes on,
// Cancel keeps everything; autosave and a saved session ask nothing. A
// reopened session shows its privacy model, budgets, k, seed, series and
// their parameters read only, and the user's saved defaults are the same
// afterwards. Offscreen, on 12,000 Adult rows in batches of 4,000.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/workbench.h"
#include "support/adult_rows.h"
#include "support/fast_experiment.h"
#include "support/modal_answer.h"
#include "support/test_data.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/experiment/series_chooser.h"
#include "ui/window/document_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;
using test::ModalAnswer;

namespace {

void openTable(ui::MainWindow& window, const QString& csv) {
    api::OpenOptions o;
    o.schemaPath = test::dataPath("adult-domain.json");
    window.workbench().open(csv.toStdString(), o);
    data::StreamSettings s;
    s.batch = data::BatchSettings{4000, data::BatchOrder::Random};
    window.workbench().setStreamSettings(s, 1);
    QVERIFY(window.refreshSummary());
}

void runWindowToEnd(ui::MainWindow& window) {
    QSignalSpy ended(&window, &ui::MainWindow::runEnded);
    QVERIFY(window.startRun());
    QVERIFY(ended.wait(180000));
}

// Clicks answer `index` of the save question.
ModalAnswer* answerSave(int index) {
    return new ModalAnswer(QStringLiteral("saveQuestion"), [index](QWidget* box) {
        box->findChild<QAbstractButton*>(QStringLiteral("answer%1").arg(index))->click();
    });
}

QMap<QString, QString> savedDefaults() {
    QSettings s;
    s.beginGroup(QStringLiteral("experiment"));
    QMap<QString, QString> out;
    for (const QString& key : s.allKeys()) {
        const QVariant v = s.value(key);
        out[key] =
            v.typeId() == QMetaType::QStringList ? v.toStringList().join(QLatin1Char('|')) : v.toString();
    }
    return out;
}

}  // namespace

class TestSaveYourWork : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("StreamSynthSaveYourWork");
        QSettings().clear();
        QVERIFY(dir_.isValid());
        csv_ = test::writeAdultRows(dir_, "adult.csv", 12000);
    }

    void quitAsksAndCancelKeepsTheWindow() {
        ui::MainWindow window;
        window.show();
        openTable(window, csv_);
        test::fastExperiment(window);
        runWindowToEnd(window);
        QCOMPARE(window.documentController()->unsavedSteps(), 3);
        std::unique_ptr<ModalAnswer> cancel(answerSave(2));
        QVERIFY(!window.close());
        QVERIFY(cancel->answered());
        QVERIFY(cancel->text().contains(QStringLiteral("3 step")));
        QVERIFY(window.isVisible());
        // Don't save: the window closes.
        std::unique_ptr<ModalAnswer> discard(answerSave(1));
        QVERIFY(window.close());
        QVERIFY(discard->answered());
    }

    void openingAnotherTableOrANewRunAsks() {
        ui::MainWindow window;
        window.show();
        openTable(window, csv_);
        test::fastExperiment(window);
        runWindowToEnd(window);
        {
            std::unique_ptr<ModalAnswer> cancel(answerSave(2));
            QVERIFY(!window.startRun());  // a new run would replace the charts
            QVERIFY(cancel->answered());
            QCOMPARE(window.documentController()->state(), ui::DocumentController::State::Results);
        }
        {
            std::unique_ptr<ModalAnswer> cancel(answerSave(2));
            QVERIFY(!window.openBundledAdult());
            QVERIFY(cancel->answered());
            QCOMPARE(window.documentController()->state(), ui::DocumentController::State::Results);
        }
        {
            // "Don't save" for an action cancelled after the answer (the import dialog's Cancel): the
            // steps stay unsaved, so the next action asks again (a GUI review of 2026-12-01 lost them).
            std::unique_ptr<ModalAnswer> discard(answerSave(1));
            QVERIFY(window.documentController()->askToSave(QStringLiteral("change the import settings")));
            QVERIFY(discard->answered());
            QCOMPARE(window.documentController()->unsavedSteps(), 3);
        }
        // Save session…: the file dialog, then the open goes on and asks nothing more.
        const QString session = dir_.filePath("saved.session");
        ModalAnswer fileDialog(QStringLiteral("saveSessionDialog"), [session](QWidget* w) {
            auto* dialog = qobject_cast<QFileDialog*>(w);
            QVERIFY(dialog);
            // QFileDialog::selectFile leaves the name field alone while it has
            // the focus (Qt 6.4), which depends on window activation: type the
            // name into the field, as a user would.
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            QVERIFY(name);
            name->setText(session);
            QMetaObject::invokeMethod(dialog, "accept");
        });
        std::unique_ptr<ModalAnswer> save(answerSave(0));
        QVERIFY(window.openBundledAdult());
        QVERIFY(save->answered());
        QVERIFY(fileDialog.answered());
        QVERIFY(QFileInfo::exists(session));
        QCOMPARE(window.documentController()->unsavedSteps(), 0);
    }

    void savedOrAutosavedWorkAsksNothing() {
        ui::MainWindow window;
        window.show();
        openTable(window, csv_);
        test::fastExperiment(window);
        window.setSessionPath(dir_.filePath("auto.session"));
        window.setAutosave(true);
        runWindowToEnd(window);
        QTRY_COMPARE(window.documentController()->unsavedSteps(), 0);  // the last autosave arrives queued
        ModalAnswer none(
            QStringLiteral("saveQuestion"), [](QWidget* box) { box->close(); }, 500);
        QVERIFY(window.openBundledAdult());
        QTest::qWait(600);
        QVERIFY(!none.answered());
        window.setAutosave(false);
    }

    void continuedStepsAreWorkToo() {
        const QString session = dir_.filePath("continue.session");
        const QString grown = test::writeAdultRows(dir_, "grown.csv", 16000);
        {
            ui::MainWindow window;
            openTable(window, csv_);
            test::fastExperiment(window);
            runWindowToEnd(window);
            QVERIFY(window.saveSession(session));
            QCOMPARE(window.documentController()->unsavedSteps(), 0);
        }
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openSession(session));
        QCOMPARE(window.documentController()->unsavedSteps(), 0);  // its history is the session's
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.continueSession(grown));
        QVERIFY(ended.wait(180000));
        QCOMPARE(window.documentController()->unsavedSteps(), 1);  // step 4 of 16,000 rows
        {
            std::unique_ptr<ModalAnswer> cancel(answerSave(2));  // opening a session asks too
            QVERIFY(!window.openSession(session));
            QVERIFY(cancel->answered());
            QCOMPARE(window.documentController()->unsavedSteps(), 1);
        }
        std::unique_ptr<ModalAnswer> discard(answerSave(1));
        QVERIFY(window.close());
        QVERIFY(discard->answered());
        QVERIFY(discard->text().contains(QStringLiteral("1 step")));
    }

    void sessionShowsItsSettingsAndKeepsTheDefaults() {
        const QString session = dir_.filePath("settings.session");
        {
            ui::MainWindow window;
            openTable(window, csv_);
            ui::ExperimentPanel* panel = window.experimentPanel();
            panel->selectSeries({"baseline", "block", "hybrid"});
            panel->epsilonEdit()->setText("0.5, 2");
            panel->roundsSpin()->setValue(3);
            panel->fitIterationsSpin()->setValue(20);
            panel->seedSpin()->setValue(4242);
            QVERIFY(panel->isValid());
            runWindowToEnd(window);
            QVERIFY(window.saveSession(session));
        }
        // The user's defaults: something else entirely.
        ui::MainWindow window;
        ui::ExperimentPanel* panel = window.experimentPanel();
        panel->selectSeries({"simple"});
        panel->epsilonEdit()->setText("1");
        panel->roundsSpin()->setValue(5);
        panel->fitIterationsSpin()->setValue(100);
        panel->saveSettings();
        const QMap<QString, QString> defaults = savedDefaults();
        QCOMPARE(defaults.value("rounds"), QString("5"));

        window.show();
        QVERIFY(window.openSession(session));
        QCOMPARE(panel->epsilonEdit()->text(), QString("0.5, 2"));
        QCOMPARE(panel->roundsSpin()->value(), 3);
        QCOMPARE(panel->fitIterationsSpin()->value(), 20);
        QCOMPARE(panel->seriesChooser()->checkedKeys(), (QStringList{"baseline", "block", "hybrid"}));
        QCOMPARE(panel->runConfig().seed, std::uint64_t{4242});
        QVERIFY(!panel->isEnabled());  // read only
        // Quitting (and any save of the settings meanwhile) leaves the defaults alone.
        panel->saveSettings();
        QVERIFY(window.close());
        QCOMPARE(savedDefaults(), defaults);
        // Opening a table afterwards shows the user's settings again.
        ui::MainWindow again;
        QVERIFY(again.openSession(session));
        openTable(again, csv_);
        QCOMPARE(again.experimentPanel()->roundsSpin()->value(), 5);
        QCOMPARE(again.experimentPanel()->seriesChooser()->checkedKeys(), QStringList{"simple"});
    }

private:
    QTemporaryDir dir_;
    QString csv_;
};

QTEST_MAIN(TestSaveYourWork)
#include "test_save_your_work.moc"
