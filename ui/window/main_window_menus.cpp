// MainWindow's actions, menus and toolbar (File, Run, View, Help): what each
// command does is one call into the window or its controllers.
#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStyle>
#include <QToolBar>

#include "core/api/workbench.h"
#include "ui/desk/log_view.h"
#include "ui/desk/recent_files.h"
#include "ui/desk/window_views.h"
#include "ui/import/open_controller.h"
#include "ui/releases/export_controller.h"
#include "ui/session/continue_end_dialog.h"
#include "ui/session/release_guard.h"
#include "ui/session/session_controller.h"
#include "ui/window/document_controller.h"
#include "ui/window/help_dialog.h"
#include "ui/window/main_window.h"
#include "ui/window/translation.h"

namespace streamsynth::ui {

bool MainWindow::saveSessionInteractive() {
    const QString start =
        sessions_->path().isEmpty() ? proposedSessionPath(documents_->displayName()) : sessions_->path();
    QDir().mkpath(QFileInfo(start).absolutePath());  // the default sessions folder, on first use
    QFileDialog dialog(this, tr("Save session"), start, tr("StreamSynth sessions (*.session)"));
    dialog.setObjectName(QStringLiteral("saveSessionDialog"));  // tests answer it by name
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("session"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return false;
    const QString path = dialog.selectedFiles().constFirst();
    if (!saveSession(path)) return false;
    rememberSessionFolder(path);
    return true;
}

void MainWindow::createActions() {
    openAction_ = new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    openAction_->setShortcut(QKeySequence::Open);
    openAction_->setToolTip(tr("Open a table (CSV/TSV)"));
    connect(openAction_, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open table"), lastFolder(),
            tr("Tables (*.csv *.tsv *.txt);;StreamSynth sessions (*.session);;All files (*)"));
        if (!path.isEmpty()) openPath(path);
    });
    openSchemaAction_ = new QAction(tr("Open &schema…"), this);
    openSchemaAction_->setToolTip(tr("Apply a public schema (JSON) to the open table"));
    connect(openSchemaAction_, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open schema"), lastFolder(),
                                                          tr("Schema files (*.json);;All files (*)"));
        if (!path.isEmpty()) openSchemaFile(path);
    });
    saveSchemaAction_ =
        new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("Save s&chema…"), this);
    saveSchemaAction_->setToolTip(tr("Save the confirmed public schema and stream settings as JSON"));
    connect(saveSchemaAction_, &QAction::triggered, this, [this] { opener_->saveSchemaInteractive(); });
    exportAction_ =
        new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Export results…"), this);
    exportAction_->setToolTip(
        tr("Export each series' latest release (CSV + manifest), the metrics and the ledger"));
    // The seeded-release question, a folder of its own, the replace/choose-another question
    // (ExportController).
    connect(exportAction_, &QAction::triggered, this, [this] { exports_->exportResultsInteractive(); });
    saveSessionAction_ = new QAction(tr("Save sessio&n…"), this);
    saveSessionAction_->setToolTip(tr("Save the last run as a session, to continue it later with new rows"));
    saveSessionAction_->setShortcut(QKeySequence::Save);  // Ctrl+S, as a steward's other programs save
    connect(saveSessionAction_, &QAction::triggered, this, &MainWindow::saveSessionInteractive);
    openSessionAction_ = new QAction(tr("Open sess&ion…"), this);
    openSessionAction_->setToolTip(
        tr("Open a saved session: its history, ledger and last release; continue it with new rows"));
    connect(openSessionAction_, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open session"), existingFolder(sessionFolder()),
                                         tr("StreamSynth sessions (*.session);;All files (*)"));
        if (path.isEmpty()) return;
        rememberSessionFolder(path);
        openSession(path);
    });
    continueAction_ = new QAction(tr("&Continue with new rows…"), this);
    continueAction_->setToolTip(
        tr("Choose the grown table: released steps are checked unchanged, only new steps run"));
    connect(continueAction_, &QAction::triggered, this, &MainWindow::chooseGrownTable);
    autosaveAction_ = new QAction(tr("&Autosave session after every step"), this);
    autosaveAction_->setCheckable(true);
    autosaveAction_->setToolTip(
        tr("Save the session file after every step (a crash loses at most one step)"));
    importAction_ = new QAction(tr("&Import settings…"), this);
    importAction_->setToolTip(tr("Confirm the public domain and choose how rows become steps"));
    connect(importAction_, &QAction::triggered, this, [this] { opener_->importSettings(); });
    quitAction_ = new QAction(tr("&Quit"), this);
    quitAction_->setShortcut(QKeySequence::Quit);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);

    createRunActions();
}

