// RunPresenter: a run started, shown step by step and ended in the window
// (run_presenter.h).
#include "ui/window/run_presenter.h"

#include <QAction>
#include <QLocale>
#include <algorithm>
#include <optional>

#include "core/api/run.h"
#include "core/api/support.h"
#include "core/api/workbench.h"
#include "core/values/workload_choice.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/counter_compare_view.h"
#include "ui/charts/selection_view.h"
#include "ui/charts/step_metrics_adapter.h"
#include "ui/desk/document.h"
#include "ui/desk/log_view.h"
#include "ui/experiment/coarsening_dialog.h"
#include "ui/experiment/coarsening_text.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/public_rows_question.h"
#include "ui/experiment/support_notice.h"
#include "ui/experiment/support_text.h"
#include "ui/import/stream_panels.h"
#include "ui/releases/ledger_view.h"
#include "ui/releases/releases_view.h"
#include "ui/releases/spool_notices.h"
#include "ui/releases/true_vs_synthetic_view.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_status.h"
#include "ui/session/release_guard.h"
#include "ui/session/session_controller.h"

namespace streamsynth::ui {

RunPresenter::RunPresenter(const WindowViews& views, const RunParts& parts, QObject* parent)
    : QObject(parent), views_(views), parts_(parts) {
    // A choice of kept labels belongs to the stream it was made for.
    connect(views_.document, &Document::resultsCleared, this, [this] { coarsening_ = {}; });
    RunController* runs = views_.runs;
    connect(runs, &RunController::stepFinished, this, &RunPresenter::showStep);
    connect(runs, &RunController::progress, this,
            [this](int step, int count) { views_.status->progress(step, count, views_.runs->etaSeconds()); });
    connect(runs, &RunController::finished, this, &RunPresenter::finished);
    connect(runs, &RunController::failed, this, &RunPresenter::failed);
    // Saved on the worker thread between steps; only the indicator is updated here.
    connect(runs, &RunController::autosaved, this, [this](int step, const QString& error) {
        views_.status->autosaved(step, error);
        if (!error.isEmpty())
            views_.log->append(tr("Autosave failed at step %1: %2").arg(step).arg(error));
        else
            views_.document->workSaved();  // every step so far is in the session file
    });
}

bool RunPresenter::startNew() {
    if (!views_.document->askToSave(tr("start a new run"))) return false;  // the new run replaces the charts
    stream::RunConfig config = views_.experiment->runConfig();
    const api::WorkloadChoice workloads = views_.experiment->workloadChoice();
    try {  // refused settings never reach the DP choice of kept labels (Workbench::checkRun)
        views_.workbench->checkRun(config, workloads);
    } catch (const std::exception& e) {
        reportError(views_, tr("Run"), describeError(e));
        return false;
    }
    if (config.secureRandom && coarseningPending() && coarsening_.readsPrivateRows()) {
        reportError(views_, tr("Run"),
                    tr("The large-attribute choice you accepted was proposed from the number of rows in each "
                       "%1 of your table, which is private and must not decide what a release publishes. "
                       "Open Large attributes… again with release mode on: it asks for the rows per %1 "
                       "you know publicly.")
                        .arg(stepWordOf(views_.workbench->streamSettings())));
        return false;
    }
    // Release mode with a DP choice of kept labels to draw: confirmed first, on the run as it would be
    // without the choice (same steps and budgets), so declining draws nothing (issue 46, item 4).
    std::optional<ReleaseAnswers> confirmed;
    if (config.secureRandom && coarseningPending()) {
        try {
            std::unique_ptr<api::Run> before = views_.workbench->prepareRun(config, workloads);
            confirmed = parts_.guard->confirm(*before, false, views_.document->displayName());
        } catch (const std::exception& e) {
            reportError(views_, tr("Run"), describeError(e));
            return false;
        }
        if (!confirmed) return false;
    }
    if (!applyAcceptedCoarsening(config)) return false;
    std::unique_ptr<api::Run> run;
    try {
        run = views_.workbench->prepareRun(config, workloads);
    } catch (const std::exception& e) {
        reportError(views_, tr("Run"), describeError(e));
        return false;
    }
    return start(std::move(run), config, false, confirmed ? &*confirmed : nullptr);
}

namespace {
// A release's coarsening proposal reads public figures only: a batched
// stream's batch size (the CLI's rule); a time stream's per-period counts are
// private, so chooseCoarsening asks for the rows per step known publicly (the
// CLI's --rows-per-step). The support warnings read them: they decide nothing.
double releaseRowsPerStep(const stream::RunConfig& config, const api::Workbench& workbench) {
    return config.secureRandom ? data::publicRowsPerStep(workbench.streamSettings()) : 0.0;
}
}  // namespace

bool RunPresenter::coarseningPending() const {
    return !coarsening_.empty() && coarsening_.document == views_.document->displayName();
}

// One line per large attribute the stream cannot support at the panel's settings (the coarsening
// proposal's full-domain figures), in a steward's words; empty when all are supported.
QStringList RunPresenter::unsupportedLargeAttributes() const {
    ExperimentPanel* panel = views_.experiment;
    if (!panel->isValid()) return {};
    const api::WorkloadChoice workloads = panel->workloadChoice();
    const stream::RunConfig config = panel->runConfig();
    const std::vector<api::AttributeCoarsening> proposal = views_.workbench->coarseningProposal(
        api::coarseningSupportSettings(config), workloads, api::kDefaultCoarsenShare, 0, {}, {},
        releaseRowsPerStep(config, *views_.workbench));
    const QString step = stepWordOf(views_.workbench->streamSettings());
    QStringList lines;
    for (const api::AttributeCoarsening& a : proposal) {
        if (a.options.empty()) continue;
        const api::CoarseningOption& full = a.options.front();
        lines << tr("'%1' (%2 %3) is not supported at this ε and period: about %4 rows per label each %5 "
                    "against noise of about ±%6 rows.")
                     .arg(QString::fromStdString(a.attribute))
                     .arg(a.labels)
                     .arg(a.numeric ? tr("bins") : tr("labels"))
                     .arg(roundedForPeople(full.rowsPerCell), step)
                     .arg(roundedForPeople(full.noisePerCell));
    }
    return lines;
}

QString RunPresenter::chooseCoarsening(QWidget* parent) {
    ExperimentPanel* panel = views_.experiment;
    if (!parent) parent = views_.window;
    if (!panel->isValid()) {
        reportError(views_, tr("Large attributes"), panel->validationMessage());
        return {};
    }
    const stream::RunConfig config = panel->runConfig();
    const api::WorkloadChoice workloads = panel->workloadChoice();
    const double share = coarsening_.empty() ? api::kDefaultCoarsenShare : coarsening_.request.share;
    api::Workbench* workbench = views_.workbench;
    const api::SupportSettings settings = api::coarseningSupportSettings(config);
    const QString stepWord = stepWordOf(workbench->streamSettings());
    double publicRows = releaseRowsPerStep(config, *workbench);
    if (config.secureRandom && publicRows <= 0) {
        publicRows = askPublicRowsPerStep(parent, stepWord, typedRowsPerStep_);
        if (publicRows <= 0) return {};
        typedRowsPerStep_ = publicRows;
    }
    const auto propose = [workbench, settings, workloads, publicRows](
                             double s, const std::vector<api::KnownLabels>& known,
                             const std::vector<api::LabelParents>& parents) {
        return workbench->coarseningProposal(settings, workloads, s, 0, known, parents, publicRows);
    };
    std::vector<api::AttributeCoarsening> proposal;
    try {
        proposal = propose(share, {}, {});
    } catch (const std::exception& e) {
        reportError(views_, tr("Large attributes"), describeError(e));
        return {};
    }
    if (proposal.empty()) {
        views_.log->append(
            tr("Large attributes: the support check finds every categorical attribute "
               "supported at these settings; nothing to coarsen."));
        showWarningLater(parent, tr("Large attributes"),
                         tr("Every categorical attribute is supported at this ε and period: nothing to "
                            "coarsen."));
        return {};
    }
    CoarseningDialog dialog(proposal, workbench->schema(), share, propose, parent);
    dialog.setStepWord(stepWord);
    if (publicRows > 0) dialog.setPublicRowsPerStep(publicRows);
    if (dialog.exec() != QDialog::Accepted) return {};
    coarsening_ = {dialog.request(), views_.document->displayName(), publicRows};
    views_.log->append(
        publicRows > 0 ? tr("Coarsening proposal (computed from %1 public rows per %2):")
                             .arg(QLocale().toString(qRound64(publicRows)), stepWord)
                       : tr("Coarsening proposal (computed from the private rows per step, for you only):"));
    try {  // the figures of what was accepted (its share, its public labels)
        for (const QString& line :
             coarseningPreviewText(propose(api::spentShare(coarsening_.request), coarsening_.request.known,
                                           coarsening_.request.parents),
                                   stepWord))
            views_.log->append(QStringLiteral("  ") + line);
    } catch (const std::exception& e) {
        views_.log->append(describeError(e));
    }
    const QString summary = coarsening_.empty() ? QString() : coarseningSummary(coarsening_);
    // Where its figures came from, so that a release run's refusal is no surprise.
    const QString source =
        coarsening_.readsPrivateRows()
            ? tr("proposed from your table's own rows per %1: for evaluation runs only").arg(stepWord)
            : QString();
    panel->setCoarseningNote(summary.isEmpty() ? QString()
                             : source.isEmpty()
                                 ? tr("Accepted for the next run: %1").arg(summary)
                                 : tr("Accepted for the next run: %1; %2").arg(summary, source));
    return summary;
}

bool RunPresenter::applyAcceptedCoarsening(stream::RunConfig& config) {
    if (coarsening_.empty()) return true;
    const AcceptedCoarsening accepted = coarsening_;
    coarsening_ = {};  // once per document: a failed or applied choice is not tried again
    if (accepted.document != views_.document->displayName()) {
        views_.experiment->setCoarseningNote(QString());
        return true;  // accepted for another document
    }
    try {
        for (const QString& line : applyCoarsening(*views_.workbench, accepted, config))
            views_.log->append(line);
        // From now on the panels show the coarsened domain's sizes (workload dialog, model-size check).
        showStreamPanels(views_.workbench->summary(), *views_.data, *views_.experiment);
    } catch (const std::exception& e) {
        views_.experiment->setCoarseningNote(QString());
        reportError(views_, tr("Large attributes"), describeError(e));
        return false;
    }
    views_.experiment->setCoarseningNote(tr("Applied: %1").arg(coarseningSummary(accepted)));
    return true;
}

bool RunPresenter::start(std::unique_ptr<api::Run> run, const stream::RunConfig& config, bool keepHistory,
                         const ReleaseAnswers* confirmed) {
    const int steps = run->stepCount();
    const int first = run->nextStep();
    // Release mode: confirmed, then kept in a persistent folder beside an autosaved session.
    if (config.secureRandom &&
        (confirmed ? !parts_.guard->apply(*run, *confirmed)
                   : !parts_.guard->prepare(*run, keepHistory, views_.document->displayName())))
        return false;
    firstStep_ = first;
    run->setSetting(kChartsSetting, views_.charts->scalesText().toStdString());
    if (!keepHistory) views_.releases->clear();
    views_.releases->setPublicationOf(*run);   // release mode: the series that are not published
    views_.releases->setExportEnabled(false);  // export needs the finished run
    views_.trueVsSynthetic->setRun(nullptr);   // the previous run's engine goes away
    parts_.spoolNotices->runStarted();
    if (!keepHistory) {
        views_.document
            ->unsavedDiscarded();  // the last run's steps go now (saved, or "Don't save" just before)
        views_.charts->clear();
        stream::RunConfig shown = config;  // with the whole-stream charge the run records before step 1
        shown.streamCharge = run->config().streamCharge;
        views_.ledger->reset(shown);
        views_.selection->reset(run->workloadLabels());
    }
    if (config.secureRandom) {
        views_.ledger->setPublished(run->publishable());  // the totals across series
        try {
            views_.ledger->setDataset(run->streamBudget().dataset);  // and across the dataset's streams
        } catch (const std::exception& e) {
            views_.log->append(describeError(e));
        }
    }
    views_.charts->setStepCount(steps);
    views_.counters->showRun(config, steps);
    views_.status->runStarted(steps, static_cast<int>(config.series.size()));
    views_.status->clearAutosave();
    if (!setUpAutosave(*run, config)) return false;
    parts_.pause->setChecked(false);
    if (first > 1)
        views_.log->append(
            tr("Continuing: steps %1..%2 of %3 series").arg(first).arg(steps).arg(config.series.size()));
    else
        views_.log->append(tr("Run started: %1 series over %2 steps, k = %3, fit %4")
                               .arg(config.series.size())
                               .arg(steps)
                               .arg(config.rounds)
                               .arg(QString::fromStdString(config.fitEngine)));
    // What the data cannot support, said before the first step.
    views_.supportNotice->showWarnings(
        supportText(run->supportFindings(steps), stepWordOf(run->schema().stream)), views_.log);
    const data::Schema schema = run->schema();
    // A continued run keeps the spool of the run it continues (same schema).
    RunController* runs = views_.runs;
    runs->start(std::move(run), keepHistory ? RunController::Spool::Continue : RunController::Spool::Fresh);
    if (runs->spool())
        views_.releases->setSpool(runs->spool(), schema);
    else
        views_.releases->setSpool(nullptr, std::nullopt);
    Q_EMIT changed();
    return true;
}

// Autosave (not in release mode, whose guard keeps its own session): the
// session file is written on the worker thread between steps (the Run is the
// worker's while it runs); RunController::autosaved reports each save.
bool RunPresenter::setUpAutosave(api::Run& run, const stream::RunConfig& config) {
    if (!parts_.autosave->isChecked() || config.secureRandom) return true;
    const QString target = parts_.sessions->autosaveTarget();
    if (target.isEmpty()) {
        views_.log->append(tr("Autosave is on but no session file was chosen: this run is not autosaved."));
        return true;
    }
    try {
        run.setSessionFile(target.toStdString(), true);
    } catch (const std::exception& e) {
        reportError(views_, tr("Autosave"), describeError(e));
        return false;
    }
    views_.log->append(tr("Autosaving the session after every step to %1").arg(target));
    return true;
}

void RunPresenter::cancel() {
    if (!views_.runs->isRunning()) return;
    views_.runs->cancel();
    views_.log->append(tr("Cancelling: the step in progress is abandoned, finished releases are kept."));
}

void RunPresenter::setPaused(bool paused) {
    RunController* runs = views_.runs;
    runs->setPaused(paused);
    views_.status->setPaused(paused && runs->isRunning());
    if (runs->isRunning()) views_.log->append(paused ? tr("Paused") : tr("Resumed"));
}

void RunPresenter::showStep(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    views_.charts->addPoint(id, r.step, toMetricValues(r.metrics));
    views_.releases->addResult(r);
    views_.document->stepDelivered(r.step);
    views_.ledger->addResult(r);
    views_.selection->addResult(r);
    views_.status->seriesStep(id, r.step);
}

void RunPresenter::finished(int steps, bool cancelled) {
    views_.charts->flush();
    const QString message = cancelled ? tr("Cancelled after %1 steps; finished releases kept.").arg(steps)
                                      : tr("Run finished: %1 steps.").arg(steps);
    views_.status->runEnded(message);
    views_.log->append(message);
    parts_.pause->setChecked(false);
    if (api::Run* run = views_.runs->lastRun()) {
        // The document's session follows the run, so "Continue" starts after its last step.
        try {
            views_.workbench->adoptSession(*run);
        } catch (const std::exception& e) {
            views_.log->append(describeError(e));
        }
        const auto spool = views_.runs->spool();
        views_.releases->setExportEnabled(spool != nullptr);
        views_.trueVsSynthetic->setRun(run);
        if (spool)
            views_.log->append(tr("Release spool: %1 releases, %2 MB in %3")
                                   .arg(spool->entries().size())
                                   .arg(double(spool->bytesOnDisk()) / 1e6, 0, 'f', 1)
                                   .arg(QString::fromStdString(spool->directory())));
        views_.ledger->showReport(run->ledger());
        if (run->config().secureRandom) parts_.guard->ended(*run, firstStep_);
    }
    Q_EMIT changed();
    Q_EMIT runEnded(steps, cancelled);
}

void RunPresenter::failed(const QString& message) {
    views_.charts->flush();
    views_.status->runEnded(tr("Run failed."));
    parts_.pause->setChecked(false);
    Q_EMIT changed();
    reportError(views_, tr("Run failed"), message);
    Q_EMIT runEnded(-1, false);
}

}  // namespace streamsynth::ui
