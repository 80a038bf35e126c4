// Opening what the window shows (File ▸ Open…, Open recent, Open database…,
// the bundled Adult stream, Open schema…, Import settings…, Save schema…): a
// table becomes the document with the import settings confirmed for it
// (remembered from the last time, or asked in the import dialog), a schema
// file is applied to the open table, and the stream's summary is read into
// the data panel, the experiment panel and the charts. Sessions are opened
// by the session controller; replace() is asked before anything is opened.
#pragma once

#include <QObject>
#include <QString>

#include "ui/desk/document.h"
#include "ui/desk/window_views.h"
#include "ui/import/import_coarsening.h"

namespace streamsynth::ui {

// The parts of the window an open touches (classes declared in window_views.h).
struct OpenViews {
    WindowVoice voice;
    api::Workbench* workbench = nullptr;
    Document* document = nullptr;
    DataPanel* data = nullptr;
    ExperimentPanel* experiment = nullptr;
    ChartsView* charts = nullptr;
    CounterCompareView* counters = nullptr;
    RunController* runs = nullptr;
};

class OpenController : public QObject {
    Q_OBJECT
public:
    OpenController(const OpenViews& views, QObject* parent = nullptr);

    // A table (CSV/TSV): false (after telling the user) on failure or when
    // the user keeps the current document.
    bool openTable(const QString& path);
    bool openBundledAdult();
    // The bundled admissions table by month (patients recur: a stream to protect each patient).
    bool openBundledAdmissions();
    // A schema file applied to the open table.
    bool openSchemaFile(const QString& path);
    // File ▸ Open database…: a PostgreSQL table or query becomes the
    // document; the run then works as for a file (the server counts each step).
    void openDatabase();
    // Import settings… for the open table (true when confirmed).
    // Import settings… on the open table: a changed stream makes the last
    // run's results stale, so it asks as opening another document does and
    // clears them once the new settings are accepted.
    bool importSettings();
    // The import dialog's Large attributes (ImportDialog::setCoarsening),
    // given by the window once the run presenter exists.
    void setCoarsening(ImportCoarsening coarsening) { coarsening_ = std::move(coarsening); }
    // Save schema…: the confirmed schema and stream settings, to a file the user chooses.
    void saveSchemaInteractive();
    // Re-reads the stream summary after the Workbench's settings changed;
    // true when the stream has steps and can run.
    bool refreshSummary();

    // The open table's file (empty for a database or none).
    QString currentFile() const { return currentFile_; }
    void setCurrentFile(const QString& path) { currentFile_ = path; }

Q_SIGNALS:
    // The recent files changed (an open added or removed one).
    void recentFilesChanged();
    // The import dialog was left: the actions to update.
    void changed();

private:
    // Why the import dialog is shown: a table just opened (shown once confirmed), the same
    // table after a schema file, or new settings for the open table (its results go).
    enum class ImportFor { NewTable, SameTable, NewSettings };
    bool runImportDialog(const QString& path, ImportFor purpose);
    void showNewTable();
    bool restoreImport();
    bool backAfterCancel(Document::Kind kind, const QString& previousFile);

    OpenViews views_;
    QString currentFile_;
    ImportCoarsening coarsening_;
};

}  // namespace streamsynth::ui
