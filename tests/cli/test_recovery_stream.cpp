// A recovery stream for a lost session (issue 44 item 2; docs/privacy-models.md,
// "A lost session"): `run --recover-from OUT` starts from the lost stream's
// last published releases, releases only steps the lost stream never
// claimed (a claimed step without files counts as spent), is charged to the
// lost stream's dataset, and says so in every manifest. Each scenario runs
// on a registry of its own; the lost session is made by a crash before the
// first save (--no-autosave, STREAMSYNTH_FAULT=after-claim:N).
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "cli/registry_workspace.h"
#include "core/registry/release_registry.h"

using namespace streamsynth::test;
namespace registry = streamsynth::registry;

namespace {

// 600 rows dated 2000..2009 (60 a year), three categorical columns.
QString writeYears(const QTemporaryDir& dir) {
    QString text = "when,kind,size,shade\n";
    for (int i = 0; i < 600; ++i)
        text += QString("%1-%2-15,%3,%4,%5\n")
                    .arg(2000 + i % 10)
                    .arg(1 + i % 12, 2, 10, QChar('0'))
                    .arg(QString("xyz")[i % 3])
                    .arg(i % 7 < 3 ? "small" : "large")
                    .arg(QString("pqrs")[(i / 5) % 4]);
    const QString path = dir.filePath("years.csv");
    return writeBytes(path, text.toUtf8()) ? path : QString();
}

QProcessEnvironment faultAfterClaim(int step) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("STREAMSYNTH_FAULT", "after-claim:" + QString::number(step));
    return env;
}

QJsonObject manifest(const QString& folder, int step) {
    QFile f(QString("%1/step-%2.json").arg(folder).arg(step, 4, 10, QChar('0')));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

std::vector<int> claimedSteps(const QString& registryPath, const std::string& stream) {
    std::vector<int> steps;
    for (const registry::ReleaseRecord& r :
         registry::openRegistry(registryPath.toStdString())->releases(stream))
        steps.push_back(r.step);
    return steps;
}

// A yearly stream 2000..2009 (10 steps), baseline and proposed, both published.
struct YearStream {
    QTemporaryDir dir;
    QString data, session, lost, registry;
    YearStream() {
        data = writeYears(dir);
        session = dir.filePath("y.session");
        lost = dir.filePath("lost");
        registry = dir.filePath("registry.sqlite");
    }
    QStringList run(const QString& out, const QStringList& extra = {}) const {
        return QStringList{"run",
                           "--data",
                           data,
                           "--confirm-domain",
                           "--time",
                           "when",
                           "--period",
                           "year",
                           "--start",
                           "2000-01-01",
                           "--end",
                           "2009-12-31",
                           "--k",
                           "2",
                           "--iters",
                           "20",
                           "--series",
                           "baseline,proposed",
                           "--publish",
                           "all",
                           "--release-mode",
                           "--session",
                           session,
                           "--out",
                           out,
                           "--registry",
                           registry,
                           "--new-registry",
                           "--other-table"} +  // a table of its own among the suites' streams
               extra;
    }
    // The recovery's command into `recovered`, charged to the dataset, with one option's value replaced.
    QStringList recovery(const QString& option, const QString& value) const {
        QStringList args =
            run(dir.filePath("recovered"), {"--recover-from", lost, "--charge-to-dataset", "years"});
        args[args.indexOf(option) + 1] = value;
        return args;
    }
    // The lost stream: killed after step 4's claim, before its files and any save.
    QString lose() const {
        const CliResult r = runCliEnv(run(lost, {"--no-autosave"}), faultAfterClaim(4));
        if (r.code != 75) return "the crash did not happen: " + r.err;
        if (QFile::exists(session)) return "a session was saved";
        return {};
    }
};

}  // namespace

