// WheelGuard (see wheel_guard.h). Returning true after ignoring the event
// stops it at the guarded widget; QApplication then propagates the ignored
// wheel event to the parent (the scroll area), as for any widget that
// does not want it.
//
// The focus policy is what matters for real (spontaneous) wheel events:
// QApplication gives the focus to a Qt::WheelFocus widget under the pointer
// *before* any event filter sees the event, and the filter then finds it
// focused. So every guarded widget must lose WheelFocus before the first
// wheel event, including widgets polished before the guard was installed
// (a size hint polishes a spin box): install() fixes those it finds.
#include "ui/widgets/wheel_guard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QWheelEvent>
#include <QWidget>

namespace streamsynth::ui {

void WheelGuard::install() {
    auto* app = qobject_cast<QApplication*>(QCoreApplication::instance());
    if (!app) return;
    if (!app->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly))
        app->installEventFilter(new WheelGuard(app));
    for (QWidget* w : QApplication::allWidgets()) strongFocus(w);
}

void WheelGuard::strongFocus(QWidget* w) {
    if (!guards(w)) return;
    if (w->focusPolicy() == Qt::WheelFocus) w->setFocusPolicy(Qt::StrongFocus);
    // A spin box's (or an editable combo's) line edit is its focus proxy: it must not take the wheel's focus
    // either.
    if (QWidget* proxy = w->focusProxy(); proxy && proxy->focusPolicy() == Qt::WheelFocus)
        proxy->setFocusPolicy(Qt::StrongFocus);
}

bool WheelGuard::guards(const QObject* object) {
    // Scroll bars are sliders that should scroll: only form sliders are guarded.
    return qobject_cast<const QComboBox*>(object) || qobject_cast<const QAbstractSpinBox*>(object) ||
           (qobject_cast<const QAbstractSlider*>(object) && !object->inherits("QScrollBar"));
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Polish && guards(watched)) {
        strongFocus(static_cast<QWidget*>(watched));
    } else if (event->type() == QEvent::Wheel && guards(watched)) {
        auto* w = static_cast<QWidget*>(watched);
        if (!w->hasFocus()) {
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace streamsynth::ui
