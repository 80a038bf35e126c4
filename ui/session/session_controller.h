// Sessions in the window (docs/usage.md "Continuing a stream"): save the last run
// as a session, open one (re-plotting its released steps), continue it with
// a grown table or, for a session made from a database, from its server
// (the digest check's result shown in words), and the session file that
// autosave writes to.
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <memory>

#include "core/values/run_config.h"
#include "core/values/time_end.h"
#include "ui/desk/window_views.h"
#include "ui/run/run_types.h"

namespace streamsynth::api {
class Run;
struct ContinueCheck;
}  // namespace streamsynth::api

namespace streamsynth::ui {

// Session setting: the charts' scales (ChartsView::scalesText), restored on open.
inline constexpr const char* kChartsSetting = "gui-chart-scales";

class SessionController : public QObject {
    Q_OBJECT
public:
    // Starts a prepared (continued) run in the window: (run, its config, keep the charts' history).
    using StartRun = std::function<bool(std::unique_ptr<api::Run>, const stream::RunConfig&, bool)>;
    // Shows one released step of an opened session in every view.
    using ShowStep = std::function<void(const stream::SeriesStepResult&)>;

    SessionController(const WindowViews& views, StartRun startRun, ShowStep showStep,
                      QObject* parent = nullptr);

    bool save(const QString& path);
    bool open(const QString& path);
    // `end`: a new public end for a time stream (empty: the session's; see continue_end_dialog.h).
    bool continueWith(const QString& grownTablePath, const api::TimeEnd& end = {});
    // A session made from a database: its released steps checked on the
    // server it recorded (a password asked for when the password file has
    // none), then the new periods or batches run.
    bool continueFromDatabase(const api::TimeEnd& end = {});
    // The session file (saved, opened or chosen for autosave); empty when none.
    QString path() const { return path_; }
    void setPath(const QString& path) { path_ = path; }
    // The autosave target for a new run: the session file, or one the user
    // chooses now (empty when none was chosen).
    QString autosaveTarget();
    // The digest check's result of the last continueWith, as shown.
    QString lastContinueMessage() const { return lastContinueMessage_; }

Q_SIGNALS:
    // A session was opened: its config, released steps and (time mode) the grown table to come.
    void opened(const stream::RunConfig& config, int releasedSteps);
    // The document changed (actions to update).
    void changed();
    // The session was saved to path() (Open recent lists it).
    void saved();

private:
    void refuse(const QString& message);
    // After a continuation check: the refusal shown, or the run started.
    bool startContinued(const api::ContinueCheck& check);

    WindowViews views_;
    StartRun startRun_;
    ShowStep showStep_;
    QString path_;
    QString lastContinueMessage_;
};

}  // namespace streamsynth::ui
