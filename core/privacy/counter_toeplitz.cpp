// Coefficients, sensitivity bounds and exact variances of the Toeplitz
// factorisation counters (counter_toeplitz.h; the privacy arguments are in
// counter.h and docs/privacy-models.md).
#include "core/privacy/counter_toeplitz.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <numbers>
#include <unordered_map>
#include <utility>

#include "core/privacy/counter_schedule.h"
#include "core/privacy/laplace.h"
#include "core/values/error.h"

namespace streamsynth::privacy::detail {

bool isToeplitzType(Builtin type) {
    return type == Builtin::SqrtFactor || type == Builtin::SqrtUnbounded;
}

double sqrtColumnNormSquared(long long n) {
    static std::mutex mutex;
    static std::unordered_map<long long, double> memo;
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (const auto it = memo.find(n); it != memo.end()) return it->second;
    }
    double f = 1.0, sum = 0.0;
    for (long long k = 0; k < n; ++k) {
        if (k > 0) f *= 1.0 - 1.0 / (2.0 * static_cast<double>(k));
        sum += f * f;
    }
    std::lock_guard<std::mutex> lock(mutex);
    memo[n] = sum;
    return sum;
}

namespace {

using Shape = UnboundedSqrtShape;

double damping(long long k) {
    return std::pow(1.0 + Shape::beta * std::log1p(static_cast<double>(k) / Shape::shift), -Shape::gamma);
}

}  // namespace

double unboundedSqrtColumnNormBound() {
    // Head: Σ_{k≤K} r_k² in long double (relative rounding below K·2^−63 ≈ 1e−13,
    // and each f_k carries at most k roundings of 2^−53 ≈ 1e−16 relative,
    // together far below the 1e−9 margin added). Tail: f_k ≤ 1/√(πk) (k ≥ 1),
    // and ln(1 + k/c) ≥ ln(k/c), so for k > K ≥ c, r_k² ≤ g(k) = 1/(πk·(1 +
    // β·ln(k/c))^{2γ}), decreasing; Σ_{k>K} g(k) ≤ ∫_K^∞ g = 1/(πβ(2γ−1)·(1 +
    // β·ln(K/c))^{2γ−1}).
    static const double bound = [] {
        long double head = 0.0L, f = 1.0L;
        for (long long k = 0; k <= Shape::exactTerms; ++k) {
            if (k > 0) f *= 1.0L - 1.0L / (2.0L * static_cast<long double>(k));
            const long double r = f * static_cast<long double>(damping(k));
            head += r * r;
        }
        const double K = static_cast<double>(Shape::exactTerms);
        const double tail =
            1.0 / (std::numbers::pi * Shape::beta * (2.0 * Shape::gamma - 1.0) *
                   std::pow(1.0 + Shape::beta * std::log(K / Shape::shift), 2.0 * Shape::gamma - 1.0));
        return static_cast<double>(head) * (1.0 + 1e-9) + tail;
    }();
    return bound;
}

ToeplitzPlan toeplitzPlan(const CounterSpec& spec, double rho) {
    ToeplitzPlan plan;
    plan.columnNormSquared = builtin(spec) == Builtin::SqrtFactor ? sqrtColumnNormSquared(spec.horizon)
                                                                  : unboundedSqrtColumnNormBound();
    const double sigma = termScale(spec, rho, plan.columnNormSquared, 1.0).value();
    if (!isDiscrete(spec.noise)) {
        plan.drawScale = sigma;
        plan.termVariance = noiseVariance(spec.noise, sigma);
        return plan;
    }
    // The finest lattice whose draws stay inside the exact sampler's range (σ' ≤ 2^24).
    int m = 20;
    while (m > 0 && std::ldexp(sigma, m) > 0x1.0p24) --m;
    plan.latticeBits = m;
    plan.drawScale = std::ldexp(sigma, m);
    plan.unit = std::ldexp(1.0, -m);
    plan.termVariance = noiseVariance(spec.noise, plan.drawScale) * plan.unit * plan.unit;
    return plan;
}

namespace {

// R's first column for (type, latticeBits), growing on demand.
double rCoefficient(Builtin type, int latticeBits, long long k, double f) {
    const double r = type == Builtin::SqrtFactor ? f : f * damping(k);
    if (latticeBits < 0) return r;
    return std::ldexp(std::floor(std::ldexp(r, latticeBits)), -latticeBits);
}

class CoefficientTable {
public:
    CoefficientTable(Builtin type, int latticeBits) : type_(type), bits_(latticeBits) {}

    std::vector<double> first(long long n) {
        std::lock_guard<std::mutex> lock(mutex_);
        extend(static_cast<std::size_t>(n));
        return {c_.begin(), c_.begin() + static_cast<std::ptrdiff_t>(n)};
    }

private:
    void extend(std::size_t n) {
        while (c_.size() < n) {
            const std::size_t k = c_.size();
            f_ = k == 0 ? 1.0 : f_ * (1.0 - 1.0 / (2.0 * static_cast<double>(k)));
            r_.push_back(rCoefficient(type_, bits_, static_cast<long long>(k), f_));
            if (type_ == Builtin::SqrtFactor && bits_ < 0) {
                c_.push_back(f_);  // L = R for the real square root
                continue;
            }
            // c_k = Σ_{i=1..k} (r_{i−1} − r_i)·c_{k−i}: r is non-increasing, so
            // every term is ≥ 0 (no cancellation), and c_k ≤ 1 − r_k by induction.
            double sum = k == 0 ? 1.0 / r_[0] : 0.0;
            for (std::size_t i = 1; i <= k; ++i) sum += (r_[i - 1] - r_[i]) * c_[k - i];
            c_.push_back(sum);
        }
    }

    Builtin type_;
    int bits_;
    std::mutex mutex_;
    double f_ = 1.0;
    std::vector<double> r_, c_;
};

CoefficientTable& table(Builtin type, int latticeBits) {
    static std::mutex mutex;
    static std::map<std::pair<int, int>, std::unique_ptr<CoefficientTable>> tables;
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = tables[{static_cast<int>(type), latticeBits}];
    if (!slot) slot = std::make_unique<CoefficientTable>(type, latticeBits);
    return *slot;
}

}  // namespace

std::vector<double> toeplitzReleaseCoefficients(Builtin type, int latticeBits, long long n) {
    if (!isToeplitzType(type)) throw settingError("counter", "not a Toeplitz factorisation counter");
    return table(type, latticeBits).first(std::max(0LL, n));
}

double toeplitzVarianceSinceUnits(Builtin type, int latticeBits, long long s, long long t) {
    const std::vector<double> c = toeplitzReleaseCoefficients(type, latticeBits, t);
    double v = 0.0;
    for (long long j = 1; j <= t; ++j) {
        double x = c[static_cast<std::size_t>(t - j)];
        if (j <= s) x -= c[static_cast<std::size_t>(s - j)];
        v += x * x;
    }
    return v;
}

}  // namespace streamsynth::privacy::detail