class TestRecoveryStream : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The time stream skips the 4 claimed periods (step 4 has no files: spent
    // all the same) and starts from step 3's releases, the last published.
    void lostSessionOfATimeStreamRecoversFromTheLastRelease() {
        const YearStream y;
        QVERIFY(!y.data.isEmpty());
        const QString lost = y.lose();
        QVERIFY2(lost.isEmpty(), qPrintable(lost));
        const QString out = y.dir.filePath("recovered");
        // The same command: refused, and the refusal names the way on.
        CliResult r = runCli(y.run(out));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("--recover-from"), qPrintable(r.err));
        // The recovery is a new stream of the dataset: charged explicitly.
        r = runCli(y.run(out, {"--recover-from", y.lost}));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("--charge-to-dataset years"), qPrintable(r.err));
        r = runCli(y.run(out, {"--recover-from", y.lost, "--charge-to-dataset", "years"}));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("claimed steps 1..4") && r.err.contains("starts from its release of step 3"),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains("steps 5..10 released; 1..4 by the lost stream"), qPrintable(r.err));
        for (const char* series : {"baseline", "proposed-simple"}) {
            const QString folder = out + "/releases/" + series + "/eps1";
            QVERIFY2(!QFile::exists(folder + "/step-0004.json"), series);
            QVERIFY2(QFile::exists(folder + "/step-0005.json") && QFile::exists(folder + "/step-0010.json"),
                     series);
            const QJsonObject m = manifest(folder, 5);
            QCOMPARE(m["period"].toString(), QString("2004 (year)"));
            const QJsonObject from = m["recovered_from"].toObject();
            QCOMPARE(from["claimed_steps"].toInt(), 4);
            QCOMPARE(from["stream_id"].toString(),
                     manifest(y.lost + "/releases/" + series + "/eps1", 3)["stream_id"].toString());
            QCOMPARE(m["dataset_total"].toObject()["streams"].toInt(), 2);
        }
        // The new stream claimed steps 5..10 only (each of 2 series).
        const std::string id =
            manifest(out + "/releases/baseline/eps1", 5)["stream_id"].toString().toStdString();
        std::vector<int> steps = claimedSteps(y.registry, id);
        std::sort(steps.begin(), steps.end());
        QCOMPARE(int(steps.size()), 12);
        QCOMPARE(steps.front(), 5);
        QCOMPARE(steps.back(), 10);
        // Its session continues like any other (a later public end: 2010, with no rows).
        r = runCli({"continue", "--session", y.session, "--data", y.data, "--end", "2010-12-31"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(out + "/releases/baseline/eps1/step-0011.json"));
    }

    // The registry must be the one holding the lost stream's claims.
    void recoveryThroughAnotherRegistryIsRefused() {
        const YearStream y;
        const QString lost = y.lose();
        QVERIFY2(lost.isEmpty(), qPrintable(lost));
        const CliResult r = runCli(y.recovery("--registry", y.dir.filePath("fresh.sqlite")));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("holds no claim of stream"), qPrintable(r.err));
        QVERIFY(!QFile::exists(y.dir.filePath("recovered/releases")));
    }

    // Review 2026-12-01: a recovery through the registry a stream was moved
    // out of read only the claims made there, and released the periods the
    // stream released after the move a second time.
    void recoveryThroughTheRegistryAStreamLeftIsRefused() {
        const YearStream y;
        QVERIFY(!y.data.isEmpty());
        QStringList first = y.run(y.lost, {"--steps", "3"});
        first[first.indexOf("--end") + 1] = "2005-12-31";  // six years, three released before the move
        CliResult r = runCli(first);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString office = y.dir.filePath("office.sqlite");
        r = runCli({"registry-move", "--session", y.session, "--to", office, "--new-registry"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli({"continue", "--session", y.session, "--data", y.data});
        QVERIFY2(r.code == 0, qPrintable(r.err));  // steps 4..6, claimed in the office registry
        QVERIFY(QFile::remove(y.session));
        r = runCli(y.recovery("--registry", y.registry));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("was moved from the release registry"), qPrintable(r.err));
        QVERIFY(!QFile::exists(y.dir.filePath("recovered/releases")));
        r = runCli(y.recovery("--registry", office));  // the registry that holds its claims: on from step 7
        QVERIFY2(r.code == 0 && r.err.contains("claimed steps 1..6"), qPrintable(r.err));
    }

    // Steps formed otherwise would not skip exactly the released periods.
    void recoveryWithOtherPeriodsIsRefused() {
        const YearStream y;
        const QString lost = y.lose();
        QVERIFY2(lost.isEmpty(), qPrintable(lost));
        const CliResult r = runCli(y.recovery("--start", "2001-01-01"));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("must form its steps as the lost stream did"), qPrintable(r.err));
    }

    // A batched stream's order died with its session: only a table of new
    // rows, confirmed, may be read; g_0 counts in the release row cap.
    void lostSessionOfABatchedStreamReadsNewRowsOnly() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        QStringList run = w.run({}, "proposed");
        run.removeAll("--autosave");
        run << "--no-autosave";
        CliResult r = runCliEnv(run, faultAfterClaim(2));
        QCOMPARE(r.code, 75);
        // The rows of a2k.csv after a1k.csv's: never read by the lost stream.
        const QStringList lines = QString::fromUtf8(readBytes(w.a2k)).split('\n');
        const QString fresh = w.dir.filePath("new.csv");
        QVERIFY(writeBytes(fresh, (QStringList{lines.front()} + lines.mid(1001)).join('\n').toUtf8()));
        QStringList recover = run;
        recover[recover.indexOf("--data") + 1] = fresh;
        recover[recover.indexOf("--out") + 1] = w.dir.filePath("recovered");
        recover << "--recover-from" << w.out << "--charge-to-dataset"
                << "a1k";
        r = runCli(recover);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--only-new-rows"), qPrintable(r.err));
        r = runCli(recover + QStringList{"--only-new-rows"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject m = manifest(w.dir.filePath("recovered/releases/proposed-simple/eps1"), 1);
        QCOMPARE(m["recovered_from"].toObject()["claimed_steps"].toInt(), 2);
        // The cap on g_1: 4 rows per public row of the 2 lost steps and this one.
        QCOMPARE(m["release_row_cap"].toInt(), 4 * 500 * 3);
    }
};

QTEST_GUILESS_MAIN(TestRecoveryStream)
#include "test_recovery_stream.moc"
