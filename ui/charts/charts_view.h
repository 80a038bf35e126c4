// The four live charts in a 2x2 grid (AvgWE, MaxWE, and AvgRelWE/MaxRelWE
// or the stable AvgRelL1/MaxRelL1), one line per series in the same look
// everywhere (series_palette.h) and one shared, wrapping legend whose entries
// hide or show a series in every chart. The y scales: log for the relative
// metrics by default (one spike no longer flattens the other lines), or all
// linear, or all log. Points arrive as fast as the run makes them; redraws
// are coalesced by a 40 ms single-shot timer (at most ~25 per second) and
// push whole point lists with replace(). Exports are named by metric and
// include the legend.
#pragma once

#include <QHash>
#include <QMap>
#include <QSet>
#include <QStringList>
#include <QTimer>
#include <QWidget>
#include <array>

#include "ui/charts/chart_metric.h"
#include "ui/charts/series_palette.h"

class QAction;
class QComboBox;
class QToolButton;
class QPainter;

namespace streamsynth::ui {

class ChartLegend;
class MetricChart;

class ChartsView : public QWidget {
    Q_OBJECT
public:
    enum class RelativeKind { RelWE, RelL1 };
    // Log for the relative metrics (default), every chart linear, every chart log.
    enum class Scales { RelativeLog, Linear, Log };
    static constexpr int kChartCount = 4;
    static constexpr int kRedrawIntervalMs = 40;

    explicit ChartsView(QWidget* parent = nullptr);

    // Removes all series and points (a new run).
    void clear();
    // Steps of the run; fixes the x axis to 1..stepCount.
    void setStepCount(int stepCount);
    // Records the metrics of one series at step t (1-based) and schedules a redraw.
    void addPoint(const QString& seriesId, int step, const MetricValues& values);

    // true: every chart log; false: the default scales (log for the relative metrics).
    void setLogScale(bool log);
    bool logScale() const { return scales_ == Scales::Log; }
    // A checkable action (View ▸ Log scale) kept in step with setLogScale.
    void bindLogAction(QAction* action);
    void setScales(Scales scales);
    Scales scales() const { return scales_; }
    // The scales as text ("relative-log", "linear", "log") for settings and sessions, and back (unknown:
    // default).
    QString scalesText() const;
    void restoreScales(const QString& text);
    // Hides or shows a series in every chart (the legend's click).
    void setSeriesShown(const QString& id, bool shown);
    bool isSeriesShown(const QString& id) const;
    ChartLegend* legend() const { return legend_; }
    void setRelativeKind(RelativeKind kind);
    void resetZoom();

    // The metric shown by chart index (0..3, row-major).
    ChartMetric metricAt(int index) const;
    MetricChart* chart(int index) const { return charts_.at(static_cast<std::size_t>(index)); }
    QStringList seriesIds() const { return order_; }
    QColor colorFor(const QString& seriesId) { return palette_.colorFor(seriesId); }
    SeriesStyle styleFor(const QString& seriesId) { return palette_.styleFor(seriesId); }
    // "AvgWE" for chart 0, … (export file names).
    QString exportName(int index) const;
    // Number of redraws done so far (tests check the coalescing).
    int redrawCount() const { return redraws_; }
    // Draws pending points now (tests, exports).
    void flush();

    // Export one chart (index 0..3) or the whole grid (index -1).
    // Write the image through the project's one output path (a device or
    // FIFO is written in place; a failure keeps the previous file). False
    // with the reason in *error on failure.
    bool exportPng(const QString& path, int index = -1, QString* error = nullptr);
    bool exportSvg(const QString& path, int index = -1, QString* error = nullptr);

Q_SIGNALS:
    void redrawn();
    void scalesChanged(streamsynth::ui::ChartsView::Scales scales);

private:
    QToolButton* makeExportButton();
    QWidget* labelled(const QString& text, QWidget* box);
    void redraw();
    void rebuildLegend();
    void assignTitles();
    void applyScales();
    void layOutForExport();
    QSize exportSize(int index) const;
    void renderExport(QPainter& painter, int index) const;
    void exportInteractive(bool svg, int index);
    void updateExportEnabled();

    std::array<MetricChart*, kChartCount> charts_{};
    QWidget* grid_ = nullptr;
    QWidget* plotArea_ = nullptr;          // legend + grid: what "all four" exports show
    QToolButton* exportButton_ = nullptr;  // enabled once a series has a point
    ChartLegend* legend_ = nullptr;
    QComboBox* scalesBox_ = nullptr;
    QComboBox* relativeBox_ = nullptr;
    QTimer redrawTimer_;
    SeriesPalette palette_;
    QStringList order_;
    QHash<QString, QMap<int, MetricValues>> data_;
    QSet<QString> dirty_;
    Scales scales_ = Scales::RelativeLog;
    QSet<QString> hidden_;
    bool allDirty_ = false;
    RelativeKind relative_ = RelativeKind::RelWE;
    int redraws_ = 0;
};

}  // namespace streamsynth::ui
