// The mirror-descent step schedule: the first trial step of each iteration
// of the Armijo line search (Armijo 1966) in the fit (McKenna et al. 2019).
// Doubling is v0's rule (PGM.md §4.5): every iteration starts at twice the
// last accepted step, so near the largest acceptable step most iterations
// cost two belief propagations (a rejected doubling, then the old step).
// Patient grows the step only after iterations accepted on their first
// trial: after an iteration that had to backtrack it waits for `patience`
// first-trial accepts at the accepted step (patience doubles with each
// backtrack, up to kMaxPatience, and halves with each growth that holds),
// and it keeps doubling while doublings hold, as v0 does. An increase only
// after successes is the trust-region radius update (Nocedal and Wright
// 2006, §4.1) applied to the line search's first trial.
// Patient also backtracks further on a failed first trial: it retries at
// twice the step that the last backtracking iteration accepted (its base)
// when that is below half the failed one, instead of halving. The steps it
// grows to are long steps that land where the curvature is sharp (Altschuler
// and Parrilo 2023 on long steps in gradient descent); there a halving run
// from 32 bases to 1 cost four or five belief propagations an iteration on
// the pgm-adult-15 fixture, the jump one or two (docs/pgm.md, "Fewer
// rejected trials").
#pragma once

#include <algorithm>

namespace streamsynth::pgm {

enum class StepRule { Doubling, Patient };

class StepSchedule {
public:
    static constexpr int kMaxPatience = 16;

    explicit StepSchedule(StepRule rule) : rule_(rule) {}

    // The first trial of the next iteration from the last accepted step.
    double firstTrial(double lastAccepted) {
        grew_ = rule_ == StepRule::Doubling || wait_ == 0;
        return grew_ ? 2 * lastAccepted : lastAccepted;
    }

    // The next trial after trial number `trials` of this iteration, made with
    // step `rejected`, failed the Armijo test.
    double afterRejection(double rejected, int trials) const {
        if (rule_ == StepRule::Patient && trials == 1 && base_ > 0 && 4 * base_ < rejected) return 2 * base_;
        return 0.5 * rejected;
    }

    // After the iteration: how many trials it made (1: the first was
    // accepted) and the step it accepted (0 when none was).
    void record(int trials, double accepted) {
        if (rule_ == StepRule::Doubling) return;
        if (trials > 1 && accepted > 0) base_ = accepted;
        if (trials > 1) {
            wait_ = patience_;
            patience_ = std::min(2 * patience_, kMaxPatience);
        } else if (grew_) {
            // The larger step held: wait half as long before the next growth.
            // Not back to 1: where the step is stationary, one held growth is
            // often luck followed by a backtrack (docs/pgm.md, "Fewer rejected
            // trials"); a run of held growths brings it to 1 within a few.
            patience_ = std::max(1, patience_ / 2);
        } else {
            wait_ = std::max(0, wait_ - 1);
        }
    }

private:
    StepRule rule_;
    bool grew_ = true;
    int wait_ = 0;      // first-trial accepts still needed before the next growth
    int patience_ = 1;  // the wait after the next backtrack
    double base_ = 0;   // the step the last backtracking iteration accepted
};

}  // namespace streamsynth::pgm
