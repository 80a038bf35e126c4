// Continue with new rows… for a session made from a database (issue 15
// item 6: the run works exactly as for a file), against a real PostgreSQL
// server (CTest's pg_server fixture): a table of the first 20,000 Adult rows
// in hash batches of 5,000 runs in the window and is saved as a session; the
// table grows to 30,000 rows; a fresh window opens the session and continues
// it from the server it recorded (the released steps checked by the digests
// the server counts, steps 5 and 6 run); then nothing is new (refused), and
// a changed released row is refused with the step named, no run started.
#include <QAction>
#include <QFile>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/session_workflow.h"
#include "core/api/workbench.h"
#include "core/data/csv_reader.h"
#include "core/io/session_store.h"
#include "support/fast_experiment.h"
#include "support/test_data.h"
#include "support/test_pg.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/run/run_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {

// adult.csv's first `rows` rows plus a key column `id` (1..rows) as a CSV file.
QString adultWithId(const QTemporaryDir& dir, int rows) {
    const data::RawTable raw = data::readCsv(test::dataPath("adult.csv"));
    QString text;
    for (const std::string& h : raw.header) text += QString::fromStdString(h) + ",";
    text += "id\n";
    for (std::size_t r = 0; r < raw.rowCount() && r < static_cast<std::size_t>(rows); ++r) {
        for (const auto& col : raw.columns) text += QString::fromStdString(col[r]) + ",";
        text += QString::number(r + 1) + "\n";
    }
    const QString path = dir.filePath(QStringLiteral("adult-%1.csv").arg(rows));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) < 0) return {};
    return path;
}

std::vector<test::PgColumn> adultColumns() {
    std::vector<test::PgColumn> cols;
    for (const std::string& n : data::readCsv(test::dataPath("adult.csv")).header)
        cols.push_back({n, "integer"});
    cols.push_back({"id", "bigint"});
    return cols;
}

using streamsynth::test::fastExperiment;

}  // namespace

class TestDbSessionContinue : public QObject {
    Q_OBJECT
    std::string uri_;
    QTemporaryDir dir_;
    std::unique_ptr<db::PgConnection> c_;
    QString session_;

    void load(int rows) {
        const QString csv = adultWithId(dir_, rows);
        QVERIFY(!csv.isEmpty());
        test::loadTable(*c_, "gui_grow", adultColumns(), data::readCsv(csv.toStdString()));
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("test_db_session_continue");
        uri_ = test::testPgUri();
        QVERIFY2(!uri_.empty(), test::testPgMissing());
        QVERIFY(dir_.isValid());
        c_ = db::PgConnection::open(uri_);
        session_ = dir_.filePath("db.session");
    }

    void runsAndSavesADatabaseSession() {
        load(20000);
        ui::MainWindow window;
        window.show();
        api::InputRequest request;
        request.database.connection = uri_;
        request.database.table = "gui_grow";
        request.file.schemaPath = test::dataPath("adult-domain.json");
        request.file.batch = data::BatchSettings(5000, data::BatchOrder::Hash, "id");
        window.workbench().loadInput(request);
        QVERIFY(window.workbench().isDatabase());
        QVERIFY(window.refreshSummary());
        fastExperiment(window);
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.startRun());
        QVERIFY(ended.wait(180000));
        QCOMPARE(ended.at(0).at(0).toInt(), 4);
        QVERIFY(window.saveSession(session_));
        QCOMPARE(io::loadSession(session_.toStdString()).stepDigests.size(), std::size_t{4});
    }

    void continuesFromTheServerItRecorded() {
        load(30000);  // the table grew: two new batches of 5,000
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openPath(session_));
        QVERIFY(window.workbench().sessionIsDatabase());
        const QString source = QString::fromStdString(window.workbench().sessionSourceText());
        QVERIFY2(source.contains("table gui_grow"), qPrintable(source));
        QVERIFY(window.continueAction()->isEnabled());
        QList<int> newSteps;
        connect(window.runController(), &ui::RunController::stepFinished, this,
                [&](const stream::SeriesStepResult& r) {
                    if (r.seriesId == "baseline") newSteps << r.step;
                });
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY2(window.continueDatabaseSession(), qPrintable(window.lastContinueMessage()));
        QVERIFY2(window.lastContinueMessage().contains("4 released steps verified") &&
                     window.lastContinueMessage().contains("2 new steps"),
                 qPrintable(window.lastContinueMessage()));
        QVERIFY(ended.wait(180000));
        QCOMPARE(newSteps, (QList<int>{5, 6}));
        // The document's summary is the grown stream, as the server planned it.
        QCOMPARE(window.workbench().summary().steps, 6);
        QCOMPARE(window.workbench().summary().rows, 30000LL);
        QVERIFY(window.saveSession(session_));
        QCOMPARE(io::loadSession(session_.toStdString()).stepDigests.size(), std::size_t{6});

        // Nothing new now: refused, no run.
        QVERIFY(!window.continueDatabaseSession());
        QVERIFY2(window.lastContinueMessage().startsWith("Nothing new to release"),
                 qPrintable(window.lastContinueMessage()));
    }

    void refusesAChangedReleasedRow() {
        load(35000);  // one more batch, and a released row changed:
        c_->exec("UPDATE gui_grow SET age = (age + 1) % 85 WHERE id = 17", "change");
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openPath(session_));
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(!window.continueDatabaseSession());
        QVERIFY2(window.lastContinueMessage().contains("cannot be revised"),
                 qPrintable(window.lastContinueMessage()));
        QVERIFY(!ended.wait(500));  // no run started
    }
};

QTEST_MAIN(TestDbSessionContinue)
#include "test_db_session_continue.moc"
