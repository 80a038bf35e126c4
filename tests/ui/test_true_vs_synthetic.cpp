// The "True vs synthetic" view (issue 14) on a finished run of the tiny
// stream (offscreen): it lists every attribute and workload, flags the data
// as private, and its distances agree with the run's own 1-way metric
// (computed by another path: metrics::oneWayTV during the run, from the
// release answers the metrics use).
#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QtTest>
#include <cmath>

#include "core/api/run.h"
#include "core/api/workbench.h"
#include "core/values/series_spec.h"
#include "support/test_data.h"
#include "ui/releases/true_vs_synthetic_view.h"

using namespace streamsynth;

namespace {

// The view shown at a size, as in a window's tab (its names are laid out for its width).
bool shownAt(ui::TrueVsSyntheticView& view, int width, int height) {
    view.resize(width, height);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}
// A 3-step baseline run over shirts: colour (the given labels) × size.
std::unique_ptr<api::Run> shirtsRun(const QTemporaryDir& dir, api::Workbench& wb,
                                    const QStringList& colours) {
    QFile csv(dir.filePath("shirts.csv"));
    if (!csv.open(QIODevice::WriteOnly)) return nullptr;
    const char* sizes[] = {"S", "M", "L", "XL"};
    csv.write("colour,size\n");
    for (int i = 0; i < 600; ++i)  // the last colour is the most frequent
        csv.write(colours[std::min<int>(i % 4, colours.size() - 1)].toUtf8() + "," + sizes[(i / 3) % 4] +
                  "\n");
    csv.close();
    QFile schema(dir.filePath("shirts.json"));
    if (!schema.open(QIODevice::WriteOnly)) return nullptr;
    QJsonArray labels;
    for (const QString& c : colours) labels.append(c);
    const QJsonObject colour{{"name", "colour"}, {"kind", "categorical"}, {"labels", labels}};
    const QJsonObject size{
        {"name", "size"}, {"kind", "categorical"}, {"labels", QJsonArray{"S", "M", "L", "XL"}}};
    const QJsonObject doc{{"version", 1},
                          {"attributes", QJsonArray{colour, size}},
                          {"batch", QJsonObject{{"size", 200}, {"order", "random"}}}};
    schema.write(QJsonDocument(doc).toJson());
    schema.close();
    api::OpenOptions open;
    open.schemaPath = schema.fileName().toStdString();
    wb.open(csv.fileName().toStdString(), open);
    stream::RunConfig config;
    stream::SeriesConfig base;
    base.id = "baseline";
    base.streamer = stream::StreamerKind::Baseline;
    config.series = {base};
    config.rounds = 1;
    config.fitIterations = 10;
    std::unique_ptr<api::Run> run = wb.prepareRun(config);
    return run->run({}) == 3 ? std::move(run) : nullptr;
}

}  // namespace

