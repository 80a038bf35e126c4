// The mirror-descent step schedule: the first trial step of each iteration
// of the Armijo line search (Armijo 1966) in the fit (McKenna et al. 2019).
// Doubling is v0's rule (PGM.md §4.5): every iteration starts at twice the
// last accepted step, so near the largest acceptable step most iterations
// cost two belief propagations (a rejected doubling, then the old step).
// Patient grows the step only after iterations accepted on their first
// trial: after an iteration that had to backtrack it waits for `patience`
// first-trial accepts at the accepted step (patience doubles with each
// backtrack, up to kMaxPatience, and is reset by a growth that holds), and
// it keeps doubling while doublings hold, as v0 does. An increase only after
// successes is the trust-region radius update (Nocedal and Wright 2006,
// §4.1) applied to the line search's first trial.
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

    // After the iteration: how many trials it made (1: the first was accepted).
    void record(int trials) {
        if (rule_ == StepRule::Doubling) return;
        if (trials > 1) {
            wait_ = patience_;
            patience_ = std::min(2 * patience_, kMaxPatience);
        } else if (grew_) {
            patience_ = 1;  // the larger step held: keep growing
        } else {
            wait_ = std::max(0, wait_ - 1);
        }
    }

private:
    StepRule rule_;
    bool grew_ = true;
    int wait_ = 0;      // first-trial accepts still needed before the next growth
    int patience_ = 1;  // the wait after the next backtrack
};

}  // namespace streamsynth::pgm
