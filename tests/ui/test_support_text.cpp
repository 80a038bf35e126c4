// The support check's findings in a steward's words (ui/experiment/
// support_text.h): a 1-way counter fed once per block of batches
// (stream/tracked_blocks.h) is said to be counted once every B batches, since
// its noise is one block's, not one batch's; one fed at every step is not.
#include <QtTest>

#include "core/api/support.h"
#include "ui/experiment/support_text.h"

using namespace streamsynth;

class TestSupportText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countersFedInBlocksSaySo() {
        api::SupportFinding f;
        f.attribute = "age";
        f.cells = 85;
        f.rowsPerCell = 0.59;
        f.noisePerCell = 23;
        f.stepsNeeded = 2000;
        f.steps = 977;
        f.blockSteps = 23;
        QStringList lines = ui::supportText({f}, QStringLiteral("batch"));
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].contains("'age' cannot be learnt on this stream") &&
                     lines[0].contains("(85 cells, counted once every 23 batches)"),
                 qPrintable(lines[0]));
        f.blockSteps = 1;
        lines = ui::supportText({f}, QStringLiteral("batch"));
        QVERIFY2(lines[0].contains("(85 cells)") && !lines[0].contains("counted once"), qPrintable(lines[0]));
    }
};

QTEST_MAIN(TestSupportText)
#include "test_support_text.moc"
