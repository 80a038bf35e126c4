// Person-level sensitivity factors (unit_sensitivity.h; the derivations in
// docs/privacy-models.md "Person-level privacy: the derivations").
#include "core/privacy/unit_sensitivity.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/privacy/counter_kinds.h"
#include "core/privacy/counter_schedule.h"
#include "core/values/error.h"

namespace streamsynth::privacy {

namespace {

// The drawn nodes of a dyadic tree counter fed `steps` times: node (l, j)
// covers the steps ((j−1)·2^l, j·2^l] and is drawn at step j·2^l; the binary
// mechanism draws one p-sum per step, at level ctz(step), so only its nodes
// with odd j (the left children), the full tree (honaker) every node.
struct DyadicTree {
    long long steps = 0;
    bool leftChildrenOnly = false;
    long long maxRows = 1, maxRowsPerStep = 1;  // m, K

    bool drawn(int level, long long index) const {
        return (index << level) <= steps && (!leftChildrenOnly || (index & 1) == 1);
    }
};

// best[r], r = 0..(the most rows the subtree of node (level, index) can hold):
// the largest Σ over its drawn nodes of (the unit's rows in the node)² with r
// of the unit's rows in its steps. Sums of squares of integers up to m ≤ 10^6
// over ≤ 64 levels stay exact in a long long.
std::vector<long long> subtreeBest(const DyadicTree& tree, int level, long long index) {
    const long long firstStep = ((index - 1) << level) + 1;
    if (firstStep > tree.steps) return {0};  // no step of it is ever fed
    const long long own = tree.drawn(level, index) ? 1 : 0;
    if (level == 0) {
        const long long cap = std::min(tree.maxRows, tree.maxRowsPerStep);
        std::vector<long long> best(static_cast<std::size_t>(cap) + 1);
        for (long long r = 0; r <= cap; ++r) best[static_cast<std::size_t>(r)] = own * r * r;
        return best;
    }
    const std::vector<long long> left = subtreeBest(tree, level - 1, 2 * index - 1);
    const std::vector<long long> right = subtreeBest(tree, level - 1, 2 * index);
    const std::size_t cap =
        std::min<std::size_t>(static_cast<std::size_t>(tree.maxRows), left.size() + right.size() - 2);
    std::vector<long long> best(cap + 1, -1);  // every r <= cap is reachable, so each entry is set
    for (std::size_t a = 0; a < left.size() && a <= cap; ++a)
        for (std::size_t b = 0; b < right.size() && a + b <= cap; ++b)
            best[a + b] = std::max(best[a + b], left[a] + right[b]);
    for (std::size_t r = 0; r <= cap; ++r) best[r] += own * static_cast<long long>(r * r);
    return best;
}

// g(r) = sup ‖R d‖₂² over the unit's placements of r rows in the first
// `steps` steps, r = 0..tree.maxRows.
std::vector<long long> dyadicTreeBest(const DyadicTree& tree) {
    const int rootLevel = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(tree.steps)));
    return subtreeBest(tree, rootLevel, 1);  // covers 1..2^rootLevel > steps
}

