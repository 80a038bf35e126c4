// ChartsView: data store per series, the coalescing timer, the shared
// legend and the PNG/SVG exports.
#include "ui/charts/charts_view.h"

#include <QAction>
#include <QBuffer>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>
#ifdef STREAMSYNTH_HAVE_SVG
#include <QSvgGenerator>
#endif

#include "core/values/error.h"
#include "core/values/output_file.h"
#include "ui/charts/chart_legend.h"
#include "ui/charts/metric_chart.h"
#include "ui/widgets/exports_root.h"
#include "ui/widgets/flow_layout.h"
#include "ui/widgets/status_message.h"

namespace streamsynth::ui {

// A label and its box, kept together on one line of the wrapping bar.
QWidget* ChartsView::labelled(const QString& text, QWidget* box) {
    auto* pair = new QWidget(this);
    auto* row = new QHBoxLayout(pair);
    row->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(text, pair);
    label->setBuddy(box);
    row->addWidget(label);
    box->setParent(pair);
    row->addWidget(box);
    return pair;
}

ChartsView::ChartsView(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);

    // The controls wrap onto a second line in a narrow window (a flow layout), each label with its box.
    auto* barWidget = new QWidget(this);
    auto* bar = new FlowLayout(barWidget, 8, 2);
    bar->setContentsMargins(0, 0, 0, 0);
    scalesBox_ = new QComboBox(this);
    scalesBox_->addItem(tr("log for relative errors"), static_cast<int>(Scales::RelativeLog));
    scalesBox_->addItem(tr("all linear"), static_cast<int>(Scales::Linear));
    scalesBox_->addItem(tr("all log"), static_cast<int>(Scales::Log));
    scalesBox_->setToolTip(
        tr("Log axes keep one large spike from flattening the other lines; the relative errors "
           "use one by default."));
    connect(scalesBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setScales(static_cast<Scales>(scalesBox_->itemData(i).toInt())); });
    bar->addWidget(labelled(tr("Y scale:"), scalesBox_));
    relativeBox_ = new QComboBox(this);
    relativeBox_->addItem(tr("cell by cell (paper)"));
    relativeBox_->addItem(tr("over the whole table (stable)"));
    relativeBox_->setToolTip(
        tr("Cell by cell (the paper's RelWE): each cell's error relative to its true count, dominated "
           "by cells holding one or two true rows. Over the whole table (RelL1): the total error "
           "relative to the total, twice the total variation distance."));
    connect(relativeBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setRelativeKind(i == 0 ? RelativeKind::RelWE : RelativeKind::RelL1); });
    bar->addWidget(labelled(tr("Relative error:"), relativeBox_));
    auto* resetButton = new QPushButton(tr("Reset zoom"), this);
    resetButton->setToolTip(
        tr("Drag a rectangle on a chart to zoom; this button (or a chart's right-click menu) "
           "resets."));
    connect(resetButton, &QPushButton::clicked, this, &ChartsView::resetZoom);
    bar->addWidget(resetButton);

    exportButton_ = makeExportButton();
    bar->addWidget(exportButton_);
    outer->addWidget(barWidget);

    plotArea_ = new QWidget(this);
    auto* plotLayout = new QVBoxLayout(plotArea_);
    plotLayout->setContentsMargins(0, 0, 0, 0);
    legend_ = new ChartLegend(plotArea_);
    connect(legend_, &ChartLegend::toggled, this, &ChartsView::setSeriesShown);
    plotLayout->addWidget(legend_);
    grid_ = new QWidget(plotArea_);
    auto* grid = new QGridLayout(grid_);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(4);
    for (int i = 0; i < kChartCount; ++i) {
        charts_[static_cast<std::size_t>(i)] = new MetricChart(grid_);
        grid->addWidget(charts_[static_cast<std::size_t>(i)], i / 2, i % 2);
        connect(charts_[static_cast<std::size_t>(i)], &MetricChart::exportRequested, this,
                [this, i](bool svg) { exportInteractive(svg, i); });
    }
    plotLayout->addWidget(grid_, 1);
    outer->addWidget(plotArea_, 1);
    assignTitles();
    applyScales();
    rebuildLegend();
    updateExportEnabled();

    redrawTimer_.setSingleShot(true);
    redrawTimer_.setInterval(kRedrawIntervalMs);
    connect(&redrawTimer_, &QTimer::timeout, this, &ChartsView::redraw);
}

// Export charts ▸ all four or one, as PNG (or SVG where Qt Svg is present), named by metric.
QToolButton* ChartsView::makeExportButton() {
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export charts"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    exportButton->setMenu(menu);
    // Built when opened: the relative charts' names follow the RelWE/RelL1 choice.
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        menu->clear();
        menu->addAction(tr("All four as PNG…"), this, [this] { exportInteractive(false, -1); });
#ifdef STREAMSYNTH_HAVE_SVG
        menu->addAction(tr("All four as SVG…"), this, [this] { exportInteractive(true, -1); });
#endif
        menu->addSeparator();
        for (int i = 0; i < kChartCount; ++i) {
            menu->addAction(tr("%1 as PNG…").arg(exportName(i)), this,
                            [this, i] { exportInteractive(false, i); });
#ifdef STREAMSYNTH_HAVE_SVG
            menu->addAction(tr("%1 as SVG…").arg(exportName(i)), this,
                            [this, i] { exportInteractive(true, i); });
#endif
        }
    });
    return exportButton;
}

