// The loss and gradient of a fit, one chunk of a measurement's cells at a
// time (mirror_descent_trial.cpp). Each chunk's two sums (Σ d², the Armijo
// product Σ g0·(x0 − x)) are chains of additions in cell order, fixed so
// that the loss's bits never depend on the threads. Two large chunks may be
// walked side by side, each with its own sums in its own order: on cells
// that the walk before has pushed out of the caches, two streams in flight
// instead of one (issue 50). Inline: a fit's chunks are mostly a few dozen
// cells, where a call per chunk costs as much as its cells.
#pragma once

#include <algorithm>
#include <cstddef>

namespace streamsynth::pgm {

struct LossChunk {
    double* x;         // projections, scaled in place by sc
    double* g;         // gradient w·(x − y), written
    const double* y;   // noisy measurement
    const double* g0;  // the previous gradient
    const double* x0;  // the previous projections
    double sc = 1, w = 1;
    std::size_t n = 0;       // cells
    double ss = 0, dot = 0;  // results
};

namespace loss_detail {
// Cell i of chunk c into its sums: scale, residual, gradient, Armijo term.
[[gnu::always_inline]] inline void cell(const LossChunk& c, std::size_t i, double& ss, double& dot) {
    const double xi = c.x[i] * c.sc;
    c.x[i] = xi;
    const double d = xi - c.y[i];
    ss += d * d;
    c.g[i] = c.w * d;
    dot += c.g0[i] * (c.x0[i] - xi);
}
}  // namespace loss_detail

// Fills a's sums (and b's, when b is given), each chunk's cells in order:
// the same operations per cell as a alone, so the same bits.
[[gnu::always_inline]] inline void lossChunks(LossChunk& a, LossChunk* b) {
    // Local copies: the cells' stores cannot then alias sc and w, which stay
    // in registers.
    const LossChunk ca = a;
    double ssA = 0, dotA = 0;
    std::size_t i = 0;
    if (b) {
        const LossChunk cb = *b;
        double ssB = 0, dotB = 0;
        for (const std::size_t both = std::min(ca.n, cb.n); i < both; ++i) {
            loss_detail::cell(ca, i, ssA, dotA);
            loss_detail::cell(cb, i, ssB, dotB);
        }
        for (std::size_t j = i; j < cb.n; ++j) loss_detail::cell(cb, j, ssB, dotB);
        b->ss = ssB;
        b->dot = dotB;
    }
    for (; i < ca.n; ++i) loss_detail::cell(ca, i, ssA, dotA);
    a.ss = ssA;
    a.dot = dotA;
}

}  // namespace streamsynth::pgm
