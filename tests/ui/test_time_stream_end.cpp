// A time stream imported in the GUI has a public end (issue #17 item 3 as the
// GUI must honour it, issue #13 item 7): the import dialog's Public end field
// or its "latest period in the data is public" tick. Without either a run is
// refused and the data panel says, in the GUI's words, where to give one. With
// a typed end the run goes through end to end and the session keeps the end.
#include <QCheckBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/workbench.h"
#include "support/test_data.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/import/data_panel.h"
#include "ui/import/import_dialog.h"
#include "ui/releases/releases_view.h"
#include "ui/run/run_controller.h"
#include "ui/session/continue_end_dialog.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {

// movies.csv by month on Release Date, the domain confirmed as public.
void importMonthly(ui::ImportDialog& dialog) {
    dialog.setRole("Release Date", ui::ImportDialog::Time);
    dialog.setPeriod(data::PeriodUnit::Month);
    dialog.publicCheck()->setChecked(true);
}

void typeInto(QLineEdit* edit, const QString& text) {
    edit->setText(text);
    Q_EMIT edit->editingFinished();
}

// A small table by month: `months` months of 2020 with 30 rows each (two categorical attributes).
bool writeMonths(const QString& path, int months) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    f.write("when,x,y\n");
    for (int m = 1; m <= months; ++m)
        for (int i = 0; i < 30; ++i)
            f.write(QString("2020-%1-%2,%3,%4\n")
                        .arg(m, 2, 10, QChar('0'))
                        .arg(1 + i % 28, 2, 10, QChar('0'))
                        .arg(QChar('a' + i % 3))
                        .arg(QChar('p' + (i + m) % 2))
                        .toLatin1());
    return f.error() == QFile::NoError;
}

// With STREAMSYNTH_SCREENSHOT_DIR set (looking at it under xvfb-run), saves a picture of the widget there.
void shoot(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("STREAMSYNTH_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    widget->show();
    QCoreApplication::processEvents();
    widget->grab().save(dir + QLatin1Char('/') + name);
}

// Waits for the run just started (ended: a spy on MainWindow::runEnded); the steps completed, -1 when none
// ended.
int waitForRun(QSignalSpy& ended) {
    if (!ended.wait(240000)) return -1;
    return ended.at(0).at(0).toInt();
}

}  // namespace

