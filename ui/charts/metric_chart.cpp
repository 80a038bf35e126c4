// MetricChart: ranges that follow the data unless the user zoomed, ticks
// rebuilt on every range change, the hover read-out and the menu.
#include "ui/charts/metric_chart.h"

#include <QCategoryAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QLineSeries>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/charts/axis_ticks.h"

namespace streamsynth::ui {

namespace {
constexpr double kReadoutPixels = 20;

}  // namespace

MetricChart::MetricChart(QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);  // live data: animations cost redraws
    chart->legend()->hide();                          // ChartsView shows one shared legend
    chart->setMargins(QMargins(4, 4, 4, 4));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setMinimumSize(200, 140);  // four of them fit a 1024x700 window beside the experiment panel
    setMouseTracking(true);

    xAxis_ = new QValueAxis();
    xAxis_->setTitleText(tr("t (step)"));
    xAxis_->setLabelFormat(QStringLiteral("%d"));
    xAxis_->setTickType(QValueAxis::TicksDynamic);
    chart->addAxis(xAxis_, Qt::AlignBottom);
    yAxis_ = new QCategoryAxis();
    yAxis_->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    chart->addAxis(yAxis_, Qt::AlignLeft);
    // Axis titles in a smaller regular font: at the default bold size the vertical unit ("share of rows") was
    // cut to "share of r…" in the four-chart grid of a 1000-pixel-high screen (seen under Xvfb).
    for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(xAxis_), static_cast<QAbstractAxis*>(yAxis_)}) {
        QFont font = axis->titleFont();
        font.setBold(false);
        if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * 0.85);
        axis->setTitleFont(font);
    }
    connect(yAxis_, &QValueAxis::rangeChanged, this, &MetricChart::rebuildTicks);
    connect(chart, &QChart::plotAreaChanged, this,
            &MetricChart::rebuildTicks);  // resized: more or fewer ticks fit
    connect(chart, &QChart::plotAreaChanged, this, &MetricChart::updateTitle);
    updateRanges();
}

void MetricChart::setTitle(const QString& title) {
    title_ = title;
    updateTitle();
}

QString MetricChart::title() const {
    return title_;
}

void MetricChart::setAxisTitle(const QString& title, const QString& unit) {
    axisTitle_ = title;
    unit_ = unit.isEmpty() ? title : unit;
    // The axis itself carries the short unit (a vertical title longer than the chart is cut to "…");
    // the full description is the title's second line, where the chart's width has room for it.
    yAxis_->setTitleText(unit_.toHtmlEscaped());
    updateTitle();
}

// The title as wide as the chart allows (issue 46 walkthrough, 1024x700: "AvgWE — average workload
// err…"): the whole name where it fits, else its words, else its short name ("AvgWE"); the y description
// below it only where it fits too, else it would push the x labels to "…".
void MetricChart::updateTitle() {
    QFont bold = chart()->titleFont();
    bold.setBold(true);
    const int room = width() - 56;  // the chart's rounded frame, its margins and the title's own
    // The whole name, else its words ("average workload error": a steward reads "AvgWE" as jargon),
    // else its short name.
    const QFontMetrics metrics(bold);
    const QString words = title_.section(QStringLiteral(" — "), 1);
    const QString shown = metrics.horizontalAdvance(title_) <= room ? title_
                          : !words.isEmpty() && metrics.horizontalAdvance(words) <= room
                              ? words
                              : title_.section(QStringLiteral(" — "), 0, 0);
    QString html = QStringLiteral("<b>%1</b>").arg(shown.toHtmlEscaped());
    const QString below = tr("y: %1").arg(axisTitle_);
    QFont small = chart()->titleFont();
    if (small.pointSizeF() > 0) small.setPointSizeF(small.pointSizeF() * 0.83);
    constexpr int kRoomForASecondLine = 200;  // below it the x labels would be squeezed to "…"
    const bool secondLine = !axisTitle_.isEmpty() && axisTitle_ != unit_ && height() >= kRoomForASecondLine &&
                            QFontMetrics(small).horizontalAdvance(below) <= room;
    if (secondLine)
        html += QStringLiteral("<br><span style='font-size:small; font-weight:normal'>%1</span>")
                    .arg(below.toHtmlEscaped());
    // The vertical unit only where the plot is as tall as it is long ("share of r…" otherwise).
    const bool unitFits =
        chart()->plotArea().height() >= QFontMetrics(yAxis_->titleFont()).horizontalAdvance(unit_) + 6;
    // Neither the unit beside the axis nor the second line (a short chart under the legend and the
    // support banner, a GUI walkthrough of 2026-12-01): the unit on the title's line, where it fits.
    const QString unitAfter = QStringLiteral(" · ") + tr("y: %1").arg(unit_);
    if (!secondLine && !unitFits && !unit_.isEmpty() &&
        metrics.horizontalAdvance(shown) + QFontMetrics(small).horizontalAdvance(unitAfter) <= room)
        html += QStringLiteral("<span style='font-size:small; font-weight:normal'>%1</span>")
                    .arg(unitAfter.toHtmlEscaped());
    if (chart()->title() != html) chart()->setTitle(html);
    if (yAxis_->isTitleVisible() != unitFits) yAxis_->setTitleVisible(unitFits);
}

