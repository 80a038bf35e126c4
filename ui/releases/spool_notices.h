// What the window says when a run's releases cannot be kept for preview and
// export (the release spool failed): the run goes on; each failure is logged
// and the affected rows say why; one warning box per run.
#pragma once

#include <QObject>

#include "ui/window/window_views.h"

namespace streamsynth::ui {

class SpoolNotices : public QObject {
    Q_OBJECT
public:
    // Listens to views.runs' spoolFailed and spoolUnavailable.
    SpoolNotices(const WindowViews& views, QObject* parent = nullptr);
    // A new run: its first failure shows a warning box again.
    void runStarted() { warned_ = false; }

private:
    WindowViews views_;
    bool warned_ = false;
};

}  // namespace streamsynth::ui
