// SessionController: sessions through api::Workbench (see session_controller.h).
#include "ui/session/session_controller.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMainWindow>
#include <QSpinBox>
#include <QStatusBar>

#include "core/api/session_view.h"
#include "core/api/session_workflow.h"
#include "core/api/workbench.h"
#include "core/values/series_spec.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/counter_compare_view.h"
#include "ui/charts/selection_view.h"
#include "ui/desk/document.h"
#include "ui/desk/log_view.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/import/data_panel.h"
#include "ui/import/password_prompt.h"
#include "ui/import/stream_text.h"
#include "ui/releases/ledger_view.h"
#include "ui/releases/releases_view.h"
#include "ui/releases/true_vs_synthetic_view.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_status.h"
#include "ui/widgets/status_message.h"

namespace streamsynth::ui {

SessionController::SessionController(const WindowViews& views, StartRun startRun, ShowStep showStep,
                                     QObject* parent)
    : QObject(parent), views_(views), startRun_(std::move(startRun)), showStep_(std::move(showStep)) {}

bool SessionController::save(const QString& path) {
    api::Run* run = views_.runs->lastRun();
    if (!run || views_.runs->isRunning()) return false;
    try {
        run->setSetting(kChartsSetting, views_.charts->scalesText().toStdString());
        views_.workbench->saveSession(*run, path.toStdString());
    } catch (const std::exception& e) {
        reportError(views_, tr("Save session"), describeError(e));
        return false;
    }
    path_ = path;
    rememberFolder(path);
    // Said in the status bar too (a GUI walkthrough of 2026-12-01 saw no sign of the save), and
    // "released" only for a release-mode run's steps.
    const QString text =
        run->config().secureRandom
            ? tr("Session saved to %1 (steps 1..%2 released)").arg(path).arg(run->nextStep() - 1)
            : tr("Session saved to %1 (steps 1..%2 of an evaluation run)").arg(path).arg(run->nextStep() - 1);
    views_.log->append(text);
    showStatusMessage(views_.window, text, 8000);
    Q_EMIT saved();
    Q_EMIT changed();
    return true;
}

bool SessionController::open(const QString& path) {
    if (views_.runs->isRunning()) return false;
    api::SessionView view;
    api::SessionInfo info;
    try {
        view = api::openSessionView(path.toStdString());  // read first: a failure changes nothing
        info = views_.workbench->openSession(path.toStdString());
    } catch (const std::exception& e) {
        reportError(views_, tr("Open session"), describeError(e));
        return false;
    }
    views_.document->clear();  // first: clearing the last document forgets its session file
    path_ = QFileInfo(path).absoluteFilePath();
    rememberFolder(path);
    views_.document->setSession(path_);
    const data::Schema schema = view.run->schema();
    const QString charts = QString::fromStdString(view.run->sessionSetting(kChartsSetting));
    views_.runs->adoptView(std::move(view.run));
    // Re-plot the released steps from the session's history; each series' last
    // release is kept (the proposed streamer continues from it), past ones are not.
    views_.charts->setStepCount(info.releasedSteps);
    if (!charts.isEmpty()) views_.charts->restoreScales(charts);
    views_.releases->setSpool(views_.runs->spool(), schema);
    views_.releases->setMissingText(tr("not kept"));
    // A release-mode session: its comparison series are not exportable, and its published steps' files
    // are in its release folder (issue found by a GUI review on 2026-12-01: all said "not kept").
    views_.releases->setPublicationOf(*views_.runs->lastRun());
    views_.releases->setMissingReason(
        tr("Not kept: a session keeps only the last release of each series (the one the "
           "next step continues from), not the releases of earlier steps."));
    views_.ledger->reset(info.config);
    if (info.config.secureRandom) views_.ledger->setPublished(views_.runs->lastRun()->publishable());
    views_.selection->reset(info.workloadLabels);
    // The comparison reads the private table, which a session does not keep.
    if (views_.trueVsSynthetic)
        views_.trueVsSynthetic->setAbsentReason(tr("not in a saved session (it keeps no private table)"));
    for (const stream::SeriesStepResult& r : info.history) showStep_(r);
    views_.charts->flush();
    views_.ledger->showReport(views_.runs->lastRun()->ledger());  // the selection/measurement split
    views_.releases->setExportEnabled(views_.runs->spool() != nullptr);
    views_.document->workSaved();                 // the history re-plotted above is the session's, saved
    views_.experiment->showSession(info.config);  // read only: a continuation always uses them
    views_.counters->showRun(info.config, info.releasedSteps);  // a horizon counter's own T wins
    QString text =
        (info.config.secureRandom
             ? tr("Session with %1 released steps (%2); the last release of each series can be previewed and "
                  "exported. Use Continue with new rows… to add steps.")
             : tr("Session of an evaluation run with %1 steps (%2); the last release of each series can be "
                  "previewed and exported. Use Continue with new rows… to add steps."))
            .arg(info.releasedSteps)
            .arg(streamText(info.streamDescription));
    if (info.interruptedStep > 0)
        text += QLatin1Char(' ') +
                tr("Step %1 was cancelled after part of its budget was spent: this session cannot "
                   "be continued.")
                    .arg(info.interruptedStep);
    views_.data->showSummary(view.summary);
    views_.data->showNote(text);
    views_.log->append(tr("Opened session %1: %2").arg(path, text));
    Q_EMIT opened(info.config, info.releasedSteps);
    Q_EMIT changed();
    return true;
}

void SessionController::refuse(const QString& message) {
    lastContinueMessage_ = message;
    views_.log->append(tr("Continue with new rows") + QStringLiteral(": ") + message);
    showWarningLater(views_.window, tr("Continue with new rows"), message);
}

bool SessionController::continueWith(const QString& grownTablePath, const api::TimeEnd& end) {
    if (views_.runs->isRunning() || !views_.workbench->hasSession()) return false;
    api::ContinueCheck check;
    try {
        check = views_.workbench->continueSession(grownTablePath.toStdString(), 0, end);
    } catch (const std::exception& e) {
        refuse(describeError(e));
        return false;
    }
    if (check.accepted) rememberFolder(grownTablePath);
    return startContinued(check);
}

bool SessionController::continueFromDatabase(const api::TimeEnd& end) {
    if (views_.runs->isRunning() || !views_.workbench->sessionIsDatabase()) return false;
    api::ContinueCheck check;
    try {
        views_.log->append(tr("Checking the released steps on %1…")
                               .arg(QString::fromStdString(views_.workbench->sessionSourceText())));
        check = views_.workbench->continueDatabaseSession(passwordPrompt(views_.window), end);
    } catch (const std::exception& e) {
        refuse(describeError(e));
        return false;
    }
    return startContinued(check);
}

bool SessionController::startContinued(const api::ContinueCheck& check) {
    for (const data::Problem& p : check.problems) views_.log->append(QString::fromStdString(p.message));
    if (!check.accepted) {
        if (check.upToDate)
            refuse(
                tr("Nothing new to release: the table has no rows for a step after the stream's %1 released "
                   "steps (which still hold the same rows). Add the next period's rows to the table, or give "
                   "a later end, then continue.")
                    .arg(check.releasedSteps));
        else
            refuse(tr("Continuing refused: %1. (Checked first: %2 of %3 released steps hold the same rows.)")
                       .arg(QString::fromStdString(check.refusal))
                       .arg(check.stepsVerified)
                       .arg(check.releasedSteps));
        Q_EMIT changed();
        return false;
    }
    lastContinueMessage_ = tr("Digest check passed: %1 released steps verified, %2 new steps (%3..%4).")
                               .arg(check.stepsVerified)
                               .arg(check.newSteps)
                               .arg(check.releasedSteps + 1)
                               .arg(check.stepCount);
    views_.log->append(lastContinueMessage_);
    showStatusMessage(views_.window, lastContinueMessage_, 10000);
    try {
        // The Data panel shows the grown stream (the grown file, or the
        // server's plan of a database session) instead of the session's.
        views_.data->showSummary(views_.workbench->summary());
        views_.data->showNote(lastContinueMessage_);
    } catch (const std::exception& e) {
        views_.log->append(describeError(e));  // the figures only; the run goes on
    }
    std::unique_ptr<api::Run> run = views_.workbench->continueRun();
    if (!run) return false;
    const stream::RunConfig config = run->config();
    return startRun_(std::move(run), config, true);
}

QString SessionController::autosaveTarget() {
    if (path_.isEmpty()) {
        const QString proposed = proposedSessionPath(views_.document->displayName());
        QDir().mkpath(QFileInfo(proposed).absolutePath());
        path_ = QFileDialog::getSaveFileName(views_.window, tr("Autosave session to"), proposed,
                                             tr("StreamSynth sessions (*.session)"));
        if (!path_.isEmpty()) rememberSessionFolder(path_);
    }
    return path_;
}

}  // namespace streamsynth::ui
