// The experiment options added to the panel reach the run, and the views of
// a finished run: score noise / release source / selection mechanism / model
// cap in the RunConfig the engine gets; a cap below every workload's cells
// shows the inline message and disables Run; the checked workload list is
// what the run answers and selects from; the release preview shows labels;
// "Export selected" writes the CSV and its manifest; the ledger split shows
// after a run and after a cancel. movies.csv monthly on Release Date with
// three counters exercises the import path end to end.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/workbench.h"
#include "core/values/table.h"
#include "support/test_data.h"
#include "ui/charts/selection_view.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_words.h"
#include "ui/experiment/workload_list_dialog.h"
#include "ui/import/import_dialog.h"
#include "ui/releases/ledger_view.h"
#include "ui/releases/release_preview_model.h"
#include "ui/releases/releases_view.h"
#include "ui/run/run_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {
// Adult domain sizes (resources/data/adult-domain.json).
const QStringList kAdultNames{
    "age",  "workclass", "fnlwgt",       "education-num", "marital-status", "occupation",     "relationship",
    "race", "sex",       "capital-gain", "capital-loss",  "hours-per-week", "native-country", "income>50K"};

void useBatches(ui::MainWindow& window, long long size) {
    data::StreamSettings settings;
    settings.batch = data::BatchSettings{size, data::BatchOrder::Random};
    window.workbench().setStreamSettings(settings, 1);
    QVERIFY(window.refreshSummary());
}

int comboIndexOf(QComboBox* box, int value) {
    return box->findData(value);
}

bool runToEnd(ui::MainWindow& window, bool* cancelled = nullptr) {
    QSignalSpy ended(&window, &ui::MainWindow::runEnded);
    if (!window.startRun()) return false;
    if (!ended.wait(240000)) return false;
    if (cancelled) *cancelled = ended.at(0).at(1).toBool();
    return ended.at(0).at(0).toInt() > 0;
}

// The ledger of a 5-step run of proposed-simple at ε = 1: split per step
// and per series; selection + measurement = charged.
void verifyLedgerSplit(ui::LedgerView* ledger) {
    for (int step = 1; step <= 5; ++step) {
        const double sel =
            ledger->cellText("proposed-simple", step, ui::LedgerView::kColumnSelection).toDouble();
        const double meas =
            ledger->cellText("proposed-simple", step, ui::LedgerView::kColumnMeasurement).toDouble();
        const double charged =
            ledger->cellText("proposed-simple", step, ui::LedgerView::kColumnCharged).toDouble();
        QVERIFY(sel > 0 && meas > 0);
        // Selection and measurement add up to the step's charge, at most the series' eps = 1.
        QVERIFY(std::abs(sel + meas - charged) < 1e-5);
        QVERIFY(charged <= 1.0 + 1e-9);
    }
    // The series row states the guarantee for the whole stream, never a sum over steps.
    QVERIFY2(ledger->cellText("proposed-simple", 0, ui::LedgerView::kColumnGuarantee)
                 .startsWith(QString::fromUtf8("ε = 1 for the whole stream")),
             qPrintable(ledger->cellText("proposed-simple", 0, ui::LedgerView::kColumnGuarantee)));
    QVERIFY(!ledger->cellText("proposed-simple", 0, ui::LedgerView::kColumnCharged)
                 .contains(QString::fromUtf8("Σ")));
    QVERIFY(ledger->totalSpent("proposed-simple") > 0);
    QVERIFY(ledger->totalSpent("proposed-simple") <= 5.0 + 1e-9);
}

}  // namespace

