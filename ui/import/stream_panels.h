// What the data and experiment panels show of the open stream: its summary in
// the data panel, its attribute names, domain sizes and steps in the
// experiment panel (the workload dialog and the model-size check read them).
// Shared by opening a table and by a coarsening that changed the domain.
#pragma once

namespace streamsynth::api {
struct StreamSummary;
}

namespace streamsynth::ui {

class DataPanel;
class ExperimentPanel;

void showStreamPanels(const api::StreamSummary& summary, DataPanel& data, ExperimentPanel& experiment);

}  // namespace streamsynth::ui
