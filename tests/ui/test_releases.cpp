// The releases tab keeps every step (SPEC §7 exports) through the run's
// release spool: after a run of N steps with S series the table has N x S
// rows, newest first; selecting an older step previews that step's release;
// exporting all steps of a series writes N CSVs whose row counts match the
// table plus a manifest listing them; an opened session's rows say their
// release is not available; a spool that fails mid-run does not stop the run.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <atomic>
#include <cmath>

#include "core/api/workbench.h"
#include "core/values/release_spool.h"
#include "support/fast_experiment.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/releases/release_preview_model.h"
#include "ui/releases/releases_view.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_worker.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {
const QStringList kSeries{"baseline", "proposed-simple"};

// Bundled Adult (48,842 rows) in random batches of `size`; baseline +
// proposed simple at ε = 1, k = 2, few fit iterations: a run of seconds.
void shortExperiment(ui::MainWindow& window, long long size) {
    QVERIFY(window.openBundledAdult());
    data::StreamSettings settings;
    settings.batch = data::BatchSettings{size, data::BatchOrder::Random};
    window.workbench().setStreamSettings(settings, 1);
    QVERIFY(window.refreshSummary());
    streamsynth::test::fastExperiment(window);
}

int runToEnd(ui::MainWindow& window) {
    QSignalSpy ended(&window, &ui::MainWindow::runEnded);
    if (!window.startRun() || !ended.wait(180000)) return -1;
    return ended.at(0).at(0).toInt();
}

// Rows released at (series, step) as the table shows them.
long long tableRows(ui::ReleasesView* view, const ui::ReleaseRef& ref) {
    QAbstractItemModel* m = view->tableView()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, ui::ReleasesView::kSeries).data().toString() == ref.series &&
            m->index(r, ui::ReleasesView::kStep).data(Qt::UserRole).toInt() == ref.step)
            return m->index(r, ui::ReleasesView::kRows).data(Qt::UserRole).toLongLong();
    return -1;
}

int csvDataLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const QList<QByteArray> lines = f.readAll().split('\n');
    if (lines.isEmpty() || !lines.first().startsWith("age,workclass,")) return -2;
    return int(
        std::count_if(lines.begin() + 1, lines.end(), [](const QByteArray& l) { return !l.isEmpty(); }));
}

// An older step previews that step's release, not the latest one; the latest
// step still matches the run's current release.
void checkPreviews(ui::MainWindow& window, ui::ReleasesView* view, api::Run* run, const QString& shots) {
    const ui::ReleaseRef older{"proposed-simple", 3};
    QVERIFY(view->selectRelease(older));
    QCOMPARE(view->currentRelease(), older);
    ui::ReleasePreviewModel* preview = view->previewModel();
    QCOMPARE(static_cast<long long>(preview->rowCount()), tableRows(view, older));
    QCOMPARE(preview->columnCount(), 14);
    // Each row shows what its step spent (a walkthrough saw the "ε spent" cells blank).
    QAbstractItemModel* m = view->tableView()->model();
    for (int r = 0; r < m->rowCount(); ++r) {
        const QString spent = m->index(r, ui::ReleasesView::kEpsilon).data().toString();
        QVERIFY2(!spent.isEmpty() && spent.toDouble() > 0,
                 qPrintable(QString("row %1: '%2'").arg(r).arg(spent)));
    }
    QVERIFY2(view->previewTitle().contains("step 3"), qPrintable(view->previewTitle()));
    if (!shots.isEmpty()) {
        QTest::qWait(300);
        window.grab().save(shots + "/releases-older-step.png");
    }
    // Cells show the schema's labels of sex (bundled Adult: 2 codes).
    if (preview->rowCount() > 0) {
        const data::AttributeSpec& sexSpec = window.workbench().schema().attributes[8];
        const QString sex = preview->data(preview->index(0, 8)).toString();
        QVERIFY2(sex == QString::fromStdString(sexSpec.label(0)) ||
                     sex == QString::fromStdString(sexSpec.label(1)),
                 qPrintable(sex));
    }
    // The latest step still matches the engine's current release.
    view->selectSeries("proposed-simple");
    QCOMPARE(static_cast<long long>(preview->rowCount()),
             static_cast<long long>(run->release("proposed-simple").rowCount()));
}

