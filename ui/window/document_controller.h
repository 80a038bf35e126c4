// What is loaded in the window, as one state machine (so the actions
// enabled always match what is loaded):
//
//   Empty ──open table──▶ Table ──confirm domain and steps──▶ Stream ──Run──▶ Running ⇄ (paused)
//     ▲                                                                         │ finished/cancelled
//     │                       Session ◀──open session──(any state)              ▼
//     └───────────── every open goes through replace() ◀──────────────────── Results
//
// Before anything replaces the document (a table, the bundled stream, a
// session) or the window closes, replace() asks to stop a run in progress
// (refusing when the user says no), whether to save results not yet saved
// in a session ("Save your work?"), and, after a release-mode run, what to do
// with its releases; then clears every view of the previous document: charts,
// releases and their spool, ledger, selections, data panel, status bar, the
// last run and its exports. The window title names the current document and
// actions are enabled from state() alone (MainWindow::updateActions).
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <set>

#include "ui/window/window_views.h"

namespace streamsynth::ui {

class DocumentController : public QObject {
    Q_OBJECT
public:
    enum class State { Empty, Table, Stream, Running, Results, Session };
    enum class Kind { None, Table, Bundled, Session };

    DocumentController(const WindowViews& views, QObject* parent = nullptr);

    State state() const;
    Kind kind() const { return kind_; }
    // The file of the document (table or session), empty when none.
    QString path() const { return path_; }
    // "movies.csv", "session adult.session", "bundled Adult stream".
    QString displayName() const;

    // Before the document is replaced (`action`: "open movies.csv") or the
    // window closes: true when the caller may go on (nothing running any
    // more, release-mode releases acknowledged), false when the user keeps
    // the current document. The views are not touched (see clear()).
    bool replace(const QString& action);
    // Clears every view of the previous document and forgets the last run.
    void clear();
    // What a run left on screen (charts, releases, ledger, selections, the
    // coarsening note), for a change that makes it stale (new import
    // settings); the document stays.
    void clearResults();
    // The new document (after a successful open; the views show it).
    void setTable(const QString& path, Kind kind, bool streamReady);
    void setStreamReady(bool ready);
    bool streamReady() const { return ready_; }
    void setSession(const QString& path);

    // A release-mode run ended: its releases (budget spent) are kept in folder.
    // Until the user answered the question of replace() about them, they are pending.
    void setReleaseRun(const QString& folder, const QString& sessionFile, int releasedSteps);
    bool releasesPending() const { return !releaseFolder_.isEmpty(); }
    QString releaseFolder() const { return releaseFolder_; }
    // The session of the table's last release-mode stream (kept after the
    // releases were acknowledged; cleared when another table is opened).
    QString releaseSession() const { return lastReleaseSession_; }
    // Exports the last run's results into a folder the user chooses (true when written).
    void setExportResults(std::function<bool()> exportResults) { exportResults_ = std::move(exportResults); }

    // Work not yet saved: the steps of a run (new, or continued with new
    // rows) delivered since the document's session was last saved, by hand
    // or by autosave. stepDelivered marks a step, workSaved clears them all.
    void stepDelivered(int step);
    void workSaved();
    int unsavedSteps() const { return static_cast<int>(unsaved_.size()); }
    // Saves the session through a file dialog (true when saved).
    void setSaveSession(std::function<bool()> saveSession) { saveSession_ = std::move(saveSession); }
    // "Save your work?" before `action` ("quit", "start a new run") when
    // steps are unsaved: Save session… (then goes on if saved), Don't save,
    // or Cancel. True when the caller may go on.
    bool askToSave(const QString& action);

Q_SIGNALS:
    // The document or its state changed: title and actions to update.
    void changed();
    // The results and any pending choice for the stream are gone (clear, clearResults).
    void resultsCleared();

private:
    bool askToStopRun(const QString& action);
    bool askAboutReleases(const QString& action);
    void updateTitle();

    WindowViews views_;
    Kind kind_ = Kind::None;
    QString path_;
    bool ready_ = false;
    QString releaseFolder_, releaseSession_, lastReleaseSession_;
    int releasedSteps_ = 0;
    std::function<bool()> exportResults_;
    std::set<int> unsaved_;
    std::function<bool()> saveSession_;
};

}  // namespace streamsynth::ui
