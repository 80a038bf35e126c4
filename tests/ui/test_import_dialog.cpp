// The import step on movies.csv: a domain proposed from the data cannot be
// confirmed without the explicit "public knowledge" tick; after it, monthly
// steps on Release Date give a usable stream with its problems reported.
#include <QCheckBox>
#include <QChartView>
#include <QLineSeries>
#include <QStandardPaths>
#include <QtTest>

#include "core/api/workbench.h"
#include "ui/counter_compare_view.h"
#include "ui/import_dialog.h"
#include "ui/table_preview_model.h"
#include "support/test_data.h"

using namespace streamsynth;

class TestImportDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void previewModelShowsTheFile() {
        api::Workbench workbench;
        workbench.open(streamsynth::test::dataPath("movies.csv"));
        ui::TablePreviewModel model(workbench);
        QCOMPARE(model.columnCount(), 16);
        QVERIFY(model.rowCount() > 3000);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QString("Title"));
        QCOMPARE(model.data(model.index(0, 0)).toString(), QString("The Land Girls"));
        QCOMPARE(model.data(model.index(0, 5)).toString(), QString("Jun 12 1998"));
    }

    void derivedDomainNeedsConfirmation() {
        api::Workbench workbench;
        workbench.open(streamsynth::test::dataPath("movies.csv"));
        QVERIFY(!workbench.hasConfirmedSchema());
        ui::ImportDialog dialog(workbench, streamsynth::test::dataFile("movies.csv"));
        QVERIFY(!dialog.canConfirm());
        dialog.accept();  // refused: nothing confirmed
        QVERIFY(!workbench.hasConfirmedSchema());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));

        dialog.setRole("Release Date", ui::ImportDialog::Time);
        const data::StreamSettings settings = dialog.streamSettings();
        QVERIFY(settings.time.has_value());
        QCOMPARE(settings.time->column, std::string("Release Date"));
        QCOMPARE(settings.time->unit, data::PeriodUnit::Month);
        // The time column is not an attribute of the edited domain.
        QCOMPARE(dialog.editedSchema().indexOf("Release Date"), -1);

        dialog.publicCheck()->setChecked(true);
        QVERIFY(dialog.canConfirm());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(workbench.hasConfirmedSchema());
        const api::StreamSummary summary = workbench.summary();
        QVERIFY(summary.steps > 12);  // many months of releases
        QVERIFY(summary.rows > 3000);
        QVERIFY(summary.attributes.size() >= 5);
    }

    void counterComparisonMatchesTheory() {
        ui::CounterCompareView view;
        view.setHorizon(64);
        QSignalSpy done(&view, &ui::CounterCompareView::computed);
        view.compute();
        QVERIFY(done.wait(60000));
        const QStringList chosen = view.chosenCounters();
        QCOMPARE(chosen, (QStringList{"simple", "tree:64", "hybrid"}));
        QChartView* chartView = view.findChild<QChartView*>();
        QVERIFY(chartView);
        const QList<QAbstractSeries*> series = chartView->chart()->series();
        QCOMPARE(series.size(), 6);  // simulated + theory per counter
        for (int i = 0; i < series.size(); i += 2) {
            auto* sim = qobject_cast<QLineSeries*>(series[i]);
            auto* theory = qobject_cast<QLineSeries*>(series[i + 1]);
            QCOMPARE(sim->count(), 64);
            QCOMPARE(theory->count(), 64);
            // RMSE over R = 200 reps estimates the std with relative error
            // ~ 1/sqrt(2R) = 5% per step; the mean ratio over 64 steps (correlated
            // within a counter) stays well within 15% of 1.
            double ratio = 0;
            for (int t = 0; t < 64; ++t) ratio += sim->at(t).y() / theory->at(t).y();
            ratio /= 64;
            QVERIFY2(ratio > 0.85 && ratio < 1.15, qPrintable(sim->name() + QString(": %1").arg(ratio)));
        }
        if (qEnvironmentVariableIsSet("STREAMSYNTH_SCREENSHOT_DIR")) {
            view.resize(1000, 420);
            view.grab().save(qEnvironmentVariable("STREAMSYNTH_SCREENSHOT_DIR") + "/counters.png");
        }
    }
};

QTEST_MAIN(TestImportDialog)
#include "test_import_dialog.moc"
