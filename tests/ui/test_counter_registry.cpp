// Counters register themselves (issue 48): a counter kind the test registers
// (support/test_counter.h) appears in both GUI lists, the experiment panel's
// series chooser (label, tooltip, the counter text a run gets) and the
// Counters tab's comparison (a checkbox whose counter text is the kind's);
// the CLI's help is checked in tests/cli/test_counter_registry.cpp.
#include <QCheckBox>
#include <QSpinBox>
#include <QtTest>

#include "support/test_counter.h"
#include "ui/charts/counter_compare_view.h"
#include "ui/experiment/series_chooser.h"

using namespace streamsynth;

class TestCounterRegistry : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::registerTestCounter(); }

    void seriesChooserListsIt() {
        ui::SeriesChooser chooser;
        const QString name = QString::fromLatin1(test::kTestCounter);
        QCheckBox* box = chooser.box(name);
        QVERIFY2(box, "the series chooser has no row for the registered counter");
        QCOMPARE(box->text(), QStringLiteral("proposed · test echo"));
        QVERIFY(box->isEnabled());
        QVERIFY(box->toolTip().contains(QLatin1String("a test's own counter kind")));
        chooser.selectSeries({name});
        QCOMPARE(chooser.counterSpecs(), QStringList{name});
        QCOMPARE(chooser.seriesNames(), std::vector<std::string>{"proposed:test-echo"});
        // The built-ins keep their rows and their order around it.
        QVERIFY(chooser.box(QStringLiteral("elders")));
        QVERIFY(chooser.box(QStringLiteral("sqrt-unbounded")));
        // Tab goes from a row's check box to its fields (they were made first, and Tab
        // reached "K =" before the box: a GUI walkthrough of 2026-12-01).
        QWidget* next = chooser.box(QStringLiteral("elders"))->nextInFocusChain();
        while (next && next->focusPolicy() == Qt::NoFocus) next = next->nextInFocusChain();
        QVERIFY(next == chooser.eldersAritySpin() || chooser.eldersAritySpin()->isAncestorOf(next));
    }

    void counterComparisonListsIt() {
        ui::CounterCompareView view;
        const QString name = QString::fromLatin1(test::kTestCounter);
        QCheckBox* box = view.counterBox(name);
        QVERIFY2(box, "the counter comparison has no box for the registered counter");
        QVERIFY(box->isEnabled());
        // Named as in the Series panel ("proposed · test echo"), built-ins too.
        QCOMPARE(box->text(), QStringLiteral("test echo"));
        QCOMPARE(view.counterBox("elders")->text(), QStringLiteral("count on your elders"));
        box->setChecked(true);
        QVERIFY(view.chosenCounters().contains(name));
    }
};

QTEST_MAIN(TestCounterRegistry)
#include "test_counter_registry.moc"
