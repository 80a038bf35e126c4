// What ExperimentPanel's .cpp files share (experiment_panel.cpp reads the
// workload choice, experiment_panel_rows.cpp builds it): the way_ data of
// the "checked list" choice.
#pragma once

namespace streamsynth::ui {

inline constexpr int kCheckedList = 0;  // way_ data of the "checked list" choice

}  // namespace streamsynth::ui
