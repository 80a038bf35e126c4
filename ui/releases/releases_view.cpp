// ReleasesView: a sortable table of every step's release (newest first), the
// preview of the current row's release read back from the spool, and the
// export buttons.
#include "ui/releases/releases_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/api/run.h"
#include "core/values/error.h"
#include "core/values/table.h"
#include "ui/releases/release_preview_model.h"
#include "ui/widgets/error_text.h"
#include "ui/widgets/flow_layout.h"
#include "ui/widgets/readable_headers.h"

namespace streamsynth::ui {

namespace {
constexpr int kAvailableRole = Qt::UserRole + 1;
constexpr int kExportableRole = Qt::UserRole + 2;  // available, and of a series that may be exported

QStandardItem* numberItem(double value, const QString& text) {
    auto* item = new QStandardItem(text);
    item->setData(value, Qt::UserRole);  // sort by number, not text
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// A comparison series' ε is not in the stream's total (it is not published): in brackets, said why.
QStandardItem* spentItem(double spent, bool comparison) {
    const QString figure = QString::number(spent, 'g', 4);
    QStandardItem* item = numberItem(spent, comparison ? QStringLiteral("(%1)").arg(figure) : figure);
    if (comparison)
        item->setToolTip(ReleasesView::tr("Not published: its ε is not counted in the stream's total"));
    return item;
}

void compactRows(QTableView* view) {
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->setWordWrap(false);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
}

QString key(const QString& series, int step) {
    return series + QLatin1Char('\n') + QString::number(step);
}
}  // namespace

ReleasesView::ReleasesView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, this);

    model_ = new QStandardItemModel(0, kColumnCount, this);
    model_->setHorizontalHeaderLabels({tr("Series"), tr("Step"), tr("Period"), tr("Rows"), tr("ε spent"),
                                       tr("Release"), tr("Model cells"), tr("Seconds")});
    // Short headers so that a narrow window shows four columns whole; the full name on hover.
    // The size is itself estimated under the budget: a thin stream's can be far from the truth (a
    // GUI walkthrough of 2026-12-01 read 6,189 synthetic rows of 2,511 as a bug).
    model_->setHeaderData(kRows, Qt::Horizontal,
                          tr("Rows released: the synthetic table's size, the release's noisy estimate of the "
                             "rows so far (with few rows a step it can be far from the true count, which is "
                             "private)"),
                          Qt::ToolTipRole);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_ = new QTableView(splitter);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(
        kStep, Qt::DescendingOrder);  // newest first; the sort is stable, so series keep their order
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->hide();
    compactRows(table_);
    sizeColumns();
    keepHeadersReadable(table_);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ReleasesView::onCurrentChanged);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ReleasesView::updateButtons);

    auto* right = new QWidget(splitter);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 2, 0);  // the last button's border clear of the tab's edge
    previewTitle_ = new QLabel(right);
    previewTitle_->setWordWrap(true);
    rightLayout->addWidget(previewTitle_);
    previewModel_ = new ReleasePreviewModel(this);
    preview_ = new QTableView(right);
    preview_->setModel(previewModel_);
    compactRows(preview_);
    keepHeadersReadable(preview_);
    rightLayout->addWidget(preview_, 1);
    // The buttons wrap onto two lines where the pane is narrow (1024x700), so the releases table
    // beside it keeps the width for its columns.
    auto* buttons = new FlowLayout(nullptr, 6, 4);
    exportSeries_ = new QPushButton(tr("Export all steps…"), right);
    exportSeriesTip_ =
        tr("Write every step's release of the current row's series: one CSV per release, "
           "each with its manifest, and a manifest listing them");
    exportSeries_->setToolTip(exportSeriesTip_);
    connect(exportSeries_, &QPushButton::clicked, this, [this] {
        const QList<ReleaseRef> refs = exportable(stepsOf(currentRelease().series));
        if (!refs.isEmpty()) Q_EMIT exportRequested(refs);
    });
    export_ = new QPushButton(tr("Export selected…"), right);
    export_->setToolTip(
        tr("Write the selected rows' releases: one CSV per release, each with its manifest, and a "
           "manifest listing them"));
    connect(export_, &QPushButton::clicked, this, [this] {
        // What is exported is what is counted: a comparison series' rows are left out.
        const QList<ReleaseRef> refs = exportable(selectedReleases());
        if (!refs.isEmpty()) Q_EMIT exportRequested(refs);
    });
    buttons->addWidget(exportSeries_);
    buttons->addWidget(export_);
    rightLayout->addLayout(buttons);
    // The releases table needs its eight columns; the preview scrolls.
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(splitter);
    clear();
}

