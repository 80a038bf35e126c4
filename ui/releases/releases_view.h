// The releases of the current run, one row per (series, step): period,
// rows released, ε spent at the step, model size, time and whether the
// release itself is available. Every step's release is kept in the run's
// release spool (io::ReleaseSpool, on disk), so selecting any row previews
// that step's release with its labels, and selected rows or all steps of a
// series can be exported. Rows of an opened session have metadata only.
#pragma once

#include <QHash>
#include <QList>
#include <QWidget>
#include <memory>
#include <optional>

#include "core/values/schema.h"
#include "core/values/step_result.h"

class QLabel;
class QStandardItemModel;
class QTableView;
class QPushButton;
class QSortFilterProxyModel;

namespace streamsynth::api {
class ReleaseSpool;
class Run;
}  // namespace streamsynth::api

namespace streamsynth::ui {

class ReleasePreviewModel;

// One release: a series and a 1-based step.
struct ReleaseRef {
    QString series;
    int step = 0;
    bool operator==(const ReleaseRef&) const = default;
};

class ReleasesView : public QWidget {
    Q_OBJECT
public:
    enum Column { kSeries, kStep, kPeriod, kRows, kEpsilon, kRelease, kModelCells, kSeconds, kColumnCount };

    explicit ReleasesView(QWidget* parent = nullptr);

    // Forgets the rows, the spool and the preview.
    void clear();
    // Adds the row of one step of one series; its release is available when
    // the spool (set before) holds it. Rows are shown newest step first.
    void addResult(const stream::SeriesStepResult& result);
    int rowCount() const;
    // The spool holding the releases (may be shared with the running worker:
    // it is thread-safe) and the schema giving their labels; null spool:
    // rows added from now on have no release (missingReason says why).
    void setSpool(std::shared_ptr<const api::ReleaseSpool> spool, std::optional<data::Schema> schema);
    const api::ReleaseSpool* spool() const { return spool_.get(); }
    // The tooltip of rows whose release is not available (e.g. "sessions store metadata only").
    void setMissingReason(const QString& reason) { missingReason_ = reason; }
    // The "Release" cell of such rows ("not available"; a session's past steps: "not kept").
    void setMissingText(const QString& text) { missingText_ = text; }
    // A release-mode run's series that are not published (they ran for
    // comparison only): their rows say so, and no export is offered for them.
    void setComparisonSeries(const QStringList& seriesIds) { comparison_ = seriesIds; }
    // Both of a release-mode run (api::Run::publishable, its "out" setting); evaluation: none.
    void setPublicationOf(const api::Run& run);
    // Where a release-mode stream's published releases were written: a
    // published row whose release is not in the spool (a reopened session's
    // earlier steps) says its files are there instead of "not kept".
    void setReleaseFolder(const QString& folder) { releaseFolder_ = folder; }
    // Marks an added row's release unavailable (its spool write failed).
    void markUnavailable(const ReleaseRef& ref, const QString& reason);
    bool isAvailable(const ReleaseRef& ref) const;
    // Available, and of a series that may be exported (not a comparison series).
    bool isExportable(const ReleaseRef& ref) const;
    QList<ReleaseRef> exportable(const QList<ReleaseRef>& refs) const;  // those of refs that are
    // The text of a row's "Release" cell; empty when there is no such row.
    QString releaseText(const ReleaseRef& ref) const;
    QString cellText(const ReleaseRef& ref, Column column) const;

    // The release of the current row (the first row's when none is current).
    ReleaseRef currentRelease() const;
    // The selected rows' releases, in table order.
    QList<ReleaseRef> selectedReleases() const;
    // Every step of a series, oldest first.
    QList<ReleaseRef> stepsOf(const QString& seriesId) const;
    // Selects the row of (series, step) and previews its release; false when there is no such row.
    bool selectRelease(const ReleaseRef& ref);
    // Selects the newest row of a series and previews its release.
    void selectSeries(const QString& seriesId);
    ReleasePreviewModel* previewModel() const { return previewModel_; }
    QTableView* tableView() const { return table_; }
    QPushButton* exportButton() const { return export_; }
    QPushButton* exportSeriesButton() const { return exportSeries_; }
    QString previewTitle() const;
    // The last step with a release of a series (0 when none).
    int latestStep(const QString& seriesId) const { return latestStep_.value(seriesId); }
    // Export needs the run (its settings); the window enables it when the run has ended.
    void setExportEnabled(bool enabled);

Q_SIGNALS:
    // "Export selected…" / "Export all steps…": the window asks for a folder
    // and exports via the facade.
    void exportRequested(const QList<streamsynth::ui::ReleaseRef>& releases);

private:
    // The word columns fitted to their rows once the rows added in one go are in (a reopened session
    // showed "propos…" and "in the rel…": the header's own fit did not follow the rows; a GUI review
    // of 2026-12-01). Coalesced: once per event loop turn, not per row.
    void fitWordColumnsLater();
    void sizeColumns();  // the constructor's part: each column's resize mode
    bool fitPending_ = false;
    void onCurrentChanged();
    bool showPreview(const ReleaseRef& ref);
    int sourceRow(const ReleaseRef& ref) const;
    void updateButtons();

    QStandardItemModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    QTableView* table_ = nullptr;
    QLabel* previewTitle_ = nullptr;
    QTableView* preview_ = nullptr;
    ReleasePreviewModel* previewModel_ = nullptr;
    QPushButton* export_ = nullptr;
    QPushButton* exportSeries_ = nullptr;
    std::shared_ptr<const api::ReleaseSpool> spool_;
    std::optional<data::Schema> schema_;
    QString missingReason_;
    QString missingText_;
    QStringList comparison_;
    QString releaseFolder_;
    QString exportSeriesTip_;
    bool exportEnabled_ = false;
    QHash<QString, int> latestStep_;
    QHash<QString, int> rowOf_;  // "series\nstep" -> source row
};

}  // namespace streamsynth::ui
