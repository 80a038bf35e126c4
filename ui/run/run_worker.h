// The worker that runs a prepared api::Run on its own QThread (ARCHITECTURE.md
// "Workers and progress"). It owns the Run while running; results leave it
// only as queued signals carrying plain values; exceptions are caught here
// and become failed(QString). Cancel and pause are flags set from the GUI
// thread (not slots: the worker's event loop is busy inside run()). The Run
// keeps each step's release in its spool (if it has one) before the step's
// result is signalled; a failed spool write becomes spoolFailed, never a
// failed run.
#pragma once

#include <QMutex>
#include <QObject>
#include <QWaitCondition>
#include <atomic>
#include <memory>

#include "ui/run/run_types.h"

namespace streamsynth::api {
class Run;
}

namespace streamsynth::ui {

class RunWorker : public QObject {
    Q_OBJECT
public:
    explicit RunWorker(std::unique_ptr<api::Run> run);
    ~RunWorker() override;

    // Thread-safe; also wakes a paused worker so it can stop.
    void requestCancel();
    // Thread-safe: the worker blocks after its current step until resumed.
    void setPaused(bool paused);
    bool isPaused() const { return paused_.load(); }
    // Gives the Run back (releases, ledger, history) once the thread finished.
    std::unique_ptr<api::Run> takeRun();
    // Registers the types carried by the queued signals (call once, any thread).
    static void registerMetaTypes();

public Q_SLOTS:
    // Runs to the end or until cancelled; invoked in the worker thread.
    void start();

Q_SIGNALS:
    void stepFinished(const streamsynth::stream::SeriesStepResult& result);
    // The release of (seriesId, step) could not be spooled (message: Error::describe()).
    void spoolFailed(const QString& seriesId, int step, const QString& message);
    // After each automatic session save (error empty on success).
    void autosaved(int step, const QString& error);
    void progress(int step, int stepCount);
    void finished(int stepsCompleted, bool cancelled);
    void failed(const QString& message);

private:
    void waitWhilePaused();

    std::unique_ptr<api::Run> run_;
    std::atomic<bool> cancel_{false};
    std::atomic<bool> paused_{false};
    QMutex pauseMutex_;
    QWaitCondition resumed_;
};

}  // namespace streamsynth::ui
