// MainWindow: layout, actions, settings and the glue between the Workbench,
// the RunController and the views.
#include "ui/window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QGroupBox>
#include <QIcon>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include "core/api/run.h"
#include "core/api/session_workflow.h"
#include "core/api/values/error.h"
#include "core/api/workbench.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/counter_compare_view.h"
#include "ui/charts/selection_view.h"
#include "ui/charts/step_metrics_adapter.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/support_notice.h"
#include "ui/import/bundled_data.h"
#include "ui/import/data_panel.h"
#include "ui/import/import_dialog.h"
#include "ui/import/import_memory.h"
#include "ui/import/stream_text.h"
#include "ui/releases/export_controller.h"
#include "ui/releases/ledger_view.h"
#include "ui/releases/release_guard.h"
#include "ui/releases/releases_view.h"
#include "ui/releases/spool_notices.h"
#include "ui/releases/true_vs_synthetic_view.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_status.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/wheel_guard.h"
#include "ui/window/document_controller.h"
#include "ui/window/log_view.h"
#include "ui/window/recent_files.h"

namespace streamsynth::ui {

namespace {
QString describe(const std::exception& e) {
    return describeError(e);
}

// A tab page that scrolls when the window is smaller than the page's minimum size.
QScrollArea* scrolled(QWidget* page) {
    auto* area = new QScrollArea();
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), workbench_(std::make_unique<api::Workbench>()) {
    // First: the layout's size hints polish the panel's spin boxes, which must not keep Qt::WheelFocus.
    WheelGuard::install();  // an unfocused combo or spin box never takes the wheel (docs/gui.md)
    setWindowIcon(QIcon(QStringLiteral(":/icons/streamsynth.svg")));
    setAcceptDrops(true);
    controller_ = new RunController(this);
    connect(controller_, &RunController::stepFinished, this, &MainWindow::onStep);
    connect(controller_, &RunController::progress, this,
            [this](int step, int count) { status_->progress(step, count, controller_->etaSeconds()); });
    connect(controller_, &RunController::finished, this, &MainWindow::onRunFinished);
    connect(controller_, &RunController::failed, this, &MainWindow::onRunFailed);
    // Saved on the worker thread between steps; only the indicator is updated here.
    connect(controller_, &RunController::autosaved, this, [this](int step, const QString& error) {
        status_->autosaved(step, error);
        if (!error.isEmpty())
            log_->append(tr("Autosave failed at step %1: %2").arg(step).arg(error));
        else
            documents_->workSaved();  // every step so far is in the session file
    });

    createActions();
    createMenus();
    buildLayout();
    status_ = new RunStatus(statusBar());
    views_ = {this,    workbench_.get(), dataPanel_, experiment_, charts_, releases_,
              ledger_, selection_,       counters_,  log_,        status_, controller_};
    spoolNotices_ = new SpoolNotices(views_.voice(), controller_, releases_,
                                     this);  // a release that could not be spooled: the run goes on
    views_.trueVsSynthetic = trueVsSynthetic_;
    views_.supportNotice = supportNotice_;
    documents_ = new DocumentController(views_, this);
    views_.document = documents_;
    exports_ = new ExportController(views_.voice(), controller_, documents_, this);
    documents_->setExportResults([this] { return exports_->exportResultsInteractive(); });
    documents_->setSaveSession([this] { return saveSessionInteractive(); });
    connect(documents_, &DocumentController::changed, this, &MainWindow::updateActions);
    sessions_ = new SessionController(
        views_,
        [this](std::unique_ptr<api::Run> run, const stream::RunConfig& config, bool keepHistory) {
            return startPreparedRun(std::move(run), config, keepHistory);
        },
        [this](const stream::SeriesStepResult& r) { onStep(r); }, this);
    guard_ = new ReleaseGuard(views_.voice(), documents_, sessions_, this);
    connect(sessions_, &SessionController::opened, this, [this](const stream::RunConfig& config, int) {
        runningConfig_ = config;
        RecentFiles::add(sessions_->path());  // Open recent lists sessions too
        updateRecentMenu();
    });
    connect(sessions_, &SessionController::changed, this, &MainWindow::updateActions);
    restoreSettings();
    updateActions();
}

MainWindow::~MainWindow() {
    controller_->shutdown();
}

const api::ReleaseSpool* MainWindow::releaseSpool() const {
    return controller_->spool().get();
}

void MainWindow::buildLayout() {
    auto* left = new QWidget();
    auto* leftLayout = new QVBoxLayout(left);
    auto* dataBox = new QGroupBox(tr("Data"), left);
    auto* dataLayout = new QVBoxLayout(dataBox);
    dataPanel_ = new DataPanel(dataBox);
    dataLayout->addWidget(dataPanel_);
    connect(dataPanel_, &DataPanel::importRequested, importAction_, &QAction::trigger);
    leftLayout->addWidget(dataBox);
    auto* experimentBox = new QGroupBox(tr("Experiment"), left);
    auto* experimentLayout = new QVBoxLayout(experimentBox);
    experiment_ = new ExperimentPanel(experimentBox);
    experiment_->loadSettings();
    experimentLayout->addWidget(experiment_);
    connect(experiment_, &ExperimentPanel::validityChanged, this, &MainWindow::updateActions);
    leftLayout->addWidget(experimentBox);
    leftLayout->addStretch(1);
    auto* scroll = new QScrollArea();
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(left->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 4);

    charts_ = new ChartsView();
    charts_->bindLogAction(logScaleAction_);
    connect(resetZoomAction_, &QAction::triggered, charts_, &ChartsView::resetZoom);

    tabs_ = new QTabWidget();
    releases_ = new ReleasesView();
    connect(releases_, &ReleasesView::exportRequested, this,
            [this](const QList<ReleaseRef>& refs) { exports_->exportReleasesInteractive(refs); });
    ledger_ = new LedgerView();
    selection_ = new SelectionView();
    log_ = new LogView();
    // The Releases tab keeps its export buttons in view (its tables scroll); the
    // other tabs scroll as a whole, so none of them makes the window taller.
    tabs_->addTab(releases_, tr("Releases"));
    tabs_->addTab(scrolled(ledger_), tr("Ledger"));
    tabs_->addTab(scrolled(selection_), tr("Selections"));
    trueVsSynthetic_ = new TrueVsSyntheticView();
    tabs_->addTab(scrolled(trueVsSynthetic_), tr("True vs synthetic"));
    counters_ = new CounterCompareView();
    tabs_->addTab(scrolled(counters_), tr("Counters"));
    tabs_->addTab(log_, tr("Log"));

    rightSplitter_ = new QSplitter(Qt::Vertical);
    rightSplitter_->setObjectName(QStringLiteral("rightSplitter"));
    rightSplitter_->addWidget(charts_);
    rightSplitter_->addWidget(tabs_);
    // On a 1280x800 laptop the tabs (a release's preview, true vs synthetic) need room too.
    rightSplitter_->setStretchFactor(0, 3);
    rightSplitter_->setStretchFactor(1, 2);

    mainSplitter_ = new QSplitter(Qt::Horizontal);
    mainSplitter_->setObjectName(QStringLiteral("mainSplitter"));
    mainSplitter_->addWidget(scroll);
    // The support check's banner sits above the charts and tabs, hidden until a run warns.
    auto* right = new QWidget();
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(2);
    supportNotice_ = new SupportNotice(right);
    rightLayout->addWidget(supportNotice_);
    rightLayout->addWidget(rightSplitter_, 1);
    mainSplitter_->addWidget(right);
    mainSplitter_->setStretchFactor(1, 1);
    setCentralWidget(mainSplitter_);
}

void MainWindow::restoreSettings() {
    QSettings s;
    if (!restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray())) resize(1360, 860);
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    mainSplitter_->restoreState(s.value(QStringLiteral("window/mainSplitter")).toByteArray());
    rightSplitter_->restoreState(s.value(QStringLiteral("window/rightSplitter")).toByteArray());
    charts_->restoreScales(s.value(QStringLiteral("charts/scales")).toString());
}

void MainWindow::saveSettings() {
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("window/mainSplitter"), mainSplitter_->saveState());
    s.setValue(QStringLiteral("window/rightSplitter"), rightSplitter_->saveState());
    s.setValue(QStringLiteral("charts/scales"), charts_->scalesText());
    experiment_->saveSettings();
}