QString MetricChart::shownTitle() const {
    return chart()->title();
}

void MetricChart::resizeEvent(QResizeEvent* event) {
    QChartView::resizeEvent(event);
    updateTitle();
}

QString MetricChart::axisTitle() const {
    return axisTitle_;
}

void MetricChart::setStepCount(int stepCount) {
    stepCount_ = std::max(1, stepCount);
    updateRanges();
}

double MetricChart::shown(double value) const {
    if (!log_) return value;
    return std::log10(std::max(value, logFloor_));
}

void MetricChart::setSeriesPoints(const QString& id, const SeriesStyle& style, const QList<QPointF>& points) {
    QLineSeries* line = series_.value(id, nullptr);
    if (!line) {
        line = new QLineSeries();
        line->setName(id);
        line->setPen(SeriesPalette::pen(style, 1.8));
        auto* marks = new QScatterSeries();
        marks->setName(id);
        SeriesPalette::styleMarkers(marks, style);
        for (QXYSeries* s : {static_cast<QXYSeries*>(line), static_cast<QXYSeries*>(marks)}) {
            chart()->addSeries(s);
            s->attachAxis(xAxis_);
            s->attachAxis(yAxis_);
        }
        series_.insert(id, line);
        markers_.insert(id, marks);
    }
    raw_.insert(id, points);
    updateRanges();  // may move the log floor, which redisplays every series
    QList<QPointF> display = points;
    for (QPointF& p : display) p.setY(shown(p.y()));
    line->replace(display);
    markers_.value(id)->replace(SeriesPalette::markerPoints(display));
}

void MetricChart::redisplay() {
    for (auto it = series_.begin(); it != series_.end(); ++it) {
        QList<QPointF> display = raw_.value(it.key());
        for (QPointF& p : display) p.setY(shown(p.y()));
        it.value()->replace(display);
        markers_.value(it.key())->replace(SeriesPalette::markerPoints(display));
    }
}

void MetricChart::setSeriesVisible(const QString& id, bool visible) {
    if (QLineSeries* line = series_.value(id, nullptr)) {
        line->setVisible(visible);
        markers_.value(id)->setVisible(visible);
        updateRanges();
    }
}

bool MetricChart::isSeriesVisible(const QString& id) const {
    const QLineSeries* line = series_.value(id, nullptr);
    return line && line->isVisible();
}

double MetricChart::valueAt(const QString& id, int step) const {
    for (const QPointF& p : raw_.value(id))
        if (static_cast<int>(p.x()) == step) return p.y();
    return std::numeric_limits<double>::quiet_NaN();
}

void MetricChart::clearSeries() {
    chart()->removeAllSeries();
    series_.clear();
    markers_.clear();
    raw_.clear();
    updateRanges();
}

void MetricChart::setLogScale(bool log) {
    if (log == log_) return;
    log_ = log;
    chart()->zoomReset();
    updateRanges();
    redisplay();
}

void MetricChart::updateRanges() {
    if (chart()->isZoomed()) return;  // keep the user's zoom until reset
    xAxis_->setRange(1, std::max(2, stepCount_));
    // Integer ticks at 1-2-5 multiples, about six per axis.
    const std::vector<double> xs = linearTicks(0, std::max(2, stepCount_), 6);
    xAxis_->setTickAnchor(0);
    xAxis_->setTickInterval(xs.size() >= 2 ? std::max(1.0, xs[1] - xs[0]) : 1.0);
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (auto it = raw_.cbegin(); it != raw_.cend(); ++it) {
        if (!isSeriesVisible(it.key())) continue;
        for (const QPointF& p : it.value()) {
            if (!std::isfinite(p.y())) continue;
            hi = std::max(hi, p.y());
            if (p.y() > 0) lo = std::min(lo, p.y());
        }
    }
    if (log_) {
        if (!std::isfinite(lo)) lo = 1e-3;
        if (hi <= lo) hi = lo * 10;
        const double bottom = std::floor(std::log10(lo)), top = std::ceil(std::log10(hi));
        const double floor = std::pow(10.0, bottom);
        if (floor != logFloor_) {
            logFloor_ = floor;  // zeros sit on the bottom of the axis
            redisplay();
        }
        yAxis_->setRange(bottom, top > bottom ? top : bottom + 1);
    } else {
        const std::vector<double> ticks = linearTicks(0, hi > 0 ? hi : 1, 5);
        double top = ticks.empty() ? 1 : ticks.back();
        if (ticks.size() >= 2 && top < hi) top += ticks[1] - ticks[0];
        yAxis_->setRange(0, top);
    }
    rebuildTicks();
}