// Run ▸ Run, Pause, Cancel and View ▸ Log scale, Reset zoom.
void MainWindow::createRunActions() {
    runAction_ = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run"), this);
    runAction_->setShortcut(Qt::CTRL | Qt::Key_R);
    runAction_->setToolTip(tr("Run the experiment's series over the stream (Ctrl+R)"));
    connect(runAction_, &QAction::triggered, this, &MainWindow::startRun);
    pauseAction_ = new QAction(style()->standardIcon(QStyle::SP_MediaPause), tr("&Pause"), this);
    pauseAction_->setCheckable(true);
    pauseAction_->setToolTip(tr("Pause the run after the step in progress; press again to resume"));
    connect(pauseAction_, &QAction::toggled, this, &MainWindow::setPaused);
    cancelAction_ = new QAction(style()->standardIcon(QStyle::SP_MediaStop), tr("&Cancel"), this);
    cancelAction_->setToolTip(tr("Stop the run; finished releases are kept"));
    connect(cancelAction_, &QAction::triggered, this, &MainWindow::cancelRun);

    logScaleAction_ = new QAction(tr("&Log scale (all charts)"), this);
    logScaleAction_->setCheckable(true);
    logScaleAction_->setToolTip(tr("Every chart on a log axis; off: log for the relative errors only"));
    resetZoomAction_ = new QAction(tr("Reset &zoom"), this);
    resetZoomAction_->setToolTip(tr("Show every step and value in every chart again"));
}

namespace {
// View ▸ Language: the system's, English or German, from the next start.
void addLanguageMenu(QMenu* view, QWidget* window) {
    QMenu* language = view->addMenu(MainWindow::tr("&Language"));
    auto* group = new QActionGroup(window);
    const QString current = languageSetting();
    const std::pair<QString, QString> languages[] = {{QString(), MainWindow::tr("System default")},
                                                     {QStringLiteral("en"), QStringLiteral("English")},
                                                     {QStringLiteral("de"), QStringLiteral("Deutsch")}};
    for (const auto& [code, name] : languages) {
        QAction* a = language->addAction(name);
        a->setCheckable(true);
        a->setChecked(code == current);
        group->addAction(a);
        QObject::connect(a, &QAction::triggered, window, [window, code = code] {
            setLanguageSetting(code);
            QMessageBox::information(window, MainWindow::tr("Language"),
                                     MainWindow::tr("The language changes when StreamSynth is restarted."));
        });
    }
}
}  // namespace

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(openAction_);
    file->addAction(tr("Open &database…"), this, [this] { opener_->openDatabase(); });  // OpenController
    recentMenu_ = file->addMenu(tr("Open &recent"));
    file->addAction(tr("Open the bundled &Adult stream"), this, &MainWindow::openBundledAdult);
    file->addAction(tr("Open the bundled ad&missions stream"), this, &MainWindow::openBundledAdmissions);
    file->addSeparator();
    file->addAction(importAction_);
    file->addAction(openSchemaAction_);
    file->addAction(saveSchemaAction_);
    file->addSeparator();
    file->addAction(openSessionAction_);
    file->addAction(saveSessionAction_);
    file->addAction(continueAction_);
    file->addSeparator();
    file->addAction(exportAction_);
    file->addSeparator();
    file->addAction(quitAction_);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(runAction_);
    run->addAction(pauseAction_);
    run->addAction(cancelAction_);
    run->addSeparator();
    run->addAction(continueAction_);
    run->addAction(autosaveAction_);
    run->addAction(tr("Release &registry…"), this, [this] {  // ui/session/release_guard.h
        const QString changed = askRegistrySetting(this);
        if (!changed.isEmpty()) log_->append(changed);
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(logScaleAction_);
    view->addAction(resetZoomAction_);
    addLanguageMenu(view, this);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("&Guide"), this, [this] {
        auto* dialog = findChild<HelpDialog*>();
        if (!dialog) dialog = new HelpDialog(currentLanguage(), this);
        dialog->show();
        dialog->raise();
    });
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setObjectName(QStringLiteral("guideAction"));
    help->addAction(tr("&About StreamSynth"), this, [this] {
        QMessageBox::about(this, tr("About StreamSynth"),
                           tr("<b>StreamSynth %1</b><p>Differentially private synthetic tabular streams.</p>"
                              "<p>The error charts compare releases with the private data: they are not "
                              "differentially private and must not be published.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });

    QToolBar* toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(openAction_);
    toolbar->addSeparator();
    toolbar->addAction(runAction_);
    toolbar->addAction(pauseAction_);
    toolbar->addAction(cancelAction_);
    toolbar->addSeparator();
    toolbar->addAction(exportAction_);
    updateRecentMenu();
}

// Continue with new rows…: the grown table (a database session: its own
// server), and for a time stream its public end.
void MainWindow::chooseGrownTable() {
    if (workbench_->sessionIsDatabase()) {
        api::TimeEnd end;
        if (askContinueEnd(this, workbench_->streamSettings(), &end)) continueDatabaseSession(end);
        return;
    }
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Continue with new rows: the whole table, grown"), lastFolder(),
                                     tr("Tables (*.csv *.tsv *.txt);;All files (*)"));
    api::TimeEnd end;
    if (!path.isEmpty() && askContinueEnd(this, workbench_->streamSettings(), &end))
        continueSession(path, end);
}

}  // namespace streamsynth::ui
