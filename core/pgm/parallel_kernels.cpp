// The segment rule of parallel_kernels.h. The bound on the partial sums
// keeps one thread's cost of splitting small: clearing and adding a
// segment's partial sums touches (segments − 1) · sinkCells cells against
// the several kernels run on each of the walk's cells.
#include "core/pgm/parallel_kernels.h"

namespace streamsynth::pgm {

std::size_t passSegments(std::size_t cells, std::size_t unit, std::size_t sinkCells) {
    std::size_t s = 1;
    while (2 * s <= kMaxSegments && cells / (2 * s) >= kParallelMinCells && cells / unit >= 2 * s &&
           8 * sinkCells * (2 * s - 1) <= cells)
        s *= 2;
    return s;
}

}  // namespace streamsynth::pgm
