// One live chart: a metric over the step t, one line per series, with a
// linear/log y axis, hover read-out and rubber-band zoom (reset by
// resetZoom or a right click). Points are pushed in whole lists (replace())
// by ChartsView's coalescing timer; this class never redraws on its own.
#pragma once

#include <QChartView>
#include <QHash>
#include <QList>
#include <QPointF>

class QLineSeries;
class QAbstractAxis;

namespace streamsynth::ui {

class MetricChart : public QChartView {
    Q_OBJECT
public:
    explicit MetricChart(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    QString title() const;
    // x axis spans steps 1..stepCount (>= 1).
    void setStepCount(int stepCount);
    // Replaces the points of a series (creating it in the given colour).
    // Non-positive values are drawn at a small floor on the log axis.
    void setSeriesPoints(const QString& id, const QColor& color, const QList<QPointF>& points);
    void setLogScale(bool log);
    bool logScale() const { return log_; }
    void resetZoom();
    void clearSeries();
    // For tests and exports: the line of a series, or nullptr.
    QLineSeries* series(const QString& id) const { return series_.value(id, nullptr); }
    int seriesCount() const { return static_cast<int>(series_.size()); }

protected:
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void rebuildYAxis();
    void updateRanges();
    QList<QPointF> displayed(const QList<QPointF>& points) const;
    void showHover(const QString& id, const QPointF& point, bool state);

    QAbstractAxis* xAxis_ = nullptr;
    QAbstractAxis* yAxis_ = nullptr;
    QHash<QString, QLineSeries*> series_;
    QHash<QString, QList<QPointF>> raw_;   // values as given (the log axis shows a floored copy)
    int stepCount_ = 1;
    bool log_ = false;
};

}  // namespace streamsynth::ui
