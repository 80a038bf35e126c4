// Cutting a planned stream to its units' bounds (unit_steps.h).
#include "core/steps/unit_steps.h"

#include "core/steps/unit_bound.h"
#include "core/values/error.h"

namespace streamsynth::stream {

void requireTimeStepsForUnit(const data::StreamSettings& settings) {
    if (!settings.unit || !settings.batch) return;
    throw settingError("privacy-unit",
                       "a privacy unit needs steps by a time column (--time COL --period P): with batches, "
                       "adding or removing one unit's rows shifts every later batch boundary, so no bound on "
                       "its rows would hold");
}

UnitDrops unitDrops(const StepPlan& plan) {
    UnitDrops out;
    for (std::size_t t = 0; t < plan.unitDropped.size() && t < plan.rows.size(); ++t) {
        const long long dropped = plan.unitDropped[t];
        out.dropped += dropped;
        const double all = static_cast<double>(dropped) + static_cast<double>(plan.rows[t].size());
        const double share = all > 0 ? static_cast<double>(dropped) / all : 0.0;
        if (dropped > 0 && share > out.worstShare) {
            out.worstShare = share;
            out.worstStep = static_cast<int>(t + 1);
        }
    }
    return out;
}

void boundStepsByUnit(StepPlan& plan, const data::Table& table, const std::vector<std::string>& unitKeys,
                      const data::UnitSettings& unit, std::uint64_t seed) {
    data::validateUnitSettings(unit);
    if (unitKeys.size() != table.rowCount())
        throw inputError("the privacy unit's key column was not read for every row");
    UnitBounder bounder(unit.maxRows, unit.maxRowsPerStep, seed);
    plan.unitDropped.assign(plan.rows.size(), 0);
    for (std::size_t t = 0; t < plan.rows.size(); ++t) {
        std::vector<std::size_t>& rows = plan.rows[t];
        std::vector<std::string> keys;
        keys.reserve(rows.size());
        for (std::size_t r : rows) keys.push_back(unitKeys[r]);
        const StepBound b = bounder.apply(table.selectRows(rows), keys);
        std::vector<std::size_t> kept;
        kept.reserve(b.kept.size());
        for (std::size_t i : b.kept) kept.push_back(rows[i]);
        rows = std::move(kept);
        plan.unitDropped[t] = static_cast<long long>(b.droppedCount());
    }
    plan.unitBounded = true;
}

}  // namespace streamsynth::stream
