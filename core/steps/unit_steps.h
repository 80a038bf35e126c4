// A privacy unit's bound applied to a planned stream (issue 49): the one place
// where the rows of every step are cut to what core/steps/unit_bound.h's
// public rule keeps, before a step source, the coarsening's counts or any
// other read that reaches a mechanism sees them. Called by planSteps (a new
// stream) and by a session's continuation, which re-applies it from step 1
// because keys are never stored.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/steps/step_plan.h"
#include "core/values/stream_settings.h"
#include "core/values/table.h"

namespace streamsynth::stream {

// Keeps in plan.rows only the rows UnitBounder(m, K, seed) keeps, step by
// step in release order, and records the rows dropped per step in
// plan.unitDropped (a private diagnostic, like the metrics). table: the
// encoded rows plan.rows index; unitKeys[i]: row i's raw key text. Setting
// Error "privacy-unit" for a batched plan (adding or removing a unit would
// shift every later batch boundary) or an invalid unit; input Error when
// unitKeys does not hold one key per row.
void boundStepsByUnit(StepPlan& plan, const data::Table& table, const std::vector<std::string>& unitKeys,
                      const data::UnitSettings& unit, std::uint64_t seed);

// What a plan's unit bound left out: rows in all, and the step that lost the
// largest share of its rows (1-based; 0 when none was dropped). Private.
struct UnitDrops {
    long long dropped = 0;
    int worstStep = 0;
    double worstShare = 0;
};
UnitDrops unitDrops(const StepPlan& plan);

// Refuses unit-level privacy with batches (setting Error "privacy-unit").
void requireTimeStepsForUnit(const data::StreamSettings& settings);

}  // namespace streamsynth::stream
