// ChartsView: one line per series in every chart in one look per series
// (colour-blind-safe colours, dashes, markers; the same in the counter
// comparison), log axes for the relative metrics by default, titled axes,
// readable ticks when zoomed, the hover read-out, the legend that toggles a
// series and wraps, the RelWE/RelL1 switch, coalesced redraws and the
// PNG/SVG exports named by metric with the legend (issue #13 item 5).
#include <QLineSeries>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QToolButton>
#include <QToolTip>
#include <QValueAxis>
#include <QtTest>

#include "ui/charts/chart_legend.h"
#include "ui/charts/chart_metric.h"
#include "ui/charts/charts_view.h"
#include "ui/charts/metric_chart.h"
#include "ui/charts/series_palette.h"

using streamsynth::ui::ChartMetric;
using streamsynth::ui::ChartsView;
using streamsynth::ui::MetricChart;
using streamsynth::ui::MetricValues;

namespace {
MetricValues values(double base) {
    MetricValues v{};
    for (int i = 0; i < streamsynth::ui::kChartMetricCount; ++i)
        v[static_cast<std::size_t>(i)] = base * (i + 1);
    return v;
}
}  // namespace

class TestChartsView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pointsPerSeriesInEveryChart() {
        ChartsView view;
        view.setStepCount(20);
        const QStringList ids = {"baseline", "proposed-simple", "proposed-hybrid"};
        for (int t = 1; t <= 20; ++t)
            for (int s = 0; s < ids.size(); ++s) view.addPoint(ids[s], t, values(0.01 * (s + 1) / t));
        view.flush();
        QCOMPARE(view.seriesIds(), ids);
        for (int c = 0; c < ChartsView::kChartCount; ++c) {
            QCOMPARE(view.chart(c)->seriesCount(), 3);
            for (const QString& id : ids) QCOMPARE(view.chart(c)->series(id)->count(), 20);
        }
        // Chart 1 is MaxWE (index 1 of the values): at t = 4 for series 2 it is 0.02/4 * 2.
        const QPointF p = view.chart(1)->series("proposed-simple")->at(3);
        QCOMPARE(p.x(), 4.0);
        QVERIFY(qFuzzyCompare(p.y(), 0.02 / 4 * 2));
        // Same colour for the same series everywhere, different colours across series.
        for (const QString& id : ids)
            QCOMPARE(view.chart(0)->series(id)->pen().color(), view.chart(3)->series(id)->pen().color());
        QVERIFY(view.chart(0)->series(ids[0])->pen().color() != view.chart(0)->series(ids[1])->pen().color());
        QVERIFY(view.chart(0)->series(ids[1])->pen().color() != view.chart(0)->series(ids[2])->pen().color());
        view.clear();
        QCOMPARE(view.chart(0)->seriesCount(), 0);
    }

    void relativeMetricsOnLogAxesByDefault() {
        ChartsView view;
        view.setStepCount(3);
        view.addPoint("a", 1, values(0.0));  // zeros must survive the log axis
        view.addPoint("a", 2, values(0.1));
        view.flush();
        QCOMPARE(view.scales(), ChartsView::Scales::RelativeLog);
        QVERIFY(!view.chart(0)->logScale());  // AvgWE, MaxWE: linear
        QVERIFY(!view.chart(1)->logScale());
        QVERIFY(view.chart(2)->logScale());  // the relative errors: log (one spike does not flatten the rest)
        QVERIFY(view.chart(3)->logScale());
        view.setLogScale(true);
        for (int c = 0; c < ChartsView::kChartCount; ++c) {
            QVERIFY(view.chart(c)->logScale());
            // The line holds log10 of the values; the zero sits on the bottom of the axis.
            const auto [lo, hi] = view.chart(c)->yRange();
            QVERIFY(std::abs(view.chart(c)->series("a")->at(0).y() - std::log10(lo)) < 1e-9);
            QVERIFY(std::abs(view.chart(c)->series("a")->at(1).y() - std::log10(0.1 * (c + 1))) < 1e-9);
            QCOMPARE(view.chart(c)->valueAt("a", 1), 0.0);  // the true value is kept
            QVERIFY(hi >= 0.1 * (c + 1));
            QCOMPARE(view.chart(c)->series("a")->attachedAxes().size(), 2);
        }
        QCOMPARE(view.scalesText(), QString("log"));
        view.setScales(ChartsView::Scales::Linear);
        for (int c = 0; c < ChartsView::kChartCount; ++c) QVERIFY(!view.chart(c)->logScale());
        QCOMPARE(view.chart(2)->series("a")->at(0).y(), 0.0);  // the true value again
        view.restoreScales("relative-log");
        QCOMPARE(view.scales(), ChartsView::Scales::RelativeLog);
        view.restoreScales("nonsense");
        QCOMPARE(view.scales(), ChartsView::Scales::RelativeLog);
    }

    void titlesAxesAndDescriptionsSpellTheMetricsOut() {
        ChartsView view;
        QVERIFY(view.chart(0)->title().startsWith("AvgWE — "));
        QCOMPARE(view.chart(0)->axisTitle(), QString("mean |error| per cell, as a share of rows"));
        QCOMPARE(view.chart(1)->axisTitle(), QString("mean |error| per cell, as a share of rows"));
        QCOMPARE(view.chart(2)->axisTitle(), QString("relative error"));
        QCOMPARE(view.chart(3)->axisTitle(), QString("relative error"));
        for (int c = 0; c < ChartsView::kChartCount; ++c)
            QVERIFY(view.chart(c)->description().contains("better"));
        QCOMPARE(view.exportName(0), QString("AvgWE"));
        QCOMPARE(view.exportName(3), QString("MaxRelWE"));
        view.setRelativeKind(ChartsView::RelativeKind::RelL1);
        QCOMPARE(view.exportName(2), QString("AvgRelL1"));
        QVERIFY(view.chart(2)->axisTitle().startsWith("L1 distance"));
    }

    // Issue 46 walkthrough (1024x700): a narrow chart shows its name's words ("average workload
    // error"; a steward read "AvgWE" as jargon), a narrower one its short name, and drops the y
    // description rather than cut both to "…"; a wide one shows both whole.
    void titlesFollowTheChartsWidth() {
        MetricChart narrowest;
        narrowest.setTitle("AvgWE — average workload error");
        narrowest.resize(150, 150);
        narrowest.show();
        QVERIFY(QTest::qWaitForWindowExposed(&narrowest));
        QTest::qWait(100);
        QVERIFY2(narrowest.shownTitle().contains("AvgWE") && !narrowest.shownTitle().contains("average"),
                 qPrintable(narrowest.shownTitle()));
        MetricChart narrow, wide;
        for (MetricChart* c : {&narrow, &wide}) {
            c->setTitle("AvgWE — average workload error");
            c->setAxisTitle("mean |error| per cell, as a share of rows", "share of rows");
        }
        narrow.resize(230, 150);
        wide.resize(700, 400);
        narrow.show();
        wide.show();
        QVERIFY(QTest::qWaitForWindowExposed(&narrow) && QTest::qWaitForWindowExposed(&wide));
        QTest::qWait(100);
        QVERIFY2(
            narrow.shownTitle().contains("average workload error") && !narrow.shownTitle().contains("AvgWE"),
            qPrintable(narrow.shownTitle()));
        QVERIFY2(!narrow.shownTitle().contains("y: "), qPrintable(narrow.shownTitle()));
        QVERIFY2(
            wide.shownTitle().contains("AvgWE — average workload error") && wide.shownTitle().contains("y: "),
            qPrintable(wide.shownTitle()));
        // Short and wide (under the legend and the support banner): no room beside the axis nor for
        // a second line, so the unit goes on the title's line.
        MetricChart shortWide;
        shortWide.setTitle("AvgWE — average workload error");
        shortWide.setAxisTitle("mean |error| per cell, as a share of rows", "share of rows");
        shortWide.resize(700, 150);
        shortWide.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shortWide));
        QTest::qWait(100);
        QVERIFY2(shortWide.shownTitle().contains("AvgWE — average workload error") &&
                     shortWide.shownTitle().contains("y: share of rows") &&
                     !shortWide.shownTitle().contains("<br>"),
                 qPrintable(shortWide.shownTitle()));
    }

    void logTicksStayReadableWhenZoomed() {
        ChartsView view;
        view.resize(1200, 1000);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setStepCount(10);
        // A spike of 1000 over values near 0.001: the RelWE chart on its log axis.
        for (int t = 1; t <= 10; ++t) {
            MetricValues v{};
            v.fill(t == 5 ? 1000.0 : 0.001 * t);
            view.addPoint("a", t, v);
        }
        view.flush();
        MetricChart* rel = view.chart(2);
        QVERIFY(rel->logScale());
        for (const QString& label : rel->yTickLabels())
            QVERIFY2(!label.contains("e+") && !label.contains("e-"), qPrintable(label));
        QVERIFY(rel->yTicks().contains(1.0));
        // Zoomed into one decade: 1..9 x 10^k, not a single label.
        auto* axis = qobject_cast<QValueAxis*>(rel->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        axis->setRange(std::log10(0.002), std::log10(0.02));
        const QList<double> ticks = rel->yTicks();
        QVERIFY2(ticks.size() >= 4, qPrintable(rel->yTickLabels().join(' ')));
        QVERIFY(ticks.contains(0.005));
        // Neighbouring labels are never closer than the labels' height (they would be cut to "…").
        const double pixels = rel->chart()->plotArea().height();
        const double perDecade = pixels / 1.0;
        for (int i = 1; i < ticks.size(); ++i)
            QVERIFY(perDecade * std::log10(ticks[i] / ticks[i - 1]) >= rel->fontMetrics().height());
        QVERIFY(rel->yTickLabels().contains("0.005"));
        // The linear AvgWE chart: 1-2-5 steps without exponents.
        const QStringList linear = view.chart(0)->yTickLabels();
        QVERIFY2(linear.contains("1,000") || linear.contains("1000"), qPrintable(linear.join(' ')));
        for (const QString& label : linear) QVERIFY2(!label.contains("e+"), qPrintable(label));
    }

    void hoverReadsOutSeriesStepAndValue() {
        ChartsView view;
        view.resize(900, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setStepCount(10);
        for (int t = 1; t <= 10; ++t) {
            view.addPoint("baseline", t, values(0.01 * t));
            view.addPoint("proposed-simple", t, values(0.002 * t));
        }
        view.flush();
        MetricChart* chart = view.chart(0);
        const QPoint at = chart->positionOf("baseline", 4);
        const QString readout = chart->readoutAt(at);
        QVERIFY2(
            readout.contains("baseline") && readout.contains("t = 4") && readout.contains("AvgWE = 0.04"),
            qPrintable(readout));
        // Far from every line: no read-out (the tooltip explains the metric instead).
        QVERIFY(chart->readoutAt(QPoint(2, 2)).isEmpty());

        // The read-out stays while the pointer rests on the point: the tooltip
        // event Qt sends after a moment (to the viewport) must not hide it.
        QWidget* viewport = chart->viewport();
        QTest::mouseMove(viewport, at);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains("t = 4"), qPrintable(QToolTip::text()));
        QHelpEvent rest(QEvent::ToolTip, at, viewport->mapToGlobal(at));
        QApplication::sendEvent(viewport, &rest);
        QTest::qWait(400);
        QVERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains("t = 4"), qPrintable(QToolTip::text()));
        QToolTip::hideText();
    }

    void legendClickTogglesASeriesEverywhere() {
        ChartsView view;
        view.setStepCount(5);
        view.addPoint("baseline", 1, values(1.0));
        view.addPoint("proposed-simple", 1, values(0.01));
        view.flush();
        QToolButton* entry = view.legend()->entry("baseline");
        QVERIFY(entry);
        entry->click();
        for (int c = 0; c < ChartsView::kChartCount; ++c) {
            QVERIFY(!view.chart(c)->isSeriesVisible("baseline"));
            QVERIFY(view.chart(c)->isSeriesVisible("proposed-simple"));
        }
        QVERIFY(!view.isSeriesShown("baseline"));
        // The axis follows the series still shown (0.01 x 2 on MaxWE: far below the hidden 2).
        QVERIFY(view.chart(1)->yRange().second < 1.0);
        entry->click();
        for (int c = 0; c < ChartsView::kChartCount; ++c) QVERIFY(view.chart(c)->isSeriesVisible("baseline"));
    }

    void sevenSeriesLookDistinctAndTheLegendWraps() {
        const QStringList ids = {
            "baseline",         "proposed-simple", "proposed-block-7",   "proposed-unbounded-block",
            "proposed-tree-49", "proposed-hybrid", "proposed-honaker-49"};
        ChartsView view;
        view.resize(640, 600);
        for (const QString& id : ids) view.addPoint(id, 1, values(0.1));
        view.flush();
        QList<streamsynth::ui::SeriesStyle> styles;
        QSet<QRgb> colours;
        for (const QString& id : ids) {
            styles << view.styleFor(id);
            colours.insert(view.styleFor(id).color.rgb());
        }
        QCOMPARE(colours.size(), 7);
        for (int i = 0; i < styles.size(); ++i)
            for (int j = i + 1; j < styles.size(); ++j)
                QVERIFY(styles[i].dash != styles[j].dash || styles[i].marker != styles[j].marker ||
                        styles[i].color != styles[j].color);
        // Markers drawn in each series' shape.
        QVERIFY(view.chart(0)->markers("baseline"));
        // The same look for a counter in the counter comparison (keyed by the counter text).
        streamsynth::ui::SeriesPalette counters;
        QCOMPARE(counters.styleFor("hybrid"), view.styleFor("proposed-hybrid"));
        QCOMPARE(counters.styleFor("tree:256"), view.styleFor("proposed-tree-49"));
        // The legend wraps instead of widening the window.
        QVERIFY(view.legend()->minimumSizeHint().width() < 640);
        const int oneLine = view.legend()->entry("baseline")->sizeHint().height();
        QVERIFY(view.legend()->heightForWidth(640) > oneLine + 2);
        // Two budgets of the same counter still differ.
        streamsynth::ui::SeriesPalette twoBudgets;
        QVERIFY(
            !(twoBudgets.styleFor("proposed-hybrid-eps0.5") == twoBudgets.styleFor("proposed-hybrid-eps1")));
    }

    void burstIsCoalescedIntoOneRedraw() {
        ChartsView view;
        view.setStepCount(1000);
        const int before = view.redrawCount();
        for (int t = 1; t <= 1000; ++t)
            for (int s = 0; s < 8; ++s) view.addPoint(QString("s%1").arg(s), t, values(1.0 / t));
        QCOMPARE(view.redrawCount(), before);  // nothing drawn synchronously
        QTRY_COMPARE_WITH_TIMEOUT(view.redrawCount(), before + 1, 2000);
        QTest::qWait(3 * ChartsView::kRedrawIntervalMs);
        QCOMPARE(view.redrawCount(), before + 1);  // 8000 updates, one redraw
        QCOMPARE(view.chart(0)->series("s7")->count(), 1000);
    }

    void steadyStreamRedrawsAtMost25PerSecond() {
        ChartsView view;
        view.setStepCount(100000);
        QElapsedTimer clock;
        clock.start();
        int t = 0;
        // Updates every ~2 ms for 0.5 s: 250 updates, 8 series each.
        while (clock.elapsed() < 500) {
            ++t;
            for (int s = 0; s < 8; ++s) view.addPoint(QString("s%1").arg(s), t, values(1.0));
            QTest::qWait(2);
        }
        view.flush();
        const double seconds = clock.elapsed() / 1000.0;
        // One redraw per 40 ms window at most, plus the final flush and one window of slack.
        QVERIFY2(view.redrawCount() <= seconds * 25 + 2,
                 qPrintable(QString("%1 redraws in %2 s").arg(view.redrawCount()).arg(seconds)));
        QVERIFY(view.redrawCount() >= 2);  // but it does draw while data arrives
        QCOMPARE(view.chart(1)->series("s3")->count(), t);
    }

    // Before a run there is nothing to export: the button says so and stays
    // off until the first point, and off again once the charts are cleared.
    void exportWaitsForTheFirstPoint() {
        ChartsView view;
        QToolButton* button = nullptr;
        for (QToolButton* b : view.findChildren<QToolButton*>())
            if (b->text() == QStringLiteral("Export charts")) button = b;
        QVERIFY(button);
        QVERIFY(!button->isEnabled());
        QVERIFY(button->toolTip().contains(QStringLiteral("Nothing to export yet")));
        view.addPoint("a", 1, values(0.1));
        QVERIFY(button->isEnabled());
        QVERIFY(button->toolTip().contains(QStringLiteral("named by metric")));
        view.clear();
        QVERIFY(!button->isEnabled());
    }

    void exportsWriteFiles() {
        QTemporaryDir dir;
        ChartsView view;
        view.resize(800, 600);
        view.addPoint("a", 1, values(0.1));
        view.addPoint("a", 2, values(0.2));
        const QString png = dir.filePath("all.png");
        QVERIFY(view.exportPng(png));
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 100);
        // Computed from the private rows: only the owner reads it, and it says so.
        QCOMPARE(QFileInfo(png).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther |
                                                 QFileDevice::WriteGroup | QFileDevice::WriteOther),
                 QFileDevice::Permissions());
        QVERIFY(image.text(QStringLiteral("Description")).contains(QStringLiteral("not for publication")));
        QVERIFY(view.exportPng(dir.filePath("one.png"), 2));
        const QImage one(dir.filePath("one.png"));
        QVERIFY(one.height() < image.height());
        // One chart's image carries the legend above it.
        QCOMPARE(one.height(), view.legend()->height() + view.chart(2)->height());
#ifdef STREAMSYNTH_HAVE_SVG
        const QString svg = dir.filePath("all.svg");
        QVERIFY(view.exportSvg(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("AvgWE"));
        QVERIFY(text.contains("not for publication"));
        QCOMPARE(QFileInfo(svg).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());
#endif
    }
};

QTEST_MAIN(TestChartsView)
#include "test_charts_view.moc"
