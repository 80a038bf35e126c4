// Rows per step of a stream (stream::stepSizeStats, core/steps/step_plan.h):
// private figures, for the steward's summary.
#pragma once

namespace streamsynth::stream {

// Rows per step: minimum, median (lower middle for an even count) and maximum; zeros when there are no steps.
struct StepSizeStats {
    long long min = 0, median = 0, max = 0;
};

}  // namespace streamsynth::stream
