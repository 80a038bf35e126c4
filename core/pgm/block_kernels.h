// The block-map kernels of factor.h (gathers, scatters, max folds) and the
// exp of the fit's trial steps in two instruction sets, one chosen once at
// run time: SSE2 (every x86-64) and AVX2 (when the CPU has it). Every sum
// is taken in one written-out order
// (eight lanes, combined as a fixed tree, then the tail in order), the same
// in both sets, so both give bitwise the same results; gathers and
// non-collapsing scatters are elementwise and cannot differ.
// (A run of blocks onto the same cells is summed in registers, still one
// block after the other; several gathers can share one sweep, still in
// their order per cell.)
#pragma once

#include <cstddef>

namespace streamsynth::pgm {

struct BlockMap;

// One gather's map and message (gatherMulMany).
struct GatherOp {
    const BlockMap* map;
    const double* msg;
};

// Over blocks [j0, j1) of the map: src (and the gather's dst) point at cell
// j0·block of the big side (so a tile buffer can stand in for the clique);
// the scatter's dst and the gather's msg are the whole small side.
struct BlockKernels {
    const char* name;
    void (*scatterAdd)(const BlockMap&, const double* src, double* dst, std::size_t j0, std::size_t j1);
    void (*gatherMulInto)(const BlockMap&, const double* src, double* dst, const double* msg, std::size_t j0,
                          std::size_t j1);
    // dst = src · msg_0[map_0] · msg_1[map_1] · … over cells [c0, c1), the
    // products in this order per cell (the bits of k gatherMulInto calls
    // in a row) with one store per cell. 2 ≤ k ≤ 4; every block at least 1,
    // c0 and c1 multiples of every map's block; src and dst point at cell c0.
    void (*gatherMulMany)(const GatherOp* ops, std::size_t k, const double* src, double* dst, std::size_t c0,
                          std::size_t c1);
    // d[i] = u[i] > 0 ? d[i] / u[i] : 0.
    void (*quotients)(double* d, const double* u, std::size_t n);
    double (*maxFold)(const double* v, std::size_t n, double init);
    double (*maxAbsFold)(const double* v, std::size_t n, double init);
    // out[i] = exp(scale · g[i]) (Cephes' exp as in Eigen, about 1 ulp; the
    // same operations in both sets; std::exp for groups of four with an
    // argument outside ±700 or NaN).
    void (*expScaled)(const double* g, double* out, double scale, std::size_t n);
};

// The kernels in use (AVX2 when the CPU has it, else SSE2).
const BlockKernels& blockKernels();
// Each set by name, for tests and benchmarks; avx2Kernels() is null when the
// CPU lacks AVX2 (or the build is not for x86-64).
const BlockKernels& sse2Kernels();
const BlockKernels* avx2Kernels();

}  // namespace streamsynth::pgm
