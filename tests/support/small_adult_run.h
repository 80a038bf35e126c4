// The GUI suites' small run from the window: the bundled Adult stream in
// batches of 10,000 (5 steps), 2 rounds over three 2-way workloads, the given
// series and fit iterations (the budget and model are the suite's own).
#pragma once

#include <QSpinBox>
#include <QStringList>

#include "core/api/workbench.h"
#include "core/values/stream_settings.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/window/main_window.h"

namespace streamsynth::test {

// Opens the bundled Adult stream in 5 steps; false when it does not open.
inline bool openAdultInFiveSteps(ui::MainWindow& window) {
    if (!window.openBundledAdult()) return false;
    data::StreamSettings settings;
    settings.batch = data::BatchSettings{10000, data::BatchOrder::Random};
    window.workbench().setStreamSettings(settings, 1);
    return window.refreshSummary();
}

inline void chooseSmallExperiment(ui::ExperimentPanel* panel, const QStringList& series, int fitIterations) {
    panel->selectSeries(series);
    panel->roundsSpin()->setValue(2);
    panel->fitIterationsSpin()->setValue(fitIterations);
    panel->setWorkloadMode(0);
    panel->setCheckedWorkloads({{"age", "sex"}, {"race", "sex"}, {"education-num", "income>50K"}});
}

}  // namespace streamsynth::test
