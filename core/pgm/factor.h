// Dense factors over attribute subsets and the index maps behind every
// expand/project/transpose (PGM.md §1). A factor's attrs may be in any order;
// the flat layout is row-major over attrs as written (last attr fastest).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace streamsynth::pgm {

// sizes[a] = number of codes of attribute a over the whole domain.
using Sizes = std::vector<int>;

struct Factor {
    std::vector<int> attrs;      // distinct attribute indices, layout order
    std::vector<double> values;  // row-major over attrs, size = Π sizes
};

// Number of cells of attrs (1 for the empty set).
double cellCount(const Sizes& sizes, std::span<const int> attrs);

// map[i] = flat index in `sub` (row-major over sub as written) of the cell of
// `big` with flat index i. sub must be a subset of big. Cells: Π sizes(big).
std::vector<std::int32_t> indexMap(const Sizes& sizes, std::span<const int> big, std::span<const int> sub);

// The same map in blocks of `block` consecutive big cells, which is what
// makes the hot loops fast: either the block collapses onto one sub cell
// (trailing big axes summed out: a plain sum, no store-to-load chain) or it
// maps onto consecutive sub cells (trailing axes kept: a vector add).
struct BlockMap {
    std::size_t cells = 0;            // big cells
    std::size_t block = 1;            // B
    bool collapse = false;            // true: block j -> start[j]; false: cell x of block j -> start[j] + x
    std::vector<std::int32_t> start;  // cells / B entries
};
BlockMap blockMap(const Sizes& sizes, std::span<const int> big, std::span<const int> sub);
// dst[map(i)] += src[i] (dst not cleared).
void scatterAdd(const BlockMap& map, const double* src, double* dst);
// dst[i] *= msg[map(i)].
void gatherMul(const BlockMap& map, double* dst, const double* msg);
// dst[i] = src[i] * msg[map(i)].
void gatherMulInto(const BlockMap& map, const double* src, double* dst, const double* msg);
// The same two kernels over blocks [firstBlock, endBlock) of the map only
// (cells firstBlock·block .. endBlock·block − 1; pointers as in the full
// call), so one call can be split across threads.
void scatterAddBlocks(const BlockMap& map, const double* src, double* dst, std::size_t firstBlock,
                      std::size_t endBlock);
void gatherMulIntoBlocks(const BlockMap& map, const double* src, double* dst, const double* msg,
                         std::size_t firstBlock, std::size_t endBlock);
// The same over a tile: src (and the gather's dst) point at cell
// firstBlock·block, e.g. into a buffer holding just the tile's cells.
void scatterAddTile(const BlockMap& map, const double* src, double* dst, std::size_t firstBlock,
                    std::size_t endBlock);
void gatherMulIntoTile(const BlockMap& map, const double* src, double* dst, const double* msg,
                       std::size_t firstBlock, std::size_t endBlock);

// The fold m = std::max(m, v[i]) (and over |v[i]|) from m = init, with eight
// independent running maxima instead of one dependency chain: max picks an
// element, so any grouping gives the same value (NaN is skipped either way:
// std::max keeps m when a comparison with NaN is false).
double maxFold(const double* v, std::size_t n, double init);
double maxAbsFold(const double* v, std::size_t n, double init);

// True when every attribute of sub is in super (both any order).
bool isSubset(std::span<const int> sub, std::span<const int> super);

// Broadcast f onto `attrs` (a superset of f.attrs), laid out in attrs' order.
Factor expand(const Sizes& sizes, const Factor& f, std::span<const int> attrs);
// Sum out everything not in attrs, then lay out in attrs' order (also transpose).
Factor project(const Sizes& sizes, const Factor& f, std::span<const int> attrs);
// As project, but log-sum-exp (log space); all -inf slices give -inf, no NaN.
Factor logsumexpProject(const Sizes& sizes, const Factor& f, std::span<const int> attrs);
// Elementwise product / sum on merge(f.attrs, g.attrs): f's order, then g's new attrs.
Factor multiply(const Sizes& sizes, const Factor& f, const Factor& g);
Factor add(const Sizes& sizes, const Factor& f, const Factor& g);

}  // namespace streamsynth::pgm
