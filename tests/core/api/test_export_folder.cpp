// Export folders (core/api/export_folder.h): SHA-256 against the FIPS 180-4
// test vectors, the listing written into manifest.json, a folder holding one
// earlier export recognised and replaced exactly (its files only), and a
// folder with anything else (or a manifest naming files outside the folder)
// never written into or cleared.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/export_folder.h"
#include "core/values/error.h"

using namespace streamsynth;

namespace {
void writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}
}  // namespace

class TestExportFolder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sha256OfKnownVectors() {
        QTemporaryDir dir;
        // FIPS 180-4 / NIST examples: "abc" and the empty message.
        writeFile(dir.filePath("abc"), "abc");
        QCOMPARE(api::sha256File(dir.filePath("abc").toStdString()),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        writeFile(dir.filePath("empty"), "");
        QCOMPARE(api::sha256File(dir.filePath("empty").toStdString()),
                 std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QVERIFY_THROWS_EXCEPTION(Error, api::sha256File(dir.filePath("missing").toStdString()));
    }

    void listingNamesEveryFileWithItsHash() {
        QTemporaryDir dir;
        writeFile(dir.filePath("releases/a/eps1/step-0001.csv"), "x\n1\n");
        writeFile(dir.filePath("metrics.csv"), "abc");
        // An existing manifest (the index of kept releases) keeps its keys.
        writeFile(dir.filePath("manifest.json"), R"({"releases": [1, 2]})");
        const auto files = api::writeExportListing(dir.path().toStdString(), "kept releases", false);
        QCOMPARE(files.size(), std::size_t{2});
        QCOMPARE(files[0].path, std::string("metrics.csv"));
        QCOMPARE(files[0].bytes, 3LL);
        QCOMPARE(files[0].sha256,
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(files[1].path, std::string("releases/a/eps1/step-0001.csv"));
        const QJsonObject m = readJson(dir.filePath("manifest.json"));
        QCOMPARE(m.value("software").toString(), QString("StreamSynth"));
        QCOMPARE(m.value("export").toString(), QString("kept releases"));
        QCOMPARE(m.value("publishable").toBool(true), false);
        QCOMPARE(m.value("releases").toArray().size(), 2);
        const QJsonArray listed = m.value("files").toArray();
        QCOMPARE(listed.size(), 2);
        QCOMPARE(listed[1].toObject().value("sha256").toString().size(), 64);
        // Not publishable (a seeded run): the listing repeats the seed, so 0600
        // even over an earlier shared file (a GUI walkthrough found 0644).
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::ReadOther |
                                                QFileDevice::WriteGroup | QFileDevice::WriteOther;
        QCOMPARE(QFile::permissions(dir.filePath("manifest.json")) & others, QFileDevice::Permissions());
        QVERIFY(QFile::setPermissions(dir.filePath("manifest.json"), QFileDevice::ReadOwner |
                                                                         QFileDevice::WriteOwner |
                                                                         QFileDevice::ReadOther));
        api::writeExportListing(dir.path().toStdString(), "kept releases", false);
        QCOMPARE(QFile::permissions(dir.filePath("manifest.json")) & others, QFileDevice::Permissions());
    }

    void recognisesAndReplacesAnEarlierExport() {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        QCOMPARE(api::inspectExportTarget(d).kind, api::ExportTargetKind::Empty);
        QCOMPARE(api::inspectExportTarget(d + "/new/folder").kind, api::ExportTargetKind::Empty);
        writeFile(dir.filePath("releases/a/eps1/step-0001.csv"), "x\n1\n");
        writeFile(dir.filePath("summary.json"), "{}");
        api::writeExportListing(d, "latest releases", true);
        const api::ExportTarget target = api::inspectExportTarget(d);
        QCOMPARE(target.kind, api::ExportTargetKind::PreviousExport);
        QCOMPARE(target.exportKind, std::string("latest releases"));
        QCOMPARE(target.files, 3);
        api::removePreviousExport(d);
        QVERIFY(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());
        QCOMPARE(api::inspectExportTarget(d).kind, api::ExportTargetKind::Empty);
    }

    void neverTouchesForeignFiles() {
        QTemporaryDir dir;
        const std::string d = dir.path().toStdString();
        writeFile(dir.filePath("releases/a/eps1/step-0001.csv"), "x\n1\n");
        api::writeExportListing(d, "latest releases", true);
        writeFile(dir.filePath("notes.txt"), "the steward's own file");
        api::ExportTarget target = api::inspectExportTarget(d);
        QCOMPARE(target.kind, api::ExportTargetKind::Foreign);
        QCOMPARE(target.unlisted, std::vector<std::string>{"notes.txt"});
        QVERIFY_THROWS_EXCEPTION(Error, api::removePreviousExport(d));
        QVERIFY(QFile::exists(dir.filePath("notes.txt")));
        QVERIFY(QFile::exists(dir.filePath("releases/a/eps1/step-0001.csv")));
        // A folder of someone else's files without any manifest.
        QTemporaryDir other;
        writeFile(other.filePath("data.csv"), "private");
        QCOMPARE(api::inspectExportTarget(other.path().toStdString()).kind, api::ExportTargetKind::Foreign);
    }

    void aManifestCannotPointOutsideItsFolder() {
        QTemporaryDir outer;
        writeFile(outer.filePath("victim.txt"), "keep me");
        const QString inner = outer.filePath("export");
        QJsonObject m{{"software", "StreamSynth"},
                      {"files", QJsonArray{QJsonObject{{"path", "../victim.txt"}}}}};
        writeFile(inner + "/manifest.json", QJsonDocument(m).toJson());
        QCOMPARE(api::inspectExportTarget(inner.toStdString()).kind, api::ExportTargetKind::Foreign);
        QVERIFY_THROWS_EXCEPTION(Error, api::removePreviousExport(inner.toStdString()));
        QVERIFY(QFile::exists(outer.filePath("victim.txt")));
    }
};

QTEST_GUILESS_MAIN(TestExportFolder)
#include "test_export_folder.moc"
