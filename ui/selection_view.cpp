// SelectionView: counts per (series, workload) and the bar chart.
#include "ui/selection_view.h"

#include <algorithm>
#include <numeric>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QValueAxis>
#include <QVBoxLayout>

namespace streamsynth::ui {

SelectionView::SelectionView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout();
    bar->addWidget(new QLabel(tr("Series:"), this));
    series_ = new QComboBox(this);
    bar->addWidget(series_, 1);
    layout->addLayout(bar);
    view_ = new QChartView(new QChart(), this);
    view_->chart()->setAnimationOptions(QChart::NoAnimation);
    view_->chart()->legend()->hide();
    view_->setRenderHint(QPainter::Antialiasing);
    layout->addWidget(view_, 1);
    connect(series_, &QComboBox::currentIndexChanged, this, &SelectionView::redraw);
    timer_.setSingleShot(true);
    timer_.setInterval(250);
    connect(&timer_, &QTimer::timeout, this, &SelectionView::redraw);
}

void SelectionView::reset(const std::vector<std::string>& workloadLabels) {
    labels_.clear();
    for (const std::string& l : workloadLabels) labels_ << QString::fromStdString(l);
    counts_.clear();
    series_->clear();
    redraw();
}

void SelectionView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    auto it = counts_.find(id);
    if (it == counts_.end()) {
        it = counts_.insert(id, QVector<int>(std::max<qsizetype>(labels_.size(), 1), 0));
        series_->addItem(id);
    }
    for (int w : r.selected) {
        if (w < 0) continue;
        if (w >= it->size()) it->resize(w + 1, 0);
        ++(*it)[w];
    }
    if (!timer_.isActive()) timer_.start();
}

int SelectionView::count(const QString& seriesId, int workload) const {
    const QVector<int> c = counts_.value(seriesId);
    return workload >= 0 && workload < c.size() ? c[workload] : 0;
}

void SelectionView::redraw() {
    QChart* chart = view_->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    const QString id = series_->currentText();
    const QVector<int> c = counts_.value(id);
    chart->setTitle(id.isEmpty() ? tr("Selections per workload (no run yet)")
                                 : tr("Most selected workloads of %1").arg(id));
    if (c.isEmpty()) return;
    std::vector<int> order(static_cast<std::size_t>(c.size()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return c[a] > c[b]; });
    order.resize(std::min<std::size_t>(order.size(), kShownWorkloads));
    std::reverse(order.begin(), order.end());  // horizontal bars draw bottom-up: largest on top

    auto* set = new QBarSet(tr("selections"));
    QStringList categories;
    int maxCount = 1;
    for (int w : order) {
        *set << c[w];
        maxCount = std::max(maxCount, c[w]);
        categories << (w < labels_.size() ? labels_[w] : tr("workload %1").arg(w));
    }
    auto* bars = new QHorizontalBarSeries();
    bars->append(set);
    chart->addSeries(bars);
    auto* yAxis = new QBarCategoryAxis();
    yAxis->append(categories);
    chart->addAxis(yAxis, Qt::AlignLeft);
    bars->attachAxis(yAxis);
    auto* xAxis = new QValueAxis();
    xAxis->setRange(0, maxCount);
    xAxis->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(xAxis, Qt::AlignBottom);
    bars->attachAxis(xAxis);
}

}  // namespace streamsynth::ui
