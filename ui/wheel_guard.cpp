// WheelGuard (see wheel_guard.h). Returning true after ignoring the event
// stops it at the guarded widget; QApplication then propagates the ignored
// wheel event to the parent (the scroll area), as for any widget that
// does not want it.
#include "ui/wheel_guard.h"

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
    if (!app || app->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly)) return;
    app->installEventFilter(new WheelGuard(app));
}

bool WheelGuard::guards(const QObject* object) {
    // Scroll bars are sliders that should scroll: only form sliders are guarded.
    return qobject_cast<const QComboBox*>(object) || qobject_cast<const QAbstractSpinBox*>(object) ||
           (qobject_cast<const QAbstractSlider*>(object) && !object->inherits("QScrollBar"));
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Polish && guards(watched)) {
        auto* w = static_cast<QWidget*>(watched);
        if (w->focusPolicy() == Qt::WheelFocus) w->setFocusPolicy(Qt::StrongFocus);
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
