// The public end of a time stream through the facade (issue #17 item 3):
// a stream whose end would be read from the data is listed as such and
// refused by prepareRun until the data's last period is confirmed
// (confirmDataEnd) or an end is set; a saved session keeps its end, and
// continuing it with new periods needs a new public end (api::TimeEnd).
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/series_plan.h"
#include "core/api/session_workflow.h"
#include "core/api/workbench.h"
#include "core/io/session_store.h"
#include "core/values/error.h"
#include "core/values/schema.h"
#include "core/values/series_spec.h"
#include "support/schema_specs.h"

using namespace streamsynth;

namespace {

// Two rows a day on the 1st and 15th of each month m1..m2 of 2020, and a
// stray row dated 2099 when `stray`.
QByteArray rows(int m1, int m2, bool stray = false) {
    QByteArray out = "date,color\n";
    for (int m = m1; m <= m2; ++m)
        for (int d : {1, 15})
            out += QString("2020-%1-%2,%3\n")
                       .arg(m, 2, 10, QChar('0'))
                       .arg(d, 2, 10, QChar('0'))
                       .arg(d == 1 ? "red" : "blue")
                       .toUtf8();
    if (stray) out += "2099-12-31,red\n";
    return out;
}

void write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

stream::RunConfig config() {
    stream::RunConfig c;
    api::planRunSeries(c, {"baseline"}, {privacy::Budget::of(privacy::PrivacyModel::Pure, 1.0)});
    c.rounds = 1;
    c.fitIterations = 5;
    c.seed = 3;
    return c;
}

data::Schema schema() {
    data::Schema s;
    s.attributes = {test::categoricalSpec("color", {"red", "blue"})};
    return s;
}

void openMonthly(api::Workbench& wb, const QString& csv, const std::string& schemaPath) {
    api::OpenOptions o;
    o.schemaPath = schemaPath;
    wb.open(csv.toStdString(), o);
    data::StreamSettings s;
    data::TimeSettings t;
    t.column = "date";
    t.unit = data::PeriodUnit::Month;
    t.start = "2020-01-01";
    s.time = t;
    wb.setStreamSettings(s, 1);
}

}  // namespace

class TestPublicEnd : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string schemaPath_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        schemaPath_ = dir_.filePath("s.json").toStdString();
        data::writeSchema(schema(), schemaPath_);
    }

    void endFromDataNeedsConfirmationBeforeARun() {
        const QString csv = dir_.filePath("stray.csv");
        write(csv, rows(1, 3, true));
        api::Workbench wb;
        openMonthly(wb, csv, schemaPath_);
        const api::StreamSummary before = wb.summary();
        QVERIFY(before.endFromData);
        QCOMPARE(before.lastPeriod, std::string("2099-12 (month)"));
        QCOMPARE(before.steps, 960);  // Jan 2020 .. Dec 2099
        bool listed = false;
        for (const auto& p : before.problems) listed |= p.kind == "time-end-from-data";
        QVERIFY(listed);
        try {
            (void)wb.prepareRun(config(), 1);
            QFAIL("a run with an end read from the data was prepared");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Privacy);
        }
        // A public end instead: the stray row is excluded and counted.
        data::StreamSettings s = wb.streamSettings();
        s.time->end = "2020-03-31";
        wb.setStreamSettings(s, 1);
        const api::StreamSummary after = wb.summary();
        QVERIFY(!after.endFromData);
        QCOMPARE(after.steps, 3);
        bool excluded = false;
        for (const auto& p : after.problems) excluded |= p.kind == "after-end" && p.count == 1;
        QVERIFY(excluded);
        auto run = wb.prepareRun(config(), 1);
        QCOMPARE(run->run({}, nullptr), 3);
    }

    void confirmedEndIsKeptBySessionsAndMovedByContinue() {
        const QString first = dir_.filePath("q1.csv"), grown = dir_.filePath("h1.csv");
        write(first, rows(1, 3));
        write(grown, rows(1, 6));
        const std::string session = dir_.filePath("t.session").toStdString();
        {
            api::Workbench wb;
            openMonthly(wb, first, schemaPath_);
            QVERIFY(wb.summary().endFromData);
            wb.confirmDataEnd();
            QVERIFY(!wb.summary().endFromData);
            // A time of the data's last period (the first such row): March 2020.
            QCOMPARE(QString::fromStdString(wb.streamSettings().time->end), QString("2020-03-01"));
            auto run = wb.prepareRun(config(), 1);
            QCOMPARE(run->run({}, nullptr), 3);
            wb.saveSession(*run, session);
        }
        // The session keeps the confirmed end: the grown months lie after it.
        api::Workbench wb;
        wb.openSession(session);
        const api::ContinueCheck same = wb.continueSession(grown.toStdString());
        QVERIFY(!same.accepted);
        QVERIFY2(same.refusal.find("after the stream's public end") != std::string::npos,
                 same.refusal.c_str());
        // A new public end moves it; the session then keeps the new end.
        api::TimeEnd end;
        end.end = "2020-05-31";
        const api::ContinueCheck moved = wb.continueSession(grown.toStdString(), 0, end);
        QVERIFY2(moved.accepted, moved.refusal.c_str());
        QCOMPARE(moved.newSteps, 2);  // April and May; June is after the new end
        auto run = wb.continueRun();
        QCOMPARE(run->run({}, nullptr), 2);  // steps 4 and 5
        const std::string again = dir_.filePath("t2.session").toStdString();
        wb.saveSession(*run, again);
        const data::Schema saved = data::parseSchemaJson(io::loadSession(again).schemaJson, again);
        QCOMPARE(saved.stream.time->end, std::string("2020-05-31"));
        // Confirming the grown data's last period instead is accepted too.
        api::Workbench wb2;
        wb2.openSession(again);
        api::TimeEnd confirm;
        confirm.confirmDataEnd = true;
        const api::ContinueCheck last = wb2.continueSession(grown.toStdString(), 0, confirm);
        QVERIFY2(last.accepted, last.refusal.c_str());
        QCOMPARE(last.newSteps, 1);
    }
};

QTEST_APPLESS_MAIN(TestPublicEnd)
#include "test_public_end.moc"
