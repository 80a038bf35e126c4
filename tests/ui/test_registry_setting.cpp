// Run ▸ Release registry… (ui/session/release_guard.h, askRegistrySetting):
// a file that is a copy of a registry (a backup restored, a move to another
// disk) is refused for claims until the steward says it is the registry,
// restored; the menu asks, and Cancel leaves both the setting and the file as
// they were. Offscreen.
#include <QDir>
#include <QFile>
#include <QInputDialog>
#include <QLayout>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/registry_file.h"
#include "core/registry/release_registry.h"
#include "support/modal_answer.h"
#include "ui/session/release_guard.h"

using namespace streamsynth;

namespace {

// Names `path` in the menu's question; `answer` for the copy question (-1: not expected).
// *said: what the menu reports for the log.
bool chooseRegistry(const QString& path, int answer, bool* asked, QString* said,
                    const QString& question = "restoredRegistryQuestion") {
    bool browsable = false;
    test::ModalAnswer named("registryQuestion", [&path, &browsable](QWidget* w) {
        auto* d = qobject_cast<QInputDialog*>(w);
        // A file can be chosen, and the default's path is said (a GUI walkthrough of 2026-12-01).
        const QString fallback = QString::fromStdString(api::registryLocation(std::string()));
        browsable = d->findChild<QPushButton*>("registryBrowse") != nullptr &&
                    d->labelText().contains(QDir::toNativeSeparators(fallback));
        d->setTextValue(path);
        d->accept();
    });
    test::ModalAnswer copy(
        question, [answer](QWidget* w) { test::clickAnswer(w, answer); }, answer < 0 ? 300 : 20000);
    *said = ui::askRegistrySetting(nullptr);
    *asked = copy.answered();
    if (!browsable) qWarning("the registry question has no file button or no default path");
    return named.answered() && browsable;
}

}  // namespace

class TestRegistrySetting : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aCopyIsUsedOnlyAsTheRegistryRestored() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString original = dir.filePath("registry.sqlite");
        const QString copy = dir.filePath("backup.sqlite");
        registry::openRegistry(original.toStdString());  // made, with its file recorded
        QVERIFY(QFile::copy(original, copy));
        QCOMPARE(api::registryFileState(copy.toStdString()), api::RegistryFile::Copy);
        bool asked = true;
        QString said;
        QVERIFY(chooseRegistry(original, -1, &asked, &said));  // the registry's own file: not asked about
        QVERIFY(!asked);
        QCOMPARE(said, "Release registry: " + original);
        QCOMPARE(ui::registrySetting(), original);
        QVERIFY(chooseRegistry(copy, 1, &asked, &said));  // Cancel
        QVERIFY(asked);
        QVERIFY(said.isEmpty());
        QCOMPARE(ui::registrySetting(), original);
        QCOMPARE(api::registryFileState(copy.toStdString()), api::RegistryFile::Copy);
        {  // "It is the registry, restored", while the original is still in place: refused
            test::ModalAnswer refused("registryRefused", [](QWidget* w) { test::rejectDialog(w); });
            QVERIFY(chooseRegistry(copy, 0, &asked, &said));
            QVERIFY(asked && refused.answered() && said.isEmpty());
            QVERIFY2(refused.text().contains("which is still there"), qPrintable(refused.text()));
            QCOMPARE(ui::registrySetting(), original);
        }
        QVERIFY(QFile::rename(original, dir.filePath("old.sqlite")));  // the steward moves it away
        QVERIFY(chooseRegistry(copy, 0, &asked, &said));               // "It is the registry, restored"
        QVERIFY(asked);
        QVERIFY2(said.contains("recorded as the registry restored from a backup"), qPrintable(said));
        QCOMPARE(ui::registrySetting(), copy);
        QCOMPARE(api::registryFileState(copy.toStdString()), api::RegistryFile::Own);

        // A claim through it, then its older bytes copied back over it (the same file): older than
        // the claims seen in it, so asked again; Cancel keeps it refused, the answer takes it.
        const QByteArray older = [&] {
            QFile f(copy);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        registry::ReleaseRecord r;
        r.stream = "00112233445566778899aabbccddeeff";
        r.series = "baseline";
        r.step = 1;
        r.digest = "aaaa";
        registry::openRegistry(copy.toStdString(), false)->claim({r});
        QFile over(copy);
        QVERIFY(over.open(QIODevice::WriteOnly | QIODevice::Truncate) && over.write(older) == older.size());
        over.close();
        QCOMPARE(api::registryFileState(copy.toStdString()), api::RegistryFile::Older);
        QVERIFY(chooseRegistry(copy, 1, &asked, &said, "olderRegistryQuestion"));
        QVERIFY(asked && said.isEmpty());
        QCOMPARE(api::registryFileState(copy.toStdString()), api::RegistryFile::Older);
        QVERIFY(chooseRegistry(copy, 0, &asked, &said, "olderRegistryQuestion"));
        // The claim this computer saw since the older bytes were copied is written back into it.
        QVERIFY2(asked && said.contains("taken as the registry though older") &&
                     said.endsWith("since it was copied: 1"),
                 qPrintable(said));
        QCOMPARE(registry::openRegistry(copy.toStdString(), false)->releases(r.stream).size(),
                 std::size_t(1));
        QCOMPARE(api::registryFileState(copy.toStdString()), api::RegistryFile::Own);
    }
};

QTEST_MAIN(TestRegistrySetting)
#include "test_registry_setting.moc"
