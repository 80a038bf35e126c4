// The counter engines (noise schedules documented in counter.h), each a few
// tight loops over cells per feed. Every noise scale goes through termScale,
// so one engine serves both privacy models.
#include <algorithm>
#include <string>

#include "core/privacy/counter_builtins.h"
#include "core/privacy/counter_engine.h"
#include "core/privacy/counter_kinds.h"
#include "core/privacy/counter_schedule.h"
#include "core/privacy/counter_toeplitz.h"
#include "core/values/error.h"

namespace streamsynth::privacy::detail {

CounterEngine::CounterEngine(const CounterSpec& spec, double budget, std::size_t cells,
                             std::shared_ptr<NoiseSource> noise)
    : spec_(spec),
      budget_(budget),
      cells_(cells),
      noise_(std::move(noise)),
      sums_(cells, 0.0),
      values_(cells, 0.0),
      scratch_(cells, 0.0) {
    requireBudget(privacyModelOf(spec.noise), budget);
    validateCounterSpec(spec);
}

CounterEngine::~CounterEngine() = default;

void CounterEngine::feed(const double* increments, Rng& rng) {
    if (hasHorizon(spec_) && time_ >= spec_.horizon)
        throw settingError("counter", "counter " + counterSpecToString(spec_) + " reached its horizon of " +
                                          std::to_string(spec_.horizon) + " feeds");
    ++time_;
    for (std::size_t c = 0; c < cells_; ++c) sums_[c] += increments[c];
    step(rng);
}

std::span<double> CounterEngine::draw(NoiseScale scale, Rng& rng) {
    noise_->fill(scratch_, scale, time_, rng);
    return scratch_;
}

CounterState CounterEngine::state() const {
    CounterState s{spec_, budget_, cells_, time_, {sums_, values_}};
    for (auto* a : const_cast<CounterEngine*>(this)->ownArrays()) s.arrays.push_back(*a);
    return s;
}

void CounterEngine::restore(const CounterState& s) {
    auto own = ownArrays();
    if (!(s.spec == spec_) || s.budget != budget_ || s.cells != cells_ || s.time < 0 ||
        s.arrays.size() != own.size() + 2 || s.arrays[0].size() != cells_ || s.arrays[1].size() != cells_)
        throw Error(ErrorKind::Session, "counter state does not match its counter");
    for (std::size_t i = 0; i < own.size(); ++i) {
        const auto& a = s.arrays[i + 2];
        if (!ownArrayFits(i, a.size(), s.time))
            throw Error(ErrorKind::Session, "counter state has arrays of the wrong size");
    }
    time_ = s.time;
    sums_ = s.arrays[0];
    values_ = s.arrays[1];
    for (std::size_t i = 0; i < own.size(); ++i) *own[i] = s.arrays[i + 2];
    afterRestore();
}

bool CounterEngine::ownArrayFits(std::size_t i, std::size_t size, long long) {
    return size == ownArrays()[i]->size();
}

NoiseScale CounterEngine::scale(double terms, double fraction) const {
    return termScale(spec_, budget_, terms, fraction);
}

namespace {

// value = S_t + Σ_s b(1/ε).
class SimpleEngine final : public CounterEngine {
public:
    SimpleEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)), noise_sum_(n, 0.0) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<SimpleEngine>(*this); }

protected:
    void step(Rng& rng) override {
        const auto x = draw(scale(1, 1), rng);
        for (std::size_t c = 0; c < cells_; ++c) {
            noise_sum_[c] += x[c];
            values_[c] = sums_[c] + noise_sum_[c];
        }
    }
    std::vector<std::vector<double>*> ownArrays() override { return {&noise_sum_}; }

private:
    std::vector<double> noise_sum_;
};

// Block(B) and unbounded block: β's (block sums' noise) kept, α's (items'
// noise) dropped at each boundary.
class BlockEngine final : public CounterEngine {
public:
    BlockEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)), beta_(n, 0.0), alpha_(n, 0.0) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<BlockEngine>(*this); }

protected:
    void step(Rng& rng) override {
        const auto x = draw(scale(2, 1), rng);
        if (blockPosition(spec_, time_).lastBoundary == time_) {
            for (std::size_t c = 0; c < cells_; ++c) {
                beta_[c] += x[c];
                alpha_[c] = 0.0;
                values_[c] = sums_[c] + beta_[c];
            }
        } else {
            for (std::size_t c = 0; c < cells_; ++c) {
                alpha_[c] += x[c];
                values_[c] = sums_[c] + beta_[c] + alpha_[c];
            }
        }
    }
    std::vector<std::vector<double>*> ownArrays() override { return {&beta_, &alpha_}; }

private:
    std::vector<double> beta_, alpha_;
};

