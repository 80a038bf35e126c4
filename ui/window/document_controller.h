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
// actions are enabled from state() alone (MainWindow::updateActions). The
// rooms see it as a Document (ui/desk/document.h, the interface's comments).
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <set>

#include "ui/desk/document.h"
#include "ui/desk/window_views.h"

namespace streamsynth::ui {

class DocumentController : public Document {
    Q_OBJECT
public:
    DocumentController(const WindowViews& views, QObject* parent = nullptr);

    State state() const override;
    Kind kind() const override { return kind_; }
    QString path() const override { return path_; }
    QString displayName() const override;

    bool replace(const QString& action) override;
    void clear() override;
    void clearResults() override;
    void setTable(const QString& path, Kind kind, bool streamReady) override;
    void setStreamReady(bool ready) override;
    bool streamReady() const override { return ready_; }
    void setSession(const QString& path) override;

    void setReleaseRun(const QString& folder, const QString& sessionFile, int releasedSteps) override;
    bool releasesPending() const override { return !releaseFolder_.isEmpty(); }
    void releasesExported(const QString& folder) override {
        if (!releaseFolder_.isEmpty()) exportedTo_ = folder;
    }
    QString releaseFolder() const override { return releaseFolder_; }
    QString releaseSession() const override { return lastReleaseSession_; }
    // Exports the last run's results into a folder the user chooses (true when written).
    void setExportResults(std::function<bool()> exportResults) { exportResults_ = std::move(exportResults); }

    void stepDelivered(int step) override;
    void workSaved() override;
    void unsavedDiscarded() override;
    int unsavedSteps() const override { return static_cast<int>(unsaved_.size()); }
    // Saves the session through a file dialog (true when saved).
    void setSaveSession(std::function<bool()> saveSession) { saveSession_ = std::move(saveSession); }
    bool askToSave(const QString& action) override;

private:
    bool askToStopRun(const QString& action);
    bool askAboutReleases(const QString& action);
    void updateTitle();

    WindowViews views_;
    Kind kind_ = Kind::None;
    QString path_;
    bool ready_ = false;
    QString releaseFolder_, releaseSession_, lastReleaseSession_;
    QString exportedTo_;  // where a copy of the pending releases was exported ("" when none)
    int releasedSteps_ = 0;
    std::function<bool()> exportResults_;
    std::set<int> unsaved_;
    std::function<bool()> saveSession_;
};

}  // namespace streamsynth::ui
