// The mouse wheel never changes a setting by accident: a
// combo box or spin box (or a slider) takes wheel events only while it has
// the keyboard focus; otherwise the event goes on to its parent, so scrolling
// a form (the experiment panel, the import dialog) scrolls the form. Such
// widgets get Qt::StrongFocus (click or Tab, never the wheel) as they are
// polished, so widgets made later (rebuilt panels, dialogs) are covered too.
// One application-wide event filter, installed from outside the widgets.
#pragma once

#include <QObject>

class QWidget;

namespace streamsynth::ui {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    // Installs the guard on the application once, and takes Qt::WheelFocus
    // from the guarded widgets that exist already (later calls only do that).
    static void install();
    // Gives a guarded widget (and its focus proxy) Qt::StrongFocus instead of Qt::WheelFocus.
    static void strongFocus(QWidget* widget);
    // True when `widget` is a widget the guard protects (combo, spin box, slider).
    static bool guards(const QObject* widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit WheelGuard(QObject* parent) : QObject(parent) {}
};

}  // namespace streamsynth::ui
