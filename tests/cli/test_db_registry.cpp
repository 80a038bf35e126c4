// The release registry in PostgreSQL (CTest's pg_server fixture): two
// stewards whose registries name one database (two spellings of its URI, as
// two machines' settings would) cannot release a step of one stream twice,
// one after the other or at the same time; each ends with the second release
// refused (exit 4, naming the first release) and one step-0003.csv.gz in all.
#include <QFileInfo>
#include <QProcess>
#include <QtTest>

#include "cli/registry_workspace.h"
#include "core/io/session_store.h"
#include "core/registry/release_registry.h"
#include "support/test_pg.h"

using namespace streamsynth::test;

namespace {

// The same database through another spelling of its URI.
QString otherSpelling(const QString& uri) {
    return uri + "?application_name=second-steward";
}

std::string streamIdOf(const QString& session) {
    return streamsynth::io::loadSession(session.toStdString()).setting("stream-id");
}

// The suite's streams share one PostgreSQL registry: each names a dataset of
// its own (streams of one dataset need --charge-to-dataset, test_dataset_budget.cpp).
QStringList ownDataset(const RegistryWorkspace& w) {
    return {"--dataset", QFileInfo(w.dir.path()).fileName(), "--other-table"};
}

}  // namespace

class TestDbRegistry : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY2(!testPgUri().empty(), testPgMissing()); }

    void secondStewardIsRefused() {
        const QString uri = QString::fromStdString(testPgUri());
        const RegistryWorkspace a(uri);
        QVERIFY(a.ok());
        auto r = runCli(a.run(ownDataset(a)));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("release registry postgresql://"), qPrintable(r.err));
        QVERIFY2(!r.err.contains("password"), qPrintable(r.err));
        QTemporaryDir machineB;  // the session carried to another machine
        const QString copy = machineB.filePath("s.session");
        QVERIFY(QFile::copy(a.session, copy));
        r = runCli(a.continued());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli(a.continued(copy, {"--out", machineB.filePath("o"), "--registry", otherSpelling(uri)}));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("step 3 of series baseline") && r.err.contains("was first released on") &&
                     r.err.contains(a.out),
                 qPrintable(r.err));
        QCOMPARE(releasesOfStep({a.out, machineB.filePath("o")}, "step-0003.csv.gz"), 1);
        auto reg = streamsynth::registry::openRegistry(uri.toStdString());
        QCOMPARE(int(reg->releases(streamIdOf(a.session)).size()), 4);
    }

    void concurrentStewardsOneWins() {
        const QString uri = QString::fromStdString(testPgUri());
        const RegistryWorkspace a(uri);
        QVERIFY(a.ok());
        auto r = runCli(a.run(ownDataset(a)));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QTemporaryDir machineB;
        const QString copy = machineB.filePath("s.session");
        QVERIFY(QFile::copy(a.session, copy));
        const QString oA = a.dir.filePath("oA"), oB = machineB.filePath("oB");
        QProcess first;
        first.start(streamsynth::test::cliPath(), a.continued(a.session, {"--out", oA}));
        QVERIFY(first.waitForStarted());
        r = runCli(a.continued(copy, {"--out", oB, "--registry", otherSpelling(uri)}));
        QVERIFY(first.waitForFinished(120000));
        const QString firstErr = QString::fromUtf8(first.readAllStandardError());
        QVERIFY2((first.exitCode() == 0) != (r.code == 0), qPrintable(r.err + firstErr));
        const QString loserErr = first.exitCode() == 0 ? r.err : firstErr;
        QCOMPARE(first.exitCode() == 0 ? r.code : first.exitCode(), 4);
        QVERIFY2(loserErr.contains("was first released on"), qPrintable(loserErr));
        QCOMPARE(releasesOfStep({a.out, oA, oB}, "step-0003.csv.gz"), 1);
        auto reg = streamsynth::registry::openRegistry(uri.toStdString());
        QCOMPARE(int(reg->releases(streamIdOf(a.session)).size()), 4);
    }
};

QTEST_GUILESS_MAIN(TestDbRegistry)
#include "test_db_registry.moc"