class TestExperimentOptions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTestOptions");
        QCoreApplication::setApplicationName("StreamSynthTestOptions");
        QSettings().clear();
    }

    void optionsReachRunConfigAndPersist() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        ui::ExperimentPanel* panel = window.experimentPanel();
        // Defaults are the spec's: since-reset, last model, exponential, 1e5.
        stream::RunConfig config = panel->runConfig();
        QVERIFY(config.scoreNoise == stream::ScoreNoise::SinceReset);
        QVERIFY(config.releaseFrom == stream::ReleaseFrom::LastModel);
        QVERIFY(config.selection == stream::SelectionMechanism::Exponential);
        QCOMPARE(config.maxModelCells, 1e5);

        panel->scoreNoiseCombo()->setCurrentIndex(
            comboIndexOf(panel->scoreNoiseCombo(), int(stream::ScoreNoise::Full)));
        panel->releaseFromCombo()->setCurrentIndex(
            comboIndexOf(panel->releaseFromCombo(), int(stream::ReleaseFrom::Mixture)));
        panel->selectionCombo()->setCurrentIndex(
            comboIndexOf(panel->selectionCombo(), int(stream::SelectionMechanism::PermuteAndFlip)));
        panel->maxCellsEdit()->setText("5e4");
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        config = panel->runConfig();
        QVERIFY(config.scoreNoise == stream::ScoreNoise::Full);
        QVERIFY(config.releaseFrom == stream::ReleaseFrom::Mixture);
        QVERIFY(config.selection == stream::SelectionMechanism::PermuteAndFlip);
        QCOMPARE(config.maxModelCells, 5e4);

        // They reach the engine of a prepared run unchanged.
        std::unique_ptr<api::Run> run =
            window.workbench().prepareRun(config, panel->workloadWay(), panel->workloads());
        QVERIFY(run->config().scoreNoise == stream::ScoreNoise::Full);
        QVERIFY(run->config().releaseFrom == stream::ReleaseFrom::Mixture);
        QVERIFY(run->config().selection == stream::SelectionMechanism::PermuteAndFlip);
        QCOMPARE(run->config().maxModelCells, 5e4);

        // Persisted in QSettings and restored by a new panel.
        panel->saveSettings();
        ui::ExperimentPanel restored;
        restored.loadSettings();
        const stream::RunConfig again = restored.runConfig();
        QVERIFY(again.scoreNoise == stream::ScoreNoise::Full);
        QVERIFY(again.releaseFrom == stream::ReleaseFrom::Mixture);
        QVERIFY(again.selection == stream::SelectionMechanism::PermuteAndFlip);
        QCOMPARE(again.maxModelCells, 5e4);
        QSettings().clear();
    }

    void releaseModeUsesOsEntropyAndDiscreteNoise() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        ui::ExperimentPanel* panel = window.experimentPanel();
        panel->releaseModeCheck()->setChecked(false);
        stream::RunConfig config = panel->runConfig();
        QVERIFY(!config.secureRandom);
        QVERIFY(!config.discreteNoise);
        panel->releaseModeCheck()->setChecked(true);
        config = panel->runConfig();
        QVERIFY(config.secureRandom);
        QVERIFY(config.discreteNoise);
        std::unique_ptr<api::Run> run =
            window.workbench().prepareRun(config, panel->workloadWay(), panel->workloads());
        QVERIFY(run->config().secureRandom);
        panel->releaseModeCheck()->setChecked(false);
    }

    void capAdmittingNothingDisablesRun() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        ui::ExperimentPanel* panel = window.experimentPanel();
        // Smallest 2-way workload of Adult: sex (2) x income>50K (2) = 4 cells.
        QCOMPARE(panel->smallestWorkloadCells(), 4.0);
        panel->maxCellsEdit()->setText("3");
        QVERIFY(!panel->isValid());
        QVERIFY2(panel->validationMessage().contains("admits no workload"),
                 qPrintable(panel->validationMessage()));
        QVERIFY(!window.runAction()->isEnabled());
        QVERIFY(!window.startRun());
        panel->maxCellsEdit()->setText("4");
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        QVERIFY(window.runAction()->isEnabled());
        // A checked list of big workloads only: age x fnlwgt = 8,500 cells.
        panel->setCheckedWorkloads({{"age", "fnlwgt"}});
        panel->setWorkloadMode(0);
        panel->roundsSpin()->setValue(1);
        QCOMPARE(panel->workloadCount(), std::size_t{1});
        QCOMPARE(panel->smallestWorkloadCells(), 8500.0);
        panel->maxCellsEdit()->setText("8499");
        QVERIFY(!panel->isValid());
        QVERIFY(panel->validationMessage().contains("8500"));
        QVERIFY(!window.runAction()->isEnabled());
        panel->maxCellsEdit()->setText("abc");
        QVERIFY(!panel->isValid());
        QVERIFY(!window.runAction()->isEnabled());
        // An empty checked list is refused too.
        panel->maxCellsEdit()->setText("1e5");
        QVERIFY(panel->isValid());
        panel->setCheckedWorkloads({});
        QVERIFY(!panel->isValid());
        QVERIFY(!window.runAction()->isEnabled());
    }

    // A GUI walkthrough of 2026-12-01: ε = 0 greyed Run with no reason in view (the panel's
    // message sits below the form), and "1,5" ran two budgets while the words spoke of one.
    void theBudgetsReasonAndCountAreSaidBesideIt() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        ui::ExperimentPanel* panel = window.experimentPanel();
        for (const char* bad : {"0", "abc"}) {
            panel->epsilonEdit()->setText(bad);
            QVERIFY(!panel->isValid());
            QVERIFY(!window.runAction()->isEnabled());
            QCOMPARE(panel->privacyWords()->summary(), panel->validationMessage());
            QVERIFY(!panel->validationMessage().isEmpty());
        }
        panel->epsilonEdit()->setText("1,5");
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        QVERIFY2(
            panel->privacyWords()->summary().contains("2 budgets (1, 5) each run as series of their own") &&
                panel->privacyWords()->summary().contains("is 1.5"),
            qPrintable(panel->privacyWords()->summary()));
        panel->epsilonEdit()->setText("1.5");
        QVERIFY(!panel->privacyWords()->summary().contains("budgets ("));
    }

    void workloadDialogListsAllPairs() {
        const QList<int> sizes{85, 9, 100, 16, 7, 15, 6, 5, 2, 100, 100, 99, 42, 2};
        ui::WorkloadListDialog dialog(kAdultNames, sizes, {{"age", "sex"}});
        QCOMPARE(dialog.list()->count(), 91);  // C(14, 2)
        QCOMPARE(dialog.checkedWorkloads(), (QList<QStringList>{{"age", "sex"}}));
        dialog.list()->item(0)->setCheckState(Qt::Checked);  // age x workclass
        QCOMPARE(dialog.checkedWorkloads().size(), 2);
        QVERIFY(dialog.list()->item(0)->text().contains("765"));  // 85 x 9 cells
    }

    // The checked list limits the run; the views of the finished run.
    void checkedListRunPreviewExportLedger() {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openBundledAdult());
        useBatches(window, 10000);  // 5 steps
        ui::ExperimentPanel* panel = window.experimentPanel();
        panel->selectSeries({"baseline", "simple"});
        panel->epsilonEdit()->setText("1");
        panel->fitIterationsSpin()->setValue(20);
        panel->maxCellsEdit()->setText("1e5");
        const QList<QStringList> chosen{{"age", "sex"}, {"race", "sex"}, {"education-num", "income>50K"}};
        panel->setCheckedWorkloads(chosen);
        panel->setWorkloadMode(0);
        panel->roundsSpin()->setValue(2);
        QCOMPARE(panel->workloadCount(), std::size_t{3});
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));

        int maxSelected = -1, selections = 0;
        connect(window.runController(), &ui::RunController::stepFinished, this,
                [&](const stream::SeriesStepResult& r) {
                    for (int w : r.selected) maxSelected = std::max(maxSelected, w), ++selections;
                });
        QVERIFY(runToEnd(window));
        // The run answers exactly the checked workloads, in the given order.
        QCOMPARE(window.selectionView()->workloadLabels(),
                 (QStringList{QString::fromUtf8("age × sex"), QString::fromUtf8("race × sex"),
                              QString::fromUtf8("education-num × income>50K")}));
        QVERIFY(selections > 0);
        QVERIFY(maxSelected >= 0 && maxSelected < 3);
        int counted = 0;
        for (const char* id : {"baseline", "proposed-simple"})
            for (int w = 0; w < 3; ++w) counted += window.selectionView()->count(id, w);
        QCOMPARE(counted, selections);

        // Release preview: the selected series' latest release, one row per synthetic row.
        ui::ReleasesView* releases = window.releasesView();
        releases->selectSeries("proposed-simple");
        api::Run* run = window.runController()->lastRun();
        QVERIFY(run);
        const data::Table release = run->release("proposed-simple");
        ui::ReleasePreviewModel* model = releases->previewModel();
        QCOMPARE(model->rowCount(), int(release.rowCount()));
        QCOMPARE(model->columnCount(), 14);
        QCOMPARE(model->headerData(8, Qt::Horizontal).toString(), QString("sex"));
        QVERIFY(releases->exportButton()->isEnabled());

        // Export selected: CSV with the labels' header and one line per row, manifest beside it.
        QTemporaryDir out;
        const QString csv = out.filePath("simple.csv");
        QVERIFY(window.exportRelease("proposed-simple", csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QVERIFY(lines.first().startsWith("age,workclass,fnlwgt,"));
        const int dataLines = int(
            std::count_if(lines.begin() + 1, lines.end(), [](const QByteArray& l) { return !l.isEmpty(); }));
        QCOMPARE(dataLines, int(release.rowCount()));
        QFile manifest(out.filePath("simple.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(manifest.readAll()).object();
        QCOMPARE(json.value("series").toString(), QString("proposed-simple"));
        QCOMPARE(json.value("step").toInt(), 5);

        verifyLedgerSplit(window.ledgerView());
    }

    void ledgerSplitShownAfterCancel() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());  // 49 steps
        ui::ExperimentPanel* panel = window.experimentPanel();
        panel->setWorkloadMode(2);
        panel->selectSeries({"simple"});
        panel->epsilonEdit()->setText("1");
        panel->roundsSpin()->setValue(2);
        panel->fitIterationsSpin()->setValue(20);
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        int results = 0;
        connect(window.runController(), &ui::RunController::stepFinished, this,
                [&](const stream::SeriesStepResult&) {
                    if (++results == 2) window.cancelRun();
                });
        bool cancelled = false;
        QVERIFY(runToEnd(window, &cancelled));
        QVERIFY(cancelled);
        ui::LedgerView* ledger = window.ledgerView();
        QVERIFY(ledger->cellText("proposed-simple", 1, ui::LedgerView::kColumnSelection).toDouble() > 0);
        QVERIFY(ledger->cellText("proposed-simple", 0, ui::LedgerView::kColumnGuarantee)
                    .contains("for the whole stream"));
        QVERIFY(ledger->maxStepSpent("proposed-simple") <= 1.0 + 1e-9);
        // The preview works after a cancel too.
        window.releasesView()->selectSeries("proposed-simple");
        QVERIFY(window.releasesView()->previewModel()->rowCount() > 0);
    }

    // movies.csv by month on Release Date through the import dialog; three
    // counters (tree with T = the number of steps); the preview shows the
    // categorical labels.
    void moviesMonthlyThreeCounters() {
        ui::MainWindow window;
        const QString shots = qEnvironmentVariable("STREAMSYNTH_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            window.resize(1400, 900);
            window.show();
        }
        const QString path = streamsynth::test::dataFile("movies.csv");
        window.workbench().open(path.toStdString());
        ui::ImportDialog dialog(window.workbench(), path);
        dialog.setRole("Release Date", ui::ImportDialog::Time);
        dialog.setPeriod(data::PeriodUnit::Month);
        dialog.publicCheck()->setChecked(true);
        // Without a public end (or the data's last period confirmed as public) the dialog refuses
        // (issue #17 item 3): the stream's length would come from the private data.
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(dialog.problemsText().contains("public end"));
        // The data's last month confirmed as public in the dialog (api::Workbench::confirmDataEnd).
        dialog.dataEndCheck()->setChecked(true);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(window.refreshSummary());
        const api::StreamSummary summary = window.workbench().summary();
        QVERIFY(!summary.endFromData);
        ui::ExperimentPanel* panel = window.experimentPanel();
        panel->setWorkloadMode(2);
        panel->selectSeries({"simple", "tree", "hybrid"});
        panel->epsilonEdit()->setText("1");
        panel->roundsSpin()->setValue(2);
        panel->fitIterationsSpin()->setValue(20);
        QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
        // Monthly steps since the 1920s: several hundred steps. Thirty steps
        // per series are enough here; cancel keeps them.
        QVERIFY(summary.steps > 100);
        int results = 0;
        connect(window.runController(), &ui::RunController::stepFinished, this,
                [&](const stream::SeriesStepResult&) {
                    if (++results == (shots.isEmpty() ? 90 : 3 * 400)) window.cancelRun();
                });
        QVERIFY(runToEnd(window));
        QCOMPARE(window.releasesView()->rowCount(), results);
        // T defaults to the step count; ids are the CLI's (portable, stream/series_spec.h).
        const QString tree = QString("proposed-tree-%1").arg(summary.steps);
        for (const QString& id : {QString("proposed-simple"), tree, QString("proposed-hybrid")})
            QVERIFY2(window.releasesView()->latestStep(id) >= 29,
                     qPrintable(QString("%1 at step %2 of %3")
                                    .arg(id)
                                    .arg(window.releasesView()->latestStep(id))
                                    .arg(summary.steps)));
        // A categorical attribute's cells show its labels, not codes.
        const data::Schema& schema = window.workbench().schema();
        int rating = -1;
        for (std::size_t a = 0; a < schema.attributes.size(); ++a)
            if (schema.attributes[a].name == "MPAA Rating") rating = int(a);
        QVERIFY(rating >= 0);
        window.releasesView()->selectSeries("proposed-hybrid");
        ui::ReleasePreviewModel* model = window.releasesView()->previewModel();
        QVERIFY(model->rowCount() > 0);
        const QStringList ratings{"G", "PG", "PG-13", "R", "NC-17", "Not Rated", "Open"};
        QStringList seen;
        for (int r = 0; r < std::min(model->rowCount(), 200); ++r)
            seen << model->data(model->index(r, rating)).toString();
        seen.removeDuplicates();
        for (const QString& s : seen) QVERIFY2(!s.isEmpty() && !s.at(0).isDigit(), qPrintable(s));
        QVERIFY2(std::any_of(seen.begin(), seen.end(), [&](const QString& s) { return ratings.contains(s); }),
                 qPrintable(seen.join(",")));
        if (!shots.isEmpty()) {
            QTest::qWait(500);
            window.grab().save(shots + "/movies.png");
        }
    }
};

QTEST_MAIN(TestExperimentOptions)
#include "test_experiment_options.moc"