// Adds the noisy p-sums of the set bits of `t` (levels stored level-major).
void addBits(std::vector<double>& values, const std::vector<double>& levels, std::size_t cells, long long t) {
    for (int j = 0; (t >> j) != 0; ++j) {
        if (!((t >> j) & 1)) continue;
        const double* node = levels.data() + static_cast<std::size_t>(j) * cells;
        for (std::size_t c = 0; c < cells; ++c) values[c] += node[c];
    }
}

// Binary mechanism: at t one p-sum at level ctz(t), scale L/ε.
class TreeEngine final : public CounterEngine {
public:
    TreeEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)),
          levels_(treeLevels(s.horizon)),
          nodes_(static_cast<std::size_t>(levels_) * n, 0.0) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<TreeEngine>(*this); }

protected:
    void step(Rng& rng) override {
        const int i = lowestSetBit(time_);
        const auto x = draw(scale(levels_, 1), rng);
        std::copy(x.begin(), x.end(), nodes_.begin() + static_cast<std::ptrdiff_t>(i * cells_));
        values_ = sums_;
        addBits(values_, nodes_, cells_, time_);
    }
    std::vector<std::vector<double>*> ownArrays() override { return {&nodes_}; }

private:
    int levels_;
    std::vector<double> nodes_;
};

// Hybrid: log counter (ε/2) at powers of two + a tree (ε/2) inside each epoch.
class HybridEngine final : public CounterEngine {
public:
    HybridEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)), log_noise_(n, 0.0) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<HybridEngine>(*this); }

protected:
    void step(Rng& rng) override {
        const int k = floorLog2(time_);
        const long long tau = time_ - (1LL << k);
        if (tau == 0) {
            const auto x = draw(scale(1, 0.5), rng);  // log part: half the budget, one term per item
            for (std::size_t c = 0; c < cells_; ++c) {
                log_noise_[c] += x[c];
                values_[c] = sums_[c] + log_noise_[c];
            }
            return;
        }
        // Epoch k's tree has horizon 2^k − 1: levels 0..k−1, each item in ≤ k p-sums.
        if (nodes_.size() < static_cast<std::size_t>(k) * cells_)
            nodes_.resize(static_cast<std::size_t>(k) * cells_, 0.0);
        const int i = lowestSetBit(tau);
        const auto x = draw(scale(k, 0.5), rng);  // epoch tree: half the budget, k terms per item
        std::copy(x.begin(), x.end(), nodes_.begin() + static_cast<std::ptrdiff_t>(i * cells_));
        for (std::size_t c = 0; c < cells_; ++c) values_[c] = sums_[c] + log_noise_[c];
        addBits(values_, nodes_, cells_, tau);
    }
    std::vector<std::vector<double>*> ownArrays() override { return {&log_noise_, &nodes_}; }
    // The epoch tree's levels grow with time.
    bool ownArrayFits(std::size_t i, std::size_t size, long long time) override {
        return i == 1 ? (cells_ == 0 || size % cells_ == 0) : CounterEngine::ownArrayFits(i, size, time);
    }

private:
    std::vector<double> log_noise_;
    std::vector<double> nodes_;  // level-major, grows with the epoch
};

// Full dyadic tree with Honaker's bottom-up estimates (counter.h).
class HonakerEngine final : public CounterEngine {
public:
    HonakerEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)),
          levels_(treeLevels(s.horizon)),
          z_last_(static_cast<std::size_t>(levels_) * n, 0.0),
          carry_(n, 0.0) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<HonakerEngine>(*this); }

protected:
    void step(Rng& rng) override {
        // Every node ending at t completes now: levels 0..ctz(t), bottom-up.
        const int top = lowestSetBit(time_);
        const NoiseScale nodeScale = scale(levels_, 1);
        for (int j = 0; j <= top; ++j) {
            const auto own = draw(nodeScale, rng);
            if (j == 0) {
                std::copy(own.begin(), own.end(), carry_.begin());
                continue;
            }
            const double a = honakerOwnWeight(j), b = honakerChildWeight(j);
            double* left = z_last_.data() + static_cast<std::size_t>(j - 1) * cells_;  // ends at t − 2^{j−1}
            for (std::size_t c = 0; c < cells_; ++c) {
                const double z = a * own[c] + b * (left[c] + carry_[c]);
                left[c] = carry_[c];  // the level-(j−1) node ending at t is now the latest
                carry_[c] = z;
            }
        }
        std::copy(carry_.begin(), carry_.end(), z_last_.begin() + static_cast<std::ptrdiff_t>(top * cells_));
        values_ = sums_;
        addBits(values_, z_last_, cells_, time_);
    }
    std::vector<std::vector<double>*> ownArrays() override { return {&z_last_}; }

