// A step is released once per STREAM, whatever copy of its session runs (the
// release registry, core/registry, on SQLite): each reproduction ends with
// the second release refused (exit 4, naming where and when the step was
// first released) and no second step-0003.csv anywhere:
//  - a copy of the session beside it, continued into another folder;
//  - a copy in another folder;
//  - two concurrent continues, one through a symlink to the session.
// Also: the stream id in session, manifests, journal and ledger; an old
// session without id gets one; the default registry is the data folder's and
// evaluation runs never touch it; the published series (default one) and the
// total across series; the --max-total-epsilon policy; `ledger` rebuilding
// ledger.json from session and registry.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include "cli/registry_workspace.h"
#include "core/io/release_journal.h"
#include "core/io/session_store.h"
#include "core/registry/release_registry.h"

using namespace streamsynth::test;
namespace registry = streamsynth::registry;

namespace {

QJsonObject readJson(const QString& path) {
    return QJsonDocument::fromJson(readBytes(path)).object();
}

std::string streamIdOf(const QString& session) {
    return streamsynth::io::loadSession(session.toStdString()).setting("stream-id");
}

}  // namespace

class TestRegistry : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void copyOfTheSessionIsRefused() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString copy = w.dir.filePath("s2.session");
        QVERIFY(QFile::copy(w.session, copy));
        r = runCli(w.continued());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(w.out + "/releases/baseline/eps1/step-0003.csv.gz"));
        const QString o3 = w.dir.filePath("o3");
        r = runCli(w.continued(copy, {"--out", o3}));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("step 3 of series baseline of stream " +
                                QString::fromStdString(streamIdOf(w.session))) &&
                     r.err.contains("was first released on") && r.err.contains(w.out) &&
                     r.err.contains(w.session),
                 qPrintable(r.err));
        QCOMPARE(releasesOfStep({w.out, o3}, "step-0003.csv.gz"), 1);
    }

    void copyInAnotherFolderIsRefused() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QTemporaryDir elsewhere;
        const QString copy = elsewhere.filePath("s.session");
        QVERIFY(QFile::copy(w.session, copy));
        r = runCli(w.continued());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // The copy knows its registry (kept in the session): no --registry needed.
        r = runCli(w.continued(copy, {"--out", elsewhere.filePath("o")}));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("was first released on") && r.err.contains(w.out), qPrintable(r.err));
        QCOMPARE(releasesOfStep({w.out, elsewhere.filePath("o")}, "step-0003.csv.gz"), 1);
    }

    void concurrentContinueThroughASymlink() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString link = w.dir.filePath("ulink.session");
        QVERIFY(QFile::link(w.session, link));
        const QString oA = w.dir.filePath("oA"), oB = w.dir.filePath("oB");
        QProcess first;
        first.start(streamsynth::test::cliPath(), w.continued(w.session, {"--out", oA}));
        QVERIFY(first.waitForStarted());
        r = runCli(w.continued(link, {"--out", oB}));
        QVERIFY(first.waitForFinished(120000));
        const QString firstErr = QString::fromUtf8(first.readAllStandardError());
        // Exactly one releases steps 3..4; the other is refused: by the
        // session's lock (a symlink locks the file it points to) while the
        // first runs, by the registry naming the first release, by the session
        // itself when the first finished before the second read it, or (exit 3)
        // because the session would be written through a link, which no
        // output of StreamSynth ever is (docs/bad-inputs.md).
        QVERIFY2((first.exitCode() == 0) != (r.code == 0), qPrintable(r.err + firstErr));
        const QString loserErr = first.exitCode() == 0 ? r.err : firstErr;
        const int loserCode = first.exitCode() == 0 ? r.code : first.exitCode();
        const bool refusedByClaimOrLock =
            loserCode == 4 && (loserErr.contains("was first released on") ||
                               loserErr.contains("another StreamSynth run is using the session") ||
                               loserErr.contains("already released"));
        const bool refusedAsLink = loserCode == 3 && loserErr.contains("it is a symbolic link");
        QVERIFY2(refusedByClaimOrLock || refusedAsLink,
                 qPrintable(QString::number(loserCode) + ": " + loserErr));
        QCOMPARE(releasesOfStep({w.out, oA, oB}, "step-0003.csv.gz"), 1);
        // Whatever file each name holds now, no further continue releases step 3 again.
        for (const QString& s : {w.session, link}) {
            r = runCli(w.continued(s, {"--out", w.dir.filePath("oC")}));
            QVERIFY2(r.code != 0, qPrintable(r.err));
        }
        QCOMPARE(releasesOfStep({w.out, oA, oB, w.dir.filePath("oC")}, "step-0003.csv.gz"), 1);
        auto reg = registry::openRegistry(w.registry.toStdString());
        QCOMPARE(int(reg->releases(streamIdOf(w.session)).size()), 4);  // steps 1..4 of baseline, once each
    }

    void crashBetweenClaimAndFilesIsFinishedByTheSameClaim() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("STREAMSYNTH_FAULT", "after-claim:2");
        auto r = runCliEnv(w.run(), env);
        QCOMPARE(r.code, 75);
        QVERIFY(!QFile::exists(w.out + "/releases/baseline/eps1/step-0002.csv.gz"));
        auto reg = registry::openRegistry(w.registry.toStdString());
        const auto claimed = reg->releases(streamIdOf(w.session));
        QCOMPARE(int(claimed.size()), 2);
        // The session holds step 2: its files are written from it, and the
        // claim (the same digest: the same release) passes; nothing is drawn anew.
        r = runCli({"continue", "--session", w.session, "--data", w.a1k});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("wrote the release of step 2"), qPrintable(r.err));
        QVERIFY(QFile::exists(w.out + "/releases/baseline/eps1/step-0002.csv.gz"));
        const auto after = reg->releases(streamIdOf(w.session));
        QCOMPARE(int(after.size()), 2);
        QCOMPARE(after.back().digest, claimed.back().digest);
    }

    // The fault points are a seam only the crash tests' CLI installs: the product CLI runs
    // through them as if STREAMSYNTH_FAULT were not set (no std::_Exit in product code).
    void productCliIgnoresFaultPoints() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("STREAMSYNTH_FAULT", "after-claim:1");
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(streamsynth::test::cliPath(), w.run());
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 p.readAllStandardError().constData());
        QVERIFY(QFile::exists(w.out + "/releases/baseline/eps1/step-0002.csv.gz"));
    }

    void streamIdEverywhere() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        const auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const std::string id = streamIdOf(w.session);
        QCOMPARE(int(id.size()), 32);  // 128 bits as hex
        QVERIFY2(r.err.contains("stream " + QString::fromStdString(id)), qPrintable(r.err));
        const QJsonObject manifest = readJson(w.out + "/releases/baseline/eps1/step-0002.json");
        QCOMPARE(manifest["stream_id"].toString().toStdString(), id);
        QCOMPARE(readJson(w.out + "/ledger.json")["stream_id"].toString().toStdString(), id);
        const streamsynth::io::ReleaseJournal journal((w.out + "/releases.journal").toStdString());
        QVERIFY(!journal.entries().empty() && journal.entries().front().stream == id);
        // Two streams never share an id.
        const RegistryWorkspace other;
        QVERIFY(runCli(other.run()).code == 0);
        QVERIFY(streamIdOf(other.session) != id);
    }

    void oldSessionWithoutIdGetsOneOnContinue() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // As a session saved before stream ids: no "stream-id" setting.
        streamsynth::io::SessionData d = streamsynth::io::loadSession(w.session.toStdString());
        // (nor a registry id or a dataset, which came later still).
        std::erase_if(d.settings, [](const auto& kv) {
            return kv.first == "stream-id" || kv.first == "registry-id" || kv.first == "dataset";
        });
        streamsynth::io::saveSession(w.session.toStdString(), d);
        r = runCli(w.continued(w.session, {"--out", w.dir.filePath("o2")}));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const std::string id = streamIdOf(w.session);
        QVERIFY2(r.err.contains("the session had no stream id") && r.err.contains(QString::fromStdString(id)),
                 qPrintable(r.err));
        auto reg = registry::openRegistry(w.registry.toStdString());
        QCOMPARE(int(reg->releases(id).size()), 2);  // steps 3..4 claimed under the new id
    }

    void defaultRegistryInDataFolderAndEvaluationNeverTouchesIt() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XDG_DATA_HOME", home.path());
        const QString defaultFile = home.filePath("StreamSynth/StreamSynth/registry.sqlite");
        QStringList seeded = w.run();
        seeded.removeAll("--release-mode");
        seeded.removeAll("--new-registry");
        seeded.replace(seeded.indexOf("--registry"), "--seed");
        seeded.replace(seeded.indexOf(w.registry), "5");
        auto r = runCliEnv(seeded, env);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(!QFile::exists(defaultFile));
        // --registry is for release mode only.
        r = runCliEnv(seeded + QStringList{"--registry", w.registry, "--replace"}, env);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--registry"), qPrintable(r.err));
        // A release without --registry: the data folder's.
        const RegistryWorkspace real;
        QStringList args = real.run();
        args.removeAt(args.indexOf("--registry") + 1);
        args.removeAll("--registry");
        r = runCliEnv(args, env);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(defaultFile), qPrintable(r.err));
        QCOMPARE(
            int(registry::openRegistry(defaultFile.toStdString())->releases(streamIdOf(real.session)).size()),
            2);
    }

    // Review 2026-12-01: a new stream named a registry file that was not
    // there and got a fresh one, which knows nothing of the releases recorded
    // in the steward's own: now only with --new-registry.
    void missingRegistryFileNeedsNewRegistry() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        QStringList args = w.run();
        args.removeAll("--new-registry");
        auto r = runCli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("there is no release registry at") && r.err.contains("--new-registry"),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(w.registry));
        QVERIFY(!QFile::exists(w.out + "/releases/baseline/eps1/step-0001.csv.gz"));
        r = runCli(w.run());  // on purpose
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(w.registry));
    }

    void oneSeriesPublishedByDefaultAndTheTotalStated() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run({}, "baseline,proposed:simple,proposed:hybrid"));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("publishing baseline costs ε = 1") &&
                     r.err.contains("publishing all 3 series would cost ε = 3"),
                 qPrintable(r.err));
        QVERIFY(QFile::exists(w.out + "/releases/baseline/eps1/step-0002.csv.gz"));
        QVERIFY(!QDir(w.out + "/releases/proposed-simple").exists());
        QVERIFY(!QDir(w.out + "/releases/proposed-hybrid").exists());
        const QJsonObject total =
            readJson(w.out + "/releases/baseline/eps1/step-0001.json")["stream_total"].toObject();
        QCOMPARE(total["epsilon"].toDouble(), 1.0);
        QCOMPARE(total["published_series"].toArray(), QJsonArray({"baseline"}));
        const QJsonObject ledger = readJson(w.out + "/ledger.json");
        QCOMPARE(ledger["stream_total_all_series"].toObject()["epsilon"].toDouble(), 3.0);
        QCOMPARE(ledger["stream_total_published"].toObject()["text"].toString(), QString("ε = 1"));
        // The publishable ledger.json holds no choice of a comparison series (review 2026-12-01).
        const QJsonArray charges = ledger["charges"].toArray();
        QVERIFY(!charges.isEmpty());
        for (const auto& c : charges) QCOMPARE(c.toObject()["series"].toString(), QString("baseline"));
        QVERIFY(ledger.contains("charges_left_out"));

        const RegistryWorkspace all;
        r = runCli(all.run({"--publish", "all"}, "baseline,proposed:simple"));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("publishing baseline, proposed-simple costs ε = 2"), qPrintable(r.err));
        QVERIFY(QFile::exists(all.out + "/releases/proposed-simple/eps1/step-0002.csv.gz"));
        const QJsonObject both = readJson(all.out + "/releases/proposed-simple/eps1/step-0002.json");
        QCOMPARE(both["stream_total"].toObject()["epsilon"].toDouble(), 2.0);
        QVERIFY(both["publishable"].toBool());

        const RegistryWorkspace bad;
        r = runCli(bad.run({"--publish", "nosuch"}));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--publish") && r.err.contains("nosuch"), qPrintable(r.err));
    }

    void policyRefusesReleasesPastTheLimit() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r =
            runCli(w.run({"--publish", "all", "--max-total-epsilon", "1.5"}, "baseline,proposed:simple"));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("ε = 2") && r.err.contains("limit of ε = 1.5"), qPrintable(r.err));
        QVERIFY(releaseFiles(w.out).empty());
        // The limit is recorded in the registry for the stream's dataset (a continue meets it there).
        const RegistryWorkspace ok;
        r = runCli(ok.run({"--max-total-epsilon", "1"}));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // The limit is the dataset's, over all its streams (docs/privacy-models.md).
        QVERIFY2(r.err.contains("the dataset's limit: ε = 1 over all its streams"), qPrintable(r.err));
        auto reg = registry::openRegistry(ok.registry.toStdString());
        QCOMPARE(reg->datasetPolicy(reg->membership(streamIdOf(ok.session))->dataset)->maxTotalEpsilon, 1.0);
    }

    void ledgerRebuiltFromSessionAndRegistry() {
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        auto r = runCli(w.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QByteArray written = readBytes(w.out + "/ledger.json");
        QVERIFY(QFile::remove(w.out + "/ledger.json"));
        r = runCli({"ledger", "--session", w.session});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("baseline") && r.out.contains("total of the published series: ε = 1"),
                 qPrintable(r.out));
        QCOMPARE(readBytes(w.out + "/ledger.json"), written);  // the same file as the run's
        // From the registry alone (a lost session): per step, in a folder of choice.
        const QString elsewhere = w.dir.filePath("restored");
        QVERIFY(QDir().mkpath(elsewhere));
        r = runCli({"ledger", "--stream", QString::fromStdString(streamIdOf(w.session)), "--registry",
                    w.registry, "--out", elsewhere});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject fromRegistry = readJson(elsewhere + "/ledger.json");
        QCOMPARE(fromRegistry["registry"].toObject()["releases"].toArray().size(), 2);
        QCOMPARE(fromRegistry["stream_total_published"].toObject()["epsilon"].toDouble(), 1.0);
        r = runCli({"ledger", "--stream", "0123", "--registry", w.registry});
        QCOMPARE(r.code, 4);
    }
};

QTEST_GUILESS_MAIN(TestRegistry)
#include "test_registry.moc"
