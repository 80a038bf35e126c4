// The exact per-round budget split (budget_split.h).
#include "core/privacy/budget_split.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/values/error.h"
#include "core/values/zcdp_conversion.h"

namespace streamsynth::privacy {

const char* chargeKindName(ChargeKind kind) {
    return kind == ChargeKind::Selection ? "selection" : "measurement";
}

BudgetSplit::BudgetSplit(PrivacyModel model, double budget, int rounds)
    : model_(model), budget_(budget), rounds_(rounds) {
    requireBudget(model, budget);
    if (rounds < 1 || rounds > 1'000'000)
        throw settingError("rounds", "k (rounds per step) must be between 1 and 10^6");
    const int n = 2 * rounds;
    const double even = budget / static_cast<double>(n);
    shares_.assign(static_cast<std::size_t>(n), even);
    // Sum of the shares before the last selection, in charge order.
    double before = 0.0;
    for (int i = 0; i + 2 < n; ++i) before += shares_[static_cast<std::size_t>(i)];
    const auto total = [&](double lastSelection) { return (before + lastSelection) + even; };
    double x = budget - even - before;
    // Move x on the grid of before + x (one ulp of `before`; x's own grid is
    // finer, so a step of x's ulp may not change the sum at all).
    const double step = before > 0 ? std::nextafter(before, budget) - before : 0.0;
    if (step > 0) {
        for (int i = 0; i < 64 && total(x) > budget; ++i) x -= step;
        for (int i = 0; i < 64 && total(x + step) <= budget; ++i) x += step;
    }
    shares_[static_cast<std::size_t>(n - 2)] = x;
    // The guarantee, checked rather than assumed: the ledger's sum of a full
    // step, in charge order, never exceeds the budget.
    double sum = 0.0;
    for (double s : shares_) sum += s;
    if (!(sum <= budget) || !(x > 0.0))
        throw Error(ErrorKind::Privacy, "the budget split of " + std::to_string(budget) + " over " +
                                            std::to_string(rounds) + " rounds does not add up");
}

double BudgetSplit::share(ChargeKind kind, int round) const {
    if (round < 1 || round > rounds_)
        throw settingError("rounds", "round " + std::to_string(round) + " is not in 1..k");
    return shares_[static_cast<std::size_t>(2 * (round - 1) + (kind == ChargeKind::Selection ? 0 : 1))];
}

double BudgetSplit::smallestMeasurement() const {
    return shares_[1];
}  // all measurement shares are equal

double BudgetSplit::selectionEpsilon(int round, bool boundedRange) const {
    const double s = selection(round);
    if (model_ == PrivacyModel::Pure) return s;
    return boundedRange ? exponentialMechanismEpsilonForRho(s) : pureEpsilonForRho(s);
}

}  // namespace streamsynth::privacy
