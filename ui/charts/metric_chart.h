// One live chart: a metric over the step t, one line per series in its look
// (series_palette.h: colour, dash, and markers on a subset of points), a y
// axis with a title and unit, linear or log, whose ticks (axis_ticks.h) are
// rebuilt for whatever range is shown, so a zoomed log axis still reads
// 1, 2, 5 × 10^k; a hover read-out (series, t, value) and, elsewhere, the
// metric's one-line description as tooltip; rubber-band zoom, and a right
// click menu (reset zoom, export this chart). On the log axis the line holds
// log10 of the values (zeros at the axis floor); valueAt() gives the value.
// Points are pushed in whole lists by ChartsView's coalescing timer; this
// class never redraws on its own.
#pragma once

#include <QChartView>
#include <QHash>
#include <QList>
#include <QPointF>

#include "ui/charts/series_palette.h"

class QCategoryAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace streamsynth::ui {

class MetricChart : public QChartView {
    Q_OBJECT
public:
    explicit MetricChart(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    // The title as drawn at the chart's width (rich text): the short name when the whole one does not fit.
    QString shownTitle() const;
    QString title() const;
    // The y axis' description with its unit (shown under the title) and the
    // short unit on the axis itself ("share of rows"; empty: the description).
    void setAxisTitle(const QString& title, const QString& unit = {});
    QString axisTitle() const;
    // One line saying what the metric measures (tooltip away from the lines).
    void setDescription(const QString& text) { description_ = text; }
    QString description() const { return description_; }
    // x axis spans steps 1..stepCount (>= 1).
    void setStepCount(int stepCount);
    // Replaces the points (t, value) of a series, creating it in its look.
    void setSeriesPoints(const QString& id, const SeriesStyle& style, const QList<QPointF>& points);
    void setSeriesVisible(const QString& id, bool visible);
    bool isSeriesVisible(const QString& id) const;
    void setLogScale(bool log);
    bool logScale() const { return log_; }
    void resetZoom();
    void clearSeries();
    // For tests and exports: the line of a series (log axis: log10 values), or nullptr.
    QLineSeries* series(const QString& id) const { return series_.value(id, nullptr); }
    QScatterSeries* markers(const QString& id) const { return markers_.value(id, nullptr); }
    int seriesCount() const { return static_cast<int>(series_.size()); }
    // The value of a series at step t as given (NaN when absent).
    double valueAt(const QString& id, int step) const;
    // The y ticks now shown (values, not log10) and their labels.
    QList<double> yTicks() const { return ticks_; }
    QStringList yTickLabels() const;
    // The y range now shown, in values (not log10).
    std::pair<double, double> yRange() const;
    // "series\nt = 12\nAvgWE = 0.0123" for the point nearest to pos (widget
    // coordinates) within 20 px; empty when there is none.
    QString readoutAt(const QPoint& pos) const;
    // Where a point of a series is drawn, in widget coordinates.
    QPoint positionOf(const QString& id, int step) const;

Q_SIGNALS:
    // From the right-click menu: export this chart (PNG, or SVG when svg).
    void exportRequested(bool svg);

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void showReadout(const QPoint& pos, const QPoint& globalPos, bool describe);
    double shown(double value) const;
    QPoint place(const QLineSeries* line, const QPointF& value)
        const;  // a value's widget position  // the y coordinate of a value (log10 on the log axis, floored)
    void redisplay();
    void updateTitle();
    void updateRanges();
    void rebuildTicks();

    QValueAxis* xAxis_ = nullptr;
    QCategoryAxis* yAxis_ = nullptr;
    QHash<QString, QLineSeries*> series_;
    QHash<QString, QScatterSeries*> markers_;
    QHash<QString, QList<QPointF>> raw_;  // values as given
    QList<double> ticks_;
    QString description_;
    QString axisTitle_;
    QString title_;
    QString unit_;
    int stepCount_ = 1;
    bool log_ = false;
    double logFloor_ = 1e-6;  // zeros and values below it are drawn here on the log axis
    bool rebuilding_ = false;
};

}  // namespace streamsynth::ui
