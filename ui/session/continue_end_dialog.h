// Continue with new rows, for a time stream: the grown table's public end
// (the CLI's `continue --end` in the GUI). A session keeps the end it was released
// under; new periods after it are left out, so continuing usually needs a
// later public end: typed, or the grown data's last period confirmed as
// public. Left as it is, the session's end is kept (api::TimeEnd empty).
#pragma once

#include <QDialog>

#include "core/values/stream_settings.h"
#include "core/values/time_end.h"

class QCheckBox;
class QLineEdit;

namespace streamsynth::ui {

class ContinueEndDialog : public QDialog {
    Q_OBJECT
public:
    ContinueEndDialog(const data::TimeSettings& current, QWidget* parent = nullptr);

    // The end to continue with: the typed date, the data's last period
    // confirmed, or empty (keep the session's end).
    api::TimeEnd timeEnd() const;
    QLineEdit* endEdit() const { return end_; }
    QCheckBox* dataEndCheck() const { return dataEnd_; }

private:
    void updateState();

    QString current_;
    QLineEdit* end_ = nullptr;
    QCheckBox* dataEnd_ = nullptr;
};

// For a time stream, asks for the end (true with *end set; false: cancelled);
// batch streams have no end to give (true, *end empty).
bool askContinueEnd(QWidget* parent, const data::StreamSettings& settings, api::TimeEnd* end);

}  // namespace streamsynth::ui
