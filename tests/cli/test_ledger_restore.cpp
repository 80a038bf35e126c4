// A release-mode run whose disk fills at the ledger's write (every release
// already written and claimed) exits non-zero with the OS's words; `ledger
// --session` then rewrites ledger.json from the session and the registry,
// releasing nothing again. The disk is a tmpfs sized to hold exactly the
// run's other files (measured on a first run of the same shape: every file
// here leaves room in its last 4 KB page, which is what a tmpfs counts). Mounting
// needs root: elsewhere the suite FAILS, unless STREAMSYNTH_TEST_NO_TMPFS=1
// states that this machine cannot mount one.
#include <sys/mount.h>
#include <unistd.h>

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "cli/cli_files.h"
#include "cli/registry_workspace.h"
#include "core/io/session_store.h"
#include "core/registry/release_registry.h"

using namespace streamsynth::test;

namespace {

// Two steps of 20 rows: small releases, manifests and run files.
// registry: the workspace's unless given (the probe run is a stream of its
// own registry, so the measured run is not a second stream of its dataset).
QStringList tinyRun(const RegistryWorkspace& w, const QString& data, const QString& out,
                    const QString& session, const QString& registry = {}) {
    return adultRun(data, 20, 1, 5, "baseline") +
           QStringList{"--release-mode", "--autosave",
                       "--session",      session,
                       "--out",          out,
                       "--registry",     registry.isEmpty() ? w.registry : registry,
                       "--new-registry", "--other-table"};
}

// Pages (4 KB) the files under dir take on a tmpfs, ledger.json left out;
// closest: the smallest room any of them leaves in its last page.
long long pagesWithoutLedger(const QString& dir, qint64* closest) {
    long long pages = 0;
    *closest = 4096;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo f(it.next());
        if (f.fileName() == "ledger.json" || f.size() == 0) continue;
        pages += (f.size() + 4095) / 4096;
        *closest = std::min(*closest, 4096 - (f.size() - 1) % 4096 - 1);
    }
    return pages;
}

}  // namespace

class TestLedgerRestore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fullDiskAtTheLedgerThenLedgerRestoresIt() {
        STREAMSYNTH_REQUIRE_TMPFS();
        const RegistryWorkspace w;
        QVERIFY(w.ok());
        const QString data = writeAdultRows(w.dir, "a40.csv", 40);
        // The shape's files, measured on a normal disk.
        const QString probe = w.dir.filePath("probe");
        auto r =
            runCli(tinyRun(w, data, probe, w.dir.filePath("probe.session"), w.dir.filePath("probe.sqlite")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        qint64 room = 0;
        const long long pages = pagesWithoutLedger(probe, &room);
        // Fresh noise changes a file by a few bytes: each must leave room in its last page.
        QVERIFY2(room >= 400,
                 "a file of the tiny run is too close to a page boundary to size the disk exactly");
        QVERIFY(pages >= 5);  // journal, 2 x (csv + json), metrics, summary

        const QString disk = w.dir.filePath("small");
        QVERIFY(QDir().mkpath(disk));
        const QByteArray size = "size=" + QByteArray::number(pages * 4096);
        QVERIFY2(::mount("tmpfs", disk.toUtf8().constData(), "tmpfs", 0, size.constData()) == 0,
                 "cannot mount a tmpfs (set STREAMSYNTH_TEST_NO_TMPFS=1 where mounting is impossible)");
        struct Unmount {
            QString path;
            ~Unmount() { ::umount2(path.toUtf8().constData(), MNT_DETACH); }
        } unmount{disk};
        const QString out = disk + "/out";
        r = runCli(tinyRun(w, data, out, w.session));
        QVERIFY2(r.code != 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("No space left on device") && r.err.contains("ledger.json"),
                 qPrintable(r.err));
        QVERIFY(QFile::exists(out + "/releases/baseline/eps1/step-0002.csv.gz"));
        QVERIFY(QFile::exists(out + "/summary.json"));
        QVERIFY(!QFile::exists(out + "/ledger.json"));
        const auto released = releaseFiles(out);
        const std::string id = streamsynth::io::loadSession(w.session.toStdString()).setting("stream-id");
        auto reg = streamsynth::registry::openRegistry(w.registry.toStdString());
        QCOMPARE(int(reg->releases(id).size()), 2);

        // `continue` has nothing to release: it tries to write the run's
        // missing files, and the disk is still full; `ledger` restores the
        // record once space is freed.
        r = runCli({"continue", "--session", w.session, "--data", data});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("No space left on device"), qPrintable(r.err));
        QCOMPARE(int(reg->releases(id).size()), 2);
        QVERIFY(::mount("tmpfs", disk.toUtf8().constData(), "tmpfs", MS_REMOUNT,
                        ("size=" + QByteArray::number((pages + 4) * 4096)).constData()) == 0);
        r = runCli({"ledger", "--session", w.session});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject ledger = QJsonDocument::fromJson(readBytes(out + "/ledger.json")).object();
        QCOMPARE(ledger["stream_id"].toString().toStdString(), id);
        QCOMPARE(ledger["registry"].toObject()["releases"].toArray().size(), 2);
        QVERIFY(!ledger["charges"].toArray().isEmpty());
        QCOMPARE(ledger["stream_total_published"].toObject()["epsilon"].toDouble(), 1.0);
        QVERIFY(releaseFiles(out) == released);  // nothing released again
        QCOMPARE(int(reg->releases(id).size()), 2);
    }
};

QTEST_GUILESS_MAIN(TestLedgerRestore)
#include "test_ledger_restore.moc"
