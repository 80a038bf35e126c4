// The GUI's Run pressed again after a release-mode run, with REAL X events
// (issue 44, item 5): on a private Xvfb with the openbox window manager
// (tests/ui/x11/with_x_server.sh), xdotool clicks the toolbar's Run, types
// into the release confirmation and clicks its buttons. After a first
// release-mode run, Run again never releases the same rows silently: it
// asks first; "Continue the released stream" releases nothing new from the
// same table; "Start a new stream" shows the dataset's old and new totals
// and cannot be confirmed before the charge is ticked; declining leaves the
// registry with one stream (the third confirmation still reads "1 stream").
#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QCursor>
#include <QDir>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextEdit>
#include <QToolBar>
#include <QtTest>

#include "core/api/workbench.h"
#include "support/modal_answer.h"
#include "support/release_mode_run.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/releases/ledger_view.h"
#include "ui/session/release_guard.h"
#include "ui/window/main_window.h"
#include "ui/x11/x11_events.h"

using namespace streamsynth;

namespace {

// xdotool, then a moment for the event loop to deliver what it sent.
bool xdotool(const QStringList& args) {
    if (!test::xdotool(args)) return false;
    QTest::qWait(120);
    return true;
}

// A real left click in the middle of `w` (on a check box: on its box).
bool click(QWidget* w) {
    if (!w || !w->isVisible()) return false;
    // A dialog just opened may not be mapped and placed by the window manager yet (a loaded machine):
    // the pointer would land beside it.
    if (!QTest::qWaitForWindowExposed(w->window()) || !QTest::qWaitForWindowActive(w->window())) return false;
    // A check box's box is at its left end (the widget may stretch across the dialog).
    const QPoint local = qobject_cast<QCheckBox*>(w) ? QPoint(8, w->height() / 2) : w->rect().center();
    const QPoint at = w->mapToGlobal(local);
    return xdotool({"mousemove", "--sync", QString::number(at.x()), QString::number(at.y())}) &&
           xdotool({"click", "1"});
}

// Clicks into `edit`, selects all and types `text` with the real keyboard.
bool typeInto(QLineEdit* edit, const QString& text) {
    return click(edit) && xdotool({"key", "ctrl+a"}) && xdotool({"type", "--delay", "5", text}) &&
           edit->text() == text;
}

QWidget* runButton(ui::MainWindow& window) {
    for (QToolBar* bar : window.findChildren<QToolBar*>())
        if (QWidget* w = bar->widgetForAction(window.runAction()); w && w->isVisible()) return w;
    return nullptr;
}

// A dialog a real event should have closed: closed after 20 s if it did not arrive (on a loaded
// machine), with `missed` set, so the test fails instead of waiting forever on a modal dialog.
void closeIfStillOpen(QWidget* dialog, bool* missed) {
    QTimer::singleShot(20000, dialog, [dialog, missed] {
        if (!dialog->isVisible()) return;
        *missed = true;
        qWarning("the real event meant to close '%s' did not arrive: closed",
                 qPrintable(dialog->objectName()));
        if (auto* d = qobject_cast<QDialog*>(dialog)) d->reject();
    });
}

// The button of a message box with the given object name.
QPushButton* named(QWidget* box, const char* name) {
    return box->findChild<QPushButton*>(name);
}

}  // namespace

