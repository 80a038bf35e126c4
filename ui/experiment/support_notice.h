// The pre-run support check in the window: when a run
// starts, the attributes the data cannot support at its ε and period
// (api::Run::supportWarnings, per series) are logged line by line and
// summarised in a closable banner above the charts. Computed from the
// private data (rows per step): shown to the data steward only, never saved.
#pragma once

#include <QFrame>
#include <QStringList>

class QLabel;

namespace streamsynth::ui {

class LogView;

class SupportNotice : public QFrame {
    Q_OBJECT
public:
    explicit SupportNotice(QWidget* parent = nullptr);
    // A run starts with these warnings: empty hides the banner; otherwise each
    // is logged to `log` and the banner shows their count, lists them in its
    // tooltip and stays until closed or the next run.
    void showWarnings(const QStringList& warnings, LogView* log);
    QString text() const;

private:
    QLabel* label_ = nullptr;
};

}  // namespace streamsynth::ui
