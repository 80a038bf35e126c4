// ExportController: the last run's exports through api::Run (see export_controller.h).
#include "ui/export_controller.h"

#include "core/api/run.h"
#include "ui/log_view.h"
#include "ui/releases_view.h"
#include "ui/run_controller.h"

namespace streamsynth::ui {

ExportController::ExportController(const WindowViews& views, QObject* parent) : QObject(parent), views_(views) {}

bool ExportController::exportResults(const QString& dir) {
    api::Run* run = views_.runs->lastRun();
    if (!run) return false;
    try {
        const int files = run->exportLatest(dir.toStdString(), api::BinOutput::Interval);
        views_.log->append(tr("Exported %1 files to %2 (metrics are computed from private data: not for publication)")
                               .arg(files)
                               .arg(dir));
        return true;
    } catch (const std::exception& e) {
        reportError(views_, tr("Export"), describeError(e));
        return false;
    }
}

bool ExportController::exportRelease(const QString& seriesId, const QString& csvPath) {
    api::Run* run = views_.runs->lastRun();
    if (!run || views_.runs->isRunning()) return false;
    QString path = csvPath;
    if (!path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) path += QStringLiteral(".csv");
    try {
        const std::string manifest = run->exportRelease(seriesId.toStdString(), path.toStdString(), api::BinOutput::Interval);
        rememberFolder(path);
        views_.log->append(tr("Exported the latest release of %1 to %2 (manifest %3)")
                               .arg(seriesId, path, QString::fromStdString(manifest)));
        return true;
    } catch (const std::exception& e) {
        reportError(views_, tr("Export"), describeError(e));
        return false;
    }
}

bool ExportController::exportReleases(const QList<ReleaseRef>& refs, const QString& dir) {
    api::Run* run = views_.runs->lastRun();
    if (!run || views_.runs->isRunning() || !run->spool() || refs.isEmpty()) return false;
    std::vector<std::pair<std::string, int>> which;
    for (const ReleaseRef& ref : refs) which.emplace_back(ref.series.toStdString(), ref.step);
    try {
        const api::SpooledExport out = run->exportKept(which, dir.toStdString(), api::BinOutput::Interval);
        rememberFolder(dir + QStringLiteral("/"));
        views_.log->append(tr("Exported %n release(s) to %1 (manifest %2)", nullptr, int(out.csvFiles.size()))
                               .arg(dir, QString::fromStdString(out.manifestPath)));
        if (!out.unavailable.empty())
            views_.log->append(
                tr("%n step(s) skipped: their release is not available", nullptr, int(out.unavailable.size())));
        return true;
    } catch (const std::exception& e) {
        reportError(views_, tr("Export"), describeError(e));
        return false;
    }
}

}  // namespace streamsynth::ui
