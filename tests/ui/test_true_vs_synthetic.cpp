// The "True vs synthetic" view (issue 14) on a finished run of the tiny
// stream (offscreen): it lists every attribute and workload, flags the data
// as private, and its distances agree with the run's own 1-way metric
// (computed by another path: metrics::oneWayTV during the run, from the
// release answers the metrics use).
#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "core/api/run.h"
#include "core/api/values/series_spec.h"
#include "core/api/workbench.h"
#include "support/test_data.h"
#include "ui/releases/true_vs_synthetic_view.h"

using namespace streamsynth;

class TestTrueVsSynthetic : public QObject {
    Q_OBJECT
private Q_SLOTS:
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
        QFile csv(dir.filePath("shirts.csv"));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        const char* colours[] = {"red", "green", "blue"};
        const char* sizes[] = {"S", "M", "L", "XL"};
        csv.write("colour,size\n");
        for (int i = 0; i < 600; ++i) csv.write(QByteArray(colours[i % 3]) + "," + sizes[(i / 3) % 4] + "\n");
        csv.close();
        QFile schema(dir.filePath("shirts.json"));
        QVERIFY(schema.open(QIODevice::WriteOnly));
        schema.write(R"({"version": 1, "attributes": [
            {"name": "colour", "kind": "categorical", "labels": ["red", "green", "blue"]},
            {"name": "size", "kind": "categorical", "labels": ["S", "M", "L", "XL"]}],
            "batch": {"size": 200, "order": "random"}})");
        schema.close();
        api::Workbench wb;
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
        QCOMPARE(run->run({}), 3);

        ui::TrueVsSyntheticView view;
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
};

QTEST_MAIN(TestTrueVsSynthetic)
#include "test_true_vs_synthetic.moc"
