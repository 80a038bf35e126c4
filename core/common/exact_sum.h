// Sums of doubles as close to the exact real sum as a double can be
// (Neumaier's compensated summation, 1974): ten charges of 0.1 add up to 1,
// not 0.9999999999999999, so budgets and sums read as the user set them.
#pragma once

#include <cmath>

namespace streamsynth {

class ExactSum {
public:
    void add(double x) {
        const double t = sum_ + x;
        compensation_ += std::abs(sum_) >= std::abs(x) ? (sum_ - t) + x : (x - t) + sum_;
        sum_ = t;
    }
    double value() const { return sum_ + compensation_; }

private:
    double sum_ = 0;
    double compensation_ = 0;
};

}  // namespace streamsynth
