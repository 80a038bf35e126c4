// Exports that never mix or overwrite silently (issue #13 item 3;
// ui/releases/export_controller.h): into an empty folder at once, with manifest.json
// listing every file and its SHA-256 and a notice saying what was written;
// into a folder holding an earlier export only after a question (choosing
// another folder leaves it untouched; replacing removes the earlier files
// first, so the old dataset's CSVs never stay beside the new ones); never
// into a folder of other files; the folder proposed under the documents,
// not beside the data, a new folder typed by name; seeded releases only
// after a confirmation naming them not for publication. Offscreen.
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/workbench.h"
#include "support/modal_answer.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/releases/export_controller.h"
#include "ui/releases/export_folder_dialog.h"
#include "ui/releases/releases_view.h"
#include "ui/run/run_controller.h"
#include "ui/window/document_controller.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {
bool runAdult(ui::MainWindow& window, const QStringList& series) {
    if (!window.openBundledAdult()) return false;
    data::StreamSettings s;
    s.batch = data::BatchSettings{25000, data::BatchOrder::Random};
    window.workbench().setStreamSettings(s, 1);
    if (!window.refreshSummary()) return false;
    ui::ExperimentPanel* panel = window.experimentPanel();
    panel->selectSeries(series);
    panel->epsilonEdit()->setText("1");
    panel->roundsSpin()->setValue(2);
    panel->fitIterationsSpin()->setValue(20);
    QSignalSpy ended(&window, &ui::MainWindow::runEnded);
    return window.startRun() && ended.wait(180000);
}

