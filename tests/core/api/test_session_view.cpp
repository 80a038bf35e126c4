// A reopened session, read only (core/api/session_view.h): a run on the first
// 30,000 Adult rows (batches of 10,000: 3 steps, baseline + proposed simple)
// saved as a session; the view built from the file shows the schema and the
// released stream, the full history and ledger, each series' last release
// bit for bit as the run left it, exports it, and can never release a step.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/series_plan.h"
#include "core/api/session_view.h"
#include "core/api/workbench.h"
#include "core/values/error.h"
#include "core/values/series_spec.h"
#include "support/adult_rows.h"
#include "support/test_data.h"

using namespace streamsynth;

class TestSessionView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        const QString csv = test::writeAdultRows(dir_, "first.csv", 30000);
        QVERIFY(!csv.isEmpty());
        api::Workbench wb;
        api::OpenOptions o;
        o.schemaPath = test::dataPath("adult-domain.json");
        wb.open(csv.toStdString(), o);
        data::StreamSettings s;
        s.batch = data::BatchSettings{10000, data::BatchOrder::Random};
        wb.setStreamSettings(s, 3);
        stream::RunConfig c;
        api::planRunSeries(c, {"baseline", "proposed:simple"},
                           {privacy::Budget::of(privacy::PrivacyModel::Pure, 1.0)});
        c.rounds = 2;
        c.fitIterations = 20;
        c.seed = 11;
        run_ = wb.prepareRun(c);
        QCOMPARE(run_->run({}, nullptr), 3);
        session_ = dir_.filePath("adult.session").toStdString();
        wb.saveSession(*run_, session_);
    }

    void showsSchemaAndReleasedStream() {
        const api::SessionView view = api::openSessionView(session_);
        QCOMPARE(view.summary.file, session_);
        QCOMPARE(view.summary.steps, 3);
        QCOMPARE(view.summary.rows, 30000LL);
        QCOMPARE(view.summary.attributes.size(), std::size_t{14});
        QCOMPARE(view.summary.attributes.front().name, std::string("age"));
        QCOMPARE(view.summary.minRowsPerStep, 10000LL);
        QCOMPARE(view.summary.maxRowsPerStep, 10000LL);
        QCOMPARE(view.summary.twoWayWorkloads, std::size_t{91});
        QVERIFY(view.summary.streamDescription.find("batches of 10000") != std::string::npos);
    }

    void holdsHistoryLedgerAndLastReleases() {
        const api::SessionView view = api::openSessionView(session_);
        for (const char* id : {"baseline", "proposed-simple"}) {
            QCOMPARE(view.run->history(id).size(), std::size_t{3});
            QCOMPARE(view.run->history(id).back().step, 3);
            const data::Table last = view.run->release(id);
            QVERIFY(last.rowCount() > 0);
            QVERIFY2(last == run_->release(id), id);  // the release the run left, bit for bit
        }
        // The selection/measurement split of every step is in the ledger.
        const api::LedgerReport ledger = view.run->ledger();
        QVERIFY(!ledger.charges.empty());
        QCOMPARE(ledger.charges.size(), run_->ledger().charges.size());
    }

    void neverReleasesAStep() {
        const api::SessionView view = api::openSessionView(session_);
        QCOMPARE(view.run->stepCount(), 0);
        QCOMPARE(view.run->nextStep(), 4);
        QCOMPARE(view.run->run({}, nullptr), 0);
        QCOMPARE(view.run->history("baseline").size(), std::size_t{3});
    }

    void exportsTheLastRelease() {
        const api::SessionView view = api::openSessionView(session_);
        const QString out = dir_.filePath("export");
        QVERIFY(view.run->exportLatest(out.toStdString(), api::BinOutput::Interval) > 0);
        QVERIFY(QFile::exists(out + "/releases/baseline/eps1/step-0003.csv"));
        QVERIFY(QFile::exists(out + "/releases/proposed-simple/eps1/step-0003.csv"));
        // The same file as the run itself exports.
        const QString again = dir_.filePath("export-run");
        run_->exportLatest(again.toStdString(), api::BinOutput::Interval);
        for (const char* f :
             {"/releases/baseline/eps1/step-0003.csv", "/releases/proposed-simple/eps1/step-0003.csv"}) {
            QFile a(out + f), b(again + f);
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            QVERIFY2(a.readAll() == b.readAll(), f);
        }
        // The export's summary has the 1-way yardstick, the same as the run's own.
        QFile summary(out + "/summary.json");
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const auto uniformOf = [](const QByteArray& json) -> QJsonValue {
            return QJsonDocument::fromJson(json).object()["series"].toArray()[0].toObject().value(
                "one_way_uniform_tv");
        };
        const QJsonValue exported = uniformOf(summary.readAll());
        QVERIFY(exported.isObject() && !exported.toObject().isEmpty());
        QCOMPARE(exported, uniformOf(QByteArray::fromStdString(run_->summaryJson())));
    }

    void refusesWhatIsNotASession() {
        const QString bad = dir_.filePath("not-a.session");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("age,sex\n1,0\n");
        f.close();
        try {
            api::openSessionView(bad.toStdString());
            QFAIL("a CSV was read as a session");
        } catch (const Error& e) {
            QVERIFY2(e.describe().find(bad.toStdString()) != std::string::npos, e.describe().c_str());
        }
    }

private:
    QTemporaryDir dir_;
    std::unique_ptr<api::Run> run_;
    std::string session_;
};

QTEST_GUILESS_MAIN(TestSessionView)
#include "test_session_view.moc"
