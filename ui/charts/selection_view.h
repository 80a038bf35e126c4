// How often each workload was selected (measured) by a series: the chosen
// series' workloads, most selected first, each with its full name, count,
// share of the steps and a bar in the series' colour. A table rather than a
// chart, so names are never cut to "…" and can be read by a screen reader,
// sorted and copied. Updated at most four times a second from
// SeriesStepResult::selected.
#pragma once

#include <QHash>
#include <QStringList>
#include <QTimer>
#include <QVector>
#include <QWidget>

#include "core/values/step_result.h"
#include "ui/charts/series_palette.h"

class QComboBox;
class QLabel;
class QTableWidget;

namespace streamsynth::ui {

class SelectionView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kShownWorkloads = 20;
    explicit SelectionView(QWidget* parent = nullptr);

    void reset(const std::vector<std::string>& workloadLabels);
    void addResult(const stream::SeriesStepResult& result);
    // Times workload index w was selected by a series so far.
    int count(const QString& seriesId, int workload) const;
    // The workloads of the current run, in index order.
    QStringList workloadLabels() const { return labels_; }
    // The table as shown (tests): one row per shown workload.
    QTableWidget* table() const { return table_; }
    // Draws the pending updates now (tests).
    void flush() { redraw(); }

private:
    void redraw();

    QComboBox* series_ = nullptr;
    QLabel* title_ = nullptr;
    QTableWidget* table_ = nullptr;
    QStringList labels_;
    QHash<QString, QVector<int>> counts_;
    QHash<QString, int> steps_;
    SeriesPalette palette_;
    QTimer timer_;
};

}  // namespace streamsynth::ui
