// The segment rule of parallel_kernels.h. The bound on the partial sums
// keeps one thread's cost of splitting small: clearing and adding a
// segment's partial sums touches (segments − 1) · sinkCells cells against
// the several kernels run on each of the walk's cells.
#include "core/pgm/parallel_kernels.h"

#include <algorithm>

#include "core/pgm/factor.h"

namespace streamsynth::pgm {

std::size_t passSegments(std::size_t cells, std::size_t unit, std::size_t sinkCells) {
    std::size_t s = 1;
    while (2 * s <= kMaxSegments && cells / (2 * s) >= kParallelMinCells && cells / unit >= 2 * s &&
           8 * sinkCells * (2 * s - 1) <= cells)
        s *= 2;
    return s;
}

SinkSplit sinkSplit(const BlockMap& map, std::size_t sinkCells, std::size_t unit, std::size_t segs) {
    SinkSplit split;
    if (segs < 2 || unit == 0 || unit % map.block != 0 || map.start.size() * map.block != map.cells)
        return split;
    const std::size_t units = map.cells / unit;
    const std::size_t reach = map.collapse ? 1 : map.block;
    std::size_t lastEnd = 0;
    split.from.reserve(segs + 1);
    for (std::size_t s = 0; s < segs; ++s) {
        const std::size_t j0 = splitPoint(units, segs, s) * unit / map.block;
        const std::size_t j1 = splitPoint(units, segs, s + 1) * unit / map.block;
        if (j0 == j1) return {};
        std::size_t lo = sinkCells, hi = 0;
        for (std::size_t j = j0; j < j1; ++j) {
            const auto first = static_cast<std::size_t>(map.start[j]);
            lo = std::min(lo, first);
            hi = std::max(hi, first + reach);
        }
        if (hi > sinkCells || (s > 0 && lo < lastEnd)) return {};
        split.from.push_back(s == 0 ? 0 : lo);
        lastEnd = hi;
    }
    split.from.push_back(sinkCells);
    split.direct = true;
    return split;
}

}  // namespace streamsynth::pgm
