// Chunk rule: chunks of at least kParallelMinCells source cells, at most
// kMaxChunks (a power of two, so 2 and 4 threads share them evenly; 8 cost 3%
// more single-threaded than 4 on the Adult fixture, for no gain on 2 cores), and few
// enough that combining the partial sums (chunks − 1 passes over dst) costs
// at most an eighth of the scatter itself.
#include "core/pgm/parallel_kernels.h"

#include <algorithm>

#include "core/common/task_pool.h"

namespace streamsynth::pgm {

namespace {
constexpr std::size_t kMaxChunks = 4;
}  // namespace

ScatterPlan::ScatterPlan(const BlockMap& map, std::size_t dstCells) : dstCells_(dstCells) {
    const std::size_t blocks = map.start.size();
    std::size_t n = 1;
    while (n < kMaxChunks && map.cells / (2 * n) >= kParallelMinCells &&
           dstCells * (2 * n - 1) * 8 <= map.cells && 2 * n <= blocks)
        n *= 2;
    if (n == 1) return;
    bounds_.resize(n + 1);
    for (std::size_t c = 0; c <= n; ++c) bounds_[c] = splitPoint(blocks, n, c);
    partials_.assign(n - 1, std::vector<double>(dstCells));
}

void ScatterPlan::scatterAdd(const BlockMap& map, const double* src, double* dst, TaskPool* pool) {
    if (bounds_.empty()) {
        pgm::scatterAdd(map, src, dst);
        return;
    }
    const int n = static_cast<int>(chunks());
    auto chunk = [&](int c) {
        double* out = dst;
        if (c > 0) {
            auto& p = partials_[static_cast<std::size_t>(c - 1)];
            std::fill(p.begin(), p.end(), 0.0);
            out = p.data();
        }
        scatterAddBlocks(map, src, out, bounds_[static_cast<std::size_t>(c)],
                         bounds_[static_cast<std::size_t>(c) + 1]);
    };
    if (pool) {
        pool->run(n, chunk);
    } else {
        for (int c = 0; c < n; ++c) chunk(c);
    }
    for (const auto& p : partials_)
        for (std::size_t s = 0; s < dstCells_; ++s) dst[s] += p[s];
}

void ScatterPlan::begin() {
    for (auto& p : partials_) std::fill(p.begin(), p.end(), 0.0);
}

void ScatterPlan::addBlocks(const BlockMap& map, const double* src, double* dst, std::size_t j0,
                            std::size_t j1) {
    if (bounds_.empty()) {
        scatterAddTile(map, src, dst, j0, j1);
        return;
    }
    // Chunk c holds blocks [bounds_[c], bounds_[c + 1]); chunk 0 adds into dst.
    std::size_t c =
        static_cast<std::size_t>(std::upper_bound(bounds_.begin(), bounds_.end(), j0) - bounds_.begin()) - 1;
    while (j0 < j1) {
        const std::size_t e = std::min(j1, bounds_[c + 1]);
        scatterAddTile(map, src, c == 0 ? dst : partials_[c - 1].data(), j0, e);
        src += (e - j0) * map.block;
        j0 = e;
        ++c;
    }
}

void ScatterPlan::end(double* dst) {
    for (const auto& p : partials_)
        for (std::size_t s = 0; s < dstCells_; ++s) dst[s] += p[s];
}

void gatherMulInto(const BlockMap& map, const double* src, double* dst, const double* msg, TaskPool* pool) {
    const std::size_t blocks = map.start.size();
    const int parts = pool ? pool->threads() : 1;
    if (parts <= 1 || map.cells < kParallelMinCells || blocks < static_cast<std::size_t>(parts)) {
        pgm::gatherMulInto(map, src, dst, msg);
        return;
    }
    pool->run(parts, [&](int r) {
        const auto p = static_cast<std::size_t>(parts);
        gatherMulIntoBlocks(map, src, dst, msg, splitPoint(blocks, p, static_cast<std::size_t>(r)),
                            splitPoint(blocks, p, static_cast<std::size_t>(r) + 1));
    });
}

}  // namespace streamsynth::pgm
