// The built-in counters' exact variance of a release and of the difference of
// two releases, and their noise terms, from each type's noise schedule; the
// kind-independent entry points (theoreticalVariance, releaseNoiseTerms) ask
// the spec's registered kind.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/privacy/counter.h"
#include "core/privacy/counter_builtins.h"
#include "core/privacy/counter_kinds.h"
#include "core/privacy/counter_schedule.h"
#include "core/privacy/counter_toeplitz.h"
#include "core/values/error.h"

namespace streamsynth::privacy {
namespace detail {

BlockPosition blockPosition(const CounterSpec& spec, long long t) {
    if (t <= 0) return {};
    if (builtin(spec) == Builtin::Block) {
        const long long q = t / spec.blockSize;
        return {q, q * spec.blockSize};
    }
    // Unbounded block: segment k (k = 2, 3, …) has length k², block size k.
    long long start = 0, before = 0;
    for (long long k = 2;; ++k) {
        const long long length = k * k;
        if (t <= start + length) {
            const long long q = (t - start) / k;
            return {before + q, start + q * k};
        }
        start += length;
        before += k;
    }
}

}  // namespace detail

using detail::floorLog2;
using detail::lowestSetBit;

namespace {

// Tree nodes (level, index) of the dyadic decomposition of [1, t]: one per set bit.
struct Node {
    int level;
    long long index;  // covers ((index−1)·2^level, index·2^level]
};
std::vector<Node> decomposition(long long t) {
    std::vector<Node> nodes;
    for (int j = 0; (t >> j) != 0; ++j)
        if ((t >> j) & 1) nodes.push_back({j, t >> j});
    return nodes;
}

// Nodes in exactly one of the two decompositions (shared nodes cancel).
long long symmetricDifference(long long s, long long t) {
    long long common = 0;
    for (int j = 0; (t >> j) != 0; ++j)
        if (((t >> j) & 1) && ((s >> j) & 1) && (t >> j) == (s >> j)) ++common;
    return std::popcount(static_cast<unsigned long long>(s)) +
           std::popcount(static_cast<unsigned long long>(t)) - 2 * common;
}

// Covariance, in units of σ², of the Honaker estimates of nodes a and b (0 if disjoint).
double honakerCovariance(Node a, Node b) {
    if (a.level > b.level) std::swap(a, b);  // a is the lower one
    const int up = b.level - a.level;
    if (((a.index - 1) >> up) != b.index - 1) return 0.0;  // not nested
    double c = 1.0 / detail::honakerPrecision(a.level);
    for (int l = a.level + 1; l <= b.level; ++l) c *= detail::honakerChildWeight(l);
    return c;
}

}  // namespace

namespace detail {

double builtinVarianceSince(const CounterSpec& spec, double budget, long long s, long long t) {
    using T = Builtin;
    // Variance of one term that one item appears in `terms` times, paid with `fraction` of the budget.
    const auto var = [&](double terms, double fraction) {
        return noiseVariance(spec.noise, detail::termScale(spec, budget, terms, fraction).value());
    };
    switch (builtin(spec)) {
        case T::Simple:
            return static_cast<double>(t - s) * var(1, 1);
        case T::Block:
        case T::UnboundedBlock: {
            const auto ps = detail::blockPosition(spec, s), pt = detail::blockPosition(spec, t);
            const long long betas = pt.boundaries - ps.boundaries;
            // Same block: s's within-block terms are all in t's. Otherwise the two
            // within-block sets are disjoint and both survive.
            const long long alphas = betas == 0 ? t - s : (t - pt.lastBoundary) + (s - ps.lastBoundary);
            return static_cast<double>(betas + alphas) * var(2, 1);
        }
        case T::BinaryTree:
            return static_cast<double>(symmetricDifference(s, t)) * var(detail::treeLevels(spec.horizon), 1);
        case T::Hybrid: {
            // Log part: terms at the powers of two in (s, t].
            const int kt = floorLog2(t), ks = s > 0 ? floorLog2(s) : -1;
            double v = static_cast<double>(kt - ks) * var(1, 0.5);
            const long long tauT = t - (1LL << kt);
            const long long tauS = s > 0 ? s - (1LL << ks) : 0;
            if (ks == kt) {
                v += static_cast<double>(symmetricDifference(tauS, tauT)) * var(kt, 0.5);
            } else {
                if (tauT > 0) v += std::popcount(static_cast<unsigned long long>(tauT)) * var(kt, 0.5);
                if (tauS > 0) v += std::popcount(static_cast<unsigned long long>(tauS)) * var(ks, 0.5);
            }
            return v;
        }
        case T::HonakerTree: {
            const double sigma2 = var(detail::treeLevels(spec.horizon), 1);
            const auto dt = decomposition(t), ds = decomposition(s);
            double v = 0.0;
            for (const Node& n : dt) v += 1.0 / detail::honakerPrecision(n.level);
            for (const Node& n : ds) v += 1.0 / detail::honakerPrecision(n.level);
            for (const Node& a : dt)
                for (const Node& b : ds) v -= 2.0 * honakerCovariance(a, b);
            return std::max(0.0, v) * sigma2;
        }
        case T::SqrtFactor:
        case T::SqrtUnbounded: {
            const detail::ToeplitzPlan plan = detail::toeplitzPlan(spec, budget);
            return detail::toeplitzVarianceSinceUnits(builtin(spec), plan.latticeBits, s, t) *
                   plan.termVariance;
        }
        case T::SmoothBinary: {
            const int h = detail::smoothBinaryHeight(spec.horizon);
            // Release t sums the decomposition of [0, leaf(t+1)); release 0 is exactly 0.
            const std::uint64_t lt = detail::smoothBinaryLeaf(h, t + 1);
            const long long terms =
                s == 0 ? std::popcount(lt)
                       : detail::dyadicSymmetricDifference(detail::smoothBinaryLeaf(h, s + 1), lt);
            return static_cast<double>(terms) * var(h / 2, 1);
        }
        case T::Elders: {
            const int h = detail::eldersLevels(spec.arity, spec.horizon);
            auto diff = detail::eldersNodes(spec.arity, h, t);
            if (s > 0)
                for (const auto& [node, c] : detail::eldersNodes(spec.arity, h, s)) diff[node] -= c;
            double units = 0.0;
            for (const auto& [node, c] : diff) units += static_cast<double>(c) * static_cast<double>(c);
            return units * var(h, 1);
        }
    }
    return 0.0;
}

long long builtinNoiseTerms(const CounterSpec& spec, long long t) {
    using T = Builtin;
    switch (builtin(spec)) {
        case T::Simple:
            return t;
        case T::Block:
        case T::UnboundedBlock: {
            const auto p = detail::blockPosition(spec, t);
            return p.boundaries + (t - p.lastBoundary);
        }
        case T::BinaryTree:
        case T::HonakerTree:
            return std::popcount(static_cast<unsigned long long>(t));
        case T::SqrtFactor:
        case T::SqrtUnbounded:
            return t;
        case T::SmoothBinary:
            return std::popcount(detail::smoothBinaryLeaf(detail::smoothBinaryHeight(spec.horizon), t + 1));
        case T::Elders: {
            long long n = 0;
            for (const auto& [node, c] :
                 detail::eldersNodes(spec.arity, detail::eldersLevels(spec.arity, spec.horizon), t))
                n += c < 0 ? -c : c;
            return n;
        }
        case T::Hybrid: {
            const int k = floorLog2(t);
            return (k + 1) + std::popcount(static_cast<unsigned long long>(t - (1LL << k)));
        }
    }
    return 0;
}

}  // namespace detail

double theoreticalVarianceSince(const CounterSpec& spec, double budget, long long s, long long t) {
    requireBudget(privacyModelOf(spec.noise), budget);
    validateCounterSpec(spec);
    if (s < 0 || s > t) throw settingError("time", "need 0 <= earlier time <= time");
    if (hasHorizon(spec) && t > spec.horizon) throw settingError("time", "time past the counter's horizon");
    if (s == t) return 0.0;
    return kindOf(spec).varianceSince(spec, budget, s, t);
}

double theoreticalVariance(const CounterSpec& spec, double budget, long long t) {
    return theoreticalVarianceSince(spec, budget, 0, t);
}

long long releaseNoiseTerms(const CounterSpec& spec, long long t) {
    validateCounterSpec(spec);
    if (t <= 0) return 0;
    return kindOf(spec).noiseTerms(spec, t);
}

}  // namespace streamsynth::privacy
