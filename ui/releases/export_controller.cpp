// ExportController: exports through api::Run into folders of their own (see export_controller.h).
#include "ui/releases/export_controller.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QMainWindow>
#include <QStatusBar>
#include <algorithm>

#include "core/api/export_folder.h"
#include "core/api/run.h"
#include "ui/desk/document.h"
#include "ui/desk/log_view.h"
#include "ui/desk/questions.h"
#include "ui/releases/export_folder_dialog.h"
#include "ui/releases/releases_view.h"
#include "ui/run/run_controller.h"
#include "ui/widgets/status_message.h"

namespace streamsynth::ui {

ExportController::ExportController(WindowVoice voice, RunController* runs, Document* document,
                                   QObject* parent)
    : QObject(parent), voice_(voice), runs_(runs), document_(document) {}

bool ExportController::publishable() const {
    const api::Run* run = runs_->lastRun();
    return run && run->config().secureRandom;
}

ExportController::Target ExportController::prepareTarget(const QString& dir) {
    const api::ExportTarget target = api::inspectExportTarget(dir.toStdString());
    const QString where = QDir::toNativeSeparators(dir).toHtmlEscaped();
    if (target.kind == api::ExportTargetKind::Empty) return Target::Go;
    if (target.kind == api::ExportTargetKind::Foreign) {
        QStringList some;
        for (const std::string& f : target.unlisted) some << QString::fromStdString(f).toHtmlEscaped();
        const int answer = askQuestion(
            voice_.window, QStringLiteral("exportForeignQuestion"), QMessageBox::Warning, tr("Export"),
            tr("<p>The folder <b>%1</b> holds %n file(s) that are not an earlier StreamSynth export (%2). An "
               "export never writes among other files.</p><p>Choose another folder (a new name is fine).</p>",
               nullptr, target.files)
                .arg(where, some.join(QStringLiteral(", "))),
            {tr("Choose another folder"), tr("Cancel")}, 0, 1);
        return answer == 0 ? Target::ChooseAnother : Target::Cancel;
    }
    const int answer = askQuestion(
        voice_.window, QStringLiteral("exportReplaceQuestion"), QMessageBox::Question, tr("Export"),
        tr("<p>The folder <b>%1</b> holds an earlier export (%2, %n file(s)).</p><p>Replace that export (its "
           "files "
           "are removed first, so the two never mix), or choose another folder?</p>",
           // Counted as the export's notice counts them, without its manifest.json (a GUI
           // walkthrough of 2026-12-01 read "Exported 20 files", then "21 files").
           nullptr, std::max(0, target.files - 1))
            .arg(where, target.exportKind == "kept releases" ? tr("kept releases")
                                                             : tr("latest releases and run files")),
        {tr("Replace this export"), tr("Choose another folder"), tr("Cancel")}, 1, 2);
    if (answer == 1) return Target::ChooseAnother;
    if (answer != 0) return Target::Cancel;
    try {
        api::removePreviousExport(dir.toStdString());
        voice_.log->append(tr("Removed the earlier export in %1").arg(dir));
        return Target::Go;
    } catch (const std::exception& e) {
        reportError(voice_, tr("Export"), describeError(e));
        return Target::Cancel;
    }
}

bool ExportController::confirmNotForPublication() {
    if (publishable()) return true;
    const api::Run* run = runs_->lastRun();
    const int answer =
        askQuestion(voice_.window, QStringLiteral("seededExportQuestion"), QMessageBox::Warning,
                    tr("Not for publication"),
                    tr("<p>These releases come from a <b>seeded</b> run (seed %1): they are <b>not for "
                       "publication</b>. Anyone "
                       "who knows the seed can regenerate the noise and remove it. Their manifests say "
                       "<tt>\"publishable\": false</tt>.</p><p>Export them for evaluation only? For "
                       "publishable releases, run "
                       "again with Release mode.</p>")
                        .arg(run ? QString::number(run->config().seed) : QString()),
                    {tr("Export, not for publication"), tr("Cancel")}, 1, 1);
    return answer == 0;
}

QString ExportController::chooseFolder(const QString& what, const QString& description, bool* marginals) {
    const QString dataFolder =
        document_ && !document_->path().isEmpty() ? QFileInfo(document_->path()).absolutePath() : QString();
    QString folder =
        suggestedExportFolder(document_ ? document_->displayName() : QString(), what, dataFolder);
    for (;;) {
        ExportFolderDialog dialog(tr("Export %1").arg(what), description, folder, voice_.window);
        QCheckBox* option = nullptr;
        if (marginals) {
            option = dialog.addOption(
                QStringLiteral("exportMarginals"), tr("Also the noisy marginals (proposed series)"),
                tr("The counters' differentially private answers at the latest step, with each "
                   "cell's standard error (marginals-NNNN.csv and .json beside the release). "
                   "They cost no budget: the step already released them to the fit."));
            option->setChecked(*marginals);
        }
        if (dialog.exec() != QDialog::Accepted) return {};
        if (option) *marginals = option->isChecked();
        folder = dialog.folder();
        const Target t = prepareTarget(folder);
        if (t == Target::Cancel) return {};
        if (t == Target::Go) return folder;
    }
}

bool ExportController::exportResultsInteractive() {
    if (!runs_->lastRun() || runs_->isRunning() || !confirmNotForPublication()) return false;
    bool marginals = false;
    const QString dir = chooseFolder(tr("results"),
                                     tr("Each series' latest release (CSV with labels and a manifest), "
                                        "the metrics, the summary and the ledger, with manifest.json "
                                        "listing every file and its SHA-256."),
                                     &marginals);
    return !dir.isEmpty() && exportResults(dir, marginals);
}

bool ExportController::exportReleasesInteractive(const QList<ReleaseRef>& refs) {
    if (refs.isEmpty() || !runs_->lastRun() || runs_->isRunning() || !confirmNotForPublication())
        return false;
    const QString dir =
        chooseFolder(tr("releases"), tr("%n release(s), one CSV per step with its manifest, and "
                                        "manifest.json listing every file and its SHA-256.",
                                        nullptr, int(refs.size())));
    return !dir.isEmpty() && exportReleases(refs, dir);
}

void ExportController::confirmWritten(const QString& dir, const QString& what, bool privateFiles) {
    std::vector<api::ListedFile> files;
    try {
        files = api::writeExportListing(dir.toStdString(), what.toStdString(), publishable());
    } catch (const std::exception& e) {
        reportError(voice_, tr("Export"), describeError(e));
        return;
    }
    long long bytes = 0;
    for (const api::ListedFile& f : files) bytes += f.bytes;
    rememberExportsRoot(dir);
    const QString size = QLocale().formattedDataSize(bytes);
    lastMessage_ = tr("Exported %n file(s) (%1) to %2, listed with their SHA-256 in manifest.json.", nullptr,
                      static_cast<int>(files.size()))
                       .arg(size, QDir::toNativeSeparators(dir));
    QString notice = lastMessage_.toHtmlEscaped();
    if (!publishable())
        notice += QStringLiteral("<p>") + tr("The releases are <b>not for publication</b> (seeded run).") +
                  QStringLiteral("</p>");
    if (privateFiles)
        notice += QStringLiteral("<p>") +
                  tr("metrics.csv and summary.json are computed from the private data: do not "
                     "publish them.") +
                  QStringLiteral("</p>");
    voice_.log->append(lastMessage_);
    showStatusMessage(voice_.window, lastMessage_, 15000);
    showNoticeLater(voice_.window, QStringLiteral("exportDone"), tr("Export"), notice);
}

bool ExportController::exportResults(const QString& dir, bool marginals) {
    api::Run* run = runs_->lastRun();
    if (!run || runs_->isRunning() || prepareTarget(dir) != Target::Go) return false;
    try {
        run->exportLatest(dir.toStdString(), api::BinOutput::Interval, marginals);
    } catch (const std::exception& e) {
        reportError(voice_, tr("Export"), describeError(e));
        return false;
    }
    confirmWritten(dir, QStringLiteral("latest releases"), true);
    if (document_) document_->releasesExported(dir);
    return true;
}

bool ExportController::exportRelease(const QString& seriesId, const QString& csvPath) {
    api::Run* run = runs_->lastRun();
    if (!run || runs_->isRunning()) return false;
    QString path = csvPath;
    if (!path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) path += QStringLiteral(".csv");
    try {
        const std::string manifest =
            run->exportRelease(seriesId.toStdString(), path.toStdString(), api::BinOutput::Interval);
        rememberFolder(path);
        voice_.log->append(tr("Exported the latest release of %1 to %2 (manifest %3)")
                               .arg(seriesId, path, QString::fromStdString(manifest)));
        return true;
    } catch (const std::exception& e) {
        reportError(voice_, tr("Export"), describeError(e));
        return false;
    }
}

bool ExportController::exportReleases(const QList<ReleaseRef>& refs, const QString& dir) {
    api::Run* run = runs_->lastRun();
    if (!run || runs_->isRunning() || !run->spool() || refs.isEmpty() || prepareTarget(dir) != Target::Go)
        return false;
    std::vector<std::pair<std::string, int>> which;
    for (const ReleaseRef& ref : refs) which.emplace_back(ref.series.toStdString(), ref.step);
    try {
        const api::SpooledExport out = run->exportKept(which, dir.toStdString(), api::BinOutput::Interval);
        if (!out.unavailable.empty())
            voice_.log->append(tr("%n step(s) skipped: their release is not available", nullptr,
                                  int(out.unavailable.size())));
    } catch (const std::exception& e) {
        reportError(voice_, tr("Export"), describeError(e));
        return false;
    }
    confirmWritten(dir, QStringLiteral("kept releases"), false);
    if (document_) document_->releasesExported(dir);
    return true;
}

}  // namespace streamsynth::ui
