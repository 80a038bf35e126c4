// SpoolNotices (see spool_notices.h).
#include "ui/releases/spool_notices.h"

#include "ui/window/log_view.h"
#include "ui/releases/releases_view.h"
#include "ui/run/run_controller.h"

namespace streamsynth::ui {

SpoolNotices::SpoolNotices(const WindowViews& views, QObject* parent) : QObject(parent), views_(views) {
    connect(views_.runs, &RunController::spoolFailed, this, [this](const QString& id, int step, const QString& message) {
        const QString text = tr("The release of %1 at step %2 could not be kept for preview and export: %3")
                                 .arg(id)
                                 .arg(step)
                                 .arg(message);
        views_.log->append(text);
        // The row of this step is added next (its stepFinished is queued after this signal).
        views_.releases->setMissingReason(text);
        if (!warned_) {
            warned_ = true;
            showWarningLater(views_.window, tr("Release spool"), text);
        }
    });
    connect(views_.runs, &RunController::spoolUnavailable, this, [this](const QString& why) {
        const QString text = tr("Past releases cannot be kept for preview and export: %1").arg(why);
        views_.log->append(text);
        views_.releases->setMissingReason(text);
    });
}

}  // namespace streamsynth::ui
