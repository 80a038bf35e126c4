// Continual 1-way marginals for the proposed streamer (option
// `oneWayShare`): at every step a share s of the series' ε feeds, for every
// attribute a that a workload of Q covers, a vector counter with the 1-way
// answer q_a(∇f_t); every fit of the step gets, with its exact variance,
// either its whole release C_a(t), a noisy count of q_a(f_t)
// (OneWayTarget::Whole), or by default its increase at t on top of the last
// release's 1-way, anchored like the workloads' m_i = q_i(g_s) + increase
// (OneWayTarget::Increment; the whole release again when the last release
// is off the counter by more than its noise). So an attribute the selection
// never picks is still pulled toward its true distribution, and one that
// drifted can recover (no column left uniform; AIM's and MST's
// 1-way initialisation, McKenna et al. 2021/2022, made continual with the
// counters of Chan, Shi and Song 2011).
//
// Privacy (event-level): one row of ∇f_t changes one cell of each q_a(∇f_t)
// by 1. Attribute a's counter runs with budget b_a = s·B·n_a^P / Σ_b n_b^P (B
// the series' ε or ρ, n_a the codes, P = AccuracyOptions::oneWaySplit; the
// split is public; P = 0.5 minimises Σ_a n_a/b_a, the summed expected L1
// noise under pure DP, P = 1 equalises n_a/b_a, each column's expected TV
// noise) and is b_a-DP (or
// b_a-zCDP) over its whole input stream, like a workload counter (SPEC §3);
// the p counters compose sequentially (ε and ρ both add) to s·B per step,
// charged to the ledger right before the noise is drawn. The workloads'
// rounds split the rest (privacy::BudgetSplit of B − the 1-way charges'
// sum), checked so that the ledger's sum of a full step, in charge order,
// never exceeds B.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/fit/fit_engine.h"
#include "core/privacy/budget_split.h"
#include "core/privacy/counter.h"
#include "core/privacy/vector_counter.h"
#include "core/stream/noisy_marginals.h"
#include "core/stream/streamer.h"

namespace streamsynth::stream {

// What the fit gets from a tracked counter: values (empty: nothing) and their variance.
struct OneWayValue {
    std::vector<double> values;
    double variance = 0;
    bool anchored = false;
};

class OneWayTracker {
public:
    // env.settings.accuracy.oneWayShare > 0 or trackedWorkloads(env) not
    // empty; spec = the series' counter, noise its noise source.
    OneWayTracker(const StreamerEnv& env, const privacy::CounterSpec& spec,
                  std::shared_ptr<privacy::NoiseSource> noise);
    ~OneWayTracker();

    // Feeds every tracked item's counter with its answer on ∇f_t (an
    // attribute's 1-way answer read off stepAnswers, or a small workload's
    // answer), charging its ε each ("counter-1way:<spec>" or
    // "counter-small:<spec>", round 0), and returns one measurement per item
    // whose C(t) oneWayInformative says carries signal: C(t) itself
    // (OneWayTarget::Whole) or its increment on g_{t−1}'s answer (Increment;
    // read off releaseAnswers = q(g_{t−1}) over the workloads; see
    // oneWayIncrement), with the exact variance of what is given.
    std::vector<fit::Measurement> feed(const std::vector<marginals::Marginal>& stepAnswers,
                                       const std::vector<marginals::Marginal>& releaseAnswers, int step);

    // ε per item: the attributes (0 for one no workload covers: not tracked),
    // then the small workloads of trackedWorkloads(env).
    const std::vector<double>& epsilons() const { return epsilons_; }

    // Every fed item's whole release C(t) after step `step`, a Continual
    // NoisyMarginal with its exact variance (noisy_marginals.h): attributes
    // first, then the small workloads. Reads released values only.
    void appendNoisyMarginals(int step, std::vector<NoisyMarginal>& out) const;

    // Session support: one saveCounterState per item ("" = not fed yet).
    std::vector<std::string> saveState() const;
    void restoreState(const std::vector<std::string>& counters);
    // Counters fed in blocks (tracked_blocks.h): per item the current
    // block's rows, the anchor q(g_a) and the last block's value for the fit
    // (all empty when no item is fed in blocks). The rows are private, like
    // a counter's exact sums: sessions keep them in their 0600 file.
    BlockStates saveBlocks() const;
    void restoreBlocks(const BlockStates& saved);
    // Per item, the steps of its blocks (1: fed at every step).
    const std::vector<int>& blockSteps() const { return blockSteps_; }
    bool feedsInBlocks() const;

