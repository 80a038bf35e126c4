// How the walks of belief propagation over large cliques are split so that
// threads can share them without ever changing a result: a walk over a
// clique is cut into a few segments of whole blocks, each segment sums into
// its own partial buffers, and the partial sums are added in segment order.
// The number of segments depends on the clique and its maps only (never on
// the threads); one thread runs the same segments in turn.
#pragma once

#include <cstddef>

namespace streamsynth::pgm {

// Cells below which splitting one walk does not pay for waking a worker.
inline constexpr std::size_t kParallelMinCells = 16384;
// At most this many segments per walk: 2 and 4 threads share them evenly.
inline constexpr std::size_t kMaxSegments = 4;

// Segments of one walk over `cells` cells in whole units of `unit` cells,
// whose sums go to destinations of `sinkCells` cells in all: a power of
// two, at most kMaxSegments, each of at least kParallelMinCells cells, and
// few enough that the partial sums ((segments − 1) · sinkCells cells to
// clear and add) cost at most an eighth of the walk's cells.
std::size_t passSegments(std::size_t cells, std::size_t unit, std::size_t sinkCells);

// The most segments a walk over a clique of `cells` cells can have: a fit
// whose cliques all give 1 has no work for a second thread.
inline std::size_t maxPassSegments(std::size_t cells) {
    return passSegments(cells, 1, 0);
}

// [first, end) block range of part `part` of `parts` equal splits of `blocks`.
inline std::size_t splitPoint(std::size_t blocks, std::size_t parts, std::size_t part) {
    return blocks * part / parts;
}

}  // namespace streamsynth::pgm
