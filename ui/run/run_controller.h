// Owns the worker thread of one run at a time: starts a RunWorker on a
// QThread, forwards its signals, measures progress for the ETA, and tears
// the thread down (cancel, requestInterruption, quit, wait) on stop or
// destruction. Also owns the release spool of the current run (every step's
// release on disk in a temporary folder, removed with the next run or the
// window). Lives on the GUI thread.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <memory>

#include "ui/run/run_types.h"

class QTemporaryDir;
class QThread;

namespace streamsynth::api {
class Run;
class ReleaseSpool;
}  // namespace streamsynth::api

namespace streamsynth::ui {

class RunWorker;

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    // What happens to the release spool when a run starts.
    enum class Spool { Fresh, Continue, None };
    // Starts run on a new thread; false if a run is already active. Fresh: a
    // new spool in a new temporary folder (the previous one is removed);
    // Continue: the current spool goes on (a continued run, same schema);
    // None: no spool. Every step's release is kept in it on the worker thread.
    bool start(std::unique_ptr<api::Run> run, Spool spool = Spool::Fresh);
    // The current run's spool (null when none could be made or after dropSpool).
    std::shared_ptr<const api::ReleaseSpool> spool() const { return spool_; }
    // Forgets the spool and removes its folder (a session was opened).
    void dropSpool();
    // A reopened session's read-only run (api::SessionView) becomes the last
    // run: a fresh spool holds each series' last release, so it can be
    // previewed and exported; nothing is ever run with it. False while a run is active.
    bool adoptView(std::unique_ptr<api::Run> view);
    // True when the last run is a reopened session's view (not a run made here).
    bool lastRunIsView() const { return view_; }
    // Forgets the last run and its spool (another document is opened).
    void forget();
    bool isRunning() const { return running_; }
    bool isPaused() const;
    void setPaused(bool paused);
    // Asks the worker to stop; finished releases are kept (finished() follows).
    void cancel();
    // Cancels and waits for the thread (window close).
    void shutdown();
    // Cancels, waits for the thread and delivers what the worker reported
    // before it ended (its steps, then finished(steps, true)) right now, so
    // nothing of this run arrives after the caller moves on (opening another
    // document). No-op when idle.
    void stop();
    // The last run, once finished (releases and history stay queryable).
    api::Run* lastRun() const { return lastRun_.get(); }
    // Estimated seconds remaining from the mean time per finished step; < 0 unknown.
    double etaSeconds() const;
    // The thread the worker runs on (tests check affinity); nullptr when idle.
    QThread* workerThread() const { return thread_; }

Q_SIGNALS:
    // Emitted in start() before the worker thread starts: a Qt::DirectConnection
    // made here to the worker's signals runs on the worker thread for every step
    // (the tests use it to break the spool at an exact point of the run).
    void workerReady(streamsynth::ui::RunWorker* worker);
    void started(int stepCount);
    void stepFinished(const streamsynth::stream::SeriesStepResult& result);
    void spoolFailed(const QString& seriesId, int step, const QString& message);
    // No spool could be made for the run that starts (message: why).
    void spoolUnavailable(const QString& message);
    void autosaved(int step, const QString& error);
    void progress(int step, int stepCount);
    void finished(int stepsCompleted, bool cancelled);
    void failed(const QString& message);

private:
    void onWorkerFinished(int steps, bool cancelled);
    void onWorkerFailed(const QString& message);
    void collect();

    QThread* thread_ = nullptr;
    QPointer<RunWorker> worker_;
    void makeSpool(const api::Run& run);

    std::unique_ptr<api::Run> lastRun_;
    std::unique_ptr<QTemporaryDir> spoolDir_;
    std::shared_ptr<api::ReleaseSpool> spool_;
    bool running_ = false;
    bool view_ = false;
    QElapsedTimer clock_;
    int doneSteps_ = 0;
    int stepCount_ = 0;
};

}  // namespace streamsynth::ui
