// Column headers can be read, never only "…": after a short run in a
// 1280x800 window, every table and tree of the window (Releases and its
// preview, the selections, the ledger, ...), the import dialog's preview and
// column grid and the target-accuracy table are checked section by section:
// a section that is not stretched is at least as wide as its text, and
// hovering any section (a real tooltip event on the header) shows its full
// text. A section narrowed by the user still shows it on hover.
#include <QApplication>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLineEdit>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableWidget>
#include <QToolTip>
#include <QtTest>

#include "core/api/workbench.h"
#include "support/fast_experiment.h"
#include "support/test_data.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/target_accuracy_dialog.h"
#include "ui/import/import_dialog.h"
#include "ui/releases/releases_view.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {

// Brings w forward in every stack (tab) that holds it.
void bringForward(QWidget* w) {
    for (QWidget* child = w; child && child->parentWidget(); child = child->parentWidget())
        if (auto* stack = qobject_cast<QStackedWidget*>(child->parentWidget()))
            stack->setCurrentWidget(child);
    QCoreApplication::processEvents();
}

// The tooltip a hover over section s of header shows ("" when none).
QString hoverText(QHeaderView* header, int s) {
    header->setOffsetToSectionPosition(header->visualIndex(s));
    const QPoint at(header->sectionViewportPosition(s) + header->sectionSize(s) / 2, header->height() / 2);
    QHelpEvent event(QEvent::ToolTip, at, header->viewport()->mapToGlobal(at));
    QApplication::sendEvent(header->viewport(), &event);
    const QString shown = QToolTip::isVisible() ? QToolTip::text() : QString();
    QToolTip::hideText();
    header->setOffset(0);
    return shown;
}

// Every horizontal header of top, section by section: the failures in words ("" when none).
QString unreadableHeaders(QWidget* top, int* checked) {
    QStringList out;
    for (QHeaderView* header : top->findChildren<QHeaderView*>()) {
        if (header->orientation() != Qt::Horizontal || !header->model() || header->isHidden()) continue;
        bringForward(header);
        const QString where = header->parentWidget()->objectName() + QLatin1Char('/') +
                              QLatin1String(header->parentWidget()->metaObject()->className());
        if (!header->isVisible()) {
            out << where + QStringLiteral(": header not shown");
            continue;
        }
        for (int s = 0; s < header->count(); ++s) {
            const QString text = header->model()->headerData(s, Qt::Horizontal).toString();
            if (header->isSectionHidden(s) || text.isEmpty()) continue;
            ++*checked;
            const bool stretched = header->sectionResizeMode(s) == QHeaderView::Stretch ||
                                   (s == header->count() - 1 && header->stretchLastSection());
            if (!stretched && header->sectionSize(s) < header->sectionSizeHint(s))
                out << QStringLiteral("%1 '%2': %3 px for %4 px of text")
                           .arg(where, text)
                           .arg(header->sectionSize(s))
                           .arg(header->sectionSizeHint(s));
            const QString tip = hoverText(header, s);
            if (!tip.contains(text)) out << QStringLiteral("%1 '%2': hover shows '%3'").arg(where, text, tip);
        }
    }
    return out.join(QLatin1Char('\n'));
}

}  // namespace

class TestReadableHeaders : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void windowAfterARun() {
        ui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openBundledAdult());
        data::StreamSettings settings;
        settings.batch = data::BatchSettings{10000, data::BatchOrder::Random};
        window.workbench().setStreamSettings(settings, 1);
        QVERIFY(window.refreshSummary());
        test::fastExperiment(window);
        QSignalSpy ended(&window, &ui::MainWindow::runEnded);
        QVERIFY(window.startRun());
        QVERIFY(ended.wait(180000));
        QVERIFY(window.releasesView()->selectRelease({QStringLiteral("proposed-simple"), 2}));
        int checked = 0;
        const QString failures = unreadableHeaders(&window, &checked);
        QVERIFY2(failures.isEmpty(), qPrintable(failures));
        // releases and ledger (a batched stream's Period column hidden in both), preview, selections
        QVERIFY2(checked >= 6 + 14 + 3 + 6, qPrintable(QString::number(checked)));
        QVERIFY(window.releasesView()->tableView()->isColumnHidden(2));  // "batch N" is the step again

        // A section the user narrows still tells its full text on hover.
        QHeaderView* releases = window.releasesView()->tableView()->horizontalHeader();
        bringForward(releases);
        releases->resizeSection(3, 12);
        QVERIFY(hoverText(releases, 3).contains(QStringLiteral("Rows released")));
    }

    void importDialog() {
        api::Workbench workbench;
        workbench.open(test::dataPath("movies.csv"));
        ui::ImportDialog dialog(workbench, test::dataFile("movies.csv"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        int checked = 0;
        const QString failures = unreadableHeaders(&dialog, &checked);
        QVERIFY2(failures.isEmpty(), qPrintable(failures));
        QCOMPARE(checked, 16 + 7);  // the file's 16 columns, the grid's 7
    }

    void targetAccuracyTable() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        ui::TargetAccuracyDialog dialog(window.experimentPanel()->planContext());
        dialog.boundEdit()->setText(QStringLiteral("2"));
        dialog.probabilityEdit()->setText(QStringLiteral("0.9"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.errorTable()->rowCount() > 0);
        int checked = 0;
        const QString failures = unreadableHeaders(&dialog, &checked);
        QVERIFY2(failures.isEmpty(), qPrintable(failures));
        QCOMPARE(checked, 5);
    }
};

QTEST_MAIN(TestReadableHeaders)
#include "test_readable_headers.moc"