    // A recovery stream (Streamer::startFrom): each item's answer on the
    // release g_0 the stream starts from is added to what its counter
    // counts, so C(t) + base estimates the item's answer on all of f_t as
    // for a stream that began with g_0's rows. Before the first feed only.
    void startFrom(const std::vector<marginals::Marginal>& releaseAnswers);
    // The bases (empty: none) for sessions, and back (Error(Session) when they do not fit).
    const std::vector<std::vector<double>>& base() const { return base_; }
    void restoreBase(const std::vector<std::vector<double>>& base);

private:
    // What item i counts: an attribute's 1-way answer (attribute ≥ 0, read
    // off workload `workload`) or the whole answer of workload `workload`.
    struct Item {
        int attribute = -1;
        int workload = -1;
        std::size_t cells = 0;
    };
    std::vector<double> answerOf(const Item& item, const std::vector<marginals::Marginal>& answers) const;
    // Counter i's values plus its base (a recovery stream), as a vector.
    std::vector<double> withBase(std::size_t i, std::span<const double> values) const;
    // Item i fed once per block: its block's rows are added up and fed at the
    // block's last step; the fit gets the counter's release of the blocks fed
    // so far, scaled to the steps so far (none before the first block ends).
    std::optional<fit::Measurement> feedBlock(std::size_t i, const std::vector<double>& answer,
                                              const std::vector<marginals::Marginal>& releaseAnswers,
                                              int step);
    // What the fit gets from item i at the end of a block (values empty: nothing).
    OneWayValue blockRelease(std::size_t i, int step, const std::vector<double>& before,
                             double beforeVariance) const;
    struct BlockState {
        std::vector<double> pending;  // the current block's rows (empty: none yet)
        std::vector<double> anchor;   // q(g_a), a the last block's end
        OneWayValue last;             // the last block's value for the fit
    };
    // Charges item i's ε for its feed at step, right before its noise is drawn.
    void charge(std::size_t i, int step);
    // The ledger's mechanism name of item i ("counter-1way:<spec>", "counter-small:<spec>").
    std::string mechanism(std::size_t i) const;

