// SelectionView: counts per (series, workload) and the table with bars.
#include "ui/charts/selection_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <numeric>

#include "ui/widgets/readable_headers.h"

namespace streamsynth::ui {

namespace {

enum Column { kWorkload, kCount, kShare, kColumns };
constexpr int kBarRole = Qt::UserRole + 1;    // 0..1: bar length
constexpr int kColorRole = Qt::UserRole + 2;  // the series' colour

// The share column: the text over a bar of the series' colour, as long as the share of the most selected.
class BarDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override {
        const double fraction = index.data(kBarRole).toDouble();
        QColor color = index.data(kColorRole).value<QColor>();
        color.setAlpha(110);
        const QRect r = option.rect.adjusted(2, 3, -2, -3);
        painter->fillRect(QRect(r.topLeft(), QSize(static_cast<int>(r.width() * fraction), r.height())),
                          color);
        QStyledItemDelegate::paint(painter, option, index);
    }
};

}  // namespace

SelectionView::SelectionView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout();
    bar->addWidget(new QLabel(tr("Series:"), this));
    series_ = new QComboBox(this);
    series_->setToolTip(tr("The series whose selections are shown"));
    bar->addWidget(series_, 1);
    layout->addLayout(bar);
    title_ = new QLabel(this);
    layout->addWidget(title_);
    table_ = new QTableWidget(0, kColumns, this);
    table_->setHorizontalHeaderLabels({tr("Workload"), tr("Times selected"), tr("Share of steps")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(kWorkload, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(kShare, QHeaderView::Stretch);
    table_->setItemDelegateForColumn(kShare, new BarDelegate(table_));
    keepHeadersReadable(table_);
    table_->setToolTip(
        tr("How often each workload was chosen for measurement (k per step), most often first"));
    layout->addWidget(table_, 1);
    connect(series_, &QComboBox::currentIndexChanged, this, &SelectionView::redraw);
    timer_.setSingleShot(true);
    timer_.setInterval(250);
    connect(&timer_, &QTimer::timeout, this, &SelectionView::redraw);
    redraw();
}

void SelectionView::reset(const std::vector<std::string>& workloadLabels) {
    labels_.clear();
    for (const std::string& l : workloadLabels) labels_ << QString::fromStdString(l);
    counts_.clear();
    steps_.clear();
    palette_.clear();
    series_->clear();
    redraw();
}

void SelectionView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    auto it = counts_.find(id);
    if (it == counts_.end()) {
        it = counts_.insert(id, QVector<int>(std::max<qsizetype>(labels_.size(), 1), 0));
        series_->addItem(SeriesPalette::icon(palette_.styleFor(id)), id, id);
    }
    steps_[id] += 1;
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
    timer_.stop();
    const QString id = series_->currentData().toString();
    const QVector<int> c = counts_.value(id);
    title_->setText(id.isEmpty() ? tr("Selections per workload (no run yet)")
                                 : tr("Most selected workloads of %1 (top %2)").arg(id).arg(kShownWorkloads));
    table_->setRowCount(0);
    if (c.isEmpty()) return;
    std::vector<int> order(static_cast<std::size_t>(c.size()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return c[a] > c[b]; });
    order.resize(std::min<std::size_t>(order.size(), kShownWorkloads));
    const int most = std::max(1, c[order.front()]);
    const int steps = std::max(1, steps_.value(id));
    const QColor color = palette_.styleFor(id).color;
    table_->setRowCount(static_cast<int>(order.size()));
    for (int row = 0; row < static_cast<int>(order.size()); ++row) {
        const int w = order[static_cast<std::size_t>(row)];
        const QString name = w < labels_.size() ? labels_[w] : tr("workload %1").arg(w);
        auto* nameItem = new QTableWidgetItem(name);
        nameItem->setToolTip(name);
        auto* countItem = new QTableWidgetItem();
        countItem->setData(Qt::DisplayRole, c[w]);
        countItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto* shareItem =
            new QTableWidgetItem(tr("%1% of %2 steps").arg(100.0 * c[w] / steps, 0, 'f', 0).arg(steps));
        shareItem->setData(kBarRole, double(c[w]) / most);
        shareItem->setData(kColorRole, color);
        table_->setItem(row, kWorkload, nameItem);
        table_->setItem(row, kCount, countItem);
        table_->setItem(row, kShare, shareItem);
    }
}

}  // namespace streamsynth::ui