void MainWindow::updateRecentMenu() {
    recentMenu_->clear();
    const QStringList files = RecentFiles::list();
    for (const QString& path : files) {
        const bool session = api::isSessionFile(path.toStdString());
        const QString label =
            session ? tr("%1 (session)").arg(QFileInfo(path).fileName()) : QFileInfo(path).fileName();
        recentMenu_->addAction(label, this, [this, path] { openPath(path); })->setToolTip(path);
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

// Enabled from the document's state alone (DocumentController::state()).
void MainWindow::updateActions() {
    using State = DocumentController::State;
    const State state = documents_->state();
    const bool running = state == State::Running;
    const bool table = documents_->kind() == DocumentController::Kind::Table ||
                       documents_->kind() == DocumentController::Kind::Bundled;
    runAction_->setEnabled(!running && table && documents_->streamReady() && experiment_->isValid());
    pauseAction_->setEnabled(running);
    cancelAction_->setEnabled(running);
    exportAction_->setEnabled(state == State::Results || state == State::Session);
    saveSessionAction_->setEnabled(state == State::Results);
    continueAction_->setEnabled(!running && workbench_->hasSession() &&
                                (state == State::Session || state == State::Results));
    openSchemaAction_->setEnabled(!running && table);
    recentMenu_->setEnabled(!RecentFiles::list().isEmpty());  // opening asks first when a run is going on
    saveSchemaAction_->setEnabled(table && workbench_->isOpen() && workbench_->hasConfirmedSchema());
    importAction_->setEnabled(!running && table && workbench_->isOpen() && !workbench_->isDatabase());
    dataPanel_->setImportEnabled(importAction_->isEnabled());
    experiment_->setEnabled(!running && documents_->kind() != DocumentController::Kind::Session);
}

void MainWindow::showError(const QString& title, const QString& message) {
    reportError(views_, title, message);
}

bool MainWindow::refreshSummary() {
    bool ready = false;
    try {
        const api::StreamSummary summary = workbench_->summary();
        dataPanel_->showSummary(summary);
        QStringList names;
        QList<int> sizes;
        for (const api::AttributeSummary& a : summary.attributes) {
            names << QString::fromStdString(a.name);
            sizes << a.size;
        }
        experiment_->setStream(names, sizes, summary.steps);
        const data::StreamSettings& settings = workbench_->streamSettings();
        experiment_->setPublicRowsPerStep(settings.batch ? static_cast<double>(settings.batch->size) : 0.0);
        charts_->setStepCount(summary.steps);
        counters_->setHorizon(summary.steps);
        ready = summary.steps > 0;
        // A table set on the Workbench directly (tests, the CLI's way) becomes the document.
        if (documents_->kind() == DocumentController::Kind::None ||
            documents_->kind() == DocumentController::Kind::Session)
            documents_->setTable(QString::fromStdString(summary.file), DocumentController::Kind::Table,
                                 ready);
        log_->append(tr("Opened %1: %2 rows, %3 attributes, %4 steps (%5)")
                         .arg(QString::fromStdString(summary.file))
                         .arg(summary.rows)
                         .arg(summary.attributes.size())
                         .arg(summary.steps)
                         .arg(streamText(summary.streamDescription)));
    } catch (const std::exception& e) {
        dataPanel_->showMessage(currentFile_, describe(e));
        log_->append(describe(e));
    }
    documents_->setStreamReady(ready);
    return ready;
}

bool MainWindow::openBundledAdult() {
    if (!documents_->replace(tr("open the bundled Adult stream"))) return false;
    try {
        const BundledFiles files = extractBundledAdult();
        workbench_->openBundledAdult(files.csvPath.toStdString(), files.schemaPath.toStdString());
        data::BatchSettings batch;
        batch.size = 1000;
        batch.order = data::BatchOrder::Random;
        data::StreamSettings settings;
        settings.batch = batch;
        workbench_->setStreamSettings(settings, 1);
        currentFile_ = files.csvPath;
        documents_->clear();
        documents_->setTable(currentFile_, DocumentController::Kind::Bundled, false);
    } catch (const std::exception& e) {
        showError(tr("Open the bundled Adult stream"), describe(e));
        return false;
    }
    return refreshSummary();
}

bool MainWindow::openPath(const QString& path) {
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) return openSchemaFile(path);
    if (api::isSessionFile(path.toStdString())) return openSession(path);
    if (!documents_->replace(tr("open %1").arg(QFileInfo(path).fileName()))) return false;
    try {
        workbench_->open(path.toStdString());
    } catch (const std::exception& e) {
        RecentFiles::remove(QFileInfo(path).absoluteFilePath());
        updateRecentMenu();
        showError(tr("Open table"), describe(e));
        return false;
    }
    currentFile_ = QFileInfo(path).absoluteFilePath();
    documents_->clear();  // nothing of the previous document stays on screen
    documents_->setTable(currentFile_, DocumentController::Kind::Table, false);
    RecentFiles::add(path);
    rememberFolder(path);
    updateRecentMenu();
    if (workbench_->hasConfirmedSchema() &&
        (workbench_->streamSettings().batch || workbench_->streamSettings().time))
        return refreshSummary();
    if (restoreImport()) return refreshSummary();
    dataPanel_->showMessage(currentFile_, tr("The domain is not confirmed yet: use Import settings…"));
    return runImportDialog(currentFile_);
}

bool MainWindow::openSchemaFile(const QString& path) {
    if (currentFile_.isEmpty() || documents_->kind() == DocumentController::Kind::Session ||
        controller_->isRunning()) {
        showError(tr("Open schema"), tr("Open a table first; the schema is applied to it."));
        return false;
    }
    try {
        api::OpenOptions options;
        options.schemaPath = path.toStdString();
        workbench_->open(currentFile_.toStdString(), options);
        rememberFolder(path);
        log_->append(tr("Schema %1 applied to %2").arg(path, currentFile_));
    } catch (const std::exception& e) {
        showError(tr("Open schema"), describe(e));
        return false;
    }
    if (!workbench_->streamSettings().batch && !workbench_->streamSettings().time)
        return runImportDialog(currentFile_);
    return refreshSummary();
}

bool MainWindow::runImportDialog(const QString& path) {
    if (!workbench_->isOpen()) return false;
    ImportDialog dialog(*workbench_, path, this);
    const stream::RunConfig config = experiment_->runConfig();
    std::vector<double> amounts;
    for (const privacy::Budget& b : experiment_->budgets()) amounts.push_back(b.amount());
    dialog.setNoiseSettings(config.privacy, amounts, config.rounds);
    dialog.setPlanContext(experiment_->planContext());
    connect(&dialog, &ImportDialog::budgetPlanned, experiment_->epsilonEdit(), &QLineEdit::setText);
    if (dialog.exec() != QDialog::Accepted) {
        updateActions();
        return false;
    }
    try {
        rememberImport(*workbench_, path);  // restored when this table is opened again
    } catch (const std::exception& e) {
        log_->append(tr("The import settings could not be remembered: %1").arg(describe(e)));
    }
    return refreshSummary();
}

// The import settings confirmed the last time this table (same path, same
// header line) was opened, applied instead of asking again.
bool MainWindow::restoreImport() {
    const QString remembered = rememberedImportFile(currentFile_);
    if (remembered.isEmpty() || !QFileInfo::exists(remembered)) return false;
    try {
        api::OpenOptions options;
        options.schemaPath = remembered.toStdString();
        workbench_->open(currentFile_.toStdString(), options);
    } catch (const std::exception& e) {
        log_->append(
            tr("The import settings remembered for %1 no longer apply: %2").arg(currentFile_, describe(e)));
        return false;
    }
    if (!workbench_->streamSettings().batch && !workbench_->streamSettings().time) return false;
    log_->append(
        tr("Import settings of %1 restored as confirmed the last time (Import settings… changes them)")
            .arg(QFileInfo(currentFile_).fileName()));
    return true;
}

bool MainWindow::startRun() {
    if (!runAction_->isEnabled()) return false;
    if (!documents_->askToSave(tr("start a new run"))) return false;  // the new run replaces the charts
    const stream::RunConfig config = experiment_->runConfig();
    std::unique_ptr<api::Run> run;
    try {
        run = workbench_->prepareRun(config, experiment_->workloadWay(), experiment_->workloads());
    } catch (const std::exception& e) {
        showError(tr("Run"), describe(e));
        return false;
    }
    return startPreparedRun(std::move(run), config, false);
}

bool MainWindow::startPreparedRun(std::unique_ptr<api::Run> run, const stream::RunConfig& config,
                                  bool keepHistory) {
    const int steps = run->stepCount();
    const int first = run->nextStep();
    // Release mode: confirmed, then kept in a persistent folder beside an autosaved session.
    if (config.secureRandom && !guard_->prepare(*run, keepHistory, documents_->displayName())) return false;
    runningConfig_ = config;
    firstStep_ = first;
    run->setSetting(kChartsSetting, charts_->scalesText().toStdString());
    if (!keepHistory) releases_->clear();
    releases_->setExportEnabled(false);  // export needs the finished run
    trueVsSynthetic_->setRun(nullptr);   // the previous run's engine goes away
    spoolNotices_->runStarted();
    if (!keepHistory) {
        charts_->clear();
        ledger_->reset(config);
        selection_->reset(run->workloadLabels());
    }
    if (config.secureRandom) ledger_->setPublished(run->publishable());  // the totals across series
    charts_->setStepCount(steps);
    counters_->setHorizon(steps);
    status_->runStarted(steps, static_cast<int>(config.series.size()));
    status_->clearAutosave();
    if (autosave() && !config.secureRandom) {
        const QString target = sessions_->autosaveTarget();
        if (target.isEmpty()) {
            log_->append(tr("Autosave is on but no session file was chosen: this run is not autosaved."));
        } else {
            // Saved on the worker thread between steps (the Run is the worker's
            // while it runs); RunController::autosaved reports each save here.
            try {
                run->setSessionFile(target.toStdString(), true);
            } catch (const std::exception& e) {
                showError(tr("Autosave"), describe(e));
                return false;
            }
            log_->append(tr("Autosaving the session after every step to %1").arg(target));
        }
    }
    pauseAction_->setChecked(false);
    if (first > 1)
        log_->append(
            tr("Continuing: steps %1..%2 of %3 series").arg(first).arg(steps).arg(config.series.size()));
    else
        log_->append(tr("Run started: %1 series over %2 steps, k = %3, fit %4")
                         .arg(config.series.size())
                         .arg(steps)
                         .arg(config.rounds)
                         .arg(QString::fromStdString(config.fitEngine)));
    // What the data cannot support, said before the first step.
    QStringList support;
    for (const std::string& w : run->supportWarnings(steps)) support << QString::fromStdString(w);
    supportNotice_->showWarnings(support, log_);
    const data::Schema schema = run->schema();
    // A continued run keeps the spool of the run it continues (same schema).
    controller_->start(std::move(run),
                       keepHistory ? RunController::Spool::Continue : RunController::Spool::Fresh);
    if (controller_->spool())
        releases_->setSpool(controller_->spool(), schema);
    else
        releases_->setSpool(nullptr, std::nullopt);
    updateActions();
    return true;
}

void MainWindow::cancelRun() {
    if (!controller_->isRunning()) return;
    controller_->cancel();
    log_->append(tr("Cancelling: the step in progress is abandoned, finished releases are kept."));
}

void MainWindow::setPaused(bool paused) {
    controller_->setPaused(paused);
    status_->setPaused(paused && controller_->isRunning());
    if (controller_->isRunning()) log_->append(paused ? tr("Paused") : tr("Resumed"));
}

void MainWindow::onStep(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    charts_->addPoint(id, r.step, toMetricValues(r.metrics));
    releases_->addResult(r);
    documents_->stepDelivered(r.step);
    ledger_->addResult(r);
    selection_->addResult(r);
    status_->seriesStep(id, r.step);
}

void MainWindow::onRunFinished(int steps, bool cancelled) {
    charts_->flush();
    const QString message = cancelled ? tr("Cancelled after %1 steps; finished releases kept.").arg(steps)
                                      : tr("Run finished: %1 steps.").arg(steps);
    status_->runEnded(message);
    log_->append(message);
    pauseAction_->setChecked(false);
    if (api::Run* run = controller_->lastRun()) {
        // The document's session follows the run, so "Continue" starts after its last step.
        try {
            workbench_->adoptSession(*run);
        } catch (const std::exception& e) {
            log_->append(describe(e));
        }
        const auto spool = controller_->spool();
        releases_->setExportEnabled(spool != nullptr);
        trueVsSynthetic_->setRun(run);
        if (spool)
            log_->append(tr("Release spool: %1 releases, %2 MB in %3")
                             .arg(spool->entries().size())
                             .arg(double(spool->bytesOnDisk()) / 1e6, 0, 'f', 1)
                             .arg(QString::fromStdString(spool->directory())));
        ledger_->showReport(run->ledger());
        if (run->config().secureRandom) guard_->ended(*run, firstStep_);
    }
    updateActions();
    Q_EMIT runEnded(steps, cancelled);
}

bool MainWindow::exportResults(const QString& dir) {
    return exports_->exportResults(dir);
}
bool MainWindow::exportRelease(const QString& seriesId, const QString& csvPath) {
    return exports_->exportRelease(seriesId, csvPath);
}
bool MainWindow::exportReleases(const QList<ReleaseRef>& refs, const QString& dir) {
    return exports_->exportReleases(refs, dir);
}
bool MainWindow::saveSession(const QString& path) {
    if (!sessions_->save(path)) return false;
    documents_->workSaved();
    return true;
}
bool MainWindow::openSession(const QString& path) {
    // Like any open: a run in progress, unsaved work and release-mode releases are asked about first.
    if (!documents_->replace(tr("open %1").arg(QFileInfo(path).fileName()))) return false;
    return sessions_->open(path);
}
bool MainWindow::continueSession(const QString& grownTablePath, const api::TimeEnd& end) {
    if (!sessions_->continueWith(grownTablePath, end)) return false;
    currentFile_ = QFileInfo(grownTablePath).absoluteFilePath();
    return true;
}
bool MainWindow::continueDatabaseSession(const api::TimeEnd& end) {
    return sessions_->continueFromDatabase(end);
}
QString MainWindow::sessionPath() const {
    return sessions_->path();
}
void MainWindow::setSessionPath(const QString& path) {
    sessions_->setPath(path);
}
QString MainWindow::lastContinueMessage() const {
    return sessions_->lastContinueMessage();
}

void MainWindow::setAutosave(bool on) {
    autosaveAction_->setChecked(on);
}
bool MainWindow::autosave() const {
    return autosaveAction_->isChecked();
}
QString MainWindow::autosaveText() const {
    return status_->autosaveText();
}

void MainWindow::onRunFailed(const QString& message) {
    charts_->flush();
    status_->runEnded(tr("Run failed."));
    pauseAction_->setChecked(false);
    updateActions();
    showError(tr("Run failed"), message);
    Q_EMIT runEnded(-1, false);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!documents_->replace(tr("quit"))) {
        event->ignore();
        return;
    }
    controller_->shutdown();
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();  // opening asks when a run is going on
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile()) return;
    event->acceptProposedAction();
    const QString path = urls.first().toLocalFile();
    // Let the drop finish before a dialog opens.
    QMetaObject::invokeMethod(
        this, [this, path] { openPath(path); }, Qt::QueuedConnection);
}

}  // namespace streamsynth::ui
