// The noisy marginals a series holds after step t (the "marginals release"
// beside the synthetic table): the differentially private answers its
// continual counters gave at that step, each with its exact noise variance
// from the counter's theory. Publishing them is post-processing of what the
// step already released to the fit, so it costs no budget
// (docs/streamers.md, "Releasing the noisy marginals").
//
// Two kinds of item:
//  - Continual: a counter fed at every step (the proposed streamer's 1-way
//    and small-workload counters): its whole release C(t), a noisy count of
//    the rows of steps fromStep..t (fromStep = 1: of f_t), unbiased, with
//    per-cell variance Var C(t).
//  - Anchored: a workload the rounds measured at t: m = q(g_s) + [C(t) − C(s)],
//    the synthetic release's count at step s = anchorStep (0: nothing, the
//    counter alone) plus the counter's noisy count of the rows of steps
//    s+1..t. `variance` is that increase's; the anchor's own error (the
//    release's at step s) is not in it.
#pragma once

#include <string>
#include <vector>

namespace streamsynth::stream {

struct NoisyMarginal {
    enum class Kind { Continual, Anchored };
    Kind kind = Kind::Continual;
    std::vector<int> attrs;      // attribute indices, increasing (one for a 1-way)
    int workload = -1;           // index in Q, or -1 (a 1-way counter of an attribute)
    std::vector<double> counts;  // per cell, laid out as marginals::Marginal (first attribute slowest)
    double variance = 0;         // per cell (every cell has the same): the counter's theory
    int fromStep = 1;            // Continual: the first step whose rows are counted
    int toStep = 0;         // Continual: the last (0: the release's step; less for a counter fed in blocks)
    int anchorStep = 0;     // Anchored: s (0 = no anchor: the counter alone since step 1)
    std::string mechanism;  // the ledger's name of the counter ("counter:simple", "counter-1way:simple", …)
    double budget = 0;      // the counter's ε (ρ under zCDP) per step it is fed
};

struct NoisyMarginals {
    int step = 0;  // t (0: no step yet)
    std::vector<NoisyMarginal> items;
};

inline const char* toString(NoisyMarginal::Kind kind) {
    return kind == NoisyMarginal::Kind::Continual ? "continual" : "anchored";
}

}  // namespace streamsynth::stream
