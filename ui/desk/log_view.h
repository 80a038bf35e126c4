// The log tab: time-stamped messages of the session (opened files, runs,
// errors), read-only.
#pragma once

#include <QPlainTextEdit>

namespace streamsynth::ui {

class LogView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit LogView(QWidget* parent = nullptr);
    void append(const QString& message);
};

}  // namespace streamsynth::ui
