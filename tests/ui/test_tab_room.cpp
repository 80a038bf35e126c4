// TabRoom (ui/window/tab_room.h): on a short screen a chart tab chosen under
// the charts gets the height its page needs, the charts scroll meanwhile and
// get their height back when a small tab is chosen again, unless the steward
// moved the splitter in between.
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtTest>

#include "ui/window/tab_room.h"

using namespace streamsynth;

namespace {

struct Desk {
    QSplitter splitter{Qt::Vertical};
    QLabel* charts = new QLabel(QStringLiteral("charts"));
    QTabWidget* tabs = new QTabWidget();
    QLabel* tall = new QLabel(QStringLiteral("a chart tab"));
    Desk() {
        charts->setMinimumHeight(380);  // the charts' own minimum, as in the window
        tall->setMinimumHeight(300);
        tabs->addTab(new QLabel(QStringLiteral("releases")), QStringLiteral("Releases"));
        auto* scroll = new QScrollArea();
        scroll->setWidget(tall);
        scroll->setWidgetResizable(true);
        tabs->addTab(scroll, QStringLiteral("True vs synthetic"));
        splitter.addWidget(charts);
        splitter.addWidget(tabs);
        splitter.setCollapsible(0, false);
        new ui::TabRoom(&splitter, tabs);
        splitter.resize(500, 520);
        splitter.show();
        splitter.setSizes({390, 130});
    }
};

}  // namespace

class TestTabRoom : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chartTabTakesRoomAndGivesItBack() {
        Desk d;
        QVERIFY(QTest::qWaitForWindowExposed(&d.splitter));
        const QList<int> before = d.splitter.sizes();
        QVERIFY2(before[1] < 200, qPrintable(QString::number(before[1])));
        d.tabs->setCurrentIndex(1);
        QVERIFY2(d.splitter.sizes()[1] >= 300, qPrintable(QString::number(d.splitter.sizes()[1])));
        QVERIFY2(d.splitter.sizes()[0] >= 150, "the charts keep a strip");
        d.tabs->setCurrentIndex(0);
        QCOMPARE(d.splitter.sizes(), before);
        QCOMPARE(d.charts->minimumHeight(), 380);
    }

    // The Counters tab's legend appears after Compare: the page grows while shown.
    void aPageThatGrowsWhileShownGetsItsRoom() {
        Desk d;
        auto* page = new QWidget();
        auto* layout = new QVBoxLayout(page);
        auto* plot = new QWidget();
        plot->setMinimumHeight(230);
        auto* legend = new QWidget();
        legend->setMinimumHeight(60);
        legend->hide();
        layout->addWidget(plot);
        layout->addWidget(legend);
        auto* scroll = new QScrollArea();
        scroll->setWidget(page);
        scroll->setWidgetResizable(true);
        d.tabs->addTab(scroll, QStringLiteral("Counters"));
        QVERIFY(QTest::qWaitForWindowExposed(&d.splitter));
        const QList<int> before = d.splitter.sizes();
        d.tabs->setCurrentIndex(2);
        const int first = d.splitter.sizes()[1];
        QVERIFY2(first >= 250 && first < 300, qPrintable(QString::number(first)));
        legend->show();
        QTRY_VERIFY2(d.splitter.sizes()[1] >= first + 60, qPrintable(QString::number(d.splitter.sizes()[1])));
        d.tabs->setCurrentIndex(0);
        QCOMPARE(d.splitter.sizes(), before);  // the room made twice is given back once
    }

    // Wrapped text needs its height at the page's width, not its minimum hint's.
    void wrappedTextIsMeasuredAtThePagesWidth() {
        Desk d;
        auto* page = new QWidget();
        auto* layout = new QVBoxLayout(page);
        auto* note = new QLabel(QString(QStringLiteral("a note that wraps over many lines ")).repeated(40));
        note->setWordWrap(true);
        layout->addWidget(note);
        auto* scroll = new QScrollArea();
        scroll->setWidget(page);
        scroll->setWidgetResizable(true);
        d.tabs->addTab(scroll, QStringLiteral("Notes"));
        QVERIFY(QTest::qWaitForWindowExposed(&d.splitter));
        d.tabs->setCurrentIndex(2);
        const int wanted = note->heightForWidth(page->width());
        QVERIFY2(wanted > page->minimumSizeHint().height(), "the hint alone would not see the wrapping");
        QTRY_VERIFY2(d.splitter.sizes()[1] >= wanted, qPrintable(QString::number(d.splitter.sizes()[1])));
    }

    void aSplitterMovedByTheStewardStays() {
        Desk d;
        QVERIFY(QTest::qWaitForWindowExposed(&d.splitter));
        d.tabs->setCurrentIndex(1);
        const QList<int> moved{200, 320};
        d.splitter.setSizes(moved);
        const QList<int> now = d.splitter.sizes();
        d.tabs->setCurrentIndex(0);
        QCOMPARE(d.splitter.sizes(), now);
    }
};

QTEST_MAIN(TestTabRoom)
#include "test_tab_room.moc"