// Export all steps of a series: N CSVs matching the table, one manifest listing them.
void checkSeriesExport(ui::MainWindow& window, ui::ReleasesView* view, int n) {
    QVERIFY(view->exportSeriesButton()->isEnabled());
    QTemporaryDir out;
    const QList<ui::ReleaseRef> steps = view->stepsOf("baseline");
    QCOMPARE(int(steps.size()), n);
    QVERIFY(window.exportReleases(steps, out.path()));
    QFile manifestFile(out.filePath("manifest.json"));
    QVERIFY(manifestFile.open(QIODevice::ReadOnly));
    const QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
    QCOMPARE(manifest.value("publishable").toBool(), false);  // seeded run, like the CLI
    const QJsonArray listed = manifest.value("releases").toArray();
    QCOMPARE(int(listed.size()), n);
    QCOMPARE(manifest.value("unavailable").toArray().size(), 0);
    const QStringList csvs = QDir(out.filePath("releases/baseline/eps1")).entryList({"*.csv"}, QDir::Files);
    QCOMPARE(int(csvs.size()), n);
    for (int i = 0; i < n; ++i) {
        const QJsonObject e = listed[i].toObject();
        const int step = e.value("step").toInt();
        QCOMPARE(step, i + 1);
        QCOMPARE(e.value("series").toString(), QString("baseline"));
        QVERIFY(!e.value("period").toString().isEmpty());
        QCOMPARE(e.value("epsilon").toDouble(), 1.0);
        QVERIFY(e.value("seed_policy").toString().startsWith("seeded: "));
        const long long rows = tableRows(view, {"baseline", step});
        QCOMPARE(static_cast<long long>(e.value("rows").toDouble()), rows);
        QCOMPARE(static_cast<long long>(csvDataLines(out.filePath(e.value("file").toString()))), rows);
        QVERIFY(QFile::exists(out.filePath(e.value("manifest").toString())));
    }
}

// Export selected rows: two rows of different series and steps.
void checkSelectedExport(ui::MainWindow& window, ui::ReleasesView* view) {
    QTableView* table = view->tableView();
    table->clearSelection();
    QItemSelection selection;
    for (int r : {1, 4})
        selection.select(table->model()->index(r, 0), table->model()->index(r, ui::ReleasesView::kRelease));
    table->selectionModel()->select(selection, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    const QList<ui::ReleaseRef> chosen = view->selectedReleases();
    QCOMPARE(int(chosen.size()), 2);
    QVERIFY(view->exportButton()->isEnabled());
    QTemporaryDir out2;
    QVERIFY(window.exportReleases(chosen, out2.path()));
    QFile m2(out2.filePath("manifest.json"));
    QVERIFY(m2.open(QIODevice::ReadOnly));
    const QJsonArray listed2 = QJsonDocument::fromJson(m2.readAll()).object().value("releases").toArray();
    QCOMPARE(int(listed2.size()), 2);
    for (int i = 0; i < 2; ++i) {
        const QJsonObject e = listed2[i].toObject();
        QCOMPARE(e.value("series").toString(), chosen[i].series);
        QCOMPARE(e.value("step").toInt(), chosen[i].step);
        QCOMPARE(static_cast<long long>(csvDataLines(out2.filePath(e.value("file").toString()))),
                 tableRows(view, chosen[i]));
    }
}
}  // namespace

