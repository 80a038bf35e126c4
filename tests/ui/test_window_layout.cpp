// The window works from 1024x700 up (a 1280x800 laptop with a panel and a
// title bar included): its minimum size fits, and at 1024x700 and 1280x800
// the status bar, the toolbar's Run, the charts' and the Releases tab's
// export buttons and the experiment panel's scroll area are inside the
// window; the experiment panel scrolls instead of growing the window. Where
// it opens (window_placement.h): the frame inside the screen's available
// geometry on every screen size, a saved geometry only where it still fits
// (the real application on a real X server: ui_x11_test_window_fits).
#include <QAbstractButton>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QtTest>

#include "ui/charts/charts_view.h"
#include "ui/charts/counter_compare_view.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/releases/releases_view.h"
#include "ui/widgets/status_message.h"
#include "ui/window/main_window.h"
#include "ui/window/window_placement.h"

using namespace streamsynth;

namespace {

// The parts of the window that decide its minimum size, for a failure message.
QString minimumSizes(const ui::MainWindow& window) {
    QStringList out;
    for (QWidget* w : window.findChildren<QWidget*>()) {
        if (!w->isVisible() || w->parentWidget() == nullptr) continue;
        const QSize m = w->minimumSizeHint().expandedTo(w->minimumSize());
        if (m.height() > 300 || m.width() > 400 || w->parentWidget()->inherits("QStackedWidget"))
            out << QStringLiteral("%1 %2 %3x%4")
                       .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                       .arg(m.width())
                       .arg(m.height());
    }
    return out.join(QStringLiteral("; "));
}

// True when `w` is shown and lies wholly inside the window's client area.
bool insideWindow(const QWidget* window, const QWidget* w) {
    if (!w->isVisible()) return false;
    const QRect r(w->mapTo(window, QPoint(0, 0)), w->size());
    return window->rect().contains(r);
}

QAbstractButton* buttonNamed(QWidget* parent, const QString& text) {
    for (QAbstractButton* b : parent->findChildren<QAbstractButton*>())
        if (b->text() == text) return b;
    return nullptr;
}

}  // namespace

class TestWindowLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Issue 46, 7: a long message never runs under the permanent "not for publication" notice.
    void statusMessageKeepsClearOfTheNotice() {
        ui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString text =
            QStringLiteral("Exported 151 releases (12.4 MB) to ") + QString(200, QLatin1Char('x'));
        ui::showStatusMessage(&window, text, 15000);
        QStatusBar* bar = window.statusBar();
        const QString shown = bar->currentMessage();
        QVERIFY2(shown.endsWith(QChar(0x2026)) && shown.size() < text.size(), qPrintable(shown));
        QCOMPARE(bar->toolTip(), text);  // the whole text
        int notice = bar->width();
        for (QWidget* w : bar->findChildren<QWidget*>(QString::fromLatin1(ui::kStatusPermanent)))
            if (w->isVisible()) notice = std::min(notice, w->geometry().left());
        QVERIFY(notice < bar->width());
        QVERIFY2(QFontMetrics(bar->font()).horizontalAdvance(shown) < notice,
                 qPrintable(QStringLiteral("message %1 px, notice at %2")
                                .arg(QFontMetrics(bar->font()).horizontalAdvance(shown))
                                .arg(notice)));
    }

    void placementKeepsTheFrameOnScreen_data() {
        QTest::addColumn<QRect>("available");
        QTest::newRow("1024x700") << QRect(0, 0, 1024, 700);
        QTest::newRow("1280x800, top panel") << QRect(0, 28, 1280, 772);
        QTest::newRow("1366x768, left dock") << QRect(64, 0, 1302, 768);
        QTest::newRow("second screen 1920x1080") << QRect(1280, 0, 1920, 1080);
    }

    void placementKeepsTheFrameOnScreen() {
        QFETCH(QRect, available);
        const QMargins frame = ui::estimatedFrameMargins();
        const QSize minimum(900, 600);
        const QRect placed = ui::placedGeometry(available, ui::preferredWindowSize(), minimum, frame);
        QVERIFY2(ui::frameFits(placed, frame, available), qPrintable(QStringLiteral("%1x%2+%3+%4")
                                                                         .arg(placed.width())
                                                                         .arg(placed.height())
                                                                         .arg(placed.x())
                                                                         .arg(placed.y())));
        // As large as the screen allows, up to the preferred size, and centred.
        QCOMPARE(placed.width(), std::min(ui::preferredWindowSize().width(),
                                          available.width() - frame.left() - frame.right()));
        QCOMPARE(placed.height(), std::min(ui::preferredWindowSize().height(),
                                           available.height() - frame.top() - frame.bottom()));
        const QRect framed = placed.marginsAdded(frame);
        QVERIFY(std::abs((framed.left() - available.left()) - (available.right() - framed.right())) <= 1);
        // A geometry saved on a larger screen does not fit here; one placed here does.
        QVERIFY(
            !ui::frameFits(QRect(available.topLeft() + QPoint(10, 40), QSize(1360, 1100)), frame, available));
    }

    void minimumSizeFitsASmallScreen() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
        QVERIFY2(minimum.width() <= 1024 && minimum.height() <= 700,
                 qPrintable(QStringLiteral("minimum %1x%2; large parts: %3")
                                .arg(minimum.width())
                                .arg(minimum.height())
                                .arg(minimumSizes(window))));
    }

    void essentialsInsideTheWindow_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024x700") << QSize(1024, 700);
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void essentialsInsideTheWindow() {
        QFETCH(QSize, size);
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(50);
        QCOMPARE(window.size(), size);
        QVERIFY2(insideWindow(&window, window.statusBar()), "status bar");
        auto* toolbar = window.findChild<QToolBar*>();
        QVERIFY(toolbar);
        QVERIFY2(insideWindow(&window, toolbar->widgetForAction(window.runAction())), "Run");
        QAbstractButton* charts = buttonNamed(window.chartsView(), QStringLiteral("Export charts"));
        QVERIFY(charts);
        QVERIFY2(insideWindow(&window, charts), "Export charts");
        auto* tabs = qobject_cast<QTabWidget*>(window.releasesView()->parentWidget()->parentWidget());
        QVERIFY(tabs);
        tabs->setCurrentWidget(window.releasesView());
        QTest::qWait(20);
        for (const char* text : {"Export selected…", "Export all steps…"}) {
            QAbstractButton* b = buttonNamed(window.releasesView(), QString::fromUtf8(text));
            QVERIFY2(b, text);
            QVERIFY2(insideWindow(&window, b), text);
        }
        // The experiment panel scrolls inside the window rather than pushing it taller.
        QScrollArea* area = nullptr;
        for (QWidget* p = window.experimentPanel()->parentWidget(); p && !area; p = p->parentWidget())
            area = qobject_cast<QScrollArea*>(p);
        QVERIFY(area);
        QVERIFY2(insideWindow(&window, area), "experiment panel");
        QVERIFY(area->width() >= window.experimentPanel()->minimumSizeHint().width());
        if (size.height() <= 700) QVERIFY(area->verticalScrollBar()->maximum() > 0);

        // The Counters tab: a budget field wide enough for "0.000125", its explanation not cut.
        tabs->setCurrentIndex(4);
        QCOMPARE(tabs->tabText(tabs->currentIndex()), QString("Counters"));
        QTest::qWait(20);
        ui::CounterCompareView* counters = window.counterView();
        QLineEdit* budget = counters->privacySelector()->budgetEdit();
        QVERIFY2(budget->width() >= budget->fontMetrics().horizontalAdvance("0.000125"),
                 qPrintable(QString::number(budget->width())));
        QLabel* explanation = counters->messageLabel();
        QVERIFY(explanation->isVisible());
        QVERIFY2(explanation->height() >= explanation->heightForWidth(explanation->width()),
                 qPrintable(QStringLiteral("%1 < %2")
                                .arg(explanation->height())
                                .arg(explanation->heightForWidth(explanation->width()))));
    }
};

QTEST_MAIN(TestWindowLayout)
#include "test_window_layout.moc"
