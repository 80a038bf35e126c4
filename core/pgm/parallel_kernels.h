// Multi-threaded forms of the block-map kernels (factor.h) for the large
// cliques of belief propagation and mirror descent. Bitwise reproducible for
// any thread count: a gather writes each cell once, however the cells are
// split; a scatter sums fixed chunks whose boundaries depend only on the map
// and the destination size (never on the threads), and adds the chunks'
// partial sums in chunk order. One thread runs the same chunks in turn.
#pragma once

#include <cstddef>
#include <vector>

#include "core/pgm/factor.h"

namespace streamsynth {
class TaskPool;
}

namespace streamsynth::pgm {

// How one scatter (a fixed map into a destination of dstCells) is split.
// Holds the partial-sum buffers, so a plan is used by one call at a time.
class ScatterPlan {
public:
    ScatterPlan() = default;
    ScatterPlan(const BlockMap& map, std::size_t dstCells);
    std::size_t chunks() const noexcept { return bounds_.empty() ? 1 : bounds_.size() - 1; }

    // dst[map(i)] += src[i] for every cell i of map (dst not cleared).
    // pool may be null (one thread).
    void scatterAdd(const BlockMap& map, const double* src, double* dst, TaskPool* pool);

    // The same sum taken one block range at a time, on one thread (fused
    // passes over a clique): begin(), then addBlocks() for consecutive
    // ranges [firstBlock, endBlock) covering the map once in increasing
    // order (src pointing at the range's first cell, as scatterAddTile),
    // then end(dst). Each chunk still receives its blocks in order
    // and the chunks are still combined in order: the same bits.
    void begin();
    void addBlocks(const BlockMap& map, const double* src, double* dst, std::size_t firstBlock,
                   std::size_t endBlock);
    void end(double* dst);

private:
    std::vector<std::size_t> bounds_;  // block boundaries of the chunks
    std::size_t dstCells_ = 0;
    std::vector<std::vector<double>> partials_;  // chunks 1.. (chunk 0 adds into dst)
};

// dst[i] = src[i] * msg[map(i)], split into contiguous block ranges over the
// pool's threads when the map is large enough to pay for it. pool may be null.
void gatherMulInto(const BlockMap& map, const double* src, double* dst, const double* msg, TaskPool* pool);

// Cells below which splitting one kernel call does not pay for waking a worker.
inline constexpr std::size_t kParallelMinCells = 16384;

// [first, end) block range of part `part` of `parts` equal splits of `blocks`.
inline std::size_t splitPoint(std::size_t blocks, std::size_t parts, std::size_t part) {
    return blocks * part / parts;
}

}  // namespace streamsynth::pgm
