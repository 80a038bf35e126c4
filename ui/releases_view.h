// The releases of the current run, one row per (series, step): period,
// rows released, ε spent at the step, model size and time. Once the run has
// ended (or was cancelled) the latest release of the selected series is
// previewed beside the table with its labels, and can be exported.
#pragma once

#include <functional>

#include <QHash>
#include <QWidget>

#include "core/stream/run_engine.h"

class QLabel;
class QStandardItemModel;
class QTableView;
class QPushButton;
class QSortFilterProxyModel;

namespace streamsynth::data { class Table; struct Schema; }

namespace streamsynth::ui {

class ReleasePreviewModel;

class ReleasesView : public QWidget {
    Q_OBJECT
public:
    explicit ReleasesView(QWidget* parent = nullptr);

    void clear();
    void addResult(const stream::SeriesStepResult& result);
    int rowCount() const;
    // Enables preview and export: provider returns the latest release of a
    // series (or nullptr) and schema gives the labels. Both must stay valid
    // until the next clear().
    using ReleaseProvider = std::function<const data::Table*(const std::string& seriesId)>;
    void setReleaseProvider(ReleaseProvider provider, const data::Schema* schema);

    // The series of the selected row (the first row's when none is selected).
    QString selectedSeries() const;
    // Selects the last row of a series and previews its latest release.
    void selectSeries(const QString& seriesId);
    // Shows the latest release of seriesId in the preview; false when none.
    bool showPreview(const QString& seriesId);
    ReleasePreviewModel* previewModel() const { return previewModel_; }
    QPushButton* exportButton() const { return export_; }
    // The last step with a release of a series (0 when none).
    int latestStep(const QString& seriesId) const { return latestStep_.value(seriesId); }

Q_SIGNALS:
    // "Export selected…": the window asks for a file and exports via the facade.
    void exportRequested(const QString& seriesId);

private:
    void onCurrentChanged();

    QStandardItemModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    QTableView* table_ = nullptr;
    QLabel* previewTitle_ = nullptr;
    QTableView* preview_ = nullptr;
    ReleasePreviewModel* previewModel_ = nullptr;
    QPushButton* export_ = nullptr;
    ReleaseProvider provider_;
    const data::Schema* schema_ = nullptr;
    QHash<QString, int> latestStep_;
};

}  // namespace streamsynth::ui
