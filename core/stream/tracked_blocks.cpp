// Blocks of steps for the tracked counters (tracked_blocks.h).
#include "core/stream/tracked_blocks.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/stream/one_way_share.h"

namespace streamsynth::stream {

int trackedBlockSteps(double k, privacy::PrivacyModel model, double seriesBudget, double budget, double cells,
                      double publicRowsPerStep) {
    if (!(k > 0) || !(publicRowsPerStep > 0) || !(budget > 0) || !(cells > 0) || !(seriesBudget > 0))
        return 1;
    if (publicRowsPerStep * noiseEquivalentEpsilon(model, seriesBudget) > kBlocksMaxRowsTimesEpsilon)
        return 1;
    const double scale = 1.0 / noiseEquivalentEpsilon(model, budget);
    const double steps = std::ceil(k * scale * cells / publicRowsPerStep);
    if (!(steps > 1)) return 1;
    return steps >= static_cast<double>(std::numeric_limits<int>::max()) ? std::numeric_limits<int>::max()
                                                                         : static_cast<int>(steps);
}

privacy::UnitBound blockUnitBound(const privacy::UnitBound& unit, int blockSteps) {
    if (blockSteps <= 1) return unit;
    privacy::UnitBound out = unit;
    const double perFeed = static_cast<double>(unit.maxRowsPerStep) * static_cast<double>(blockSteps);
    out.maxRowsPerStep =
        perFeed >= static_cast<double>(unit.maxRows) ? unit.maxRows : static_cast<long long>(perFeed);
    return out;
}

}  // namespace streamsynth::stream
