// Counter specs (text form, validation) and the exact variance of a release
// and of the difference of two releases, from each type's noise schedule.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/privacy/counter.h"
#include "core/privacy/counter_schedule.h"
#include "core/privacy/counter_toeplitz.h"
#include "core/values/error.h"

namespace streamsynth::privacy {
namespace detail {

BlockPosition blockPosition(const CounterSpec& spec, long long t) {
    if (t <= 0) return {};
    if (spec.type == CounterSpec::Type::Block) {
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

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

long long parsePositive(const std::string& text, const std::string& what) {
    std::size_t used = 0;
    long long v = 0;
    try {
        v = std::stoll(text, &used);
    } catch (...) {
        used = 0;
    }
    if (used != text.size() || text.empty() || v < 1)
        throw settingError("counter", what + " must be a whole number >= 1, got '" + text + "'");
    return v;
}

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

bool hasHorizon(CounterSpec::Type type) {
    using T = CounterSpec::Type;
    return type == T::BinaryTree || type == T::HonakerTree || type == T::SqrtFactor ||
           type == T::SmoothBinary || type == T::Elders;
}

bool supportsModel(CounterSpec::Type type, PrivacyModel model) {
    // The square roots' L1 column norms grow without bound (like √T): no pure form.
    return !detail::isToeplitzType(type) || model == PrivacyModel::ZCdp;
}

void validateCounterSpec(const CounterSpec& spec) {
    using T = CounterSpec::Type;
    if (spec.type == T::Block && spec.blockSize < 1) throw settingError("counter", "block size must be >= 1");
    if (hasHorizon(spec.type) && (spec.horizon < 1 || spec.horizon > (1LL << 40)))
        throw settingError("counter", "counter horizon must be between 1 and 2^40");
    if (spec.type == T::SqrtFactor && spec.horizon > (1LL << 22))
        throw settingError(
            "counter",
            "sqrt:T keeps every noise draw (O(T) memory and time per feed): T must be at most 2^22");
    if (spec.type == T::Elders && (spec.arity < 3 || spec.arity > 63 || spec.arity % 2 == 0))
        throw settingError("counter", "elders:K:T needs an odd arity K between 3 and 63");
    if (!supportsModel(spec.type, privacyModelOf(spec.noise)))
        throw settingError("counter",
                           "counter " + counterSpecToString(spec) +
                               " needs Gaussian noise: use it with the zcdp privacy model (--privacy zcdp)");
}

namespace {

const char* kCounterList =
    "simple, block:B, unbounded-block, tree:T, hybrid, honaker:T, sqrt:T (zcdp), sqrt-unbounded (zcdp), "
    "smooth-binary:T or elders:K:T, "
    "optionally +discrete";

}  // namespace

CounterSpec parseCounterSpec(const std::string& input, PrivacyModel model) {
    std::string text = lower(input);
    CounterSpec spec;
    bool discrete = false;
    const std::string discreteSuffix = "+discrete";
    if (text.size() > discreteSuffix.size() &&
        text.compare(text.size() - discreteSuffix.size(), discreteSuffix.size(), discreteSuffix) == 0) {
        discrete = true;
        text.resize(text.size() - discreteSuffix.size());
    }
    spec.noise = noiseKindFor(model, discrete);
    const auto colon = text.find(':');
    const std::string head = text.substr(0, colon);
    const std::string arg = colon == std::string::npos ? "" : text.substr(colon + 1);
    const bool hasArg = colon != std::string::npos;
    using T = CounterSpec::Type;
    if (head == "simple" && !hasArg)
        spec.type = T::Simple;
    else if (head == "unbounded-block" && !hasArg)
        spec.type = T::UnboundedBlock;
    else if (head == "hybrid" && !hasArg)
        spec.type = T::Hybrid;
    else if (head == "sqrt-unbounded" && !hasArg)
        spec.type = T::SqrtUnbounded;
    else if (head == "block" && hasArg) {
        spec.type = T::Block;
        spec.blockSize = parsePositive(arg, "block size B");
    } else if (head == "tree" && hasArg) {
        spec.type = T::BinaryTree;
        spec.horizon = parsePositive(arg, "tree horizon T");
    } else if (head == "honaker" && hasArg) {
        spec.type = T::HonakerTree;
        spec.horizon = parsePositive(arg, "tree horizon T");
    } else if (head == "sqrt" && hasArg) {
        spec.type = T::SqrtFactor;
        spec.horizon = parsePositive(arg, "horizon T");
    } else if (head == "smooth-binary" && hasArg) {
        spec.type = T::SmoothBinary;
        spec.horizon = parsePositive(arg, "horizon T");
    } else if (head == "elders" && hasArg) {
        spec.type = T::Elders;
        const auto second = arg.find(':');
        if (second == std::string::npos)
            throw settingError("counter",
                               "elders needs its horizon: elders:K:T (e.g. elders:7:1024); the noise "
                               "scale grows with the tree height, which T fixes");
        spec.arity =
            static_cast<int>(std::min<long long>(parsePositive(arg.substr(0, second), "arity K"), 1000));
        spec.horizon = parsePositive(arg.substr(second + 1), "horizon T");
    } else
        throw settingError("counter", "unknown counter '" + input + "' (expected " + kCounterList + ")");
    validateCounterSpec(spec);
    return spec;
}

std::string counterSpecToString(const CounterSpec& spec) {
    using T = CounterSpec::Type;
    std::string s;
    switch (spec.type) {
        case T::Simple:
            s = "simple";
            break;
        case T::Block:
            s = "block:" + std::to_string(spec.blockSize);
            break;
        case T::UnboundedBlock:
            s = "unbounded-block";
            break;
        case T::BinaryTree:
            s = "tree:" + std::to_string(spec.horizon);
            break;
        case T::Hybrid:
            s = "hybrid";
            break;
        case T::HonakerTree:
            s = "honaker:" + std::to_string(spec.horizon);
            break;
        case T::SqrtFactor:
            s = "sqrt:" + std::to_string(spec.horizon);
            break;
        case T::SqrtUnbounded:
            s = "sqrt-unbounded";
            break;
        case T::SmoothBinary:
            s = "smooth-binary:" + std::to_string(spec.horizon);
            break;
        case T::Elders:
            s = "elders:" + std::to_string(spec.arity) + ":" + std::to_string(spec.horizon);
            break;
    }
    if (isDiscrete(spec.noise)) s += "+discrete";
    return s;
}

double theoreticalVarianceSince(const CounterSpec& spec, double budget, long long s, long long t) {
    requireBudget(privacyModelOf(spec.noise), budget);
    validateCounterSpec(spec);
    if (s < 0 || s > t) throw settingError("time", "need 0 <= earlier time <= time");
    if (hasHorizon(spec.type) && t > spec.horizon)
        throw settingError("time", "time past the counter's horizon");
    if (s == t) return 0.0;
    using T = CounterSpec::Type;
    // Variance of one term that one item appears in `terms` times, paid with `fraction` of the budget.
    const auto var = [&](double terms, double fraction) {
        return noiseVariance(spec.noise, detail::termScale(spec, budget, terms, fraction));
    };
    switch (spec.type) {
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
            return detail::toeplitzVarianceSinceUnits(spec.type, plan.latticeBits, s, t) * plan.termVariance;
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

double theoreticalVariance(const CounterSpec& spec, double budget, long long t) {
    return theoreticalVarianceSince(spec, budget, 0, t);
}

long long releaseNoiseTerms(const CounterSpec& spec, long long t) {
    validateCounterSpec(spec);
    if (t <= 0) return 0;
    using T = CounterSpec::Type;
    switch (spec.type) {
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

}  // namespace streamsynth::privacy
