// RunWorker: the engine callbacks become signals; pause blocks the engine's
// thread on a wait condition between steps; errors are caught at the border.
#include "ui/run/run_worker.h"

#include <exception>

#include "core/api/run.h"
#include "core/values/error.h"

namespace streamsynth::ui {

RunWorker::RunWorker(std::unique_ptr<api::Run> run) : run_(std::move(run)) {}

RunWorker::~RunWorker() = default;

void RunWorker::registerMetaTypes() {
    qRegisterMetaType<streamsynth::stream::SeriesStepResult>();
}

void RunWorker::requestCancel() {
    cancel_.store(true);
    QMutexLocker lock(&pauseMutex_);
    resumed_.wakeAll();
}

void RunWorker::setPaused(bool paused) {
    paused_.store(paused);
    if (!paused) {
        QMutexLocker lock(&pauseMutex_);
        resumed_.wakeAll();
    }
}

std::unique_ptr<api::Run> RunWorker::takeRun() {
    return std::move(run_);
}

void RunWorker::waitWhilePaused() {
    QMutexLocker lock(&pauseMutex_);
    while (paused_.load() && !cancel_.load()) resumed_.wait(&pauseMutex_, 200);
}

void RunWorker::start() {
    if (!run_) {
        Q_EMIT failed(tr("Nothing to run."));
        return;
    }
    api::RunCallbacks callbacks;
    // The Run has kept the step's release in its spool before this is called,
    // so the GUI finds it when the row appears.
    callbacks.onStep = [this](const stream::SeriesStepResult& result) {
        Q_EMIT stepFinished(result);  // queued to the GUI: a copy crosses the thread
        waitWhilePaused();
    };
    callbacks.onKeepFailed = [this](const std::string& seriesId, int step, const std::string& error) {
        Q_EMIT spoolFailed(QString::fromStdString(seriesId), step, QString::fromStdString(error));
    };
    callbacks.onAutosaved = [this](int step, const std::string& error) {
        Q_EMIT autosaved(step, QString::fromStdString(error));
    };
    callbacks.onProgress = [this](int step, int stepCount) {
        Q_EMIT progress(step, stepCount);
        waitWhilePaused();
    };
    try {
        const int steps = run_->run(callbacks, &cancel_);
        Q_EMIT finished(steps, cancel_.load());
    } catch (const Error& e) {
        Q_EMIT failed(QString::fromStdString(e.describe()));
    } catch (const std::exception& e) {
        Q_EMIT failed(tr("Internal error: %1").arg(QString::fromLocal8Bit(e.what())));
    } catch (...) {
        Q_EMIT failed(tr("Internal error of unknown kind."));
    }
}

}  // namespace streamsynth::ui
