// Folder checks in the GUI's words (ui/widgets/folder_problem.h): a file, a
// folder that cannot be made (/proc refuses everyone, root too), a folder
// that is not empty; a new folder passes and is not left behind by the check.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/widgets/folder_problem.h"

using namespace streamsynth;

class TestFolderProblem : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void foldersThatCannotTakeTheFiles() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(ui::writableFolderProblem(QString()).contains("Choose a folder"));
        const QString file = dir.filePath("table.csv");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QVERIFY(ui::writableFolderProblem(file).contains("is a file, not a folder"));
        QVERIFY(ui::writableFolderProblem(file + "/inside").contains("is a file, not a folder"));
        const QString proc = ui::writableFolderProblem("/proc/streamsynth-test/out");
        QVERIFY2(
            proc.contains("/proc/streamsynth-test/out cannot be created: /proc does not accept new folders"),
            qPrintable(proc));
        QVERIFY(ui::emptyFolderProblem("/proc").contains("not empty"));
        QVERIFY(ui::emptyFolderProblem(dir.path()).contains("is not empty"));
    }

    void aNewOrEmptyFolderPasses() {
        QTemporaryDir dir;
        const QString fresh = dir.filePath("releases/2026");
        QCOMPARE(ui::emptyFolderProblem(fresh), QString());
        QVERIFY(!QFileInfo::exists(dir.filePath("releases")));  // the probe removed what it made
        QVERIFY(QDir().mkpath(fresh));
        QCOMPARE(ui::emptyFolderProblem(fresh), QString());
        QFile lock(fresh + "/.streamsynth.lock");  // a refused run's lock only
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.close();
        QCOMPARE(ui::emptyFolderProblem(fresh), QString());
        QCOMPARE(ui::writableFolderProblem(dir.path()), QString());
    }
};

QTEST_MAIN(TestFolderProblem)
#include "test_folder_problem.moc"