class TestTimeStreamEnd : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTestTimeEnd");
        QCoreApplication::setApplicationName("StreamSynthTestTimeEnd");
    }

    // Check in the dialog: the end read from the data is explained with the
    // dialog's own controls and names the period the steward would confirm.
    void endFromDataIsExplainedInTheDialog() {
        api::Workbench workbench;
        workbench.open(streamsynth::test::dataPath("movies.csv"));
        ui::ImportDialog dialog(workbench, streamsynth::test::dataFile("movies.csv"));
        importMonthly(dialog);
        dialog.check();
        const api::StreamSummary summary = workbench.summary();
        QVERIFY(summary.endFromData);
        QVERIFY(!summary.lastPeriod.empty());
        const QString problems = dialog.problemsText();
        QVERIFY2(problems.contains("type a public end above"), qPrintable(problems));
        QVERIFY2(problems.contains(QString::fromStdString(summary.lastPeriod)), qPrintable(problems));
        QVERIFY2(!problems.contains("number of steps"),
                 qPrintable(problems));  // the CLI's words, not the dialog's
    }

    // A stream whose end would come from the data (a schema without an end):
    // the data panel points to Import settings and the run is refused.
    void runRefusedUntilTheEndIsPublic() {
        ui::MainWindow window;
        const QString path = streamsynth::test::dataFile("movies.csv");
        window.workbench().open(path.toStdString());
        {
            ui::ImportDialog dialog(window.workbench(), path);
            importMonthly(dialog);
            dialog.check();  // confirms the edited schema and the settings (no end) without accepting
        }
        QVERIFY(window.refreshSummary());
        QVERIFY(window.workbench().summary().endFromData);
        const QString problems = window.dataPanel()->problemsText();
        QVERIFY2(problems.contains("public end in Import settings"), qPrintable(problems));
        QVERIFY2(!problems.contains("(0 rows)"), qPrintable(problems));
        window.resize(1400, 900);
        shoot(&window, "time-end-data-panel.png");
        QVERIFY(!window.startRun());
        QVERIFY(!window.runController()->isRunning());
        // The same table through the dialog with the tick: the run is possible.
        ui::ImportDialog dialog(window.workbench(), path);
        QVERIFY(dialog.byTime());
        dialog.dataEndCheck()->setChecked(true);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(window.refreshSummary());
        QVERIFY(!window.workbench().summary().endFromData);
        QVERIFY(!window.workbench().streamSettings().time->end.empty());  // the data's last month, now public
        QVERIFY(!window.dataPanel()->problemsText().contains("public end"));
    }

    // Public start and end typed: 16 years of months, a run through the GUI,
    // and the session saved and reopened keeps the end.
    void typedEndRunsEndToEnd() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ui::MainWindow window;
        const QString path = streamsynth::test::dataFile("movies.csv");
        window.workbench().open(path.toStdString());
        ui::ImportDialog dialog(window.workbench(), path);
        importMonthly(dialog);
        typeInto(dialog.startEdit(), "1995-01-01");
        typeInto(dialog.endEdit(), "2010-12-31");
        QVERIFY(!dialog.dataEndCheck()->isEnabled());
        dialog.check();
        shoot(&dialog, "time-end-import-dialog.png");
        // Rows outside [start, end] are reported once each way, the count not repeated after the sentence.
        const QStringList lines = dialog.problemsText().split('\n');
        int outside = 0;
        for (const QString& line : lines) {
            QVERIFY2(!line.contains("row(s)"), qPrintable(line));
            if (line.contains("before the stream's start") || line.contains("after the stream's end")) {
                ++outside;
                QVERIFY2(line.contains(" (e.g. "), qPrintable(line));
            }
        }
        QCOMPARE(outside, 2);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(window.refreshSummary());
        const api::StreamSummary summary = window.workbench().summary();
        QVERIFY(!summary.endFromData);
        QCOMPARE(summary.steps, 16 * 12);
        QCOMPARE(window.workbench().streamSettings().time->end, std::string("2010-12-31"));

        ui::ExperimentPanel* panel = window.experimentPanel();
        panel->selectSeries({"simple"});
        panel->epsilonEdit()->setText("1");
        panel->roundsSpin()->setValue(2);
        panel->fitIterationsSpin()->setValue(20);
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        int results = 0;
        connect(window.runController(), &ui::RunController::stepFinished, this,
                [&](const stream::SeriesStepResult&) {
                    if (++results == 4) window.cancelRun();
                });
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.startRun());
        QVERIFY(ended.wait(240000));
        QVERIFY(ended.at(0).at(0).toInt() >= 2);
        QVERIFY(window.releasesView()->rowCount() >= 2);

        const QString session = dir.filePath("movies.session");
        QVERIFY(window.saveSession(session));
        ui::MainWindow reopened;
        QVERIFY(reopened.openSession(session));
        QVERIFY(reopened.workbench().streamSettings().time.has_value());
        QCOMPARE(reopened.workbench().streamSettings().time->start, std::string("1995-01-01"));
        QCOMPARE(reopened.workbench().streamSettings().time->end, std::string("2010-12-31"));
    }

    // Continue with new rows on a time stream: the session's end (March) leaves
    // April out, so continuing without a new end is refused; with the end the
    // continue dialog gives (April) the new step runs.
    void continueNeedsALaterEnd() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString first = dir.filePath("months.csv"), grown = dir.filePath("months-grown.csv");
        QVERIFY(writeMonths(first, 3));
        QVERIFY(writeMonths(grown, 4));
        const QString session = dir.filePath("months.session");
        {
            ui::MainWindow window;
            window.workbench().open(first.toStdString());
            ui::ImportDialog dialog(window.workbench(), first);
            QVERIFY(dialog.byTime());
            QCOMPARE(dialog.timeColumn(), QString("when"));
            dialog.setPeriod(data::PeriodUnit::Month);
            dialog.publicCheck()->setChecked(true);
            typeInto(dialog.startEdit(), "2020-01-01");
            typeInto(dialog.endEdit(), "2020-03-31");
            dialog.accept();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            QVERIFY(window.refreshSummary());
            QCOMPARE(window.workbench().summary().steps, 3);
            ui::ExperimentPanel* panel = window.experimentPanel();
            panel->selectSeries({"simple"});
            panel->roundsSpin()->setValue(1);
            panel->fitIterationsSpin()->setValue(5);
            QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
            QSignalSpy ended(&window, &ui::MainWindow::runEnded);
            QVERIFY(window.startRun());
            QCOMPARE(waitForRun(ended), 3);
            QVERIFY(window.saveSession(session));
        }
        {
            ui::MainWindow window;
            QVERIFY(window.openSession(session));
            // The continue dialog shows the session's end and gives nothing unless it is changed.
            ui::ContinueEndDialog ask(*window.workbench().streamSettings().time);
            QCOMPARE(ask.endEdit()->text(), QString("2020-03-31"));
            QVERIFY(!ask.timeEnd().given());
            QVERIFY(!window.continueSession(grown));  // April is after the session's end: nothing new
            QVERIFY2(window.lastContinueMessage().startsWith("Nothing new to release"),
                     qPrintable(window.lastContinueMessage()));
        }
        ui::MainWindow window;
        QVERIFY(window.openSession(session));
        ui::ContinueEndDialog ask(*window.workbench().streamSettings().time);
        ask.endEdit()->setText("2020-04-30");
        QVERIFY(!ask.dataEndCheck()->isEnabled());  // one way to give the end
        shoot(&ask, "time-end-continue-dialog.png");
        const api::TimeEnd end = ask.timeEnd();
        QCOMPARE(end.end, std::string("2020-04-30"));
        QVERIFY(!end.confirmDataEnd);
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY2(window.continueSession(grown, end), qPrintable(window.lastContinueMessage()));
        QVERIFY(waitForRun(ended) >= 1);
        QCOMPARE(window.releasesView()->latestStep("proposed-simple"), 4);
        QCOMPARE(window.workbench().streamSettings().time->end, std::string("2020-04-30"));
        // The tick instead of a date: the grown data's last period confirmed.
        ask.endEdit()->clear();
        ask.dataEndCheck()->setChecked(true);
        QVERIFY(!ask.endEdit()->isEnabled());
        QVERIFY(ask.timeEnd().confirmDataEnd && ask.timeEnd().end.empty());
    }
};

QTEST_MAIN(TestTimeStreamEnd)
#include "test_time_stream_end.moc"