class TestReleases : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTestReleases");
        QCoreApplication::setApplicationName("StreamSynthTestReleases");
        QSettings().clear();
    }

    void everyStepIsKeptPreviewedAndExported() {
        ui::MainWindow window;
        const QString shots = qEnvironmentVariable("STREAMSYNTH_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            window.resize(1500, 950);
            window.show();
        }
        shortExperiment(window, 5000);
        const int n = runToEnd(window);
        QCOMPARE(n, 10);  // ceil(48,842 / 5,000)
        ui::ReleasesView* view = window.releasesView();
        QCOMPARE(view->rowCount(), n * int(kSeries.size()));
        QVERIFY(window.releaseSpool());
        QCOMPARE(int(window.releaseSpool()->entries().size()), n * int(kSeries.size()));
        // Newest first.
        QCOMPARE(view->tableView()->model()->index(0, ui::ReleasesView::kStep).data(Qt::UserRole).toInt(), n);
        // Counts are written for people: digit groups, never "7.964e+04".
        for (int row = 0; row < view->rowCount(); ++row)
            for (int column : {int(ui::ReleasesView::kRows), int(ui::ReleasesView::kModelCells)}) {
                const QModelIndex index = view->tableView()->model()->index(row, column);
                const double value = index.data(Qt::UserRole).toDouble();
                QCOMPARE(index.data().toString(),
                         QLocale().toString(static_cast<qlonglong>(std::llround(value))));
                QVERIFY2(!index.data().toString().contains('e'), qPrintable(index.data().toString()));
            }
        api::Run* run = window.runController()->lastRun();
        QVERIFY(run);
        for (const QString& id : kSeries) {
            const std::vector<stream::SeriesStepResult> history = run->history(id.toStdString());
            QCOMPARE(int(history.size()), n);
            for (const stream::SeriesStepResult& r : history) {
                QVERIFY(view->isAvailable({id, r.step}));
                QCOMPARE(tableRows(view, {id, r.step}), r.releaseRows);
            }
        }

        checkPreviews(window, view, run, shots);
        if (QTest::currentTestFailed()) return;
        checkSeriesExport(window, view, n);
        if (QTest::currentTestFailed()) return;
        checkSelectedExport(window, view);
    }

    // A saved session keeps each series' last release (issue #13 item 4): its
    // rows are listed; the last step's release is previewed and exported,
    // earlier steps say "not kept", and exporting them skips them.
    void openedSessionKeepsTheLastReleaseOnly() {
        QTemporaryDir dir;
        const QString session = dir.filePath("short.session");
        int n = 0;
        {
            ui::MainWindow window;
            shortExperiment(window, 10000);
            n = runToEnd(window);
            QCOMPARE(n, 5);
            QVERIFY(window.saveSession(session));
        }
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(window.openSession(session));
        ui::ReleasesView* view = window.releasesView();
        QCOMPARE(view->rowCount(), n * int(kSeries.size()));
        // Shown after its rows were added (the tab was hidden), every column fits its words
        // ("proposed-simple" was cut to "propos…").
        auto* tabs = qobject_cast<QTabWidget*>(view->parentWidget()->parentWidget());
        QVERIFY(tabs);
        tabs->setCurrentWidget(view);
        QApplication::processEvents();
        const QAbstractItemView* table = view->tableView();
        for (int c : {ui::ReleasesView::kSeries, ui::ReleasesView::kRelease})
            QVERIFY2(view->tableView()->columnWidth(c) >= table->sizeHintForColumn(c),
                     qPrintable(QString("column %1: %2 < %3")
                                    .arg(c)
                                    .arg(view->tableView()->columnWidth(c))
                                    .arg(table->sizeHintForColumn(c))));
        QVERIFY(window.releaseSpool());
        for (const QString& id : kSeries) {
            for (int step = 1; step < n; ++step) {
                QVERIFY(!view->isAvailable({id, step}));
                QCOMPARE(view->releaseText({id, step}), QString("not kept"));
                QVERIFY(tableRows(view, {id, step}) >= 0);  // the metadata is still shown
            }
            QVERIFY(view->isAvailable({id, n}));
            QVERIFY(view->selectRelease({id, n}));
            QCOMPARE(static_cast<long long>(view->previewModel()->rowCount()), tableRows(view, {id, n}));
        }
        QVERIFY(!view->selectRelease({"baseline", 2}));
        QCOMPARE(view->previewModel()->rowCount(), 0);
        QTemporaryDir out;
        QVERIFY(window.exportReleases(view->stepsOf("baseline"), out.path()));
        QVERIFY(QFileInfo::exists(out.filePath("releases/baseline/eps1/step-0005.csv")));
        QVERIFY(!QFileInfo::exists(out.filePath("releases/baseline/eps1/step-0004.csv")));
    }

    // The spool folder disappears after the first step: the run still
    // finishes every step; later steps are marked unavailable, and reading a
    // vanished earlier record marks that row too instead of failing.
    void spoolFailureDoesNotStopTheRun() {
        ui::MainWindow window;
        shortExperiment(window, 10000);
        QSignalSpy failures(window.runController(), &ui::RunController::spoolFailed);
        // Break the spool on the worker thread right after the first release
        // was spooled, before the run goes on: every later release must fail.
        std::atomic<bool> broken{false};
        connect(window.runController(), &ui::RunController::workerReady, this, [&](ui::RunWorker* worker) {
            connect(
                worker, &ui::RunWorker::stepFinished, worker,
                [&](const stream::SeriesStepResult&) {
                    if (broken.exchange(true) || !window.releaseSpool()) return;
                    const QString spoolDir = QString::fromStdString(window.releaseSpool()->directory());
                    QDir(spoolDir).removeRecursively();
                    QFile blocker(spoolDir);  // a file where the folder was: no spool file can be opened
                    if (blocker.open(QIODevice::WriteOnly)) blocker.close();
                },
                Qt::DirectConnection);
        });
        const int n = runToEnd(window);
        QCOMPARE(n, 5);
        ui::ReleasesView* view = window.releasesView();
        QCOMPARE(view->rowCount(), n * int(kSeries.size()));
        QVERIFY(failures.count() >= 1);
        for (const QString& id : kSeries) {
            QVERIFY(!view->isAvailable({id, n}));
            QCOMPARE(view->releaseText({id, n}), QString("not available"));
        }
        // Step 1 of the series spooled first was written before the folder vanished.
        const QString first = QString::fromStdString(window.releaseSpool()->entries().front().series);
        QVERIFY(view->isAvailable({first, 1}));
        QVERIFY(!view->selectRelease({first, 1}));  // its file is gone: an Io error, shown, not thrown
        QVERIFY(!view->isAvailable({first, 1}));
        QVERIFY2(view->previewTitle().contains("cannot be read"), qPrintable(view->previewTitle()));
        QFile::remove(QString::fromStdString(window.releaseSpool()->directory()));
    }
};

QTEST_MAIN(TestReleases)
#include "test_releases.moc"
