// The session workflow through the facade (core/api/session_workflow.h): a
// run on the first 30,000 Adult rows (batches of 10,000: 3 steps) saved as a
// session, reopened in a fresh Workbench and continued with the full file
// (2 new steps); refusals for changed, removed and no new rows; autosave
// after every step; the session magic.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <QtTest>

#include "core/api/series_plan.h"
#include "core/api/session_workflow.h"
#include "core/api/workbench.h"
#include "core/io/session_store.h"
#include "core/values/error.h"
#include "core/values/series_spec.h"
#include "support/adult_rows.h"
#include "support/test_data.h"

using namespace streamsynth;

namespace {
const QString kData = streamsynth::test::dataFile("adult.csv");
const std::string kSchema = streamsynth::test::dataPath("adult-domain.json");

using streamsynth::test::writeAdultRows;

// One fast series: baseline, k = 2, 20 fit iterations.
stream::RunConfig fastConfig() {
    stream::RunConfig c;
    api::planRunSeries(c, {"baseline"}, {privacy::Budget::of(privacy::PrivacyModel::Pure, 1.0)});
    c.rounds = 2;
    c.fitIterations = 20;
    c.seed = 7;
    return c;
}

void openBatches(api::Workbench& wb, const QString& csv) {
    api::OpenOptions o;
    o.schemaPath = kSchema;
    wb.open(csv.toStdString(), o);
    data::StreamSettings s;
    s.batch = data::BatchSettings{10000, data::BatchOrder::Random};
    wb.setStreamSettings(s, 3);
}
}  // namespace

