// The output rule in the GUI (docs/bad-inputs.md "One rule for every
// output"): saving a session or exporting a release never writes through a
// symbolic link and never over the table the window has open; the link's
// target and the table stay byte for byte as they were, and the window says
// why in the steward's words.
#include <QFile>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/workbench.h"
#include "core/values/input_file.h"
#include "support/adult_rows.h"
#include "support/fast_experiment.h"
#include "support/test_data.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {
QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

// The newest warning the window showed (showWarningLater), or "".
QString shownWarning(const ui::MainWindow& window) {
    const auto boxes = window.findChildren<QMessageBox*>(QStringLiteral("sessionMessage"));
    return boxes.isEmpty() ? QString() : boxes.last()->text();
}
}  // namespace

class TestOutputRule : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("StreamSynthTest");
        // As app/gui_main.cpp does: every file the window reads is remembered as an input.
        guardInputsOfThisProcess();
        QVERIFY(dir_.isValid());
        table_ = test::writeAdultRows(dir_, "table.csv", 20000);
        QVERIFY(!table_.isEmpty());
        outside_ = dir_.filePath("outside.txt");
        QFile f(outside_);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("the steward's own file\n") > 0);
    }

    void sessionNeverWrittenThroughALinkOrOverTheTable() {
        ui::MainWindow window;
        window.show();
        QVERIFY(run(window));
        const QByteArray before = contents(outside_), table = contents(table_);
        const QString link = dir_.filePath("linked.session");
        QVERIFY(QFile::link(outside_, link));
        QVERIFY(!window.saveSession(link));
        QCOMPARE(contents(outside_), before);
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY2(shownWarning(window).contains(QStringLiteral("symbolic link")),
                 qPrintable(shownWarning(window)));
        QVERIFY(!window.saveSession(table_));
        QCOMPARE(contents(table_), table);
        QVERIFY(window.saveSession(dir_.filePath("fine.session")));  // the window still works
    }

    void releaseNeverExportedThroughALink() {
        ui::MainWindow window;
        window.show();
        QVERIFY(run(window));
        const QByteArray before = contents(outside_);
        const QString link = dir_.filePath("linked.csv");
        QVERIFY(QFile::link(outside_, link));
        QVERIFY(!window.exportRelease(QStringLiteral("baseline"), link));
        QCOMPARE(contents(outside_), before);
        QVERIFY2(shownWarning(window).contains(QStringLiteral("symbolic link")),
                 qPrintable(shownWarning(window)));
    }

private:
    // Two batches of 10,000 rows of the table, the suites' fast experiment.
    bool run(ui::MainWindow& window) {
        api::OpenOptions o;
        o.schemaPath = test::dataPath("adult-domain.json");
        try {
            window.workbench().open(table_.toStdString(), o);
        } catch (const std::exception& e) {
            qWarning("the table cannot be opened: %s", e.what());
            return false;
        }
        data::StreamSettings s;
        s.batch = data::BatchSettings{10000, data::BatchOrder::Random};
        window.workbench().setStreamSettings(s, 1);
        if (!window.refreshSummary()) return false;
        test::fastExperiment(window);
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        return window.startRun() && ended.wait(180000);
    }

    QTemporaryDir dir_;
    QString table_, outside_;
};

QTEST_MAIN(TestOutputRule)
#include "test_output_rule.moc"
