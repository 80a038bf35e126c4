// OpenController: tables, the bundled stream, databases, schema files and
// the import dialog (open_controller.h).
#include "ui/import/open_controller.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>

#include "core/api/workbench.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/counter_compare_view.h"
#include "ui/desk/document.h"
#include "ui/desk/log_view.h"
#include "ui/desk/recent_files.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/import/bundled_data.h"
#include "ui/import/data_panel.h"
#include "ui/import/database_dialog.h"
#include "ui/import/import_dialog.h"
#include "ui/import/import_memory.h"
#include "ui/import/stream_panels.h"
#include "ui/import/stream_text.h"
#include "ui/run/run_controller.h"

namespace streamsynth::ui {

OpenController::OpenController(const OpenViews& views, QObject* parent) : QObject(parent), views_(views) {}

bool OpenController::refreshSummary() {
    bool ready = false;
    api::Workbench& workbench = *views_.workbench;
    Document* documents = views_.document;
    try {
        const api::StreamSummary summary = workbench.summary();
        showStreamPanels(summary, *views_.data, *views_.experiment);
        const data::StreamSettings& settings = workbench.streamSettings();
        views_.experiment->setPublicRowsPerStep(settings.batch ? static_cast<double>(settings.batch->size)
                                                               : 0.0);
        views_.experiment->setProtectedUnit(settings.unit);
        views_.charts->setStepCount(summary.steps);
        views_.counters->setHorizon(summary.steps);
        ready = summary.steps > 0;
        // A table set on the Workbench directly (tests, the CLI's way) becomes the document.
        if (documents->kind() == Document::Kind::None || documents->kind() == Document::Kind::Session)
            documents->setTable(QString::fromStdString(summary.file), Document::Kind::Table, ready);
        views_.voice.log->append(tr("Opened %1: %2 rows, %3 attributes, %4 steps (%5)")
                                     .arg(QString::fromStdString(summary.file))
                                     .arg(summary.rows)
                                     .arg(summary.attributes.size())
                                     .arg(summary.steps)
                                     .arg(streamText(summary.streamDescription)));
    } catch (const std::exception& e) {
        views_.data->showMessage(currentFile_, describeError(e));
        views_.voice.log->append(describeError(e));
    }
    documents->setStreamReady(ready);
    return ready;
}

bool OpenController::openBundledAdult() {
    if (!views_.document->replace(tr("open the bundled Adult stream"))) return false;
    try {
        const BundledFiles files = extractBundledAdult();
        views_.workbench->openBundledAdult(files.csvPath.toStdString(), files.schemaPath.toStdString());
        currentFile_ = files.csvPath;
        // The import settings the steward confirmed for it (Import settings…), else
        // random batches of 1,000: never silently another stream than the one confirmed.
        if (!restoreImport()) {
            data::BatchSettings batch;
            batch.size = 1000;
            batch.order = data::BatchOrder::Random;
            data::StreamSettings settings;
            settings.batch = batch;
            views_.workbench->setStreamSettings(settings, 1);
        }
        views_.document->clear();
        views_.document->setTable(currentFile_, Document::Kind::Bundled, false);
    } catch (const std::exception& e) {
        reportError(views_.voice, tr("Open the bundled Adult stream"), describeError(e));
        return false;
    }
    return refreshSummary();
}

bool OpenController::openBundledAdmissions() {
    if (!views_.document->replace(tr("open the bundled admissions stream"))) return false;
    try {
        const BundledFiles files = extractBundledAdmissions();
        views_.workbench->openBundledAdult(files.csvPath.toStdString(), files.schemaPath.toStdString());
        currentFile_ = files.csvPath;
        views_.document->clear();
        views_.document->setTable(currentFile_, Document::Kind::Bundled, false);
    } catch (const std::exception& e) {
        reportError(views_.voice, tr("Open the bundled admissions stream"), describeError(e));
        return false;
    }
    return refreshSummary();
}

bool OpenController::openTable(const QString& path) {
    // What was open, to go back to when the new table's import dialog is cancelled.
    const Document::Kind previousKind = views_.document->kind();
    const QString previousFile = currentFile_;
    if (!views_.document->replace(tr("open %1").arg(QFileInfo(path).fileName()))) return false;
    api::Workbench& workbench = *views_.workbench;
    try {
        workbench.open(path.toStdString());
    } catch (const std::exception& e) {
        RecentFiles::remove(QFileInfo(path).absoluteFilePath());
        Q_EMIT recentFilesChanged();
        reportError(views_.voice, tr("Open table"), describeError(e));
        return false;
    }
    // The last run's steps went with the table it was over (saved, or "Don't save" above): Cancel in
    // the import dialog below goes back to the previous table without them.
    views_.document->unsavedDiscarded();
    currentFile_ = QFileInfo(path).absoluteFilePath();
    RecentFiles::add(path);
    rememberFolder(path);
    Q_EMIT recentFilesChanged();
    if ((workbench.hasConfirmedSchema() &&
         (workbench.streamSettings().batch || workbench.streamSettings().time)) ||
        restoreImport()) {
        showNewTable();
        return refreshSummary();
    }
    // The window keeps showing what was open while the import dialog asks: the new table
    // appears only once its domain is confirmed, and Cancel goes back to what was open.
    if (runImportDialog(currentFile_, ImportFor::NewTable)) return true;
    if (!backAfterCancel(previousKind, previousFile)) {  // nothing to go back to: the new table, unconfirmed
        showNewTable();
        views_.data->showMessage(currentFile_, tr("The domain is not confirmed yet: use Import settings…"));
    }
    return false;
}

// Nothing of the previous document stays on screen once a new table is in.
void OpenController::showNewTable() {
    views_.document->clear();
    views_.document->setTable(currentFile_, Document::Kind::Table, false);
}

// Cancel in the import dialog of a table just opened means "not this table": the table or the
// bundled stream open before it comes back with its confirmed settings (its results were
// already saved or discarded when the new table was chosen). A session or nothing stays as is.
bool OpenController::backAfterCancel(Document::Kind kind, const QString& previousFile) {
    if (kind == Document::Kind::Bundled) {
        if (!openBundledAdult()) return false;
        views_.voice.log->append(tr("Import cancelled: back to the bundled Adult stream"));
        return true;
    }
    if (kind != Document::Kind::Table || previousFile.isEmpty() || !QFileInfo::exists(previousFile))
        return false;
    api::Workbench& workbench = *views_.workbench;
    try {
        workbench.open(previousFile.toStdString());
    } catch (const std::exception& e) {
        views_.voice.log->append(
            tr("Import cancelled; %1 could not be opened again: %2").arg(previousFile, describeError(e)));
        return false;
    }
    currentFile_ = previousFile;
    views_.document->clear();
    views_.document->setTable(currentFile_, Document::Kind::Table, false);
    if (restoreImport() || (workbench.hasConfirmedSchema() &&
                            (workbench.streamSettings().batch || workbench.streamSettings().time)))
        refreshSummary();
    else
        views_.data->showMessage(currentFile_, tr("The domain is not confirmed yet: use Import settings…"));
    views_.voice.log->append(tr("Import cancelled: back to %1").arg(QFileInfo(previousFile).fileName()));
    return true;
}

bool OpenController::openSchemaFile(const QString& path) {
    if (currentFile_.isEmpty() || views_.document->kind() == Document::Kind::Session ||
        views_.runs->isRunning()) {
        reportError(views_.voice, tr("Open schema"), tr("Open a table first; the schema is applied to it."));
        return false;
    }
    api::Workbench& workbench = *views_.workbench;
    try {
        api::OpenOptions options;
        options.schemaPath = path.toStdString();
        workbench.open(currentFile_.toStdString(), options);
        rememberFolder(path);
        views_.voice.log->append(tr("Schema %1 applied to %2").arg(path, currentFile_));
    } catch (const std::exception& e) {
        reportError(views_.voice, tr("Open schema"), describeError(e));
        return false;
    }
    if (!workbench.streamSettings().batch && !workbench.streamSettings().time)
        return runImportDialog(currentFile_, ImportFor::SameTable);
    return refreshSummary();
}

void OpenController::openDatabase() {
    DatabaseDialog dialog(views_.voice.window);
    if (dialog.exec() != QDialog::Accepted || !views_.document->replace(tr("open a database"))) return;
    try {
        views_.workbench->loadInput(dialog.request());
    } catch (const std::exception& e) {
        return reportError(views_.voice, tr("Open database"), describeError(e));
    }
    currentFile_.clear();
    views_.document->clear();  // nothing of the previous document stays on screen
    views_.document->setTable(QString::fromStdString(views_.workbench->summary().file), Document::Kind::Table,
                              false);
    refreshSummary();
}

void OpenController::saveSchemaInteractive() {
    const QString path = QFileDialog::getSaveFileName(views_.voice.window, tr("Save schema"),
                                                      lastFolder() + QStringLiteral("/schema.json"),
                                                      tr("Schema files (*.json)"));
    if (path.isEmpty()) return;
    try {
        views_.workbench->saveSchema(path.toStdString());
        views_.voice.log->append(tr("Schema saved to %1").arg(path));
        rememberFolder(path);
    } catch (const std::exception& e) {
        reportError(views_.voice, tr("Save schema"), describeError(e));
    }
}

bool OpenController::importSettings() {
    if (!views_.document->replace(tr("change the import settings"))) return false;
    return runImportDialog(currentFile_, ImportFor::NewSettings);
}

bool OpenController::runImportDialog(const QString& path, ImportFor purpose) {
    const bool clearsResults = purpose == ImportFor::NewSettings;
    api::Workbench& workbench = *views_.workbench;
    if (!workbench.isOpen()) return false;
    ExperimentPanel* experiment = views_.experiment;
    ImportDialog dialog(workbench, path, views_.voice.window);
    const stream::RunConfig config = experiment->runConfig();
    std::vector<double> amounts;
    for (const privacy::Budget& b : experiment->budgets()) amounts.push_back(b.amount());
    dialog.setNoiseSettings(config.privacy, amounts, config.rounds);
    dialog.setPlanContext(experiment->planContext());
    connect(&dialog, &ImportDialog::budgetPlanned, experiment->epsilonEdit(), &QLineEdit::setText);
    // Large attributes set up in the dialog: the last run's results go first (the check has changed the
    // stream's settings already), so clearing them afterwards cannot drop the new choice.
    // A new table is shown from then on too: the choice is made for it.
    bool cleared = false;
    const auto showTable = [&] {
        if (!cleared && purpose == ImportFor::NewTable) showNewTable();
        if (!cleared && clearsResults)
            views_.document->clearResults();  // the last run was over the old steps
        cleared = true;
    };
    if (coarsening_.choose)
        dialog.setCoarsening({coarsening_.unsupported, [&](QWidget* over) {
                                  showTable();
                                  return coarsening_.choose(over);
                              }});
    if (dialog.exec() != QDialog::Accepted) {
        Q_EMIT changed();
        return false;
    }
    showTable();
    const bool ready = refreshSummary();
    // Restored when this table is opened again: only settings that gave a stream (a refused one would
    // come back refused at every open).
    if (!ready) return false;
    try {
        rememberImport(workbench, path);
    } catch (const std::exception& e) {
        views_.voice.log->append(tr("The import settings could not be remembered: %1").arg(describeError(e)));
    }
    return true;
}

// The import settings confirmed the last time this table (same path, same
// header line) was opened, applied instead of asking again.
bool OpenController::restoreImport() {
    const QString remembered = rememberedImportFile(currentFile_);
    if (remembered.isEmpty() || !QFileInfo::exists(remembered)) return false;
    api::Workbench& workbench = *views_.workbench;
    try {
        api::OpenOptions options;
        options.schemaPath = remembered.toStdString();
        workbench.open(currentFile_.toStdString(), options);
    } catch (const std::exception& e) {
        views_.voice.log->append(tr("The import settings remembered for %1 no longer apply: %2")
                                     .arg(currentFile_, describeError(e)));
        return false;
    }
    if (!workbench.streamSettings().batch && !workbench.streamSettings().time) return false;
    views_.voice.log->append(
        tr("Import settings of %1 restored as confirmed the last time (Import settings… changes them)")
            .arg(QFileInfo(currentFile_).fileName()));
    return true;
}

}  // namespace streamsynth::ui
