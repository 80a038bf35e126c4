// The releases of the current run, one row per (series, step): period,
// rows released, ε spent at the step, model size and time. After a run the
// last release of a series can be previewed with its labels.
#pragma once

#include <functional>

#include <QWidget>

#include "core/stream/run_engine.h"

class QStandardItemModel;
class QTableView;
class QPushButton;
class QSortFilterProxyModel;

namespace streamsynth::data { class Table; struct Schema; }

namespace streamsynth::ui {

class ReleasesView : public QWidget {
    Q_OBJECT
public:
    explicit ReleasesView(QWidget* parent = nullptr);

    void clear();
    void addResult(const stream::SeriesStepResult& result);
    int rowCount() const;
    // Enables "Preview last release": provider returns the last release of a
    // series (or nullptr) and the schema used for labels.
    using ReleaseProvider = std::function<const data::Table*(const std::string& seriesId)>;
    void setReleaseProvider(ReleaseProvider provider, const data::Schema* schema);

private:
    void previewSelected();

    QStandardItemModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    QTableView* table_ = nullptr;
    QPushButton* preview_ = nullptr;
    ReleaseProvider provider_;
    const data::Schema* schema_ = nullptr;
};

}  // namespace streamsynth::ui
