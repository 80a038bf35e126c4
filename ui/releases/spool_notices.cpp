// SpoolNotices (see spool_notices.h).
#include "ui/releases/spool_notices.h"

#include "ui/desk/log_view.h"
#include "ui/releases/releases_view.h"
#include "ui/run/run_controller.h"

namespace streamsynth::ui {

SpoolNotices::SpoolNotices(WindowVoice voice, RunController* runs, ReleasesView* releases, QObject* parent)
    : QObject(parent), voice_(voice), runs_(runs), releases_(releases) {
    connect(runs_, &RunController::spoolFailed, this,
            [this](const QString& id, int step, const QString& message) {
                const QString text =
                    tr("The release of %1 at step %2 could not be kept for preview and export: %3")
                        .arg(id)
                        .arg(step)
                        .arg(message);
                voice_.log->append(text);
                // The row of this step is added next (its stepFinished is queued after this signal).
                releases_->setMissingReason(text);
                if (!warned_) {
                    warned_ = true;
                    showWarningLater(voice_.window, tr("Release spool"), text);
                }
            });
    connect(runs_, &RunController::spoolUnavailable, this, [this](const QString& why) {
        const QString text = tr("Past releases cannot be kept for preview and export: %1").arg(why);
        voice_.log->append(text);
        releases_->setMissingReason(text);
    });
}

}  // namespace streamsynth::ui
