// What is loaded in the window, as the controllers of every room see it: the
// document's kind and state, replacing it (with the questions that come
// first), clearing what it shows, and the work not yet saved. Implemented by
// the window's DocumentController (ui/window/document_controller.h, where the
// state machine is drawn); the rooms hold a Document*, so they never include
// the window (ui/desk/README.md).
#pragma once

#include <QObject>
#include <QString>

namespace streamsynth::ui {

class Document : public QObject {
    Q_OBJECT
public:
    enum class State { Empty, Table, Stream, Running, Results, Session };
    enum class Kind { None, Table, Bundled, Session };

    using QObject::QObject;

    virtual State state() const = 0;
    virtual Kind kind() const = 0;
    // The file of the document (table or session), empty when none.
    virtual QString path() const = 0;
    // "movies.csv", "session adult.session", "bundled Adult stream".
    virtual QString displayName() const = 0;

    // Before the document is replaced (`action`: "open movies.csv") or the
    // window closes: true when the caller may go on (nothing running any
    // more, release-mode releases acknowledged), false when the user keeps
    // the current document. The views are not touched (see clear()).
    virtual bool replace(const QString& action) = 0;
    // Clears every view of the previous document and forgets the last run.
    virtual void clear() = 0;
    // What a run left on screen (charts, releases, ledger, selections, the
    // coarsening note), for a change that makes it stale (new import
    // settings); the document stays.
    virtual void clearResults() = 0;
    // The new document (after a successful open; the views show it).
    virtual void setTable(const QString& path, Kind kind, bool streamReady) = 0;
    virtual void setStreamReady(bool ready) = 0;
    virtual bool streamReady() const = 0;
    virtual void setSession(const QString& path) = 0;

    // A release-mode run ended: its releases (budget spent) are kept in folder.
    // Until the user answered the question of replace() about them, they are pending.
    virtual void setReleaseRun(const QString& folder, const QString& sessionFile, int releasedSteps) = 0;
    virtual bool releasesPending() const = 0;
    // A copy of the release-mode run's releases was exported to folder: replace() then says
    // where they are in the log instead of asking (a GUI walkthrough of 2026-12-01 was asked
    // to export a copy it had just exported).
    virtual void releasesExported(const QString& folder) = 0;
    virtual QString releaseFolder() const = 0;
    // The session of the table's last release-mode stream (kept after the
    // releases were acknowledged; cleared when another table is opened).
    virtual QString releaseSession() const = 0;

    // Work not yet saved: the steps of a run (new, or continued with new
    // rows) delivered since the document's session was last saved, by hand
    // or by autosave. stepDelivered marks a step, workSaved clears them all.
    virtual void stepDelivered(int step) = 0;
    virtual void workSaved() = 0;
    // The unsaved steps went without a save (the steward answered "Don't
    // save" and the action went on): nothing is left to ask about.
    virtual void unsavedDiscarded() = 0;
    virtual int unsavedSteps() const = 0;
    // "Save your work?" before `action` ("quit", "start a new run") when
    // steps are unsaved: Save session… (then goes on if saved), Don't save,
    // or Cancel. True when the caller may go on; after "Don't save" the steps
    // stay unsaved until they go (clearResults, a new run, unsavedDiscarded).
    virtual bool askToSave(const QString& action) = 0;

Q_SIGNALS:
    // The document or its state changed: title and actions to update.
    void changed();
    // The results and any pending choice for the stream are gone (clear, clearResults).
    void resultsCleared();
    // Another document takes the window (clear): the session file of the one
    // before no longer applies (a Save or an autosave must not overwrite it).
    void documentCleared();
};

}  // namespace streamsynth::ui
