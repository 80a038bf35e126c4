// The release-mode GUI suites' stream: baseline only, k = 2, 20 fit
// iterations, ε = 1, release mode ticked, over the bundled Adult stream in
// batches of 25,000 rows (2 steps), set through the window as a user would.
#pragma once

#include <QCheckBox>
#include <QLineEdit>
#include <QSpinBox>

#include "core/api/workbench.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/window/main_window.h"

namespace streamsynth::test {

inline bool prepareReleaseModeRun(ui::MainWindow& window) {
    if (!window.openBundledAdult()) return false;
    data::StreamSettings s;
    s.batch = data::BatchSettings{25000, data::BatchOrder::Random};
    window.workbench().setStreamSettings(s, 1);
    if (!window.refreshSummary()) return false;
    ui::ExperimentPanel* panel = window.experimentPanel();
    panel->selectSeries({"baseline"});
    panel->epsilonEdit()->setText("1");
    panel->roundsSpin()->setValue(2);
    panel->fitIterationsSpin()->setValue(20);
    panel->releaseModeCheck()->setChecked(true);
    return panel->isValid();
}

}  // namespace streamsynth::test
