// The mouse wheel never changes a setting by accident (issue #13 item 6;
// ui/widgets/wheel_guard.h): over an unfocused combo box or spin box in a scrolled
// form the wheel scrolls the form and leaves the value alone; once the
// control has the focus (clicked or tabbed to) the wheel changes it. Also
// in the main window's experiment panel, where scrolling switched the
// selection score, and for controls made after the guard was installed.
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest>

#include "ui/experiment/experiment_panel.h"
#include "ui/widgets/wheel_guard.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {
// One notch down over the middle of the widget. Returns whether the widget
// accepted it. (An event sent from a test is not "spontaneous", so Qt does
// not pass an ignored one on to the parent as it does for the mouse's own
// events; an ignored event is what makes it do so. The scroll itself is
// checked by sending the event to the form's viewport.)
bool wheelDown(QWidget* w) {
    const QPointF local(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent event(local, w->mapToGlobal(local), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &event);
    return event.isAccepted();
}
}  // namespace

class TestWheelGuard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        ui::WheelGuard::install();
    }

    void unfocusedControlsPassTheWheelToTheForm() {
        QScrollArea area;
        auto* form = new QWidget();
        auto* layout = new QVBoxLayout(form);
        auto* combo = new QComboBox(form);
        combo->addItems({"L1 minus noise", "Paper", "third"});
        auto* spin = new QSpinBox(form);
        spin->setRange(0, 100);
        spin->setValue(50);
        layout->addWidget(combo);
        layout->addWidget(spin);
        layout->addSpacing(2000);  // taller than the area: it scrolls
        form->resize(280, 2200);
        area.setWidget(form);
        area.resize(300, 200);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QVERIFY(area.verticalScrollBar()->maximum() > 0);
        QCOMPARE(combo->focusPolicy(), Qt::StrongFocus);  // the wheel never gives focus
        QCOMPARE(spin->focusPolicy(), Qt::StrongFocus);

        area.setFocus();
        QVERIFY(!combo->hasFocus() && !spin->hasFocus());
        // Unfocused: ignored (so the form gets it) and the values stay.
        QVERIFY(!wheelDown(combo));
        QVERIFY(!wheelDown(spin));
        QCOMPARE(combo->currentIndex(), 0);
        QCOMPARE(spin->value(), 50);
        // ... and the form scrolls with it.
        const int before = area.verticalScrollBar()->value();
        wheelDown(area.viewport());
        QVERIFY2(area.verticalScrollBar()->value() > before, "the form did not scroll");

        // Focused: the wheel is the control's.
        combo->setFocus();
        QVERIFY(combo->hasFocus());
        QVERIFY(wheelDown(combo));
        QCOMPARE(combo->currentIndex(), 1);
        spin->setFocus();
        QVERIFY(wheelDown(spin));
        QCOMPARE(spin->value(), 49);
    }

    void controlsMadeLaterAreGuardedToo() {
        QWidget w;
        auto* layout = new QVBoxLayout(&w);
        auto* first = new QLineEdit(&w);  // holds the focus
        layout->addWidget(first);
        w.show();
        first->setFocus();
        auto* late = new QComboBox(&w);
        late->addItems({"a", "b"});
        layout->addWidget(late);
        late->show();
        QCoreApplication::processEvents();
        QCOMPARE(late->focusPolicy(), Qt::StrongFocus);
        QVERIFY(!wheelDown(late));
        QCOMPARE(late->currentIndex(), 0);
    }

    void experimentPanelSettingsStayPut() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::ExperimentPanel* panel = window.experimentPanel();
        window.setFocus();
        QComboBox* scoreNoise = panel->scoreNoiseCombo();
        QComboBox* selection = panel->selectionCombo();
        QSpinBox* rounds = panel->roundsSpin();
        const int noise = scoreNoise->currentIndex(), mechanism = selection->currentIndex(),
                  k = rounds->value();
        for (int i = 0; i < 3; ++i) {
            wheelDown(scoreNoise);
            wheelDown(selection);
            wheelDown(rounds);
        }
        QCOMPARE(scoreNoise->currentIndex(), noise);
        QCOMPARE(selection->currentIndex(), mechanism);
        QCOMPARE(rounds->value(), k);
    }
};

QTEST_MAIN(TestWheelGuard)
#include "test_wheel_guard.moc"
