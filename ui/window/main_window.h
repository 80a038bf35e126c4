// The main window, a thin shell: assembles the data panel, experiment panel,
// charts and the bottom tabs (releases, ledger, selections, counters, log),
// the File/Run/View menus and toolbar, and the controllers that do the work:
// opening (OpenController), the document's state (DocumentController), a
// run shown in the views (RunPresenter over the worker's RunController),
// sessions, exports and release mode. No computation happens here.
#pragma once

#include <QMainWindow>
#include <QString>
#include <memory>

#include "core/values/time_end.h"
#include "ui/desk/window_views.h"

class QAction;
class QMenu;
class QSplitter;
class QTabWidget;

namespace streamsynth::api {
class Run;
class Workbench;
}  // namespace streamsynth::api
namespace streamsynth::api {
class ReleaseSpool;
}

namespace streamsynth::ui {

class ChartsView;
class CounterCompareView;
class DataPanel;
class DocumentController;
class ReleaseGuard;
class SpoolNotices;
class ExportController;
class SessionController;
class ExperimentPanel;
class LedgerView;
class LogView;
class OpenController;
class ReleasesView;
struct ReleaseRef;
class RunController;
class RunPresenter;
class RunStatus;
class SelectionView;
class SupportNotice;
class TrueVsSyntheticView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a table (CSV/TSV) or a schema file (.json: applied to the open
    // table). Returns false (after telling the user) on failure.
    bool openPath(const QString& path);
    bool openBundledAdult();
    bool openBundledAdmissions();
    bool openSchemaFile(const QString& path);
    // Starts a run with the experiment panel's settings; false if not possible.
    bool startRun();
    void cancelRun();
    void setPaused(bool paused);
    // Writes the last run's latest releases, metrics, summary and ledger to `dir`.
    bool exportResults(const QString& dir);
    // Writes the latest release of one series of the last run to csvPath
    // (CSV with labels) and its manifest beside it.
    bool exportRelease(const QString& seriesId, const QString& csvPath);
    // Writes the given releases of the last run (any step, read back from the
    // run's release spool) into dir: <series>/step-NNNN.csv + manifest each,
    // and dir/manifest.json listing them. Unavailable steps are skipped and
    // logged. False (after telling the user) on failure.
    bool exportReleases(const QList<ReleaseRef>& releases, const QString& dir);
    // The spool of the current run's releases (null after opening a session).
    const api::ReleaseSpool* releaseSpool() const;
    // Sessions (docs/usage.md "Continuing a stream"). Saves the last run (finished
    // or cancelled) as a session file; the path becomes the autosave target.
    bool saveSession(const QString& path);
    // Save session… : a file dialog, then saveSession (true when saved).
    bool saveSessionInteractive();
    // Opens a session file: re-plots its released steps in the charts and
    // views; "Continue with new rows…" then becomes available.
    bool openSession(const QString& path);
    // Checks a grown table against the document's session (opened, or the
    // last run's); shows the digest check's result (log + status bar, a
    // warning box on refusal) and, when accepted, starts the new steps.
    bool continueSession(const QString& grownTablePath, const api::TimeEnd& end = {});
    // The same for a session made from a database: the released steps are
    // checked on its server and the new periods or batches run.
    bool continueDatabaseSession(const api::TimeEnd& end = {});
    // Autosave: each step of the next runs is saved to sessionPath() on the
    // worker thread (through api::Run::setSessionFile(path, true)), then the status bar's
    // indicator is updated on the GUI thread (queued).
    void setAutosave(bool on);
    bool autosave() const;
    void setSessionPath(const QString& path);
    QString sessionPath() const;
    // The digest check's result of the last continueSession, as shown.
    QString lastContinueMessage() const;
    QString autosaveText() const;

    // Re-reads the stream summary after the Workbench's settings changed;
    // true when the stream has steps and can run.
    bool refreshSummary();

    // Views, for tests.
    api::Workbench& workbench() { return *workbench_; }
    DataPanel* dataPanel() const { return dataPanel_; }
    ExperimentPanel* experimentPanel() const { return experiment_; }
    ChartsView* chartsView() const { return charts_; }
    ReleasesView* releasesView() const { return releases_; }
    LedgerView* ledgerView() const { return ledger_; }
    TrueVsSyntheticView* trueVsSyntheticView() const { return trueVsSynthetic_; }
    SelectionView* selectionView() const { return selection_; }
    RunController* runController() const { return controller_; }
    DocumentController* documentController() const { return documents_; }
    RunStatus* runStatus() const { return status_; }
    SupportNotice* supportNotice() const { return supportNotice_; }
    QAction* exportAction() const { return exportAction_; }
    QAction* openSchemaAction() const { return openSchemaAction_; }
    QAction* importAction() const { return importAction_; }
    ExportController* exportController() const { return exports_; }
    CounterCompareView* counterView() const { return counters_; }
    QAction* runAction() const { return runAction_; }
    QAction* cancelAction() const { return cancelAction_; }
    QAction* pauseAction() const { return pauseAction_; }
    QAction* saveSessionAction() const { return saveSessionAction_; }
    QAction* openSessionAction() const { return openSessionAction_; }
    QAction* continueAction() const { return continueAction_; }
    QAction* autosaveAction() const { return autosaveAction_; }

Q_SIGNALS:
    // After a run finished, was cancelled or failed.
    void runEnded(int stepsCompleted, bool cancelled);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createRunActions();
    void createMenus();
    void buildLayout();
    void restoreSettings();
    void saveSettings();
    void updateRecentMenu();
    void updateActions();
    void chooseGrownTable();  // Continue with new rows… (main_window_menus.cpp)

    void createControllers();

    std::unique_ptr<api::Workbench> workbench_;
    WindowViews views_;
    OpenController* opener_ = nullptr;
    RunPresenter* runs_ = nullptr;
    SessionController* sessions_ = nullptr;
    DocumentController* documents_ = nullptr;
    ReleaseGuard* guard_ = nullptr;
    SpoolNotices* spoolNotices_ = nullptr;
    ExportController* exports_ = nullptr;

    DataPanel* dataPanel_ = nullptr;
    ExperimentPanel* experiment_ = nullptr;
    ChartsView* charts_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    ReleasesView* releases_ = nullptr;
    LedgerView* ledger_ = nullptr;
    SelectionView* selection_ = nullptr;
    TrueVsSyntheticView* trueVsSynthetic_ = nullptr;  // private-data view of the last run
    CounterCompareView* counters_ = nullptr;
    LogView* log_ = nullptr;
    SupportNotice* supportNotice_ = nullptr;  // the pre-run support check, above the charts
    QSplitter* mainSplitter_ = nullptr;
    QSplitter* rightSplitter_ = nullptr;
    RunController* controller_ = nullptr;
    RunStatus* status_ = nullptr;

    QAction* openAction_ = nullptr;
    QAction* openSchemaAction_ = nullptr;
    QAction* saveSchemaAction_ = nullptr;
    QAction* importAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* runAction_ = nullptr;
    QAction* pauseAction_ = nullptr;
    QAction* cancelAction_ = nullptr;
    QAction* logScaleAction_ = nullptr;
    QAction* resetZoomAction_ = nullptr;
    QAction* exportAction_ = nullptr;
    QAction* saveSessionAction_ = nullptr;
    QAction* openSessionAction_ = nullptr;
    QAction* continueAction_ = nullptr;
    QAction* autosaveAction_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    bool placed_ = false;  // kept on screen after the first show (window_placement.h)
    QSize placedSize_;     // the size restoreSettings chose
};

}  // namespace streamsynth::ui