ChartMetric ChartsView::metricAt(int index) const {
    const bool l1 = relative_ == RelativeKind::RelL1;
    switch (index) {
        case 0:
            return ChartMetric::AvgWE;
        case 1:
            return ChartMetric::MaxWE;
        case 2:
            return l1 ? ChartMetric::AvgRelL1 : ChartMetric::AvgRelWE;
        default:
            return l1 ? ChartMetric::MaxRelL1 : ChartMetric::MaxRelWE;
    }
}

void ChartsView::assignTitles() {
    for (int i = 0; i < kChartCount; ++i) {
        const ChartMetric m = metricAt(i);
        chart(i)->setTitle(metricTitle(m));
        chart(i)->setAxisTitle(metricAxisTitle(m), metricAxisUnit(m));
        chart(i)->setDescription(metricTitle(m) + QStringLiteral("\n") + metricDescription(m));
    }
}

QString ChartsView::exportName(int index) const {
    return metricName(metricAt(index));
}

void ChartsView::applyScales() {
    for (int i = 0; i < kChartCount; ++i)
        chart(i)->setLogScale(scales_ == Scales::Log ||
                              (scales_ == Scales::RelativeLog && isRelativeMetric(metricAt(i))));
}

void ChartsView::setScales(Scales scales) {
    const bool changed = scales != scales_;
    scales_ = scales;
    const int index = scalesBox_->findData(static_cast<int>(scales));
    if (scalesBox_->currentIndex() != index) scalesBox_->setCurrentIndex(index);
    applyScales();
    if (changed) Q_EMIT scalesChanged(scales);
}

QString ChartsView::scalesText() const {
    switch (scales_) {
        case Scales::Linear:
            return QStringLiteral("linear");
        case Scales::Log:
            return QStringLiteral("log");
        case Scales::RelativeLog:
            break;
    }
    return QStringLiteral("relative-log");
}

void ChartsView::restoreScales(const QString& text) {
    setScales(text == QLatin1String("linear") ? Scales::Linear
              : text == QLatin1String("log")  ? Scales::Log
                                              : Scales::RelativeLog);
}

void ChartsView::setSeriesShown(const QString& id, bool shown) {
    if (shown)
        hidden_.remove(id);
    else
        hidden_.insert(id);
    for (MetricChart* c : charts_) c->setSeriesVisible(id, shown);
    if (legend_->isShown(id) != shown) legend_->setShown(id, shown);
}

bool ChartsView::isSeriesShown(const QString& id) const {
    return !hidden_.contains(id);
}

void ChartsView::clear() {
    redrawTimer_.stop();
    data_.clear();
    order_.clear();
    dirty_.clear();
    hidden_.clear();
    palette_.clear();
    for (MetricChart* c : charts_) {
        c->clearSeries();
        c->resetZoom();
    }
    rebuildLegend();
    updateExportEnabled();
}

// Nothing to export before a run has a point: the button says so instead
// of writing four empty charts (a new-user walkthrough's finding).
void ChartsView::updateExportEnabled() {
    const bool any = !data_.isEmpty();
    exportButton_->setEnabled(any);
    exportButton_->setToolTip(any ? tr("Save the charts as images, named by metric, with the legend")
                                  : tr("Nothing to export yet: the charts fill when a run starts"));
}

void ChartsView::setStepCount(int stepCount) {
    for (MetricChart* c : charts_) c->setStepCount(stepCount);
}

void ChartsView::addPoint(const QString& seriesId, int step, const MetricValues& values) {
    const bool first = data_.isEmpty();
    if (!data_.contains(seriesId)) {
        order_.append(seriesId);
        legend_->addEntry(seriesId, seriesId, palette_.styleFor(seriesId));
    }
    data_[seriesId].insert(step, values);
    if (first) updateExportEnabled();
    dirty_.insert(seriesId);
    if (!redrawTimer_.isActive()) redrawTimer_.start();
}

void ChartsView::flush() {
    redrawTimer_.stop();
    redraw();
}

void ChartsView::redraw() {
    const QStringList ids = allDirty_ ? order_ : QStringList(dirty_.begin(), dirty_.end());
    if (ids.isEmpty()) return;
    for (int i = 0; i < kChartCount; ++i) {
        const int m = static_cast<int>(metricAt(i));
        for (const QString& id : ids) {
            const QMap<int, MetricValues>& steps = data_.value(id);
            QList<QPointF> points;
            points.reserve(steps.size());
            for (auto it = steps.cbegin(); it != steps.cend(); ++it)
                points.append(QPointF(it.key(), it.value()[static_cast<std::size_t>(m)]));
            const bool created = !chart(i)->series(id);
            chart(i)->setSeriesPoints(id, palette_.styleFor(id), points);
            if (created && hidden_.contains(id)) chart(i)->setSeriesVisible(id, false);
        }
    }
    dirty_.clear();
    allDirty_ = false;
    ++redraws_;
    Q_EMIT redrawn();
}