void MetricChart::rebuildTicks() {
    if (rebuilding_) return;
    const double min = yAxis_->min(), max = yAxis_->max();
    const double lo = log_ ? std::pow(10.0, min) : min, hi = log_ ? std::pow(10.0, max) : max;
    // As many ticks as the plot's height allows: a label squeezed between close neighbours would be cut to
    // "…".
    const double pixels = chart()->plotArea().height();
    const double spacing = 1.6 * QFontMetricsF(yAxis_->labelsFont()).height();
    const std::vector<double> values =
        log_ ? logTicks(lo, hi, pixels, spacing) : linearTicks(lo, hi, linearTickTarget(pixels, spacing));
    QList<double> ticks;
    const double slack = (max - min) * 1e-6;
    for (double v : values) {
        const double at = log_ ? std::log10(v) : v;
        if (at >= min - slack && at <= max + slack) ticks << v;
    }
    if (ticks == ticks_ && yAxis_->count() == ticks.size())
        return;  // unchanged (the plot area moved sideways)
    rebuilding_ = true;
    for (const QString& label : yAxis_->categoriesLabels()) yAxis_->remove(label);
    yAxis_->setStartValue(min - slack);
    for (double v : ticks) yAxis_->append(tickLabel(v), log_ ? std::log10(v) : v);
    ticks_ = ticks;
    rebuilding_ = false;
}

QStringList MetricChart::yTickLabels() const {
    return yAxis_->categoriesLabels();
}

std::pair<double, double> MetricChart::yRange() const {
    return log_ ? std::pair{std::pow(10.0, yAxis_->min()), std::pow(10.0, yAxis_->max())}
                : std::pair{yAxis_->min(), yAxis_->max()};
}

void MetricChart::resetZoom() {
    chart()->zoomReset();
    updateRanges();
}

QPoint MetricChart::place(const QLineSeries* line, const QPointF& value) const {
    const QPointF at =
        chart()->mapToPosition(QPointF(value.x(), shown(value.y())), const_cast<QLineSeries*>(line));
    return mapFromScene(chart()->mapToScene(at));
}

QPoint MetricChart::positionOf(const QString& id, int step) const {
    const QLineSeries* line = series_.value(id, nullptr);
    const double v = valueAt(id, step);
    if (!line || !std::isfinite(v)) return {};
    return place(line, QPointF(step, v));
}

QString MetricChart::readoutAt(const QPoint& pos) const {
    QString bestId;
    QPointF best;
    double bestDistance = kReadoutPixels;
    for (auto it = raw_.cbegin(); it != raw_.cend(); ++it) {
        if (!isSeriesVisible(it.key())) continue;
        const QLineSeries* line = series_.value(it.key());
        for (const QPointF& p : it.value()) {
            const QPoint at = place(line, p);
            if (std::abs(at.x() - pos.x()) > kReadoutPixels) continue;
            const double d = std::hypot(at.x() - pos.x(), at.y() - pos.y());
            if (d < bestDistance) {
                bestDistance = d;
                bestId = it.key();
                best = p;
            }
        }
    }
    if (bestId.isEmpty()) return {};
    return tr("%1\nt = %2\n%3 = %4")
        .arg(bestId)
        .arg(static_cast<int>(best.x()))
        .arg(title().section(QStringLiteral(" — "), 0, 0))
        .arg(QLocale().toString(best.y(), 'g', 4));
}

// The read-out (or, away from the lines, the metric's description), kept
// while the pointer stays within the read-out distance of the point.
void MetricChart::showReadout(const QPoint& pos, const QPoint& globalPos, bool describe) {
    const QString readout = readoutAt(pos);
    if (readout.isEmpty() && !describe) {
        QToolTip::hideText();
        return;
    }
    const int r = static_cast<int>(kReadoutPixels);
    const QRect near(pos - QPoint(r, r), QSize(2 * r, 2 * r));
    QToolTip::showText(globalPos, readout.isEmpty() ? description_ : readout, viewport(),
                       readout.isEmpty() ? QRect() : near);
}

bool MetricChart::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        showReadout(viewport()->mapFrom(this, help->pos()), help->globalPos(), true);
        return true;
    }
    return QChartView::event(event);
}

// The tooltip event of a resting pointer goes to the viewport, where the
// graphics scene would answer it with "no item has a tooltip" and hide the
// read-out a moment after it appeared: answered here instead.
bool MetricChart::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        showReadout(help->pos(), help->globalPos(), true);
        return true;
    }
    return QChartView::viewportEvent(event);
}

void MetricChart::mouseMoveEvent(QMouseEvent* event) {
    QChartView::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton) return;
    showReadout(event->position().toPoint(), event->globalPosition().toPoint(), false);
}

void MetricChart::mouseReleaseEvent(QMouseEvent* event) {
    // Right click: a menu (QChartView's default would zoom out one level).
    if (event->button() == Qt::RightButton) {
        QMenu menu(this);
        menu.addAction(tr("Reset zoom"), this, &MetricChart::resetZoom);
        menu.addAction(tr("Export %1 as PNG…").arg(title().section(QStringLiteral(" — "), 0, 0)), this,
                       [this] { Q_EMIT exportRequested(false); });
#ifdef STREAMSYNTH_HAVE_SVG
        menu.addAction(tr("Export %1 as SVG…").arg(title().section(QStringLiteral(" — "), 0, 0)), this,
                       [this] { Q_EMIT exportRequested(true); });
#endif
        menu.exec(event->globalPosition().toPoint());
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

}  // namespace streamsynth::ui