// The words' and numbers' columns as wide as their text, the last one stretched.
void ReleasesView::sizeColumns() {
    table_->horizontalHeader()->setSectionResizeMode(kSeries, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(kStep, QHeaderView::ResizeToContents);
    // The period whole ("2002-07 (month)", not "2002-07 (mo…"), measured on the first rows only.
    table_->horizontalHeader()->setSectionResizeMode(kPeriod, QHeaderView::ResizeToContents);
    // "comparison only" and "not available" whole at 1280x800 (a GUI check on 2026-12-01).
    table_->horizontalHeader()->setSectionResizeMode(kRelease, QHeaderView::ResizeToContents);
    // Numbers as wide as they are: a monthly stream's six columns fit at 1280x800 (a GUI
    // walkthrough of 2026-12-01 read "ε sper").
    table_->horizontalHeader()->setSectionResizeMode(kRows, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(kEpsilon, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(kModelCells, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(kSeconds, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setResizeContentsPrecision(200);
    // The words last: a column the view's edge cuts must be words ("comparis"), never a number
    // ("1,4" of 1,452 model cells, read by a GUI walkthrough of 2026-12-01).
    QHeaderView* header = table_->horizontalHeader();
    if (header->visualIndex(kRelease) != kColumnCount - 1)
        header->moveSection(header->visualIndex(kRelease), kColumnCount - 1);
    header->setStretchLastSection(true);
}

void ReleasesView::fitWordColumnsLater() {
    if (fitPending_) return;
    fitPending_ = true;
    QTimer::singleShot(0, this, [this] {
        fitPending_ = false;
        for (int c : {kSeries, kStep, kPeriod, kRows, kEpsilon, kModelCells, kSeconds, kRelease})
            table_->resizeColumnToContents(c);
    });
}

void ReleasesView::clear() {
    model_->removeRows(0, model_->rowCount());
    latestStep_.clear();
    rowOf_.clear();
    previewModel_->clear();
    spool_.reset();
    schema_.reset();
    missingReason_ = tr("The release of this step is not available.");
    missingText_ = tr("not available");
    comparison_.clear();
    releaseFolder_.clear();
    exportEnabled_ = false;
    previewTitle_->setText(tr("Select a row to preview the release of that step."));
    updateButtons();
}

int ReleasesView::rowCount() const {
    return model_->rowCount();
}

void ReleasesView::setSpool(std::shared_ptr<const api::ReleaseSpool> spool,
                            std::optional<data::Schema> schema) {
    spool_ = std::move(spool);
    schema_ = std::move(schema);
    // A batched stream's period is "batch N", the step again: its column goes, so that a
    // narrow window shows the rows released instead (the preview's title keeps the period).
    table_->setColumnHidden(kPeriod, schema_ && schema_->stream.batch.has_value());
}

void ReleasesView::setPublicationOf(const api::Run& run) {
    QStringList comparison;
    QString folder;
    if (run.config().secureRandom) {
        const std::vector<std::string> published = run.publishable();
        for (const stream::SeriesConfig& s : run.config().series)
            if (std::find(published.begin(), published.end(), s.id) == published.end())
                comparison << QString::fromStdString(s.id);
        folder = QString::fromStdString(run.sessionSetting("out"));
    }
    setComparisonSeries(comparison);
    setReleaseFolder(folder);
}

void ReleasesView::addResult(const stream::SeriesStepResult& r) {
    const QString id = QString::fromStdString(r.seriesId);
    latestStep_[id] = std::max(latestStep_.value(id), r.step);
    auto* series = new QStandardItem(id);
    series->setData(id, Qt::UserRole);
    auto* period = new QStandardItem(QString::fromStdString(r.period));
    period->setData(r.step, Qt::UserRole);
    const bool available = spool_ && spool_->contains(r.seriesId, r.step);
    const bool comparison = comparison_.contains(id);
    const bool inFolder = !available && !comparison && !releaseFolder_.isEmpty();
    auto* release = new QStandardItem(inFolder     ? tr("in the release folder")
                                      : !available ? missingText_
                                      : comparison ? tr("comparison only")
                                                   : tr("on disk"));
    release->setData(available ? 1 : 0, Qt::UserRole);
    release->setData(available, kAvailableRole);
    release->setData(available && !comparison, kExportableRole);
    release->setToolTip(
        inFolder ? tr("Released: this step's files are in the release folder %1. A session keeps only the "
                      "last release of each series, so it cannot be previewed here.")
                       .arg(releaseFolder_)
        : !available ? missingReason_
        : comparison ? tr("Ran for comparison only: not published in this release-mode run, so its "
                          "releases are neither written to the release folder nor exported (tick it "
                          "as published when a run starts to publish it). Select the row to preview it.")
                     : tr("Kept in this run's release spool (a temporary folder): select the row to "
                          "preview it"));
    if (!available || comparison) release->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
    const QString k = key(id, r.step);
    if (auto it = rowOf_.find(k); it != rowOf_.end()) {
        // A step reported again replaces its row (rare: renumber the rows once).
        model_->removeRow(*it);
        rowOf_.clear();
        for (int row = 0; row < model_->rowCount(); ++row)
            rowOf_.insert(
                key(model_->item(row, kSeries)->text(), model_->item(row, kStep)->data(Qt::UserRole).toInt()),
                row);
    }
    rowOf_.insert(k, model_->rowCount());
    fitWordColumnsLater();
    model_->appendRow(
        {series, numberItem(r.step, QString::number(r.step)), period,
         numberItem(static_cast<double>(r.releaseRows),
                    QLocale().toString(static_cast<qlonglong>(r.releaseRows))),
         spentItem(r.budgetSpent, comparison), release,
         // counts for people: "79,640", never "7.964e+04"
         numberItem(r.modelCells, QLocale().toString(static_cast<qlonglong>(std::llround(r.modelCells)))),
         numberItem(r.seconds, QString::number(r.seconds, 'f', 2))});
}

int ReleasesView::sourceRow(const ReleaseRef& ref) const {
    return rowOf_.value(key(ref.series, ref.step), -1);
}

void ReleasesView::markUnavailable(const ReleaseRef& ref, const QString& reason) {
    const int row = sourceRow(ref);
    if (row < 0) return;
    QStandardItem* item = model_->item(row, kRelease);
    item->setText(tr("not available"));
    item->setData(0, Qt::UserRole);
    item->setData(false, kAvailableRole);
    item->setData(false, kExportableRole);
    item->setToolTip(reason);
    item->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
    updateButtons();
}

bool ReleasesView::isAvailable(const ReleaseRef& ref) const {
    const int row = sourceRow(ref);
    return row >= 0 && model_->item(row, kRelease)->data(kAvailableRole).toBool();
}

QList<ReleaseRef> ReleasesView::exportable(const QList<ReleaseRef>& refs) const {
    QList<ReleaseRef> out;
    for (const ReleaseRef& ref : refs)
        if (isExportable(ref)) out << ref;
    return out;
}

bool ReleasesView::isExportable(const ReleaseRef& ref) const {
    const int row = sourceRow(ref);
    return row >= 0 && model_->item(row, kRelease)->data(kExportableRole).toBool();
}

QString ReleasesView::releaseText(const ReleaseRef& ref) const {
    return cellText(ref, kRelease);
}

QString ReleasesView::cellText(const ReleaseRef& ref, Column column) const {
    const int row = sourceRow(ref);
    return row < 0 ? QString() : model_->item(row, column)->text();
}

ReleaseRef ReleasesView::currentRelease() const {
    QModelIndex current = table_->selectionModel()->currentIndex();
    if (!current.isValid() && proxy_->rowCount() > 0) current = proxy_->index(0, kSeries);
    if (!current.isValid()) return {};
    return {proxy_->index(current.row(), kSeries).data().toString(),
            proxy_->index(current.row(), kStep).data(Qt::UserRole).toInt()};
}

QList<ReleaseRef> ReleasesView::selectedReleases() const {
    QList<ReleaseRef> out;
    for (int r = 0; r < proxy_->rowCount(); ++r)
        if (table_->selectionModel()->isRowSelected(r, {}))
            out.push_back({proxy_->index(r, kSeries).data().toString(),
                           proxy_->index(r, kStep).data(Qt::UserRole).toInt()});
    return out;
}

QList<ReleaseRef> ReleasesView::stepsOf(const QString& seriesId) const {
    QList<ReleaseRef> out;
    for (int row = 0; row < model_->rowCount(); ++row)
        if (model_->item(row, kSeries)->text() == seriesId)
            out.push_back({seriesId, model_->item(row, kStep)->data(Qt::UserRole).toInt()});
    std::sort(out.begin(), out.end(),
              [](const ReleaseRef& a, const ReleaseRef& b) { return a.step < b.step; });
    return out;
}

bool ReleasesView::selectRelease(const ReleaseRef& ref) {
    const int row = sourceRow(ref);
    if (row < 0) return false;
    const QModelIndex index = proxy_->mapFromSource(model_->index(row, kSeries));
    table_->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::Rows | QItemSelectionModel::ClearAndSelect);
    table_->scrollTo(index);
    return showPreview(ref);
}

void ReleasesView::selectSeries(const QString& seriesId) {
    const int step = latestStep_.value(seriesId);
    if (step > 0) selectRelease({seriesId, step});
}

void ReleasesView::setExportEnabled(bool enabled) {
    exportEnabled_ = enabled;
    // Preview the current row (the newest when none), so the highlighted row and the preview agree.
    if (enabled && proxy_->rowCount() > 0) {
        ReleaseRef ref = currentRelease();
        if (!table_->selectionModel()->currentIndex().isValid()) {
            // The newest row of a published series first: a comparison series' row left both
            // export buttons grey (a GUI walkthrough of 2026-12-01).
            for (int r = 0; r < proxy_->rowCount(); ++r)
                if (const QString id = proxy_->index(r, kSeries).data().toString();
                    !comparison_.contains(id)) {
                    ref = {id, proxy_->index(r, kStep).data(Qt::UserRole).toInt()};
                    break;
                }
            selectRelease(ref);
        } else {
            showPreview(ref);
        }
    }
    updateButtons();
}

void ReleasesView::updateButtons() {
    bool anySelected = false;
    for (const ReleaseRef& ref : selectedReleases()) anySelected = anySelected || isExportable(ref);
    bool anyOfSeries = false;
    for (const ReleaseRef& ref : stepsOf(currentRelease().series))
        anyOfSeries = anyOfSeries || isExportable(ref);
    export_->setEnabled(exportEnabled_ && anySelected);
    exportSeries_->setEnabled(exportEnabled_ && anyOfSeries);
    const QString series = currentRelease().series;
    exportSeries_->setText(series.isEmpty() ? tr("Export all steps…")
                                            : tr("Export all steps of %1…").arg(series));
    exportSeries_->setToolTip(comparison_.contains(series)
                                  ? tr("%1 ran for comparison only: it is not published in this release-mode "
                                       "run, so there is nothing of it to export.")
                                        .arg(series)
                                  : exportSeriesTip_);
}

void ReleasesView::onCurrentChanged() {
    const ReleaseRef ref = currentRelease();
    if (!ref.series.isEmpty()) showPreview(ref);
    updateButtons();
}

QString ReleasesView::previewTitle() const {
    return previewTitle_->text();
}

bool ReleasesView::showPreview(const ReleaseRef& ref) {
    previewModel_->clear();
    const int row = sourceRow(ref);
    if (row < 0) {
        previewTitle_->setText(tr("No release to preview."));
        return false;
    }
    const QString period = model_->item(row, kPeriod)->text();
    const QString head = tr("<b>%1</b>, step %2 (%3)")
                             .arg(ref.series.toHtmlEscaped())
                             .arg(ref.step)
                             .arg(period.toHtmlEscaped());
    if (!isAvailable(ref) || !spool_) {
        previewTitle_->setText(head + QStringLiteral(": ") +
                               model_->item(row, kRelease)->toolTip().toHtmlEscaped());
        return false;
    }
    try {
        auto rows = std::make_shared<const data::Table>(spool_->read(ref.series.toStdString(), ref.step));
        const long long n = static_cast<long long>(rows->rowCount());
        previewModel_->setRelease(std::move(rows), schema_ ? &*schema_ : nullptr);
        previewTitle_->setText(
            tr("%1: %2 synthetic rows.").arg(head, QLocale().toString(static_cast<qlonglong>(n))));
        return true;
    } catch (const std::exception& e) {
        const QString why = tr("The spooled release cannot be read: %1").arg(describeError(e));
        markUnavailable(ref, why);
        previewTitle_->setText(head + QStringLiteral(": ") + why.toHtmlEscaped());
        return false;
    }
}

}  // namespace streamsynth::ui