private:
    int levels_;
    std::vector<double> z_last_;  // level-major: the latest completed node's estimate per level
    std::vector<double> carry_;
};

// Toeplitz factorisations (sqrt:T, sqrt-unbounded; counter_toeplitz.h): one
// z_j per feed, kept (time-major), release S_t + Σ_{j≤t} c_{t−j} z_j with
// z_j = unit·draw of the plan's scale.
class ToeplitzEngine final : public CounterEngine {
public:
    ToeplitzEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)),
          plan_(toeplitzPlan(s, e)),
          drawScale_(scale(plan_.columnNormSquared, 1)
                         .scaledBy(plan_.latticeBits < 0 ? 1.0 : std::ldexp(1.0, plan_.latticeBits))) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<ToeplitzEngine>(*this); }

protected:
    void step(Rng& rng) override {
        const auto x = draw(drawScale_, rng);
        if (plan_.unit != 1.0)
            for (double& v : x) v *= plan_.unit;  // exact: a power of two times an integer
        history_.insert(history_.end(), x.begin(), x.end());
        ensureCoefficients();
        values_ = sums_;
        for (long long j = 1; j <= time_; ++j) {
            const double c = coefficients_[static_cast<std::size_t>(time_ - j)];
            const double* zj = history_.data() + static_cast<std::size_t>(j - 1) * cells_;
            for (std::size_t i = 0; i < cells_; ++i) values_[i] += c * zj[i];
        }
    }
    std::vector<std::vector<double>*> ownArrays() override { return {&history_}; }
    bool ownArrayFits(std::size_t, std::size_t size, long long time) override {
        return size == static_cast<std::size_t>(time) * cells_;
    }
    void afterRestore() override {
        coefficients_.clear();
        ensureCoefficients();
    }

private:
    // Coefficients c_0..c_{t−1} at least, fetched in doubling chunks (the
    // shared table computes each once).
    void ensureCoefficients() {
        if (coefficients_.size() >= static_cast<std::size_t>(time_)) return;
        long long n = std::max<long long>(time_, 2 * static_cast<long long>(coefficients_.size()));
        if (hasHorizon(spec_)) n = std::min(n, spec_.horizon);
        coefficients_ = toeplitzReleaseCoefficients(builtin(spec_), plan_.latticeBits, std::max(n, time_));
    }

    ToeplitzPlan plan_;
    NoiseScale drawScale_;              // the plan's drawScale, typed
    std::vector<double> history_;       // z_1..z_t, cells each
    std::vector<double> coefficients_;  // c_0.. (derived, not saved)
};

// Smooth binary mechanism: per level the latest left-child node used and its
// noise; release t sums the nodes of [0, leaf(t+1)) (counter.h).
class SmoothBinaryEngine final : public CounterEngine {
public:
    SmoothBinaryEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)),
          height_(smoothBinaryHeight(s.horizon)),
          keys_(static_cast<std::size_t>(height_), -1.0),
          nodes_(static_cast<std::size_t>(height_) * n, 0.0) {}
    std::unique_ptr<CounterEngine> clone() const override {
        return std::make_unique<SmoothBinaryEngine>(*this);
    }

protected:
    void step(Rng& rng) override {
        const std::uint64_t leaf = smoothBinaryLeaf(height_, time_ + 1);
        values_ = sums_;
        for (int j = 0; j < height_; ++j) {
            if (!((leaf >> j) & 1)) continue;
            // The node of bit j: level j, under the prefix leaf >> (j+1). Nodes
            // of a level are reached in increasing order, so a new key is a new node.
            const auto key = static_cast<double>(leaf >> (j + 1));
            double* node = nodes_.data() + static_cast<std::size_t>(j) * cells_;
            if (keys_[static_cast<std::size_t>(j)] != key) {
                const auto x = draw(scale(height_ / 2, 1), rng);
                std::copy(x.begin(), x.end(), node);
                keys_[static_cast<std::size_t>(j)] = key;
            }
            for (std::size_t c = 0; c < cells_; ++c) values_[c] += node[c];
        }
    }
    std::vector<std::vector<double>*> ownArrays() override { return {&keys_, &nodes_}; }

private:
    int height_;
    std::vector<double> keys_;   // per level: the node's prefix (leaf >> (level+1)), −1 = none yet
    std::vector<double> nodes_;  // level-major noise
};

// Count on your elders: nodes drawn lazily when first used and dropped once
// no later release can use them (counter.h).
class EldersEngine final : public CounterEngine {
public:
    EldersEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)),
          levels_(eldersLevels(s.arity, s.horizon)),
          index_(static_cast<std::size_t>(levels_)),
          noise_(static_cast<std::size_t>(levels_)) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<EldersEngine>(*this); }

