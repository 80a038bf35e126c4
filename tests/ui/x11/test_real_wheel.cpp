// The mouse wheel never changes a setting by accident, with REAL X events:
// run on a private Xvfb with the openbox window manager
// (tests/ui/x11/with_x_server.sh, CTest ui_x11_test_real_wheel), xdotool
// moves the pointer over every widget of the experiment panel and turns the
// wheel both ways; the saved settings (QSettings) and every control's value
// are the same afterwards. Synthetic QWheelEvents (tests/ui/test_wheel_guard.cpp)
// cannot show this: a real wheel event is "spontaneous", and Qt gives focus
// to a Qt::WheelFocus widget under the pointer before any event filter runs.
// A control the user clicked still takes the wheel (the control case: the
// X events do arrive), and the form scrolls under the wheel.
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCursor>
#include <QLineEdit>
#include <QProcess>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>

#include "ui/experiment/experiment_panel.h"
#include "ui/window/main_window.h"
#include "ui/x11/x11_events.h"

using namespace streamsynth;

namespace {

using test::xdotool;

// Moves the real pointer to the middle of `w` (scrolled into view first).
bool pointAt(QScrollArea* area, QWidget* w) {
    area->ensureWidgetVisible(w, 0, 0);
    QTest::qWait(30);
    const QPoint at = w->mapToGlobal(w->rect().center());
    if (!xdotool({QStringLiteral("mousemove"), QString::number(at.x()), QString::number(at.y())}))
        return false;
    // The X server has the pointer there once QCursor (which asks it) says so.
    for (int i = 0; i < 100 && QCursor::pos() != at; ++i) QTest::qWait(10);
    QTest::qWait(30);
    if (QCursor::pos() != at) qWarning("the pointer did not reach %d,%d", at.x(), at.y());
    return QCursor::pos() == at;
}

// Wheel notches: button 4 is up, 5 is down (X's wheel buttons).
bool wheel(bool down, int notches) {
    const bool ok = xdotool({QStringLiteral("click"), QStringLiteral("--repeat"), QString::number(notches),
                             QStringLiteral("--delay"), QStringLiteral("40"),
                             down ? QStringLiteral("5") : QStringLiteral("4")});
    QTest::qWait(150);  // the events are delivered by the event loop
    return ok;
}

// Every value a person can change in the panel, by widget.
QMap<QString, QString> values(QWidget* panel) {
    QMap<QString, QString> out;
    for (QWidget* w : panel->findChildren<QWidget*>()) {
        // Keyed by the widget itself, named by its class and tooltip for the failure message.
        const QString key = QStringLiteral("%1 '%2' @%3")
                                .arg(QString::fromLatin1(w->metaObject()->className()), w->toolTip().left(30))
                                .arg(reinterpret_cast<quintptr>(w), 0, 16);
        if (auto* c = qobject_cast<QComboBox*>(w))
            out[key] = c->currentText();
        else if (auto* s = qobject_cast<QAbstractSpinBox*>(w))
            out[key] = s->text();
        else if (auto* e = qobject_cast<QLineEdit*>(w))
            out[key] = e->text();
        else if (auto* b = qobject_cast<QAbstractButton*>(w); b && b->isCheckable())
            out[key] = b->isChecked() ? QStringLiteral("on") : QStringLiteral("off");
    }
    return out;
}

// The saved experiment settings, as the panel writes them.
QMap<QString, QString> saved(ui::ExperimentPanel* panel) {
    panel->saveSettings();
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

QString differences(const QMap<QString, QString>& before, const QMap<QString, QString>& after) {
    QStringList out;
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        if (after.value(it.key()) != it.value())
            out << QStringLiteral("%1: %2 -> %3").arg(it.key(), it.value(), after.value(it.key()));
    return out.join(QStringLiteral("; "));
}

QScrollArea* scrollAreaOf(QWidget* w) {
    for (QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (auto* area = qobject_cast<QScrollArea*>(p)) return area;
    return nullptr;
}

}  // namespace

class TestRealWheel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(QGuiApplication::platformName() == QLatin1String("xcb"),
                 "needs a real X server: run through tests/ui/x11/with_x_server.sh (CTest "
                 "ui_x11_test_real_wheel)");
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("xdotool")).isEmpty(),
                 "xdotool not found: install the Debian package xdotool");
    }

    void wheelOverEveryExperimentWidgetChangesNothing() {
        QSettings().clear();
        ui::MainWindow window;
        window.resize(1024, 700);  // the smallest supported size: the panel scrolls
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openBundledAdult());
        window.activateWindow();
        QVERIFY2(QTest::qWaitForWindowActive(&window), "the window manager did not activate the window");
        ui::ExperimentPanel* panel = window.experimentPanel();
        QScrollArea* area = scrollAreaOf(panel);
        QVERIFY(area != nullptr);
        QTest::qWait(200);
        QVERIFY2(area->verticalScrollBar()->maximum() > 0, "the panel fits: nothing to scroll at 1024x700");
        area->setFocus();

        const QMap<QString, QString> settingsBefore = saved(panel);
        const QMap<QString, QString> valuesBefore = values(panel);
        QCOMPARE(settingsBefore.value(QStringLiteral("fitIterations")), QStringLiteral("100"));
        QVERIFY(valuesBefore.size() > 20);
        int widgets = 0, scrolled = 0;
        for (QWidget* w : panel->findChildren<QWidget*>()) {
            if (!w->isVisible()) continue;
            for (const bool down : {true, false}) {
                QVERIFY(pointAt(area, w));
                const int position = area->verticalScrollBar()->value();
                QVERIFY(wheel(down, 2));
                if (area->verticalScrollBar()->value() != position) ++scrolled;
                const QString changed = differences(valuesBefore, values(panel));
                QVERIFY2(changed.isEmpty(),
                         qPrintable(QStringLiteral("wheel %1 over %2 (%3) changed %4")
                                        .arg(down ? "down" : "up",
                                             QString::fromLatin1(w->metaObject()->className()),
                                             w->toolTip().left(40), changed)));
            }
            ++widgets;
        }
        QVERIFY2(widgets > 30, qPrintable(QString::number(widgets)));
        QVERIFY2(scrolled > 0, "the wheel never scrolled the form");
        QWidget* focus = QApplication::focusWidget();
        QVERIFY2(!focus || !panel->isAncestorOf(focus), "the wheel gave a setting the focus");
        const QString changed = differences(settingsBefore, saved(panel));
        QVERIFY2(changed.isEmpty(), qPrintable(changed));

        // The control case: a clicked control takes the wheel.
        QSpinBox* iterations = panel->fitIterationsSpin();
        const int value = iterations->value();
        QVERIFY(pointAt(area, iterations));
        QVERIFY(xdotool({QStringLiteral("click"), QStringLiteral("1")}));
        QTest::qWait(150);
        QVERIFY(iterations->hasFocus());
        QVERIFY(pointAt(area, iterations));
        QVERIFY(wheel(true, 1));
        QCOMPARE(iterations->value(), value - 1);
    }
};

QTEST_MAIN(TestRealWheel)
#include "test_real_wheel.moc"
