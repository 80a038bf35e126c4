// Can the data support each attribute at this ε and period? (the
// pre-run warning "the data cannot support attribute X at this ε and
// period"). For each attribute a, its cheapest measurement in Q is the
// smallest workload containing it (c cells). One round's measurement of it
// adds Laplace noise of scale b = 2k/((1−s)·ε) per cell (E|noise| = b; s the
// 1-way share plus the small workloads' share when one is that small), while a step brings R/c rows per cell
// on average (R = mean rows per step). Per step the attribute is drowned when R/c < b. Measured at every
// step, after T steps the rows per cell are T·R/c and the summed noise has standard deviation b·√(2T) (simple
// counter), so the signal overtakes the noise after T* = 2·(b·c/R)² steps; an attribute with T* beyond the
// stream's length cannot be learnt at all. With the 1-way share, a's own 1-way counter (n_a cells, ε_a = its
// share of s·ε) is checked the same way and the better of the two counts. Under zCDP (SupportInput:: privacy)
// the same shares are of ρ and the noise is Gaussian, σ = 1/√(2ρ') per cell: E|noise| = √(2/π)·σ and T* =
// (σ·c/R)² (the Laplace case's 2·(b·c/R)² is its variance 2b² times (c/R)²).
// Where the run feeds a's 1-way counter once per block of B steps
// (stream/tracked_blocks.h: batched streams at R·ε ≤ 50), one feed brings
// B·R/n_a rows per cell against one draw (B is chosen so that one feed is
// informative), and T steps sum about T/B draws, but nothing shows before
// the first block end: T* becomes the first multiple of B at or after
// max(T*/B, B) (about 2B at K = 1 under pure ε).
//
// A pure function of public settings and R; R is computed from the private
// data (rows per step), so the result is for the data steward only, like
// the metrics (NOT differentially private; never published).
#pragma once

#include <string>
#include <vector>

#include "core/values/privacy_model.h"
#include "core/values/support_noise.h"
#include "core/values/workload_set.h"

namespace streamsynth::stream {

struct AttributeSupport {
    int attribute = -1;
    std::string name;
    double cells = 0;         // of the cheapest measurement (workload, or the 1-way counter)
    double rowsPerCell = 0;   // expected rows per cell per step: R / cells
    double noisePerCell = 0;  // E|noise| per cell of one measurement: b
    double stepsNeeded = 0;   // T* = 2·(noisePerCell / rowsPerCell)² (inf when R = 0); B > 1: see above
    int blockSteps = 1;       // B: the measurement's feeds are blocks of B steps (1: every step)
    bool perStep = false;     // rowsPerCell >= noisePerCell: informative from the first steps
    bool overStream = false;  // stepsNeeded <= steps: the stream as a whole supports it
};

struct SupportInput : SupportNoise {
    double rowsPerStep = 0;  // R (private)
    long long steps = 0;     // the stream's length
};

// One entry per attribute of ws.domain(); an attribute no workload covers has
// cells = 0 and both flags false.
std::vector<AttributeSupport> checkSupport(const marginals::WorkloadSet& ws, const SupportInput& in);

// The baseline's check (SPEC §5.1, with a 1-way share s_b =
// AccuracyOptions::baselineOneWayShare; the carried baseline's is
// kCarriedOneWayShare). A step's cheapest measurement of an attribute is a
// round's measurement of its smallest workload (b = 2k/((1−s_b)·ε)) or, with
// s_b > 0, its own 1-way (n_a cells, b = d/(s_b·ε), d = the covered
// attributes, which share s_b·ε evenly). With a uniform start
// (carriesModel false) each step is fitted from that step's measurements
// alone, so only the per-step test applies and overStream equals perStep.
// When each step starts from the previous step's model (BaselineInit::
// Previous, the carried baseline) the earlier steps' measurements persist in
// it, and the stream test T* ≤ steps applies as for the proposed streamer's
// counters (measured on adult-liu: the per-step test named 127 attributes
// that the carried baseline's last release had closer than half the uniform
// column's distance; docs/streamers.md).
std::vector<AttributeSupport> checkBaselineSupport(const marginals::WorkloadSet& ws, const SupportInput& in,
                                                   double baselineShare, bool carriesModel);

// Human-readable warnings (one line per attribute that is not supported per
// step; "cannot be learnt" when not even over the stream), empty when all are.
std::vector<std::string> supportWarnings(const std::vector<AttributeSupport>& support, long long steps);
// One line for a baseline series with a uniform start (named `series`) naming
// every attribute that no step can measure, with its rows vs noise per cell;
// empty when none. (A baseline that carries its model gets supportWarnings'
// lines.)
std::string baselineSupportWarning(const std::vector<AttributeSupport>& support, const std::string& series);

}  // namespace streamsynth::stream