protected:
    void step(Rng& rng) override {
        values_ = sums_;
        for (const auto& [node, coefficient] : eldersNodes(spec_.arity, levels_, time_)) {
            const double* z = nodeNoise(node.first, node.second, rng);
            for (std::size_t c = 0; c < cells_; ++c) values_[c] += coefficient * z[c];
        }
        prune();
    }
    std::vector<std::vector<double>*> ownArrays() override {
        std::vector<std::vector<double>*> out;
        for (int i = 0; i < levels_; ++i) {
            out.push_back(&index_[static_cast<std::size_t>(i)]);
            out.push_back(&noise_[static_cast<std::size_t>(i)]);
        }
        return out;
    }
    bool ownArrayFits(std::size_t, std::size_t, long long) override {
        return true;
    }  // checked in afterRestore
    void afterRestore() override {
        for (int i = 0; i < levels_; ++i)
            if (noise_[static_cast<std::size_t>(i)].size() !=
                index_[static_cast<std::size_t>(i)].size() * cells_)
                throw Error(ErrorKind::Session, "counter state has arrays of the wrong size");
    }

private:
    // The noise of node (level, j), drawn on first use.
    const double* nodeNoise(int level, long long j, Rng& rng) {
        auto& idx = index_[static_cast<std::size_t>(level)];
        auto& noise = noise_[static_cast<std::size_t>(level)];
        for (std::size_t k = 0; k < idx.size(); ++k)
            if (idx[k] == static_cast<double>(j)) return noise.data() + k * cells_;
        const auto x = draw(scale(levels_, 1), rng);
        idx.push_back(static_cast<double>(j));
        noise.insert(noise.end(), x.begin(), x.end());
        return noise.data() + (idx.size() - 1) * cells_;
    }
    // Node (i, j) ends at j·K^i; a release at t' >= t uses level-i nodes that
    // end at or after t' − (K^{i+1} − 1)/2 − m·K^i (m = (K−1)/2), so older ones go.
    void prune() {
        long double size = 1;
        const long double m = (spec_.arity - 1) / 2;
        for (int i = 0; i < levels_; ++i, size *= spec_.arity) {
            const long double oldest =
                static_cast<long double>(time_) - (size * spec_.arity - 1) / 2 - m * size;
            auto& idx = index_[static_cast<std::size_t>(i)];
            auto& noise = noise_[static_cast<std::size_t>(i)];
            std::size_t keep = 0;
            for (std::size_t k = 0; k < idx.size(); ++k) {
                if (static_cast<long double>(idx[k]) * size < oldest) continue;
                if (keep != k) {
                    idx[keep] = idx[k];
                    std::copy_n(noise.begin() + static_cast<std::ptrdiff_t>(k * cells_), cells_,
                                noise.begin() + static_cast<std::ptrdiff_t>(keep * cells_));
                }
                ++keep;
            }
            idx.resize(keep);
            noise.resize(keep * cells_);
        }
    }

    int levels_;
    std::vector<std::vector<double>> index_;  // per level: node indices held
    std::vector<std::vector<double>> noise_;  // per level: their noise, cells each
};

}  // namespace

std::unique_ptr<CounterEngine> builtinEngine(const CounterSpec& spec, double budget, std::size_t cells,
                                             std::shared_ptr<NoiseSource> noise) {
    using T = Builtin;
    switch (builtin(spec)) {
        case T::Simple:
            return std::make_unique<SimpleEngine>(spec, budget, cells, std::move(noise));
        case T::Block:
        case T::UnboundedBlock:
            return std::make_unique<BlockEngine>(spec, budget, cells, std::move(noise));
        case T::BinaryTree:
            return std::make_unique<TreeEngine>(spec, budget, cells, std::move(noise));
        case T::Hybrid:
            return std::make_unique<HybridEngine>(spec, budget, cells, std::move(noise));
        case T::HonakerTree:
            return std::make_unique<HonakerEngine>(spec, budget, cells, std::move(noise));
        case T::SqrtFactor:
        case T::SqrtUnbounded:
            return std::make_unique<ToeplitzEngine>(spec, budget, cells, std::move(noise));
        case T::SmoothBinary:
            return std::make_unique<SmoothBinaryEngine>(spec, budget, cells, std::move(noise));
        case T::Elders:
            return std::make_unique<EldersEngine>(spec, budget, cells, std::move(noise));
    }
    throw settingError("counter", "unknown counter type");
}

std::unique_ptr<CounterEngine> makeEngine(const CounterSpec& spec, double budget, std::size_t cells,
                                          std::shared_ptr<NoiseSource> noise) {
    return kindOf(spec).engine(spec, budget, cells, std::move(noise));
}

}  // namespace streamsynth::privacy::detail
