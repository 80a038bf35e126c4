// RunController: thread lifetime (ARCHITECTURE.md: finished -> deleteLater;
// requestInterruption/quit/wait teardown) and the ETA estimate.
#include "ui/run/run_controller.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>
#include <QThread>

#include "core/api/run.h"
#include "core/values/error.h"
#include "ui/run/run_worker.h"

namespace streamsynth::ui {

RunController::RunController(QObject* parent) : QObject(parent) {
    RunWorker::registerMetaTypes();
}

RunController::~RunController() {
    shutdown();
}

void RunController::makeSpool(const api::Run& run) {
    spool_.reset();
    auto dir =
        std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/streamsynth-releases-XXXXXX"));
    try {
        if (!dir->isValid())
            throw Error(ErrorKind::Io,
                        "cannot create a temporary folder: " + dir->errorString().toStdString(),
                        ErrorContext::forFile(QDir::tempPath().toStdString()));
        spool_ = std::make_shared<api::ReleaseSpool>(dir->path().toStdString(), run.schema());
        spoolDir_ = std::move(dir);  // the previous run's folder is removed here
    } catch (const Error& e) {
        spoolDir_.reset();
        Q_EMIT spoolUnavailable(QString::fromStdString(e.describe()));
    }
}

void RunController::dropSpool() {
    spool_.reset();
    spoolDir_.reset();
}

bool RunController::adoptView(std::unique_ptr<api::Run> view) {
    if (running_ || !view) return false;
    makeSpool(*view);
    if (spool_) {
        for (const api::SeriesConfig& s : view->config().series) {
            const std::vector<api::SeriesStepResult> history = view->history(s.id);
            if (history.empty()) continue;
            try {
                spool_->append(s.id, history.back().step, history.back().period, view->release(s.id));
            } catch (const Error& e) {
                Q_EMIT spoolFailed(QString::fromStdString(s.id), history.back().step,
                                   QString::fromStdString(e.describe()));
            }
        }
    }
    view->setSpool(spool_);
    lastRun_ = std::move(view);
    view_ = true;
    return true;
}

void RunController::forget() {
    if (running_) return;
    lastRun_.reset();
    view_ = false;
    dropSpool();
}

bool RunController::start(std::unique_ptr<api::Run> run, Spool spool) {
    if (running_ || !run) return false;
    lastRun_.reset();
    view_ = false;
    if (spool == Spool::Fresh || (spool == Spool::Continue && !spool_)) makeSpool(*run);
    if (spool == Spool::None) dropSpool();
    run->setSpool(spool_);
    stepCount_ = run->stepCount();
    doneSteps_ = 0;
    thread_ = new QThread(this);
    thread_->setObjectName(QStringLiteral("streamsynth-run"));
    auto* worker = new RunWorker(std::move(run));
    worker->moveToThread(thread_);
    worker_ = worker;
    connect(thread_, &QThread::started, worker, &RunWorker::start);
    // Queued: the worker emits from its own thread; slots run here, on the GUI thread.
    connect(worker, &RunWorker::stepFinished, this, &RunController::stepFinished, Qt::QueuedConnection);
    connect(worker, &RunWorker::spoolFailed, this, &RunController::spoolFailed, Qt::QueuedConnection);
    connect(worker, &RunWorker::autosaved, this, &RunController::autosaved, Qt::QueuedConnection);
    connect(
        worker, &RunWorker::progress, this,
        [this](int step, int count) {
            doneSteps_ = step;
            stepCount_ = count;
            Q_EMIT progress(step, count);
        },
        Qt::QueuedConnection);
    connect(worker, &RunWorker::finished, this, &RunController::onWorkerFinished, Qt::QueuedConnection);
    connect(worker, &RunWorker::failed, this, &RunController::onWorkerFailed, Qt::QueuedConnection);
    running_ = true;
    clock_.start();
    Q_EMIT workerReady(worker);
    thread_->start();
    Q_EMIT started(stepCount_);
    return true;
}

bool RunController::isPaused() const {
    return worker_ && worker_->isPaused();
}

void RunController::setPaused(bool paused) {
    if (worker_) worker_->setPaused(paused);
}

void RunController::cancel() {
    if (worker_) worker_->requestCancel();
}

double RunController::etaSeconds() const {
    if (!running_ || doneSteps_ <= 0 || stepCount_ <= 0) return -1;
    const double perStep = static_cast<double>(clock_.elapsed()) / 1000.0 / doneSteps_;
    return perStep * (stepCount_ - doneSteps_);
}

// Stops the thread and takes the Run back from the worker, which is then deleted.
void RunController::collect() {
    if (!thread_) return;
    thread_->requestInterruption();
    thread_->quit();
    thread_->wait();
    if (worker_) {
        lastRun_ = worker_->takeRun();
        delete worker_.data();  // the thread has ended: safe to delete from here
    }
    delete thread_;
    thread_ = nullptr;
    running_ = false;
}

void RunController::onWorkerFinished(int steps, bool cancelled) {
    collect();
    Q_EMIT finished(steps, cancelled);
}

void RunController::onWorkerFailed(const QString& message) {
    collect();
    Q_EMIT failed(message);
}

void RunController::stop() {
    if (!thread_) return;
    cancel();
    setPaused(false);
    collect();
    // The worker's queued signals (steps, finished) are events posted to this object.
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
}

void RunController::shutdown() {
    if (!thread_) return;
    cancel();
    setPaused(false);
    collect();
}

}  // namespace streamsynth::ui
