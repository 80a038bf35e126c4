// The open stream in the data and experiment panels (stream_panels.h).
#include "ui/import/stream_panels.h"

#include <QList>
#include <QStringList>

#include "core/api/workbench.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/import/data_panel.h"

namespace streamsynth::ui {

void showStreamPanels(const api::StreamSummary& summary, DataPanel& data, ExperimentPanel& experiment) {
    data.showSummary(summary);
    QStringList names;
    QList<int> sizes;
    for (const api::AttributeSummary& a : summary.attributes) {
        names << QString::fromStdString(a.name);
        sizes << a.size;
    }
    experiment.setStream(names, sizes, summary.steps);
}

}  // namespace streamsynth::ui
