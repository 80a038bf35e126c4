// ReleasesView: a sortable table of releases and the release preview dialog.
#include "ui/releases_view.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/data/schema.h"
#include "core/data/table.h"

namespace streamsynth::ui {

namespace {
enum Column { kSeries, kStep, kPeriod, kRows, kEpsilon, kModelCells, kSeconds, kColumnCount };

QStandardItem* numberItem(double value, const QString& text) {
    auto* item = new QStandardItem(text);
    item->setData(value, Qt::UserRole);  // sort by number, not text
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}
}  // namespace

ReleasesView::ReleasesView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    model_ = new QStandardItemModel(0, kColumnCount, this);
    model_->setHorizontalHeaderLabels(
        {tr("Series"), tr("Step"), tr("Period"), tr("Rows released"), tr("ε spent"), tr("Model cells"), tr("Seconds")});
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_ = new QTableView(this);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setSectionResizeMode(kSeries, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table_);

    auto* buttons = new QHBoxLayout();
    preview_ = new QPushButton(tr("Preview last release of the selected series…"), this);
    preview_->setEnabled(false);
    connect(preview_, &QPushButton::clicked, this, &ReleasesView::previewSelected);
    buttons->addWidget(preview_);
    buttons->addStretch(1);
    layout->addLayout(buttons);
}

void ReleasesView::clear() {
    model_->removeRows(0, model_->rowCount());
    provider_ = nullptr;
    schema_ = nullptr;
    preview_->setEnabled(false);
}

int ReleasesView::rowCount() const { return model_->rowCount(); }

void ReleasesView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
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
    preview_->setEnabled(static_cast<bool>(provider_));
}

void ReleasesView::previewSelected() {
    if (!provider_) return;
    const QModelIndexList rows = table_->selectionModel()->selectedRows(kSeries);
    const QString id = rows.isEmpty() ? model_->item(0, kSeries)->text() : rows.first().data().toString();
    const data::Table* release = provider_(id.toStdString());
    if (!release) return;

    constexpr std::size_t kMaxRows = 2000;  // a preview, not an export
    const std::size_t n = std::min(release->rowCount(), kMaxRows);
    const int p = release->attributeCount();
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Last release of %1").arg(id));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(tr("%1 synthetic rows; showing the first %2.").arg(release->rowCount()).arg(n), &dialog));
    auto* grid = new QTableWidget(static_cast<int>(n), p, &dialog);
    QStringList header;
    for (int a = 0; a < p; ++a) header << QString::fromStdString(release->domain().name(a));
    grid->setHorizontalHeaderLabels(header);
    for (std::size_t row = 0; row < n; ++row) {
        for (int a = 0; a < p; ++a) {
            const int code = release->at(row, a);
            const bool labelled = schema_ && a < static_cast<int>(schema_->attributes.size());
            const QString text = labelled ? QString::fromStdString(schema_->attributes[static_cast<std::size_t>(a)].label(code))
                                          : QString::number(code);
            grid->setItem(static_cast<int>(row), a, new QTableWidgetItem(text));
        }
    }
    grid->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(grid);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(box, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(box);
    dialog.resize(900, 500);
    dialog.exec();
}

}  // namespace streamsynth::ui
