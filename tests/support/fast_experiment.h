// The GUI suites' fast experiment: baseline + proposed simple at ε = 1,
// k = 2, 20 fit iterations, set through the experiment panel as a user would.
#pragma once

#include <QLineEdit>
#include <QSpinBox>
#include <QtTest>

#include "ui/experiment/experiment_panel.h"
#include "ui/window/main_window.h"

namespace streamsynth::test {

inline void fastExperiment(ui::MainWindow& window) {
    ui::ExperimentPanel* panel = window.experimentPanel();
    panel->selectSeries({"baseline", "simple"});
    panel->epsilonEdit()->setText("1");
    panel->roundsSpin()->setValue(2);
    panel->fitIterationsSpin()->setValue(20);
    QVERIFY2(panel->isValid(), qPrintable(panel->validationMessage()));
}

}  // namespace streamsynth::test