QStringList filesUnder(const QString& dir) {
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

QByteArray sha256(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

void closeNotices(ui::MainWindow& window) {
    for (QMessageBox* box : window.findChildren<QMessageBox*>(QStringLiteral("exportDone"))) box->close();
    QCoreApplication::processEvents();
}
}  // namespace

class TestExports : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("StreamSynthExports");
        QVERIFY(dir_.isValid());
    }

    void everyFileListedWithItsHash() {
        ui::MainWindow window;
        window.show();
        QVERIFY(runAdult(window, {"baseline", "simple"}));
        const QString out = dir_.filePath("first");
        QVERIFY(window.exportResults(out));
        QFile file(out + "/manifest.json");
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject manifest = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(manifest.value("publishable").toBool(true), false);
        QStringList listed;
        for (const QJsonValue& v : manifest.value("files").toArray()) {
            const QJsonObject f = v.toObject();
            listed << f.value("path").toString();
            QCOMPARE(f.value("sha256").toString().toLatin1(), sha256(out + "/" + f.value("path").toString()));
        }
        QStringList expected = filesUnder(out);
        expected.removeAll("manifest.json");
        QCOMPARE(listed, expected);
        QVERIFY(listed.contains("releases/proposed-simple/eps1/step-0002.csv"));
        QVERIFY(listed.contains("metrics.csv"));
        // The notice says what was written.
        auto* notice = window.findChild<QMessageBox*>(QStringLiteral("exportDone"));
        QVERIFY(notice);
        QVERIFY(notice->isVisible());
        QVERIFY2(notice->text().contains("SHA-256") && notice->text().contains("not for publication"),
                 qPrintable(notice->text()));
        QVERIFY(window.exportController()->lastMessage().contains(QString::number(expected.size())));
    }

    void anEarlierExportIsReplacedOnlyWhenAsked() {
        const QString out = dir_.filePath("again");
        {
            ui::MainWindow window;
            window.show();
            QVERIFY(runAdult(window, {"baseline", "hybrid"}));
            QVERIFY(window.exportResults(out));
        }
        const QByteArray before = sha256(out + "/manifest.json");
        QVERIFY(QFileInfo::exists(out + "/releases/proposed-hybrid/eps1/step-0002.csv"));
        ui::MainWindow window;
        window.show();
        QVERIFY(runAdult(window, {"baseline", "simple"}));
        // "Choose another folder": nothing is written here.
        {
            test::ModalAnswer other("exportReplaceQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
            QVERIFY(!window.exportResults(out));
            QVERIFY(other.answered());
            QVERIFY(other.text().contains("earlier export"));
            QCOMPARE(sha256(out + "/manifest.json"), before);
            QVERIFY(!QFileInfo::exists(out + "/releases/proposed-simple"));
        }
        // "Replace this export": the earlier files go first; the folder holds the new export only.
        test::ModalAnswer replace("exportReplaceQuestion", [](QWidget* w) { test::clickAnswer(w, 0); });
        QVERIFY(window.exportResults(out));
        QVERIFY(replace.answered());
        QVERIFY(!QFileInfo::exists(out + "/releases/proposed-hybrid"));  // no stale CSVs of the earlier run
        QVERIFY(QFileInfo::exists(out + "/releases/proposed-simple/eps1/step-0002.csv"));
        QVERIFY(sha256(out + "/manifest.json") != before);
    }

    void foreignFilesAreNeverMixedWith() {
        ui::MainWindow window;
        window.show();
        QVERIFY(runAdult(window, {"baseline"}));
        const QString out = dir_.filePath("foreign");
        QDir().mkpath(out);
        QFile mine(out + "/notes.txt");
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("the steward's own notes");
        mine.close();
        test::ModalAnswer refused("exportForeignQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
        QVERIFY(!window.exportResults(out));
        QVERIFY(refused.answered());
        QVERIFY(refused.text().contains("notes.txt"));
        QCOMPARE(filesUnder(out), QStringList{"notes.txt"});
        // Kept releases (the Releases tab) too.
        test::ModalAnswer again("exportForeignQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
        QVERIFY(!window.exportReleases(window.releasesView()->stepsOf("baseline"), out));
        QVERIFY(again.answered());
        QCOMPARE(filesUnder(out), QStringList{"notes.txt"});
    }

    void seededReleasesNeedAConfirmationAndANewFolderCanBeTyped() {
        ui::MainWindow window;
        window.show();
        QVERIFY(runAdult(window, {"baseline"}));
        // Declined: nothing asked further, nothing written.
        {
            test::ModalAnswer no("seededExportQuestion", [](QWidget* w) { test::clickAnswer(w, 1); });
            QVERIFY(!window.exportController()->exportResultsInteractive());
            QVERIFY(no.answered());
            QVERIFY(no.text().contains("not for publication"));
        }
        const QString typed = dir_.filePath("typed/new folder");
        QSettings().remove("exports/root");  // nothing remembered yet: the documents folder
        QString proposed;
        test::ModalAnswer yes("seededExportQuestion", [](QWidget* w) { test::clickAnswer(w, 0); });
        test::ModalAnswer where("exportFolderDialog", [&](QWidget* w) {
            auto* d = qobject_cast<ui::ExportFolderDialog*>(w);
            proposed = d->folder();
            d->folderEdit()->setText(typed);
            d->accept();
        });
        QVERIFY(window.exportController()->exportResultsInteractive());
        QVERIFY(yes.answered());
        QVERIFY(where.answered());
        QVERIFY(QFileInfo::exists(typed + "/releases/baseline/eps1/step-0002.csv"));
        // Proposed under the documents folder, never beside the private data.
        const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QVERIFY2(proposed.startsWith(docs), qPrintable(proposed));
        QVERIFY(!proposed.startsWith(QFileInfo(window.documentController()->path()).absolutePath() + "/"));
        // The place is remembered: the next proposal is beside the folder just used.
        QCOMPARE(ui::exportsRoot(), QFileInfo(typed).absolutePath());
        closeNotices(window);
    }

    void theRememberedPlaceIsNeverTheDataFolder() {
        const QString data = dir_.filePath("data");
        QDir().mkpath(data);
        ui::rememberExportsRoot(data + "/export");  // remembers `data`
        QCOMPARE(ui::exportsRoot(), data);
        QVERIFY(ui::exportsRoot(data) != data);
        QVERIFY(ui::suggestedExportFolder("movies.csv", "results", data)
                    .startsWith(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)));
        // Named for the stream, not for its file's kind (a GUI walkthrough of 2026-12-01 was
        // offered "session-adult.session-releases-…").
        const QString name =
            QFileInfo(ui::suggestedExportFolder("session adult.session", "releases")).fileName();
        QVERIFY2(name.startsWith("session-adult-releases-"), qPrintable(name));
        QVERIFY(QFileInfo(ui::suggestedExportFolder("movies.csv", "results"))
                    .fileName()
                    .startsWith("movies-results-"));
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestExports)
#include "test_exports.moc"