class TestTrueVsSynthetic : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A numeric bin's name under its bar (a GUI walkthrough of 2026-12-01 read "[100000000, 2…").
    void binNamesAreCompact() {
        using V = ui::TrueVsSyntheticView;
        QCOMPARE(V::compactNumbers("[100000000, 200000000)"), QString("[100M, 200M)"));
        QCOMPARE(V::compactNumbers("[1500000, 2000000)"), QString("[1.5M, 2M)"));
        QCOMPARE(V::compactNumbers("[-5000000, 0)"), QString("[-5M, 0)"));
        QCOMPARE(V::compactNumbers("[0, 2500)"), QString("[0, 2500)"));
        QCOMPARE(V::compactNumbers("[123456, 200000)"), QString("[123456, 200k)"));
        QCOMPARE(V::compactNumbers("[1e+06, 2e+06)"), QString("[1M, 2M)"));
    }

    void showsEverySeriesAttributeAndWorkload() {
        // Adult in 5 batches of 10,000, both streamers, k = 2, through the facade as the GUI does.
        api::Workbench wb;
        api::OpenOptions open;
        open.schemaPath = test::dataPath("adult-domain.json");
        wb.open(test::dataPath("adult.csv"), open);
        data::StreamSettings settings;
        settings.batch = data::BatchSettings{10000, data::BatchOrder::Random};
        wb.setStreamSettings(settings, 1);
        stream::RunConfig config;
        stream::SeriesConfig base, prop;
        base.id = "baseline";
        base.streamer = stream::StreamerKind::Baseline;
        prop.id = "proposed-simple";
        prop.streamer = stream::StreamerKind::Proposed;
        config.series = {base, prop};
        config.rounds = 2;
        config.fitIterations = 10;
        std::unique_ptr<api::Run> run = wb.prepareRun(config);
        QCOMPARE(run->run({}), 5);

        ui::TrueVsSyntheticView view;
        QVERIFY(view.current() == nullptr);
        view.setRun(run.get());
        QVERIFY(view.warningText().contains("not for publication"));
        const auto combos = view.findChildren<QComboBox*>();
        QCOMPARE(combos.size(), 2);
        QCOMPARE(combos[0]->count(), 2);        // the two series
        QCOMPARE(combos[1]->count(), 14 + 91);  // 14 attributes, 91 two-way workloads
        for (int s = 0; s < 2; ++s) {
            combos[0]->setCurrentIndex(s);
            const auto history = run->history(combos[0]->currentText().toStdString());
            for (int a = 0; a < 14; ++a) {
                combos[1]->setCurrentIndex(a);
                const api::Distribution* d = view.current();
                QVERIFY(d != nullptr);
                QCOMPARE(d->cells.size(), static_cast<std::size_t>(run->schema().domain().attribute(a).size));
                QVERIFY2(std::abs(d->tv - history.back().oneWayTV[static_cast<std::size_t>(a)]) < 1e-12,
                         qPrintable(QString("series %1 attribute %2").arg(s).arg(a)));
                double sum = 0;
                for (double v : d->truth) sum += v;
                QVERIFY(std::abs(sum - 1) < 1e-12);
            }
        }
        combos[1]->setCurrentIndex(14 + 90);  // the last workload: native-country × income>50K
        QCOMPARE(view.current()->name, std::string("native-country × income>50K"));
        QCOMPARE(view.current()->cells.size(), std::size_t{84});
        QCOMPARE(view.current()->cells[83], std::string("41 | 1"));
        QVERIFY(view.distanceText().startsWith("TV distance"));

        view.setRun(nullptr);
        QVERIFY(view.current() == nullptr);
    }

    // A person reads category names, not codes: the bars of a labelled
    // attribute and of a workload are named by the schema's labels.
    void barsAreNamedByLabels() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        api::Workbench wb;
        const std::unique_ptr<api::Run> run = shirtsRun(dir, wb, {"red", "green", "blue"});
        QVERIFY(run);

        ui::TrueVsSyntheticView view;
        QVERIFY(shownAt(view, 900, 600));  // as wide as a window's tab: every cell can be named
        view.setRun(run.get());
        auto* item = view.findChildren<QComboBox*>()[1];
        QCOMPARE(item->itemText(0), QString("colour"));
        item->setCurrentIndex(0);
        QCOMPARE(view.categories(), (QStringList{"red", "green", "blue"}));
        item->setCurrentIndex(2);  // the workload colour × size: 12 cells, all shown
        QCOMPARE(view.current()->name, std::string("colour × size"));
        QCOMPARE(view.categories().size(), 12);
        QCOMPARE(view.categories().first(), QString("red | S"));
        QCOMPARE(view.categories().last(), QString("blue | XL"));
        // The hover read-out names a bar and both shares; the chart keeps room for its slanted names.
        QVERIFY2(view.barText(0).startsWith(QString("colour × size = red | S: true ")),
                 qPrintable(view.barText(0)));
        QVERIFY(view.barText(0).contains("synthetic"));
        auto* chartView = view.findChild<QChartView*>();
        const int longest = QFontMetrics(chartView->chart()->axes(Qt::Horizontal).first()->labelsFont())
                                .horizontalAdvance(QString("green | XL"));
        QVERIFY2(chartView->minimumHeight() >= 190 + int(longest * std::sin(M_PI / 3)),
                 qPrintable(QString::number(chartView->minimumHeight())));
        view.setRun(nullptr);
    }

    // Issue 46, 6 at 1024x700: a narrow chart shows the largest cells it can name (Qt Charts cuts
    // a name to "…" when its box is wider than its bar group) and says so in its title; widened,
    // it shows them all again.
    void narrowChartShowsTheLargestCellsItCanName() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        api::Workbench wb;
        const std::unique_ptr<api::Run> run = shirtsRun(dir, wb, {"red", "green", "blue"});
        QVERIFY(run);
        ui::TrueVsSyntheticView view;
        QVERIFY(shownAt(view, 330, 400));
        view.setRun(run.get());
        view.findChildren<QComboBox*>()[1]->setCurrentIndex(2);  // colour × size: 12 cells
        QTest::qWait(100);
        view.resize(330, 401);  // a layout has happened: the plot's width is known
        QTest::qWait(100);
        QChart* chart = view.findChild<QChartView*>()->chart();
        const int shown = static_cast<int>(view.categories().size());
        QVERIFY2(shown < 12 && shown >= 6, qPrintable(QString::number(shown)));
        QVERIFY2(chart->title().contains(QString("the %1 largest of 12 cells").arg(shown)),
                 qPrintable(chart->title()));
        const QFontMetrics metrics(chart->axes(Qt::Horizontal).first()->labelsFont());
        const double room = chart->plotArea().width() / shown;
        QVERIFY2(room >= metrics.height(),
                 qPrintable(QString("%1 px per name").arg(room)));  // an upright name fits
        view.resize(900, 600);
        QTest::qWait(100);
        QCOMPARE(view.categories().size(), 12);
        QVERIFY(!chart->title().contains("largest"));
    }

    // Issue 46, 6: the "<other>" bucket's bar is named (the axis draws HTML),
    // short names stay level and whole, and the shares sit on 1-2-5 ticks.
    void otherIsNamedAndTicksAreRound() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        api::Workbench wb;
        const std::unique_ptr<api::Run> run = shirtsRun(dir, wb, {"red", "green", "<other>"});
        QVERIFY(run);
        ui::TrueVsSyntheticView view;
        QVERIFY(shownAt(view, 900, 600));
        view.setRun(run.get());
        view.findChildren<QComboBox*>()[1]->setCurrentIndex(0);  // colour
        QCOMPARE(view.categories(), (QStringList{"red", "green", "<other>"}));
        QChart* chart = view.findChild<QChartView*>()->chart();
        auto* x = qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Horizontal).first());
        QVERIFY(x);
        QCOMPARE(x->categories().last(), QString("&lt;other&gt;"));  // shown as "<other>", not an HTML tag
        QCOMPARE(x->labelsAngle(), 0);                               // three short names fit level
        auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).first());
        QVERIFY(y);
        QCOMPARE(y->tickType(), QValueAxis::TicksDynamic);
        QCOMPARE(y->tickAnchor(), 0.0);
        const double mantissa = y->tickInterval() / std::pow(10.0, std::floor(std::log10(y->tickInterval())));
        QVERIFY2(
            std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 5) < 1e-9,
            qPrintable(QString::number(y->tickInterval())));
        QVERIFY(y->max() >= 0.5);  // "<other>" holds half the rows: the top tick is above its bar
        if (const QString shots = qEnvironmentVariable("STREAMSYNTH_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(500);  // the chart lays out its axes in the event loop
            view.grab().save(shots + "/true-vs-synthetic-other.png");
        }
    }
};

QTEST_MAIN(TestTrueVsSynthetic)
#include "test_true_vs_synthetic.moc"