// The tree and honaker factor: the exact maximum over the L node terms per
// item that the event level pays for, never below event level's 1. With
// whenSelected, F' = m·max_x g(x)/x instead (unitL2SquaredFactorWhenSelected).
double dyadicTreeFactor(const CounterSpec& spec, long long horizon, const UnitBound& unit,
                        bool whenSelected) {
    if (horizon < 1)
        throw settingError("horizon", "a tree counter's person-level sensitivity needs at least one step");
    DyadicTree tree;
    tree.steps = std::min(horizon, spec.horizon);
    tree.leftChildrenOnly = spec.kind == "tree";
    // A unit cannot hold more than K rows in each of the steps (no overflow:
    // K·steps is formed only when it is at most m).
    tree.maxRows =
        unit.maxRows / unit.maxRowsPerStep < tree.steps ? unit.maxRows : unit.maxRowsPerStep * tree.steps;
    tree.maxRowsPerStep = unit.maxRowsPerStep;
    const double m = static_cast<double>(unit.maxRows);
    const double rows = static_cast<double>(tree.maxRows);
    // Too costly to compute exactly: m², the bound every counter's R meets (‖R d‖₂ ≤ m·N₂ by the
    // triangle inequality; when selected, g(x) ≤ x² gives F' ≤ m² too). More noise than the
    // exact figure, never less: a run goes on rather than being refused (a review of 2026-12-01).
    if (static_cast<double>(tree.steps) * rows * rows > kMaxUnitTreeWork) return m * m;
    const double levels = detail::treeLevels(spec.horizon);
    const std::vector<long long> best = dyadicTreeBest(tree);
    double most = 0;  // max_x g(x) (one counter), or m·max_x g(x)/x (counters fed when selected)
    for (std::size_t x = 1; x < best.size(); ++x)
        most = std::max(most, whenSelected ? m * static_cast<double>(best[x]) / static_cast<double>(x)
                                           : static_cast<double>(best[x]));
    return std::clamp(most / levels, 1.0, m * m);
}

}  // namespace

double unitL1Factor(const UnitBound& unit) {
    validateUnitBound(unit);
    return static_cast<double>(unit.maxRows);
}

double unitL2SquaredFactor(const CounterSpec& spec, long long horizon, const UnitBound& unit) {
    validateUnitBound(unit);
    validateCounterSpec(spec);
    const double m = static_cast<double>(unit.maxRows);
    const CounterKind& kind = kindOf(spec);
    if (kind.name == "simple") return std::min(unitFreshFactorZcdp(unit), m * m);
    if (kind.name == "tree" || kind.name == "honaker") return dyadicTreeFactor(spec, horizon, unit, false);
    return m * m;
}

double unitL2SquaredFactorWhenSelected(const CounterSpec& spec, long long horizon, const UnitBound& unit) {
    validateUnitBound(unit);
    validateCounterSpec(spec);
    const CounterKind& kind = kindOf(spec);
    if (kind.name == "tree" || kind.name == "honaker") return dyadicTreeFactor(spec, horizon, unit, true);
    return unitL2SquaredFactor(spec, horizon, unit);
}

double unitFreshFactorZcdp(const UnitBound& unit) {
    validateUnitBound(unit);
    return static_cast<double>(unit.maxRows) * static_cast<double>(unit.maxRowsPerStep);
}

Sensitivity unitSensitivity(PrivacyModel model, const Sensitivity& eventLevel, double factor) {
    if (!(std::isfinite(factor) && factor >= 1.0))
        throw settingError("sensitivity", "a person-level sensitivity factor must be finite and >= 1");
    const double unknown = std::numeric_limits<double>::quiet_NaN();
    if (model == PrivacyModel::Pure) return {eventLevel.l1 * factor, unknown, false};
    const double squared = eventLevel.l2IsSquared ? eventLevel.l2 : eventLevel.l2 * eventLevel.l2;
    return {unknown, squared * factor, true};
}

NoiseScale unitTermScale(const CounterSpec& spec, double budget, double terms, double fraction,
                         long long horizon, const UnitBound& unit) {
    const PrivacyModel model = privacyModelOf(spec.noise);
    const double factor =
        model == PrivacyModel::Pure ? unitL1Factor(unit) : unitL2SquaredFactor(spec, horizon, unit);
    return calibrate(model, fraction * budget, unitSensitivity(model, Sensitivity::ofTerms(terms), factor));
}

double unitFreshFactor(PrivacyModel model, const UnitBound& unit) {
    if (unit.isEventLevel()) return 1.0;
    return model == PrivacyModel::Pure ? unitL1Factor(unit) : unitFreshFactorZcdp(unit);
}

}  // namespace streamsynth::privacy
