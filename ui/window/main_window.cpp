// MainWindow: the shell. Builds the layout, makes the controllers and hands
// each the parts of the window it works on, enables the actions from the
// document's state, keeps the window's settings, and forwards its public
// calls (tests, menus) to the controller that does the work.
#include "ui/window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCursor>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QGroupBox>
#include <QIcon>
#include <QMenu>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "core/api/run.h"
#include "core/api/session_workflow.h"
#include "core/api/workbench.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/counter_compare_view.h"
#include "ui/charts/selection_view.h"
#include "ui/desk/log_view.h"
#include "ui/desk/recent_files.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/support_notice.h"
#include "ui/import/data_panel.h"
#include "ui/import/open_controller.h"
#include "ui/releases/export_controller.h"
#include "ui/releases/ledger_view.h"
#include "ui/releases/releases_view.h"
#include "ui/releases/spool_notices.h"
#include "ui/releases/true_vs_synthetic_view.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_status.h"
#include "ui/session/release_guard.h"
#include "ui/session/session_controller.h"
#include "ui/widgets/wheel_guard.h"
#include "ui/window/document_controller.h"
#include "ui/window/run_presenter.h"
#include "ui/window/tab_room.h"
#include "ui/window/window_placement.h"

namespace streamsynth::ui {

namespace {
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
    createActions();
    createMenus();
    buildLayout();
    status_ = new RunStatus(statusBar());
    createControllers();
    restoreSettings();
    updateActions();
}

// The controllers, each given the parts of the window it works on
// (window_views.h); what they report comes back here as actions to update.
void MainWindow::createControllers() {
    views_ = {this,    workbench_.get(), dataPanel_, experiment_, charts_, releases_,
              ledger_, selection_,       counters_,  log_,        status_, controller_};
    // A release that could not be spooled: the run goes on.
    spoolNotices_ = new SpoolNotices(views_.voice(), controller_, releases_, this);
    views_.trueVsSynthetic = trueVsSynthetic_;
    views_.supportNotice = supportNotice_;
    documents_ = new DocumentController(views_, this);
    views_.document = documents_;
    opener_ = new OpenController({views_.voice(), workbench_.get(), documents_, dataPanel_, experiment_,
                                  charts_, counters_, controller_},
                                 this);
    connect(opener_, &OpenController::recentFilesChanged, this, &MainWindow::updateRecentMenu);
    connect(opener_, &OpenController::changed, this, &MainWindow::updateActions);
    exports_ = new ExportController(views_.voice(), controller_, documents_, this);
    documents_->setExportResults([this] { return exports_->exportResultsInteractive(); });
    documents_->setSaveSession([this] { return saveSessionInteractive(); });
    connect(documents_, &DocumentController::changed, this, &MainWindow::updateActions);
    sessions_ = new SessionController(
        views_,
        [this](std::unique_ptr<api::Run> run, const stream::RunConfig& config, bool keepHistory) {
            return runs_->start(std::move(run), config, keepHistory);
        },
        [this](const stream::SeriesStepResult& r) { runs_->showStep(r); }, this);
    // A new table: the last document's session is not this one's (a GUI walkthrough of
    // 2026-12-01 saw Save propose it, and autosave would have written into it).
    connect(documents_, &DocumentController::documentCleared, sessions_, [this] { sessions_->setPath({}); });
    guard_ = new ReleaseGuard(views_.voice(), documents_, sessions_, this);
    connect(sessions_, &SessionController::opened, this, [this] {
        RecentFiles::add(sessions_->path());  // Open recent lists sessions too
        updateRecentMenu();
    });
    connect(sessions_, &SessionController::saved, this, [this] {
        RecentFiles::add(sessions_->path());  // a saved session is listed at once
        updateRecentMenu();
    });
    connect(sessions_, &SessionController::changed, this, &MainWindow::updateActions);
    runs_ = new RunPresenter(views_, {guard_, spoolNotices_, sessions_, pauseAction_, autosaveAction_}, this);
    connect(runs_, &RunPresenter::changed, this, &MainWindow::updateActions);
    connect(runs_, &RunPresenter::runEnded, this, &MainWindow::runEnded);
    connect(experiment_, &ExperimentPanel::coarseningRequested, runs_, [this] { runs_->chooseCoarsening(); });
    opener_->setCoarsening({[this] { return runs_->unsupportedLargeAttributes(); },
                            [this](QWidget* over) { return runs_->chooseCoarsening(over); }});
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
    // The charts scroll when a tab takes their height (TabRoom: a chart tab on a 1024x700 screen).
    auto* chartsScroll = new QScrollArea();
    chartsScroll->setObjectName(QStringLiteral("chartsScroll"));
    chartsScroll->setWidget(charts_);
    chartsScroll->setWidgetResizable(true);
    chartsScroll->setFrameShape(QFrame::NoFrame);
    chartsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    chartsScroll->setMinimumHeight(
        charts_->minimumSizeHint().height());  // TabRoom lowers it while it makes room
    rightSplitter_->addWidget(chartsScroll);
    rightSplitter_->addWidget(tabs_);
    rightSplitter_->setCollapsible(0, false);
    // On a 1280x800 laptop the tabs (a release's preview, true vs synthetic) need room too.
    rightSplitter_->setStretchFactor(0, 3);
    rightSplitter_->setStretchFactor(1, 2);
    new TabRoom(rightSplitter_, tabs_);

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
    // A saved geometry only where it still fits this screen (window_placement.h).
    const QScreen* screen = QGuiApplication::screenAt(QCursor::pos());
    if (!screen) screen = QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1024, 700);
    if (!restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray()) ||
        !frameFits(geometry(), estimatedFrameMargins(), available))
        setGeometry(
            placedGeometry(available, preferredWindowSize(), minimumSizeHint(), estimatedFrameMargins()));
    placedSize_ = size();
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

// Enabled from the document's state (DocumentController::state()) and what its table allows.
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

bool MainWindow::openPath(const QString& path) {
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) return openSchemaFile(path);
    if (api::isSessionFile(path.toStdString())) return openSession(path);
    return opener_->openTable(path);
}
bool MainWindow::openBundledAdult() {
    return opener_->openBundledAdult();
}
bool MainWindow::openBundledAdmissions() {
    return opener_->openBundledAdmissions();
}
bool MainWindow::openSchemaFile(const QString& path) {
    return opener_->openSchemaFile(path);
}
bool MainWindow::refreshSummary() {
    return opener_->refreshSummary();
}

bool MainWindow::startRun() {
    return runAction_->isEnabled() && runs_->startNew();
}
void MainWindow::cancelRun() {
    runs_->cancel();
}
void MainWindow::setPaused(bool paused) {
    runs_->setPaused(paused);
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
    opener_->setCurrentFile(QFileInfo(grownTablePath).absoluteFilePath());
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

// Once shown, the window manager's real frame is known: the window is kept
// inside the screen (the frame may be larger than estimated, or arrive late).
void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (placed_) return;
    placed_ = true;
    // Only the size the window chose itself: one set before the show (a test, a caller) is kept.
    for (const int ms : {0, 400, 1200})
        QTimer::singleShot(ms, this, [this] {
            if (size() == placedSize_) placedSize_ = keepOnScreen(this) ? size() : placedSize_;
        });
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
