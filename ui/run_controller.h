// Owns the worker thread of one run at a time: starts a RunWorker on a
// QThread, forwards its signals, measures progress for the ETA, and tears
// the thread down (cancel, requestInterruption, quit, wait) on stop or
// destruction. Lives on the GUI thread.
#pragma once

#include <memory>

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include "ui/run_types.h"

class QThread;

namespace streamsynth::api { class Run; }
namespace streamsynth::io { class ReleaseSpool; }

namespace streamsynth::ui {

class RunWorker;

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    // Starts run on a new thread; false if a run is already active. With a
    // spool, every step's release is appended to it on the worker thread.
    bool start(std::unique_ptr<api::Run> run, std::shared_ptr<io::ReleaseSpool> spool = nullptr);
    bool isRunning() const { return running_; }
    bool isPaused() const;
    void setPaused(bool paused);
    // Asks the worker to stop; finished releases are kept (finished() follows).
    void cancel();
    // Cancels and waits for the thread (window close).
    void shutdown();
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
    void progress(int step, int stepCount);
    void finished(int stepsCompleted, bool cancelled);
    void failed(const QString& message);

private:
    void onWorkerFinished(int steps, bool cancelled);
    void onWorkerFailed(const QString& message);
    void collect();

    QThread* thread_ = nullptr;
    QPointer<RunWorker> worker_;
    std::unique_ptr<api::Run> lastRun_;
    bool running_ = false;
    QElapsedTimer clock_;
    int doneSteps_ = 0;
    int stepCount_ = 0;
};

}  // namespace streamsynth::ui
