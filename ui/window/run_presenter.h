// A run as the window shows it: starting one (a new run from the experiment
// panel, or a prepared one: a continued session) resets the views, asks
// release mode's guard, sets up autosave and the support notice, then hands
// the run to the RunController's worker; each step's result goes to the
// charts, releases, ledger, selections and status bar; the end (finished,
// cancelled or failed) is reported, the session adopted and release mode's
// releases recorded. It shows a run in every view, so it takes the window's
// views as the document and session controllers do.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

#include "core/values/run_config.h"
#include "ui/desk/window_views.h"
#include "ui/run/coarsening_step.h"
#include "ui/run/run_types.h"

class QAction;

namespace streamsynth::api {
class Run;
}

namespace streamsynth::ui {

class ReleaseGuard;
struct ReleaseAnswers;
class SessionController;
class SpoolNotices;

// What a run asks of the window besides its views: release mode's guard, the
// spool's notices, the session autosave writes to, and the Pause and
// Autosave actions (Pause is released when a run starts or ends).
struct RunParts {
    ReleaseGuard* guard = nullptr;
    SpoolNotices* spoolNotices = nullptr;
    SessionController* sessions = nullptr;
    QAction* pause = nullptr;
    QAction* autosave = nullptr;
};

class RunPresenter : public QObject {
    Q_OBJECT
public:
    RunPresenter(const WindowViews& views, const RunParts& parts, QObject* parent = nullptr);

    // A new run with the experiment panel's settings (unsaved work asked
    // about first); false if it could not start.
    bool startNew();
    // Large attributes…: the coarsening proposal for the experiment panel's
    // settings in a dialog; what the steward accepts is applied by the next
    // startNew (before the run is prepared, as the CLI's --coarsen).
    // The Large attributes dialog over `parent` (the window when null); the
    // accepted choice's summary, empty when nothing was accepted.
    QString chooseCoarsening(QWidget* parent = nullptr);
    QStringList unsupportedLargeAttributes() const;
    // A prepared run (new or continued): keepHistory keeps the charts,
    // releases, ledger and selections of the run it continues.
    // confirmed: the release confirmation already answered (startNew), else asked here.
    bool start(std::unique_ptr<api::Run> run, const stream::RunConfig& config, bool keepHistory,
               const ReleaseAnswers* confirmed = nullptr);
    void cancel();
    void setPaused(bool paused);
    // One step's result in every view (also a reopened session's steps).
    void showStep(const stream::SeriesStepResult& result);

Q_SIGNALS:
    // After a run finished, was cancelled (steps, true) or failed (-1, false).
    void runEnded(int stepsCompleted, bool cancelled);
    // A run started or ended: the actions to update.
    void changed();

private:
    // The accepted coarsening applied to the workbench and `config` (false: reported, no run).
    bool applyAcceptedCoarsening(stream::RunConfig& config);
    bool coarseningPending() const;  // accepted for the open document, not yet applied
    bool setUpAutosave(api::Run& run, const stream::RunConfig& config);
    void finished(int steps, bool cancelled);
    void failed(const QString& message);

    WindowViews views_;
    RunParts parts_;
    AcceptedCoarsening coarsening_;  // accepted, not yet applied
    double typedRowsPerStep_ = 0;    // the public rows per step last given for a release's proposal
    int firstStep_ = 1;              // the first step of the current (or last) run
};

}  // namespace streamsynth::ui
