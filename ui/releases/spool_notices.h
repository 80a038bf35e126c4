// What the window says when a run's releases cannot be kept for preview and
// export (the release spool failed): the run goes on; each failure is logged
// and the affected rows say why; one warning box per run.
#pragma once

#include <QObject>

#include "ui/desk/window_views.h"

namespace streamsynth::ui {

class SpoolNotices : public QObject {
    Q_OBJECT
public:
    // Listens to runs' spoolFailed and spoolUnavailable; says so in the log,
    // the Releases tab and (once per run) a warning box.
    SpoolNotices(WindowVoice voice, RunController* runs, ReleasesView* releases, QObject* parent = nullptr);
    // A new run: its first failure shows a warning box again.
    void runStarted() { warned_ = false; }

private:
    WindowVoice voice_;
    RunController* runs_;
    ReleasesView* releases_;
    bool warned_ = false;
};

}  // namespace streamsynth::ui
