// A temporary message in the main window's status bar that never runs under
// the bar's permanent widgets (the "not for publication" notice, the
// autosave indicator): elided to the room left of them, the whole text in
// the log and the bar's tooltip (issue 46, item 7).
#pragma once

#include <QString>

class QWidget;

namespace streamsynth::ui {

// Object name of the permanent status-bar widgets the message keeps clear of.
inline constexpr const char* kStatusPermanent = "statusPermanent";

// Shows `text` for `ms` milliseconds in the status bar of `window` (a QMainWindow; else nothing).
void showStatusMessage(QWidget* window, const QString& text, int ms);

}  // namespace streamsynth::ui
