// LogView: appends "hh:mm:ss  message" lines, capped to keep memory bounded.
#include "ui/desk/log_view.h"

#include <QTime>

namespace streamsynth::ui {

LogView::LogView(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setMaximumBlockCount(5000);
}

void LogView::append(const QString& message) {
    appendPlainText(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")) + QStringLiteral("  ") +
                    message);
}

}  // namespace streamsynth::ui
