// How often each workload was selected (measured) by a series: a bar chart
// of the most-selected workloads of the chosen series, updated at most
// four times a second from SeriesStepResult::selected.
#pragma once

#include <QHash>
#include <QStringList>
#include <QTimer>
#include <QVector>
#include <QWidget>

#include "core/stream/step_result.h"

class QChartView;
class QComboBox;

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

private:
    void redraw();

    QComboBox* series_ = nullptr;
    QChartView* view_ = nullptr;
    QStringList labels_;
    QHash<QString, QVector<int>> counts_;
    QTimer timer_;
};

}  // namespace streamsynth::ui
