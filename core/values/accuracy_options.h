// Accuracy options of the streamers beyond the paper's algorithms:
// each can be set to the paper's behaviour, and each keeps
// the ledger exact and the streamer ε-DP under event-level neighbours (the
// privacy arguments are in docs/streamers.md "Accuracy options"). Plain
// values, part of RunConfig; sessions keep them (core/io/session_store.cpp).
#pragma once

#include <string>

namespace streamsynth::stream {

// Baseline (SPEC §5.1): the model a step's MWEM+PGM starts from.
//  Uniform:  the uniform distribution with the public total |∇g_{t−1}| (SPEC).
//  Previous: the final model of step t−1 (already released: post-processing),
//            rescaled to the same public total. Measured cliques of earlier
//            steps keep their potentials, so an attribute that is never worth
//            measuring at one step's size is not uniform in every ∇g_t.
enum class BaselineInit { Uniform, Previous };

// Proposed streamer with a 1-way share: what attribute a's continual 1-way
// counter C_a gives each fit of step t (one_way_tracker.h).
//  Whole:     C_a(t), the counter's whole release; its variance grows with t
//             (the share's first form, kept for comparison).
//  Increment: q_a(g_{t−1}) + [C_a(t) − C_a(t−1)], anchored to the last release
//             like the workloads' measurements m_i = q_i(g_s) + increase, with
//             the variance of one feed; C_a(t) instead when g_{t−1}'s 1-way is
//             further from C_a(t−1) than C_a(t−1)'s noise explains (the release
//             drifted, or the attribute was never fitted). The measured choice
//             of docs/history.md.
enum class OneWayTarget { Whole, Increment };

// Proposed streamer: what a continual counter's release becomes when its
// noise is larger than its signal (one_way_tracker.h, shrinkTowardFlat).
//  None:          the fit gets it (increment or whole) only when it passes
//                 the 3-sd gate, else nothing (the column is left to the rounds).
//  JamesStein:    as None, but a release that passes the gate with an
//                 estimated signal share λ below 1/2 is given as its
//                 positive-part James–Stein estimate, shrunk toward the flat
//                 histogram (Lindley 1962; Efron & Morris 1973), as a whole
//                 release. The default before JamesSteinSpikes.
//  JamesSteinAll: the shrunk release also for counters the gate rejects, so
//                 every column the rounds leave alone is pulled toward flat
//                 plus what signal its counter has: lower 2-way error on
//                 Adult, but columns of pure noise end further than uniform
//                 (movies by month).
//  JamesSteinSpikes: as JamesStein, and a counter the gate rejects from its
//                 10th feed on is given when some cells stand clear of its
//                 noise (splitSpikes: a sparse column such as a capital gain,
//                 most rows in one code): those cells as counted, the rest
//                 shrunk toward their own flat, as a whole release. The
//                 default (measured: docs/results.md, "Sparse columns").
//                 Post-processing in all four.
enum class OneWayShrink { None, JamesStein, JamesSteinAll, JamesSteinSpikes };

// Proposed streamer: how the continual 1-way counters' share of each step's
// budget is chosen (one_way_share.h, oneWayShareFor).
//  Auto:  from public inputs only, per series: kOneWayShareInBand (0.5)
//         when R·ε lies in [kOneWayBandLow, kOneWayBandHigh] = [50, 200]
//         (R = the stream's public rows per step, the batch size; ε the
//         series' per-step budget, √(2ρ) under zCDP), kOneWayShareOutsideBand
//         (0.2) otherwise and when R is not public (time steps). The default
//         (measured: docs/history.md, "Low budgets on adult.csv").
//  Fixed: oneWayShare itself, for every series (sessions before format 11).
enum class OneWayShareRule { Auto, Fixed };

// Whether the proposed streamer's k rounds may select a workload that has its
// own continual counter (a tracked small workload, fed at every step anyway):
//  Auto: not at a noise-equivalent per-step ε of kTrackedOutOfRoundsEpsilon
//        (2) or more, where the tracked counters already carry those
//        workloads and the rounds' budget buys more on the dependent pairs
//        they never reached; yes below (measured: docs/history.md,
//        "Rounds beside the tracked workloads"). The default.
//  Yes:  every workload of Q is a candidate (sessions before format 12).
//  No:   tracked workloads are never candidates.
enum class TrackedInRounds { Auto, Yes, No };

struct AccuracyOptions {
    BaselineInit baselineInit = BaselineInit::Uniform;
    // Baseline: share of each step's ε spent, before the k rounds, on the
    // 1-way marginal of ∇f_t of every attribute a workload covers, split
    // evenly (each with the same noise), as AIM's and MST's initialisation
    // (McKenna et al. 2021/2022); the rounds split the rest. 0 = SPEC §5.1.
    // So no attribute starts every step's fit uniform. 0.75 with k = 5 on
    // a 15-attribute table gives every 1-way one round's budget (d/(k+d)):
    // the closest reproduction of the paper's baseline (docs/history.md).
    double baselineOneWayShare = 0;
    // Proposed streamer: share of each step's ε spent on continual 1-way
    // marginals of every attribute; 0 = the paper's streamer. Read as set
    // only under OneWayShareRule::Fixed; under Auto a series' share is
    // oneWayShareFor's (one_way_share.h), and a streamer's env holds the
    // resolved share with the rule Fixed (seriesAccuracy). See
    // core/stream/one_way_tracker.h.
    OneWayShareRule oneWayShareRule = OneWayShareRule::Auto;
    double oneWayShare = 0.2;
    OneWayTarget oneWayTarget = OneWayTarget::Increment;
    // Proposed streamer: how the 1-way share is split over the attributes:
    // attribute a gets a part ∝ n_a^P (n_a its codes). P = 0.5 minimises the
    // summed expected L1 noise of the 1-way releases (the default); P = 1
    // gives every attribute the same expected TV noise (minimises the worst
    // column's: the largest attributes get more); 0 splits evenly. Measured in
    // docs/history.md ("The 1-way split"). Public, like the domain.
    double oneWaySplit = 0.5;
    // The measured choice of docs/history.md ("Shrinking noisy counters").
    OneWayShrink oneWayShrink = OneWayShrink::JamesSteinSpikes;
    // Proposed streamer: share of each step's ε spent on continual counters
    // of the small workloads (two or more attributes, at most smallCells
    // cells), fed at every step and fitted like the 1-way counters; 0 = none,
    // and nothing is spent when no workload is that small. They keep the
    // joint distributions the selection never revisits from drifting on
    // sorted streams (docs/history.md, "Small workloads").
    double smallShare = 0.1;
    int smallCells = 12;
    // The part of smallShare taken out of the 1-way share instead of the
    // rounds: oneWayShareFor returns the rule's share minus it (never below
    // 0). Accepting a coarsening sets it to smallShare when the 1-way share
    // is Auto, so that tracking the coarsened attributes' joint workload
    // leaves the rounds the budget they have on the full domain (measured on
    // movies by month: docs/results.md, "Issue 52, item 1"). 0 elsewhere;
    // a streamer's env holds the resolved share and 0 here (seriesAccuracy).
    double smallFromOneWay = 0;
    // Resolved per series by seriesAccuracy (tracked_in_rounds.h): a
    // streamer's env holds Yes or No.
    TrackedInRounds trackedInRounds = TrackedInRounds::Auto;
    // Proposed streamer, batched streams: each 1-way and small-workload
    // counter is fed once per block of B steps (the block's rows, one noise
    // draw) instead of once per step, B the fewest steps whose rows per cell
    // reach trackedBlocks times one feed's noise scale (tracked_blocks.h,
    // from public inputs only). 0 = every step (the only rule before
    // 2026-12-02; time streams always, their rows per step being private).
    double trackedBlocks = 1.0;
};

std::string toString(BaselineInit init);    // "uniform" | "previous"
std::string toString(OneWayTarget target);  // "whole" | "increment"
std::string toString(
    OneWayShrink shrink);  // "none" | "james-stein" | "james-stein-all" | "james-stein-spikes"
std::string toString(OneWayShareRule rule);  // "auto" | "fixed"
std::string toString(TrackedInRounds rule);  // "auto" | "yes" | "no"
// Fixed `share` (the paper's streamer: 0).
void setFixedOneWayShare(AccuracyOptions& options, double share);

}  // namespace streamsynth::stream
