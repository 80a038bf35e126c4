// The run's status bar (ui/run/run_status.h): the step counter and the
// series' steps never tell two steps (a GUI walkthrough of 2026-12-01 read
// "step 26 / 192" beside "3 series at step 27"); a series ahead of the
// others leaves the counter where the slowest is.
#include <QMainWindow>
#include <QStatusBar>
#include <QtTest>

#include "ui/run/run_status.h"

using namespace streamsynth;

class TestRunStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theCounterFollowsTheSeries() {
        QMainWindow window;
        ui::RunStatus status(window.statusBar());
        status.runStarted(192, 3);
        status.progress(26, 192, 12);
        QCOMPARE(status.progressText(), QString("step 26 / 192 · 3 series"));
        status.seriesStep("baseline", 27);
        status.seriesStep("proposed-simple", 27);
        QCOMPARE(status.progressText(), QString("step 26 / 192 · 3 series"));  // one series still on 26
        status.seriesStep("proposed-hybrid", 27);
        QCOMPARE(status.progressText(), QString("step 27 / 192 · 3 series"));
        status.progress(27, 192, 11);  // the worker's own report after it: the same
        QCOMPARE(status.progressText(), QString("step 27 / 192 · 3 series"));
    }
};

QTEST_MAIN(TestRunStatus)
#include "test_run_status.moc"
