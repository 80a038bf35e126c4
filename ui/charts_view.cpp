// ChartsView: data store per series, the coalescing timer, the shared
// legend and the PNG/SVG exports.
#include "ui/charts_view.h"

#include <QBuffer>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
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

#include "core/common/error.h"
#include "core/common/output_file.h"
#include "ui/metric_chart.h"

namespace streamsynth::ui {

ChartsView::ChartsView(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);

    auto* bar = new QHBoxLayout();
    logBox_ = new QCheckBox(tr("Log scale"), this);
    connect(logBox_, &QCheckBox::toggled, this, &ChartsView::setLogScale);
    bar->addWidget(logBox_);
    bar->addWidget(new QLabel(tr("Relative error:"), this));
    relativeBox_ = new QComboBox(this);
    relativeBox_->addItem(tr("RelWE (paper)"));
    relativeBox_->addItem(tr("RelL1 (stable)"));
    relativeBox_->setToolTip(tr("RelWE is dominated by cells holding one or two true rows; "
                                "RelL1 is twice the total variation distance."));
    connect(relativeBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setRelativeKind(i == 0 ? RelativeKind::RelWE : RelativeKind::RelL1); });
    bar->addWidget(relativeBox_);
    auto* resetButton = new QPushButton(tr("Reset zoom"), this);
    resetButton->setToolTip(tr("Drag a rectangle on a chart to zoom; right click or this button resets."));
    connect(resetButton, &QPushButton::clicked, this, &ChartsView::resetZoom);
    bar->addWidget(resetButton);

    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export charts"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    menu->addAction(tr("All four as PNG…"), this, [this] { exportInteractive(false, -1); });
#ifdef STREAMSYNTH_HAVE_SVG
    menu->addAction(tr("All four as SVG…"), this, [this] { exportInteractive(true, -1); });
#endif
    menu->addSeparator();
    for (int i = 0; i < kChartCount; ++i) {
        menu->addAction(tr("Chart %1 as PNG…").arg(i + 1), this, [this, i] { exportInteractive(false, i); });
#ifdef STREAMSYNTH_HAVE_SVG
        menu->addAction(tr("Chart %1 as SVG…").arg(i + 1), this, [this, i] { exportInteractive(true, i); });
#endif
    }
    exportButton->setMenu(menu);
    bar->addWidget(exportButton);
    bar->addStretch(1);
    outer->addLayout(bar);

    legendLayout_ = new QHBoxLayout();
    legendLayout_->setSpacing(14);
    outer->addLayout(legendLayout_);

    grid_ = new QWidget(this);
    auto* grid = new QGridLayout(grid_);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(4);
    for (int i = 0; i < kChartCount; ++i) {
        charts_[static_cast<std::size_t>(i)] = new MetricChart(grid_);
        grid->addWidget(charts_[static_cast<std::size_t>(i)], i / 2, i % 2);
    }
    outer->addWidget(grid_, 1);
    assignTitles();
    rebuildLegend();

    redrawTimer_.setSingleShot(true);
    redrawTimer_.setInterval(kRedrawIntervalMs);
    connect(&redrawTimer_, &QTimer::timeout, this, &ChartsView::redraw);
}

ChartMetric ChartsView::metricAt(int index) const {
    const bool l1 = relative_ == RelativeKind::RelL1;
    switch (index) {
    case 0: return ChartMetric::AvgWE;
    case 1: return ChartMetric::MaxWE;
    case 2: return l1 ? ChartMetric::AvgRelL1 : ChartMetric::AvgRelWE;
    default: return l1 ? ChartMetric::MaxRelL1 : ChartMetric::MaxRelWE;
    }
}

void ChartsView::assignTitles() {
    for (int i = 0; i < kChartCount; ++i) chart(i)->setTitle(metricTitle(metricAt(i)));
}

void ChartsView::clear() {
    redrawTimer_.stop();
    data_.clear();
    order_.clear();
    dirty_.clear();
    palette_.clear();
    for (MetricChart* c : charts_) {
        c->clearSeries();
        c->resetZoom();
    }
    rebuildLegend();
}

void ChartsView::setStepCount(int stepCount) {
    for (MetricChart* c : charts_) c->setStepCount(stepCount);
}

void ChartsView::addPoint(const QString& seriesId, int step, const MetricValues& values) {
    if (!data_.contains(seriesId)) {
        order_.append(seriesId);
        palette_.colorFor(seriesId);
        rebuildLegend();
    }
    data_[seriesId].insert(step, values);
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
            chart(i)->setSeriesPoints(id, palette_.colorFor(id), points);
        }
    }
    dirty_.clear();
    allDirty_ = false;
    ++redraws_;
    Q_EMIT redrawn();
}

void ChartsView::rebuildLegend() {
    while (QLayoutItem* item = legendLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (order_.isEmpty()) {
        legendLayout_->addWidget(new QLabel(tr("No series yet: press Run."), this));
    }
    for (const QString& id : std::as_const(order_)) {
        auto* label = new QLabel(this);
        label->setText(QStringLiteral("<span style='color:%1;font-size:large'>&#9632;</span> %2")
                           .arg(palette_.colorFor(id).name(), id.toHtmlEscaped()));
        legendLayout_->addWidget(label);
    }
    legendLayout_->addStretch(1);
}

void ChartsView::setLogScale(bool log) {
    log_ = log;
    if (logBox_->isChecked() != log) logBox_->setChecked(log);
    for (MetricChart* c : charts_) c->setLogScale(log);
}

void ChartsView::setRelativeKind(RelativeKind kind) {
    if (kind == relative_) return;
    relative_ = kind;
    const int index = kind == RelativeKind::RelWE ? 0 : 1;
    if (relativeBox_->currentIndex() != index) relativeBox_->setCurrentIndex(index);
    assignTitles();
    allDirty_ = true;
    flush();
}

void ChartsView::resetZoom() {
    for (MetricChart* c : charts_) c->resetZoom();
}

QWidget* ChartsView::exportTarget(int index) const {
    return index < 0 ? grid_ : static_cast<QWidget*>(chart(index));
}

namespace {
bool writeImage(const QString& path, const QByteArray& bytes, QString* error) {
    try {
        writeOutputFile(path.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        return true;
    } catch (const Error& e) {
        if (error != nullptr) *error = QString::fromStdString(e.describe());
        return false;
    }
}
}  // namespace

bool ChartsView::exportPng(const QString& path, int index, QString* error) {
    flush();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!exportTarget(index)->grab().save(&buffer, "PNG")) {
        if (error != nullptr) *error = tr("the image could not be encoded");
        return false;
    }
    return writeImage(path, bytes, error);
}

bool ChartsView::exportSvg(const QString& path, int index, QString* error) {
#ifdef STREAMSYNTH_HAVE_SVG
    flush();
    QWidget* target = exportTarget(index);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(target->size());
    generator.setViewBox(QRect(QPoint(0, 0), target->size()));
    generator.setTitle(tr("StreamSynth charts"));
    generator.setDescription(tr("Error metrics computed from private data: not for publication."));
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    target->render(&painter);
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
    const QString filter = svg ? tr("SVG images (*.svg)") : tr("PNG images (*.png)");
    const QString suffix = svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    const QString base = index < 0 ? QStringLiteral("charts") : metricTitle(metricAt(index));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), base + suffix, filter);
    if (path.isEmpty()) return;
    QString error;
    if (!(svg ? exportSvg(path, index, &error) : exportPng(path, index, &error)))
        QMessageBox::warning(this, tr("Export charts"), tr("Could not write %1: %2").arg(path, error));
}

}  // namespace streamsynth::ui