class TestRealRunAgain : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(QGuiApplication::platformName() == QLatin1String("xcb"),
                 "needs a real X server: run through tests/ui/x11/with_x_server.sh (CTest "
                 "ui_x11_test_real_run_again)");
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("xdotool")).isEmpty(),
                 "xdotool not found: install the Debian package xdotool");
        QVERIFY(dir_.isValid());
        QSettings().clear();
        ui::setRegistrySetting(dir_.filePath("registry.sqlite"), /*newConfirmed=*/true);
    }

    void runAgainUnderAWindowManager() {
        ui::MainWindow window;
        window.resize(1200, 760);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::prepareReleaseModeRun(window));
        window.activateWindow();
        QVERIFY2(QTest::qWaitForWindowActive(&window), "the window manager did not activate the window");
        QWidget* run = runButton(window);
        QVERIFY2(run, "no Run button in a toolbar");

        const QString folder = dir_.filePath("first");
        firstRun(window, run, folder);
        if (QTest::currentTestFailed()) return;
        for (int round = 0; round < 2; ++round) {  // the second time too: the declined run claimed nothing
            declineANewStream(run);
            if (QTest::currentTestFailed()) return;
        }
        continueWithTheSameRows(window, run, folder);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(QDir(dir_.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList{"first"});
        test::ModalAnswer keep("releaseQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
        QVERIFY(window.close());
    }

private:
    // The first release-mode run, confirmed with the keyboard and the mouse.
    void firstRun(ui::MainWindow& window, QWidget* run, const QString& folder) {
        bool typed = false, ticked = false, missed = false;
        test::ModalAnswer confirm(
            "releaseConfirmation",
            [&](QWidget* w) {
                auto* d = qobject_cast<ui::ReleaseConfirmDialog*>(w);
                closeIfStillOpen(w, &missed);
                typed = typeInto(d->datasetEdit(), "adult x11") && typeInto(d->folderEdit(), folder);
                click(d->publishCheck("baseline"));  // nothing is ticked for publication at first
                // The suite's other streams of these rows are look-alikes: this test's table is its own.
                if (d->otherTableCheck()->isVisible()) click(d->otherTableCheck());
                click(d->understoodCheck());
                ticked = d->publishCheck("baseline")->isChecked() && d->understoodCheck()->isChecked();
                if (!d->confirmButton()->isEnabled()) {  // fail rather than wait on the dialog
                    d->grab().save(QDir::temp().filePath("x11-confirm.png"));
                    qWarning("dialog %dx%d+%d+%d", d->width(), d->height(), d->x(), d->y());
                    d->reject();
                    return;
                }
                click(d->confirmButton());
            },
            30000);
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(click(run));
        QVERIFY(confirm.answered());
        QVERIFY2(typed, "the typed dataset or folder did not arrive");
        QVERIFY2(ticked, "the clicks on Publish baseline and I understand did not tick them");
        QVERIFY2(!missed, "the click on Confirm did not reach the dialog");
        QVERIFY(ended.wait(180000));
        QVERIFY(QFileInfo::exists(folder + "/releases/baseline/eps1/step-0002.csv.gz"));
    }

    // Run again: a new stream shows both totals and needs its charge ticked; Escape declines.
    void declineANewStream(QWidget* run) {
        bool missed = false;
        test::ModalAnswer fresh(
            "releaseAgainQuestion",
            [&](QWidget* w) {
                closeIfStillOpen(w, &missed);
                click(named(w, "releaseAgainNew"));
            },
            30000);
        QString standing;
        bool chargeShown = false, confirmable = true;
        test::ModalAnswer decline(
            "releaseConfirmation",
            [&](QWidget* w) {
                auto* d = qobject_cast<ui::ReleaseConfirmDialog*>(w);
                closeIfStillOpen(w, &missed);
                typeInto(d->datasetEdit(), "adult x11");
                click(d->publishCheck("baseline"));
                if (d->otherTableCheck()->isVisible()) click(d->otherTableCheck());
                click(d->understoodCheck());
                chargeShown = d->chargeCheck()->isVisible();
                confirmable = d->confirmButton()->isEnabled();
                standing = d->datasetText();
                xdotool({"key", "Escape"});
            },
            30000);
        QVERIFY(click(run));
        QTRY_VERIFY_WITH_TIMEOUT(decline.answered() || missed, 30000);
        QVERIFY2(!missed, "a click or the Escape key did not reach its dialog");
        QVERIFY(fresh.answered());
        QVERIFY(chargeShown);
        QVERIFY2(!confirmable, "a new stream of a dataset that has spent was confirmable without its charge");
        // Still one stream in the registry, the second time too: the declined run claimed nothing.
        QVERIFY2(standing.contains(QString::fromUtf8("already spent ε = 1 over 1 stream")) &&
                     standing.contains(QString::fromUtf8("ε = 2 over 2 streams")),
                 qPrintable(standing));
    }

    // Run again: "Continue the released stream" from the same table releases nothing new.
    void continueWithTheSameRows(ui::MainWindow& window, QWidget* run, const QString& folder) {
        QString question;
        bool missed = false;
        test::ModalAnswer again(
            "releaseAgainQuestion",
            [&](QWidget* w) {
                closeIfStillOpen(w, &missed);
                question = qobject_cast<QMessageBox*>(w)->text();
                click(named(w, "releaseAgainContinue"));
            },
            30000);
        QStringList seen;  // whatever the continuation says, answered with Return
        QTimer other;
        QObject::connect(&other, &QTimer::timeout, [&] {
            QWidget* m = QApplication::activeModalWidget();
            if (!m || m->objectName() == "releaseAgainQuestion") return;
            auto* box = qobject_cast<QMessageBox*>(m);
            seen << m->objectName() + ": " + (box ? box->text() : m->windowTitle());
            xdotool({"key", "Escape"});
        });
        other.start(100);
        QVERIFY(click(run));
        QTRY_VERIFY_WITH_TIMEOUT(again.answered(), 30000);
        QVERIFY2(!missed, "the click on Continue did not reach the question");
        QVERIFY2(question.contains("already released steps"), qPrintable(question));
        QTest::qWait(3000);
        other.stop();
        QVERIFY2(window.lastContinueMessage().startsWith("Nothing new to release"),
                 qPrintable(seen.join(" | ") + " / " + window.lastContinueMessage()));
        QVERIFY2(!QFileInfo::exists(folder + "/releases/baseline/eps1/step-0003.csv.gz"),
                 "continuing with the same rows released a step");
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestRealRunAgain)
#include "test_real_run_again.moc"