    StreamerEnv env_;
    privacy::CounterSpec spec_;
    std::shared_ptr<privacy::NoiseSource> noise_;
    std::vector<Item> items_;
    std::vector<double> epsilons_;      // per item, charged
    std::vector<double> noiseBudgets_;  // per item, what its counter is calibrated with (unit_noise.h)
    std::vector<std::unique_ptr<privacy::VectorCounter>> counters_;
    std::vector<std::vector<double>> base_;  // per item; empty: the stream started from nothing
    std::vector<int> blockSteps_;            // per item, B (tracked_blocks.h)
    std::vector<BlockState> blocks_;         // per item (items fed in blocks only)
};

// The small workloads the proposed streamer also counts at every step
// (AccuracyOptions::smallShare > 0): the workloads of two or more attributes
// with at most smallCells cells, in Q's order (public: Q and the domain are).
std::vector<int> trackedWorkloads(const marginals::WorkloadSet& ws, const AccuracyOptions& options);

// Whether a noisy 1-way release is worth fitting (post-processing of the
// release, no budget): its L1 distance from the flat histogram with the same
// total is at least what pure noise of this variance gives (n·√(2/π)·σ). A
// histogram the noise dominates would make the fit copy the noise (a spiky
// column further from the truth than uniform). The factor 1 (rather than 2)
// is the measured choice of docs/history.md.
bool oneWayInformative(const std::vector<double>& noisyCounts, double variance);

// The positive-part James–Stein estimate of a noisy histogram, shrunk toward
// the flat histogram with the same total (Lindley 1962; Efron & Morris 1973):
// flat + λ·(c − flat), λ = max(0, 1 − (n−3)·σ²/‖c − flat‖²). For n ≥ 4
// independent cells of noise variance σ² its summed squared error is below
// the noisy histogram's (Gaussian noise; a simple counter's sum of many
// Laplace draws is nearly so) and, unlike the flat column, it keeps what
// signal there is. λ estimates signal/(signal + noise). Pure post-processing.
struct ShrunkRelease {
    std::vector<double> values;
    double factor = 1;  // λ (1: kept as it is; n < 4 is never shrunk)
};
ShrunkRelease shrinkTowardFlat(const std::vector<double>& noisyCounts, double variance);

// Cells that stand clear of the noise, kept; the rest shrunk. A sparse column
// (Adult's capital-gain: 92% of the rows in one of 100 codes) fails the L1
// gate of oneWayInformative once a simple counter's noise has grown over its
// 99 near-empty cells, yet its one large cell is many standard deviations
// out. This finds such cells by the maximum of the noise instead of its sum:
// a cell is a spike when it exceeds the flat level of the cells not yet
// found by τ = (σ/√2)·ln(n/α), the level one of n Laplace draws of variance
// σ² passes with probability at most α/(2n) (one-sided tail ½·e^{−x/b},
// b = σ/√2; a sum of several draws has lighter tails at the same variance, so
// pure noise shows a spike with probability ≲ α/2), repeated on the remaining
// cells until none is found. The spikes keep their counts; the other cells
// get shrinkTowardFlat of their own (their own total). `spikes` is 0 (values
// empty) when no cell stands out or n < 4. Pure post-processing.
inline constexpr double kSpikeFalseAlarm = 0.003;  // α: the L1 gate's 3-sd rate
inline constexpr long long kSpikeMinFeeds = 10;    // OneWayTracker::feed: spikes from the 10th feed on
struct SpikeSplit {
    std::vector<double> values;
    std::size_t spikes = 0;
};
SpikeSplit splitSpikes(const std::vector<double>& noisyCounts, double variance,
                       double falseAlarm = kSpikeFalseAlarm);

// Whether the release's 1-way g (q_a(g_{t−1})) is further from the counter's
// previous release c (C_a(t−1), noise variance `variance` per cell) than
// that noise explains: ‖c − g‖₁ ≥ the 3-sd bound of oneWayInformative. Pure
// post-processing of released values.
bool releaseOffCounter(const std::vector<double>& counter, const std::vector<double>& release,
                       double variance);

// The value OneWayTarget::Increment gives the fit, from released values only:
// `now` = C_a(t) with variance nowVariance, `before` = C_a(t−1) with variance
// beforeVariance, increaseVariance = Var(C_a(t) − C_a(t−1)), `release` =
// q_a(g_{t−1}). release + (now − before) with increaseVariance, or now with
// nowVariance when releaseOffCounter(before, release, beforeVariance) or
// before is empty (the counter's first feed).
OneWayValue oneWayIncrement(const std::vector<double>& now, double nowVariance,
                            const std::vector<double>& before, double beforeVariance, double increaseVariance,
                            const std::vector<double>& release);

// A series' per-step budget with a 1-way share and a small-workload share:
// each tracked attribute's and small workload's budget (each share split by
// √cells), and what the rounds get (the budget minus those charges' sum,
// lowered by ulps until the ledger's in-order sum of a full step, tracked
// items first, is not above the budget). A small-workload share with no
// small workload costs nothing. Pure; Error(Privacy) if it cannot.
struct OneWayBudget {
    std::vector<double> perAttribute;  // 0 for an attribute no workload covers
    std::vector<double> perWorkload;   // per trackedWorkloads(env) entry
    double rounds = 0;                 // the budget of the rounds' BudgetSplit
};
OneWayBudget oneWayBudget(const StreamerEnv& env);
// The largest budget for the rounds' BudgetSplit such that `prefix` (the
// step's earlier charges, in charge order) plus every round's selection and
// measurement, summed in the ledger's order, stays within env.series.budget.
double roundsBudgetAfter(const StreamerEnv& env, double prefix);
// The baseline's 1-way initialisation (AccuracyOptions::baselineOneWayShare):
// the share split evenly over the covered attributes (no small workloads),
// and the rounds' budget after it (the whole budget when the share is 0).
OneWayBudget baselineOneWayBudget(const StreamerEnv& env);
// Whether the proposed streamer counts any marginal at every step: a 1-way
// share, or a small-workload share with at least one small workload.
bool tracksMarginals(const StreamerEnv& env);
// The rounds' split of the proposed streamer: detail::budgetSplit when
// nothing is tracked, else the split of oneWayBudget(env).rounds.
privacy::BudgetSplit roundsSplit(const StreamerEnv& env);

// The per-attribute split of a 1-way budget: budget·n_a^P / Σ_{tracked b} n_b^P
// for tracked attributes (covered[a]), 0 elsewhere (P = `power`, 0.5: by
// √codes). Pure; the ledger test checks that the split sums to budget.
std::vector<double> oneWayBudgetSplit(const std::vector<int>& codesPerAttribute,
                                      const std::vector<bool>& covered, double budget, double power = 0.5);

}  // namespace streamsynth::stream
