// Questions and notices the window asks and shows, with object names so
// that tests (and screen readers' users) can find them: a modal question
// whose buttons are named "answer0", "answer1", … in the order given, and a
// notice that does not block (runs and tests keep going while it is shown).
#pragma once

#include <QMessageBox>
#include <QString>
#include <QStringList>

namespace streamsynth::ui {

// Asks and waits; returns the index of the chosen button in `answers`, or
// `escape` when the box is closed without one (Esc, window close).
int askQuestion(QWidget* parent, const QString& objectName, QMessageBox::Icon icon, const QString& title,
                const QString& text, const QStringList& answers, int defaultAnswer, int escape);

// A window-modal information box shown without blocking (deleted on close).
QMessageBox* showNoticeLater(QWidget* parent, const QString& objectName, const QString& title,
                             const QString& text);

}  // namespace streamsynth::ui
