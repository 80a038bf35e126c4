// How the walks of belief propagation over large cliques are split so that
// threads can share them without ever changing a result: a walk over a
// clique is cut into a few segments of whole blocks, each segment sums into
// its own partial buffers, and the partial sums are added in segment order.
// The number of segments depends on the clique and its maps only (never on
// the threads); one thread runs the same segments in turn.
#pragma once

#include <cstddef>
#include <vector>

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

struct BlockMap;

// Where the segments of a walk sum into one destination of `sinkCells`
// cells through `map` (the walk's cells are map.cells, cut into `segs`
// segments of whole units as above). When each segment's sums land in a
// range of cells that no other segment's reach, and the ranges come in
// segment order (a map whose sums follow the walk's first axes, e.g. a
// clique a×b×c cut on a, summed onto a×b), each segment can sum into the
// destination itself: `direct`, and segment s clears cells [from[s],
// from[s + 1]) of it (from[0] = 0, from[segs] = sinkCells) before its walk.
// The same additions per cell as a partial sum added to zero afterwards
// (0 + p = p for the non-negative sums of a walk), so the same bits; only
// the partial buffer, its clearing and its serial addition are saved.
struct SinkSplit {
    bool direct = false;
    std::vector<std::size_t> from;
};
SinkSplit sinkSplit(const BlockMap& map, std::size_t sinkCells, std::size_t unit, std::size_t segs);

}  // namespace streamsynth::pgm
