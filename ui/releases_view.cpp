// ReleasesView: a sortable table of releases, the preview of the selected
// series' latest release and its export button.
#include "ui/releases_view.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include "core/data/schema.h"
#include "core/data/table.h"
#include "ui/release_preview_model.h"

namespace streamsynth::ui {

namespace {
enum Column { kSeries, kStep, kPeriod, kRows, kEpsilon, kModelCells, kSeconds, kColumnCount };

QStandardItem* numberItem(double value, const QString& text) {
    auto* item = new QStandardItem(text);
    item->setData(value, Qt::UserRole);  // sort by number, not text
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

void compactRows(QTableView* view) {
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->setWordWrap(false);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
}
}  // namespace

ReleasesView::ReleasesView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, this);

    model_ = new QStandardItemModel(0, kColumnCount, this);
    model_->setHorizontalHeaderLabels(
        {tr("Series"), tr("Step"), tr("Period"), tr("Rows released"), tr("ε spent"), tr("Model cells"), tr("Seconds")});
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_ = new QTableView(splitter);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(kSeries, Qt::AscendingOrder);  // Qt's default indicator is descending
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    compactRows(table_);
    table_->horizontalHeader()->setSectionResizeMode(kSeries, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ReleasesView::onCurrentChanged);

    auto* right = new QWidget(splitter);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    previewTitle_ = new QLabel(right);
    previewTitle_->setWordWrap(true);
    rightLayout->addWidget(previewTitle_);
    previewModel_ = new ReleasePreviewModel(this);
    preview_ = new QTableView(right);
    preview_->setModel(previewModel_);
    compactRows(preview_);
    rightLayout->addWidget(preview_, 1);
    auto* buttons = new QHBoxLayout();
    export_ = new QPushButton(tr("Export selected…"), right);
    export_->setToolTip(tr("Write the selected series' latest release as CSV with its manifest"));
    connect(export_, &QPushButton::clicked, this, [this] {
        const QString id = selectedSeries();
        if (!id.isEmpty()) Q_EMIT exportRequested(id);
    });
    buttons->addStretch(1);
    buttons->addWidget(export_);
    rightLayout->addLayout(buttons);
    // The releases table needs its seven columns; the preview scrolls.
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter);
    clear();
}

void ReleasesView::clear() {
    model_->removeRows(0, model_->rowCount());
    latestStep_.clear();
    provider_ = nullptr;
    schema_ = nullptr;
    previewModel_->clear();  // before the run (and its releases) go away
    previewTitle_->setText(tr("The latest release of the selected series is shown here when the run has ended."));
    export_->setEnabled(false);
}

int ReleasesView::rowCount() const { return model_->rowCount(); }

void ReleasesView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    latestStep_[id] = std::max(latestStep_.value(id), r.step);
    auto* series = new QStandardItem(id);
    series->setData(id, Qt::UserRole);
    auto* period = new QStandardItem(QString::fromStdString(r.period));
    period->setData(r.step, Qt::UserRole);
    model_->appendRow({series, numberItem(r.step, QString::number(r.step)), period,
                       numberItem(static_cast<double>(r.releaseRows), QString::number(r.releaseRows)),
                       numberItem(r.epsilonSpent, QString::number(r.epsilonSpent, 'g', 4)),
                       numberItem(r.modelCells, QString::number(r.modelCells, 'g', 4)),
                       numberItem(r.seconds, QString::number(r.seconds, 'f', 2))});
}

void ReleasesView::setReleaseProvider(ReleaseProvider provider, const data::Schema* schema) {
    provider_ = std::move(provider);
    schema_ = schema;
    // Select the first visible row when nothing is selected, so the
    // preview and the highlighted row always agree.
    if (!table_->selectionModel()->currentIndex().isValid() && proxy_->rowCount() > 0)
        table_->selectionModel()->setCurrentIndex(proxy_->index(0, kSeries),
                                                  QItemSelectionModel::Rows | QItemSelectionModel::ClearAndSelect);
    const QString id = selectedSeries();
    if (id.isEmpty() || !showPreview(id)) previewTitle_->setText(tr("No release to preview."));
}

QString ReleasesView::selectedSeries() const {
    const QModelIndex current = table_->selectionModel()->currentIndex();
    if (current.isValid()) return proxy_->index(current.row(), kSeries).data().toString();
    return proxy_->rowCount() > 0 ? proxy_->index(0, kSeries).data().toString() : QString();
}

void ReleasesView::selectSeries(const QString& seriesId) {
    for (int r = proxy_->rowCount() - 1; r >= 0; --r) {
        if (proxy_->index(r, kSeries).data().toString() == seriesId) {
            table_->selectRow(r);
            table_->selectionModel()->setCurrentIndex(proxy_->index(r, kSeries),
                                                      QItemSelectionModel::Rows | QItemSelectionModel::ClearAndSelect);
            break;
        }
    }
    showPreview(seriesId);
}

void ReleasesView::onCurrentChanged() {
    const QString id = selectedSeries();
    if (provider_ && !id.isEmpty()) showPreview(id);
}

bool ReleasesView::showPreview(const QString& seriesId) {
    const data::Table* release = provider_ ? provider_(seriesId.toStdString()) : nullptr;
    previewModel_->setRelease(release, release ? schema_ : nullptr);
    export_->setEnabled(release != nullptr);
    if (!release) return false;
    // The engine keeps only each series' latest release; earlier steps are rows of the table only.
    previewTitle_->setText(tr("<b>%1</b>, release of step %2: %3 synthetic rows (only the latest release of "
                              "each series is kept).")
                               .arg(seriesId.toHtmlEscaped())
                               .arg(latestStep_.value(seriesId))
                               .arg(release->rowCount()));
    return true;
}

}  // namespace streamsynth::ui