void ChartsView::rebuildLegend() {
    legend_->clear(tr("No series yet: press Run."));
    for (const QString& id : std::as_const(order_)) legend_->addEntry(id, id, palette_.styleFor(id));
}

void ChartsView::setLogScale(bool log) {
    setScales(log ? Scales::Log : Scales::RelativeLog);
}

void ChartsView::bindLogAction(QAction* action) {
    action->setCheckable(true);
    action->setChecked(scales_ == Scales::Log);
    connect(action, &QAction::toggled, this, &ChartsView::setLogScale);
    connect(this, &ChartsView::scalesChanged, action,
            [action](Scales s) { action->setChecked(s == Scales::Log); });
}

void ChartsView::setRelativeKind(RelativeKind kind) {
    if (kind == relative_) return;
    relative_ = kind;
    const int index = kind == RelativeKind::RelWE ? 0 : 1;
    if (relativeBox_->currentIndex() != index) relativeBox_->setCurrentIndex(index);
    assignTitles();
    applyScales();
    allDirty_ = true;
    flush();
}

void ChartsView::resetZoom() {
    for (MetricChart* c : charts_) c->resetZoom();
}

namespace {
bool writeImage(const QString& path, const QByteArray& bytes, QString* error) {
    try {
        // The charts are error metrics computed from the private rows: 0600,
        // as metrics.csv is.
        writeOutputFile(path.toStdString(),
                        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                        privateFile());
        return true;
    } catch (const Error& e) {
        if (error != nullptr) *error = QString::fromStdString(e.describe());
        return false;
    }
}
}  // namespace

void ChartsView::layOutForExport() {
    // A hidden view has not laid out its children yet: do it now, top down.
    for (QWidget* w : {static_cast<QWidget*>(this), plotArea_, grid_})
        if (w->layout()) w->layout()->activate();
}

QSize ChartsView::exportSize(int index) const {
    if (index < 0) return plotArea_->size();
    const QSize chartSize = chart(index)->size();
    return {std::max(chartSize.width(), legend_->width()), legend_->height() + chartSize.height()};
}

// The legend over one chart, or the whole plot area (legend and grid).
void ChartsView::renderExport(QPainter& painter, int index) const {
    if (index < 0) {
        plotArea_->render(&painter);
        return;
    }
    legend_->render(&painter);
    static_cast<QWidget*>(chart(index))->render(&painter, QPoint(0, legend_->height()));
}

bool ChartsView::exportPng(const QString& path, int index, QString* error) {
    flush();
    layOutForExport();
    QImage image(exportSize(index), QImage::Format_ARGB32);
    image.fill(palette().color(QPalette::Window));
    QPainter painter(&image);
    renderExport(painter, index);
    painter.end();
    image.setText(QStringLiteral("Description"),
                  tr("Error metrics computed from private data: not for publication."));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        if (error != nullptr) *error = tr("the image could not be encoded");
        return false;
    }
    return writeImage(path, bytes, error);
}

bool ChartsView::exportSvg(const QString& path, int index, QString* error) {
#ifdef STREAMSYNTH_HAVE_SVG
    flush();
    layOutForExport();
    const QSize size = exportSize(index);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(index < 0 ? tr("StreamSynth charts") : metricTitle(metricAt(index)));
    generator.setDescription(tr("Error metrics computed from private data: not for publication."));
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    renderExport(painter, index);
    if (!painter.end()) return false;
    return writeImage(path, bytes, error);
#else
    Q_UNUSED(path);
    Q_UNUSED(index);
    if (error != nullptr) *error = tr("this build has no SVG support");
    return false;
#endif
}

void ChartsView::exportInteractive(bool svg, int index) {
    if (data_.isEmpty()) {  // a chart's own menu, before a run
        showStatusMessage(window(), tr("Nothing to export yet: the charts fill when a run starts"), 8000);
        return;
    }
    const QString filter = svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)");
    const QString suffix = svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    const QString base = index < 0 ? QStringLiteral("charts") : exportName(index);
    // Proposed in the export place (never the working folder, which may be the data's).
    const QString root = exportsRoot();
    QDir().mkpath(root);  // the default place, on first use (as the sessions folder is)
    const QString start = QFileInfo(root).isDir() ? QDir(root).filePath(base + suffix) : base + suffix;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), start, filter);
    if (path.isEmpty()) return;
    QString error;
    if (!(svg ? exportSvg(path, index, &error) : exportPng(path, index, &error))) {
        QMessageBox::warning(this, tr("Export charts"), tr("Could not write %1: %2").arg(path, error));
        return;
    }
    rememberExportsRoot(path);
    showStatusMessage(window(),
                      tr("Wrote %1: error metrics computed from the private data, not for publication "
                         "(readable by you only)")
                          .arg(QDir::toNativeSeparators(path)),
                      15000);
}

}  // namespace streamsynth::ui
