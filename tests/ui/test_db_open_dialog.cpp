// File ▸ Open database… against a real PostgreSQL server (CTest's pg_server
// fixture): the dialog's request opens the table through the Workbench as the
// main window does, and a run on it releases exactly what the same run on
// the table's CSV releases (the GUI's path, a spool of every step); a domain
// proposed from the data cannot be accepted until it is confirmed public;
// recent connections never keep a password; the menu has the action.
#include <QAction>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/run.h"
#include "core/api/series_plan.h"
#include "core/api/workbench.h"
#include "core/data/csv_reader.h"
#include "core/values/series_spec.h"
#include "support/test_data.h"
#include "support/test_pg.h"
#include "ui/import/database_dialog.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {

// adult.csv plus a key column `id` (1..N).
QString adultWithId(const QTemporaryDir& dir) {
    const data::RawTable raw = data::readCsv(test::dataPath("adult.csv"));
    QString text;
    for (const std::string& h : raw.header) text += QString::fromStdString(h) + ",";
    text += "id\n";
    for (std::size_t r = 0; r < raw.rowCount(); ++r) {
        for (const auto& col : raw.columns) text += QString::fromStdString(col[r]) + ",";
        text += QString::number(r + 1) + "\n";
    }
    const QString path = dir.filePath("adult-id.csv");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text.toUtf8());
    return path;
}

std::vector<data::Table> releasesOfThreeSteps(api::Workbench& wb) {
    stream::RunConfig config;
    api::planRunSeries(config, {"baseline", "proposed:simple"},
                       {privacy::Budget::of(privacy::PrivacyModel::Pure, 1.0)});
    config.rounds = 2;
    config.fitIterations = 10;
    config.seed = 4;
    std::unique_ptr<api::Run> run = wb.prepareRun(config, 2);
    run->run({}, nullptr, 3);
    std::vector<data::Table> out;
    for (const auto& s : config.series) out.push_back(run->release(s.id));
    return out;
}

}  // namespace

class TestDbOpenDialog : public QObject {
    Q_OBJECT
    std::string uri_;
    QTemporaryDir dir_;
    QString csv_;

private Q_SLOTS:
    void initTestCase() {
        uri_ = test::testPgUri();
        QVERIFY2(!uri_.empty(), test::testPgMissing());
        QCoreApplication::setOrganizationName("StreamSynthTests");
        QCoreApplication::setApplicationName("test_db_open_dialog");
        QSettings().clear();
        csv_ = adultWithId(dir_);
        const auto c = db::PgConnection::open(uri_);
        std::vector<test::PgColumn> cols;
        for (const std::string& n : data::readCsv(test::dataPath("adult.csv")).header)
            cols.push_back({n, "integer"});
        cols.push_back({"id", "bigint"});
        test::loadTable(*c, "gui_adult", cols, data::readCsv(csv_.toStdString()));
    }

    void databaseRunEqualsFileRun() {
        ui::DatabaseDialog dialog;
        dialog.setConnection(QString::fromStdString(uri_));
        dialog.setTable("gui_adult");
        dialog.setSchemaFile(test::dataFile("adult-domain.json"));
        dialog.setHashBatches(5000, "id");
        QVERIFY(dialog.canAccept());
        dialog.testConnection();
        QVERIFY2(dialog.status().contains("48842 rows in 10 steps"), qPrintable(dialog.status()));
        api::Workbench db;
        db.loadInput(dialog.request());
        QVERIFY(db.isDatabase());
        QCOMPARE(db.summary().steps, 10);

        api::Workbench file;
        api::StreamRequest r;
        r.dataPath = csv_.toStdString();
        r.schemaPath = test::dataPath("adult-domain.json");
        r.batch = data::BatchSettings(5000, data::BatchOrder::Hash, "id");
        file.load(r);
        const auto a = releasesOfThreeSteps(db), b = releasesOfThreeSteps(file);
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) QVERIFY(a[i] == b[i]);
    }

    void proposedDomainNeedsConfirmation() {
        ui::DatabaseDialog dialog;
        dialog.setConnection(QString::fromStdString(uri_));
        dialog.setTable("gui_adult");
        dialog.setHashBatches(5000, "id");
        dialog.setProposeDomain(false);
        QVERIFY(!dialog.canAccept());  // derived from the data, not confirmed
        dialog.proposeDomain();
        dialog.setProposeDomain(true);
        QVERIFY(dialog.canAccept());
        api::Workbench wb;
        wb.loadInput(dialog.request());
        QVERIFY(wb.summary().domainDerivedFromData);
        QCOMPARE(static_cast<int>(wb.summary().attributes.size()), 14);  // the key is not an attribute
        // A time stream without a public start needs the confirmation too.
        ui::DatabaseDialog time;
        time.setConnection(QString::fromStdString(uri_));
        time.setSchemaFile(test::dataFile("adult-domain.json"));
        time.setMonthlyTime("day", "");
        QVERIFY(!time.canAccept());
        time.setMonthlyTime("day", "2015-01-01");
        QVERIFY(!time.canAccept());  // nor without a public end
        time.setMonthlyTime("day", "2015-01-01", "2019-12-31");
        QVERIFY(time.canAccept());
    }

    void recentConnectionsHaveNoPassword() {
        ui::DatabaseDialog::rememberConnection("postgresql://ann:s3cret@db.example:5433/reg");
        const QStringList recent = ui::DatabaseDialog::recentConnections();
        QVERIFY(!recent.isEmpty());
        QCOMPARE(recent.front(), QString("postgresql://ann@db.example:5433/reg"));
        for (const QString& c : recent) QVERIFY(!c.contains("s3cret"));
    }

    void mainWindowHasTheAction() {
        ui::MainWindow w;
        bool found = false;
        for (QAction* a : w.menuBar()->findChildren<QAction*>())
            found = found || a->text() == "Open &database…";
        QVERIFY(found);
    }
};

QTEST_MAIN(TestDbOpenDialog)
#include "test_db_open_dialog.moc"
