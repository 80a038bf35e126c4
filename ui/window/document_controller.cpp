// DocumentController: the document's state, the questions before it is
// replaced, and clearing the views (see document_controller.h).
#include "ui/window/document_controller.h"

#include <QDir>
#include <QFileInfo>

#include "core/api/run.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/selection_view.h"
#include "ui/desk/log_view.h"
#include "ui/desk/questions.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/support_notice.h"
#include "ui/import/data_panel.h"
#include "ui/releases/ledger_view.h"
#include "ui/releases/releases_view.h"
#include "ui/releases/true_vs_synthetic_view.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_status.h"

namespace streamsynth::ui {

DocumentController::DocumentController(const WindowViews& views, QObject* parent)
    : Document(parent), views_(views) {
    updateTitle();
}

DocumentController::State DocumentController::state() const {
    if (views_.runs->isRunning()) return State::Running;
    if (kind_ == Kind::Session)
        return views_.runs->lastRun() && !views_.runs->lastRunIsView() ? State::Results : State::Session;
    if (kind_ == Kind::None) return State::Empty;
    if (views_.runs->lastRun()) return State::Results;
    return ready_ ? State::Stream : State::Table;
}

QString DocumentController::displayName() const {
    switch (kind_) {
        case Kind::None:
            return {};
        case Kind::Bundled:
            return QFileInfo(path_).fileName().startsWith(QStringLiteral("admissions"))
                       ? tr("bundled admissions stream")
                       : tr("bundled Adult stream");
        case Kind::Session:
            return tr("session %1").arg(QFileInfo(path_).fileName());
        case Kind::Table:
            return QFileInfo(path_).fileName();
    }
    return {};
}

void DocumentController::updateTitle() {
    const QString name = displayName();
    views_.window->setWindowTitle(name.isEmpty() ? tr("StreamSynth") : tr("StreamSynth — %1").arg(name));
}

bool DocumentController::askToStopRun(const QString& action) {
    if (!views_.runs->isRunning()) return true;
    const int answer = askQuestion(
        views_.window, QStringLiteral("runningQuestion"), QMessageBox::Question, tr("A run is in progress"),
        tr("A run is in progress. Stop it to %1? The step in progress is abandoned; finished steps and their "
           "releases are kept.")
            .arg(action.toHtmlEscaped()),
        {tr("Stop the run"), tr("Keep running")}, 1, 1);
    if (answer != 0) {
        views_.log->append(tr("Kept the run going instead of: %1").arg(action));
        return false;
    }
    views_.runs->stop();  // delivers the run's last steps and its end before anything else happens
    return true;
}

bool DocumentController::askAboutReleases(const QString& action) {
    if (releaseFolder_.isEmpty()) return true;
    const QString folder = QDir::toNativeSeparators(releaseFolder_);
    for (; exportedTo_.isEmpty();) {
        const int answer = askQuestion(
            views_.window, QStringLiteral("releaseQuestion"), QMessageBox::Warning,
            tr("Releases of the release-mode run"),
            tr("<p>The release-mode run released %n step(s): their privacy budget is spent and "
               "they cannot be "
               "released again.</p><p>Its releases and its session (saved before each step's files) are "
               "kept in<br><b>%1"
               "</b><br>StreamSynth never deletes them. Export a copy now, or keep them in that "
               "folder, before you %2?</p>",
               nullptr, releasedSteps_)
                .arg(folder.toHtmlEscaped(), action.toHtmlEscaped()),
            {tr("Export a copy…"), tr("Keep them in that folder"), tr("Cancel")}, 0, 2);
        if (answer == 2) return false;
        if (answer == 1) break;
        if (exportResults_ && exportResults_()) break;
        // The export was cancelled or failed: ask again rather than go on silently.
    }
    views_.log->append(tr("Release-mode releases kept in %1 (session %2)").arg(folder, releaseSession_));
    if (!exportedTo_.isEmpty())
        views_.log->append(
            tr("A copy of them was exported to %1").arg(QDir::toNativeSeparators(exportedTo_)));
    exportedTo_.clear();
    releaseFolder_.clear();
    releaseSession_.clear();
    return true;
}

void DocumentController::stepDelivered(int step) {
    unsaved_.insert(step);
}

void DocumentController::workSaved() {
    unsaved_.clear();
}

void DocumentController::unsavedDiscarded() {
    unsaved_.clear();
}

bool DocumentController::askToSave(const QString& action) {
    while (!unsaved_.empty()) {
        const int answer = askQuestion(
            views_.window, QStringLiteral("saveQuestion"), QMessageBox::Warning, tr("Save your work?"),
            tr("<p>%n step(s) of the last run are not saved in a session. Without a session they cannot be "
               "continued with new rows, and their results are lost.</p><p>Save a session before you %1?</p>",
               nullptr, static_cast<int>(unsaved_.size()))
                .arg(action.toHtmlEscaped()),
            {tr("Save session…"), tr("Don't save"), tr("Cancel")}, 0, 2);
        if (answer == 2) return false;
        if (answer == 1) {
            views_.log->append(tr("Not saved: %n step(s) of the last run, before you %1", nullptr,
                                  static_cast<int>(unsaved_.size()))
                                   .arg(action));
            break;
        }
        // Saved: workSaved() has cleared the steps. Cancelled or failed: ask again.
        if (saveSession_ && saveSession_()) break;
    }
    // "Don't save" keeps the steps unsaved until they actually go (clearResults, a new run, another
    // session): an action cancelled after the answer (the import dialog's Cancel) must ask again.
    return true;
}

bool DocumentController::replace(const QString& action) {
    return askToStopRun(action) && askToSave(action) && askAboutReleases(action);
}

void DocumentController::clearResults() {
    if (views_.trueVsSynthetic)
        views_.trueVsSynthetic->setRun(nullptr);  // it points into the run about to go
    views_.runs->forget();
    if (views_.supportNotice) views_.supportNotice->hide();  // it spoke of the data going away
    views_.charts->clear();
    views_.charts->setStepCount(1);
    views_.releases->clear();
    views_.releases->setSpool(nullptr, std::nullopt);
    views_.releases->setMissingReason(QString());
    views_.releases->setExportEnabled(false);
    views_.ledger->reset(stream::RunConfig{});
    views_.selection->reset({});
    views_.experiment->setCoarseningNote(QString());  // a choice made for the stream that goes
    views_.status->reset();
    unsaved_.clear();
    Q_EMIT resultsCleared();
    Q_EMIT changed();
}

void DocumentController::clear() {
    clearResults();
    views_.data->clear();
    views_.experiment->leaveSession();  // the user's settings again, after a session's
    kind_ = Kind::None;
    path_.clear();
    lastReleaseSession_.clear();
    ready_ = false;
    updateTitle();
    Q_EMIT documentCleared();
    Q_EMIT changed();
}

void DocumentController::setTable(const QString& path, Kind kind, bool streamReady) {
    views_.experiment->leaveSession();
    kind_ = kind;
    path_ = path;
    ready_ = streamReady;
    updateTitle();
    Q_EMIT changed();
}

void DocumentController::setStreamReady(bool ready) {
    ready_ = ready;
    Q_EMIT changed();
}

void DocumentController::setSession(const QString& path) {
    kind_ = Kind::Session;
    path_ = path;
    ready_ = false;  // a session continues with its grown table, never runs anew
    updateTitle();
    Q_EMIT changed();
}

void DocumentController::setReleaseRun(const QString& folder, const QString& sessionFile, int releasedSteps) {
    releaseFolder_ = folder;
    exportedTo_.clear();
    releaseSession_ = sessionFile;
    lastReleaseSession_ = sessionFile;
    releasedSteps_ = releasedSteps;
}

}  // namespace streamsynth::ui