class TestSessionWorkflow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        first_ = writeAdultRows(dir_, "first.csv", 30000);
        QVERIFY(!first_.isEmpty());
        session_ = dir_.filePath("adult.session").toStdString();
        api::Workbench wb;
        openBatches(wb, first_);
        QCOMPARE(wb.summary().steps, 3);  // 30,000 / 10,000
        auto run = wb.prepareRun(fastConfig());
        QCOMPARE(run->run({}, nullptr), 3);
        wb.saveSession(*run, session_);
        QVERIFY(api::isSessionFile(session_));
        QVERIFY(!api::isSessionFile(first_.toStdString()));
        firstHistory_ = run->history("baseline");
    }

    void reopensAndContinuesWithNewSteps() {
        api::Workbench wb;  // fresh document: everything comes from the session file
        const api::SessionInfo info = wb.openSession(session_);
        QCOMPARE(info.releasedSteps, 3);
        QCOMPARE(info.interruptedStep, 0);
        QCOMPARE(info.history.size(), std::size_t{3});
        QCOMPARE(info.workloadLabels.size(), std::size_t{91});  // C(14, 2)
        QVERIFY(wb.hasSession());
        const api::ContinueCheck check = wb.continueSession(kData.toStdString());
        QVERIFY2(check.accepted, check.refusal.c_str());
        QCOMPARE(check.stepsVerified, 3);
        QCOMPARE(check.newSteps, 2);  // 18,842 new rows: 10,000 + 8,842
        QCOMPARE(check.stepCount, 5);
        QVERIFY(check.refusal.empty());
        std::unique_ptr<api::Run> run = wb.continueRun();
        QVERIFY(run);
        QVERIFY(!wb.continueRun());  // given once
        QCOMPARE(run->nextStep(), 4);
        std::vector<int> steps;
        api::RunCallbacks cb;
        cb.onStep = [&](const stream::SeriesStepResult& r) { steps.push_back(r.step); };
        QCOMPARE(run->run(cb, nullptr), 2);
        QCOMPARE(steps, (std::vector<int>{4, 5}));
        // Past steps kept exactly as released (restored, not recomputed).
        const auto history = run->history("baseline");
        QCOMPARE(history.size(), std::size_t{5});
        for (std::size_t t = 0; t < 3; ++t) {
            QCOMPARE(history[t].releaseRows, firstHistory_[t].releaseRows);
            QCOMPARE(history[t].metrics.avgWE, firstHistory_[t].metrics.avgWE);
        }
        QCOMPARE(history[3].trueNewRows, 10000LL);
        QCOMPARE(history[4].trueNewRows, 8842LL);
        // The summary now describes the grown stream as continued.
        QCOMPARE(wb.summary().steps, 5);
        // Saving the continued run holds all 5 steps.
        const std::string again = dir_.filePath("continued.session").toStdString();
        wb.saveSession(*run, again);
        QCOMPARE(io::loadSession(again).stepDigests.size(), std::size_t{5});
    }

    // adult.csv's header and its rows after the first 30,000 (the session's).
    QString newRowsOnly() {
        const QString all = writeAdultRows(dir_, "all.csv", -1);
        QFile in(all);
        QFile out(dir_.filePath("new-rows.csv"));
        if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly)) return {};
        out.write(in.readLine());
        for (int r = 0; !in.atEnd(); ++r) {
            const QByteArray line = in.readLine();
            if (r >= 30000) out.write(line);
        }
        return out.fileName();
    }

    void refusesChangedRemovedAndNoNewRows() {
        struct Case {
            QString file;
            std::string expect;
            int verified;
        };
        const std::vector<Case> cases = {
            {writeAdultRows(dir_, "changed.csv", -1, 5), "the rows of step ", -1},
            {writeAdultRows(dir_, "fewer.csv", 20000), "cannot be removed", 0},
            {first_, "no new rows", 3},
            // The new rows alone (a GUI walkthrough of 2026-12-01): said what a continuation reads.
            {newRowsOnly(), "if this file holds only the new rows", 0},
        };
        for (const Case& c : cases) {
            api::Workbench wb;
            wb.openSession(session_);
            const api::ContinueCheck check = wb.continueSession(c.file.toStdString());
            QVERIFY2(!check.accepted, qPrintable(c.file));
            QVERIFY2(check.refusal.find(c.expect) != std::string::npos, check.refusal.c_str());
            // Issue #17 item 5: no row counts (private) in a refusal.
            for (const char* count : {"released from", "20000", "30000", " rows;"})
                QVERIFY2(check.refusal.find(count) == std::string::npos, check.refusal.c_str());
            QCOMPARE(check.newSteps, 0);
            if (c.verified >= 0)
                QCOMPARE(check.stepsVerified, c.verified);
            else
                QVERIFY(check.stepsVerified < 3);  // the changed row's step fails its digest
            QVERIFY(!wb.continueRun());
        }
    }

    void autosavesAfterEveryStep() {
        api::Workbench wb;
        openBatches(wb, first_);
        auto run = wb.prepareRun(fastConfig());
        const std::string path = dir_.filePath("auto.session").toStdString();
        std::vector<int> saved;
        std::vector<std::size_t> digestsOnDisk;
        run->setSessionFile(path, true);
        api::RunCallbacks cb;
        cb.onAutosaved = [&](int step, const std::string& error) {
            QVERIFY2(error.empty(), error.c_str());
            saved.push_back(step);
            digestsOnDisk.push_back(io::loadSession(path).stepDigests.size());
        };
        QCOMPARE(run->run(cb, nullptr), 3);
        QCOMPARE(saved, (std::vector<int>{1, 2, 3}));
        QCOMPARE(digestsOnDisk, (std::vector<std::size_t>{1, 2, 3}));
        // A session that cannot be written is refused before any step runs
        // (a folder that cannot exist: its parent is a file).
        auto second = wb.prepareRun(fastConfig());
        try {
            second->setSessionFile((first_ + "/x.session").toStdString(), true);
            QFAIL("an unwritable session path was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Io);
            QVERIFY2(e.describe().find("x.session") != std::string::npos, e.describe().c_str());
        }
        // A save that fails later is reported, and the run goes on (no release files were due).
        QTemporaryDir later;
        const QString folder = later.filePath("sessions");
        QVERIFY(QDir().mkpath(folder));
        auto third = wb.prepareRun(fastConfig());
        third->setSessionFile((folder + "/y.session").toStdString(), true);
        std::vector<std::string> errors;
        api::RunCallbacks failing;
        failing.onAutosaved = [&](int, const std::string& error) {
            errors.push_back(error);
            if (errors.size() == 1) {  // after step 1: the folder becomes a file
                QDir(folder).removeRecursively();
                QFile blocker(folder);
                QVERIFY(blocker.open(QIODevice::WriteOnly));
            }
        };
        QCOMPARE(third->run(failing, nullptr), 3);
        // The folder goes after step 1's save, before its journal record: that
        // record fails, then steps 2 and 3's saves and records, each reported.
        QCOMPARE(errors.size(), std::size_t{6});
        QVERIFY(errors[0].empty());
        for (std::size_t i = 1; i < errors.size(); ++i) QVERIFY(!errors[i].empty());
    }

private:
    QTemporaryDir dir_;
    QString first_;
    std::string session_;
    std::vector<stream::SeriesStepResult> firstHistory_;
};

QTEST_APPLESS_MAIN(TestSessionWorkflow)
#include "test_session_workflow.moc"
