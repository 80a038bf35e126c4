// Fit engines register themselves (issue 48): an engine kind the test
// registers (support/test_fit_engine.h) appears in the experiment panel's
// chooser with its words, and a run from the panel gets its name; the
// CLI's help is checked in tests/cli/test_counter_registry.cpp.
#include <QComboBox>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include "support/test_fit_engine.h"
#include "ui/experiment/experiment_panel.h"

using namespace streamsynth;

class TestFitEngineRegistry : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTestFitEngines");
        QCoreApplication::setApplicationName("StreamSynthTestFitEngines");
        QSettings().clear();
        test::registerTestFitEngine();
    }
    void cleanupTestCase() { QSettings().clear(); }

    void theChooserListsIt() {
        ui::ExperimentPanel panel;
        QComboBox* box = panel.fitEngineCombo();
        QVERIFY(box);
        QCOMPARE(box->itemData(0).toString(), QStringLiteral("pgm"));  // the default first
        QCOMPARE(box->itemData(1).toString(), QStringLiteral("mw"));
        const int i = box->findData(QString::fromLatin1(test::kTestFitEngine));
        QVERIFY2(i >= 0, "the fit engine chooser has no row for the registered engine");
        QCOMPARE(box->itemText(i), QStringLiteral("test engine"));
        QVERIFY(
            box->itemData(i, Qt::ToolTipRole).toString().contains(QLatin1String("a test's own fit engine")));
        box->setCurrentIndex(i);
        QCOMPARE(panel.runConfig().fitEngine, std::string(test::kTestFitEngine));
    }

    // The choice is kept by name, so a list that grows or shrinks between
    // launches restores the same engine, or the default when it is gone.
    void theChoiceIsKeptByName() {
        ui::ExperimentPanel panel;
        panel.fitEngineCombo()->setCurrentIndex(
            panel.fitEngineCombo()->findData(QString::fromLatin1(test::kTestFitEngine)));
        panel.saveSettings();
        QCOMPARE(QSettings().value(QStringLiteral("experiment/fitEngine")).toString(),
                 QString::fromLatin1(test::kTestFitEngine));
        ui::ExperimentPanel restored;
        restored.loadSettings();
        QCOMPARE(restored.runConfig().fitEngine, std::string(test::kTestFitEngine));
        QSettings().setValue(QStringLiteral("experiment/fitEngine"), QStringLiteral("gone"));
        ui::ExperimentPanel fallback;
        fallback.loadSettings();
        QCOMPARE(fallback.runConfig().fitEngine, std::string("pgm"));
    }
};

QTEST_MAIN(TestFitEngineRegistry)
#include "test_fit_engine_registry.moc"
