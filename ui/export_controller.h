// Exports of the last run (File ▸ Export results…, the Releases tab): each
// series' latest release with the run files, one series' latest release, or
// any kept steps; every export is logged and failures are shown in words.
#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include "ui/window_views.h"

namespace streamsynth::ui {

struct ReleaseRef;

class ExportController : public QObject {
    Q_OBJECT
public:
    ExportController(const WindowViews& views, QObject* parent = nullptr);

    // Each series' latest release (releases/<series>/eps<E>/…), metrics, summary and ledger into dir.
    bool exportResults(const QString& dir);
    // One series' latest release to csvPath (".csv" added when missing) and its manifest beside it.
    bool exportRelease(const QString& seriesId, const QString& csvPath);
    // Releases kept in the run's spool, any step, into dir (+ manifest.json). Unavailable steps are skipped and logged.
    bool exportReleases(const QList<ReleaseRef>& releases, const QString& dir);

private:
    WindowViews views_;
};

}  // namespace streamsynth::ui
