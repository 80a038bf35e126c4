// MetricChart: axis handling (QValueAxis <-> QLogValueAxis swap), ranges
// that follow the data unless the user zoomed, and the hover tooltip.
#include "ui/metric_chart.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QCursor>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMouseEvent>
#include <QToolTip>
#include <QValueAxis>

namespace streamsynth::ui {

namespace {
// Log axes cannot show 0; metrics are >= 0 and a perfect step is drawn here.
constexpr double kLogFloor = 1e-6;
}  // namespace

MetricChart::MetricChart(QWidget* parent) : QChartView(parent) {
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);  // live data: animations cost redraws
    chart->legend()->hide();                           // ChartsView shows one shared legend
    chart->setMargins(QMargins(4, 4, 4, 4));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setMinimumSize(260, 180);

    auto* x = new QValueAxis();
    x->setTitleText(tr("t"));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTickType(QValueAxis::TicksDynamic);
    chart->addAxis(x, Qt::AlignBottom);
    xAxis_ = x;
    rebuildYAxis();
    updateRanges();
}

void MetricChart::setTitle(const QString& title) { chart()->setTitle(title); }
QString MetricChart::title() const { return chart()->title(); }

void MetricChart::setStepCount(int stepCount) {
    stepCount_ = std::max(1, stepCount);
    updateRanges();
}

QList<QPointF> MetricChart::displayed(const QList<QPointF>& points) const {
    if (!log_) return points;
    QList<QPointF> out = points;
    for (QPointF& p : out) p.setY(std::max(p.y(), kLogFloor));
    return out;
}

void MetricChart::setSeriesPoints(const QString& id, const QColor& color, const QList<QPointF>& points) {
    QLineSeries* line = series_.value(id, nullptr);
    if (!line) {
        line = new QLineSeries();
        line->setName(id);
        QPen pen(color);
        pen.setWidthF(1.6);
        line->setPen(pen);
        chart()->addSeries(line);
        line->attachAxis(xAxis_);
        line->attachAxis(yAxis_);
        connect(line, &QLineSeries::hovered, this,
                [this, id](const QPointF& p, bool state) { showHover(id, p, state); });
        series_.insert(id, line);
    }
    raw_.insert(id, points);
    line->replace(displayed(points));
    updateRanges();
}

void MetricChart::clearSeries() {
    chart()->removeAllSeries();
    series_.clear();
    raw_.clear();
    updateRanges();
}

void MetricChart::setLogScale(bool log) {
    if (log == log_) return;
    log_ = log;
    rebuildYAxis();
    for (auto it = series_.begin(); it != series_.end(); ++it) it.value()->replace(displayed(raw_.value(it.key())));
    updateRanges();
}

void MetricChart::rebuildYAxis() {
    if (yAxis_) {
        for (QLineSeries* line : std::as_const(series_)) line->detachAxis(yAxis_);
        chart()->removeAxis(yAxis_);
        delete yAxis_;
    }
    if (log_) {
        auto* y = new QLogValueAxis();
        y->setBase(10);
        y->setLabelFormat(QStringLiteral("%.0e"));
        y->setMinorTickCount(-1);
        yAxis_ = y;
    } else {
        auto* y = new QValueAxis();
        y->setLabelFormat(QStringLiteral("%.3g"));
        yAxis_ = y;
    }
    chart()->addAxis(yAxis_, Qt::AlignLeft);
    for (QLineSeries* line : std::as_const(series_)) line->attachAxis(yAxis_);
}

void MetricChart::updateRanges() {
    if (chart()->isZoomed()) return;  // keep the user's zoom until reset
    auto* x = static_cast<QValueAxis*>(xAxis_);
    x->setRange(1, std::max(2, stepCount_));
    // Integer ticks at 1-2-5 multiples, about six per axis.
    const double raw = std::max(1.0, stepCount_ / 6.0);
    const double magnitude = std::pow(10, std::floor(std::log10(raw)));
    const double step = raw / magnitude < 2 ? magnitude : raw / magnitude < 5 ? 2 * magnitude : 5 * magnitude;
    x->setTickAnchor(0);
    x->setTickInterval(std::max(1.0, step));
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const QList<QPointF>& pts : std::as_const(raw_)) {
        for (const QPointF& p : pts) {
            if (!std::isfinite(p.y())) continue;
            hi = std::max(hi, p.y());
            if (p.y() > 0) lo = std::min(lo, p.y());
        }
    }
    if (log_) {
        if (!std::isfinite(lo)) lo = 1e-3;
        if (hi <= lo) hi = lo * 10;
        yAxis_->setRange(std::pow(10, std::floor(std::log10(std::max(lo, kLogFloor)))),
                         std::pow(10, std::ceil(std::log10(hi))));
    } else {
        auto* y = static_cast<QValueAxis*>(yAxis_);
        y->setRange(0, hi > 0 ? hi * 1.05 : 1.0);
        y->applyNiceNumbers();  // round tick labels (0, 0.002, 0.004, ...)
    }
}

void MetricChart::resetZoom() {
    chart()->zoomReset();
    updateRanges();
}

void MetricChart::mouseReleaseEvent(QMouseEvent* event) {
    // Right click undoes zoom (QChartView's default zooms out one level).
    if (event->button() == Qt::RightButton) {
        resetZoom();
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

void MetricChart::showHover(const QString& id, const QPointF& point, bool state) {
    if (!state) {
        QToolTip::hideText();
        return;
    }
    // Snap to the nearest step actually present in the series.
    const QList<QPointF>& pts = raw_.value(id);
    if (pts.isEmpty()) return;
    const auto nearest = std::min_element(pts.begin(), pts.end(), [&](const QPointF& a, const QPointF& b) {
        return std::abs(a.x() - point.x()) < std::abs(b.x() - point.x());
    });
    QToolTip::showText(QCursor::pos(), tr("%1\nt = %2\n%3 = %4")
                                           .arg(id)
                                           .arg(static_cast<int>(nearest->x()))
                                           .arg(title())
                                           .arg(nearest->y(), 0, 'g', 4),
                       this);
}

}  // namespace streamsynth::ui
