// ChartsView: one line per series in every chart with consistent colours,
// the log-scale axis swap, the RelWE/RelL1 switch, coalesced redraws and
// the PNG/SVG exports.
#include <QLineSeries>
#include <QLogValueAxis>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QtTest>

#include "ui/chart_metric.h"
#include "ui/charts_view.h"
#include "ui/metric_chart.h"

using streamsynth::ui::ChartMetric;
using streamsynth::ui::ChartsView;
using streamsynth::ui::MetricValues;

namespace {
MetricValues values(double base) {
    MetricValues v{};
    for (int i = 0; i < streamsynth::ui::kChartMetricCount; ++i) v[static_cast<std::size_t>(i)] = base * (i + 1);
    return v;
}
QAbstractAxis* yAxisOf(streamsynth::ui::MetricChart* chart) {
    return chart->chart()->axes(Qt::Vertical).value(0, nullptr);
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

    void logToggleSwapsAxis() {
        ChartsView view;
        view.setStepCount(3);
        view.addPoint("a", 1, values(0.0));  // zeros must survive the log axis
        view.addPoint("a", 2, values(0.1));
        view.flush();
        QVERIFY(qobject_cast<QValueAxis*>(yAxisOf(view.chart(0))));
        view.setLogScale(true);
        for (int c = 0; c < ChartsView::kChartCount; ++c) {
            QVERIFY(qobject_cast<QLogValueAxis*>(yAxisOf(view.chart(c))));
            QVERIFY(view.chart(c)->series("a")->at(0).y() > 0);
            QCOMPARE(view.chart(c)->series("a")->attachedAxes().size(), 2);
        }
        view.setLogScale(false);
        QVERIFY(qobject_cast<QValueAxis*>(yAxisOf(view.chart(2))));
        QCOMPARE(view.chart(2)->series("a")->at(0).y(), 0.0);  // the true value again
    }

    void relativeKindSwitchesMetrics() {
        ChartsView view;
        view.addPoint("a", 1, values(1.0));
        view.flush();
        QCOMPARE(view.chart(2)->title(), QString("AvgRelWE"));
        QCOMPARE(view.chart(2)->series("a")->at(0).y(), 3.0);  // AvgRelWE = index 2
        view.setRelativeKind(ChartsView::RelativeKind::RelL1);
        QCOMPARE(view.metricAt(3), ChartMetric::MaxRelL1);
        QCOMPARE(view.chart(2)->title(), QString("AvgRelL1"));
        QCOMPARE(view.chart(2)->series("a")->at(0).y(), 5.0);  // AvgRelL1 = index 4
        QCOMPARE(view.chart(3)->series("a")->at(0).y(), 6.0);
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
        QVERIFY(view.exportPng(dir.filePath("one.png"), 2));
        QVERIFY(QImage(dir.filePath("one.png")).width() < image.width());
#ifdef STREAMSYNTH_HAVE_SVG
        const QString svg = dir.filePath("all.svg");
        QVERIFY(view.exportSvg(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("AvgWE"));
#endif
    }
};

QTEST_MAIN(TestChartsView)
#include "test_charts_view.moc"
