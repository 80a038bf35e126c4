// The six counter engines (noise schedules documented in counter.h), each a
// few tight loops over cells per feed.
#include <string>

#include "core/common/error.h"
#include "core/privacy/counter_engine.h"
#include "core/privacy/counter_schedule.h"

namespace streamsynth::privacy::detail {

CounterEngine::CounterEngine(const CounterSpec& spec, double epsilon, std::size_t cells,
                             std::shared_ptr<NoiseSource> noise)
    : spec_(spec), epsilon_(epsilon), cells_(cells), noise_(std::move(noise)), sums_(cells, 0.0),
      values_(cells, 0.0), scratch_(cells, 0.0) {
    requireEpsilon(epsilon);
    validateCounterSpec(spec);
}

CounterEngine::~CounterEngine() = default;

void CounterEngine::feed(const double* increments, Rng& rng) {
    using T = CounterSpec::Type;
    if ((spec_.type == T::BinaryTree || spec_.type == T::HonakerTree) && time_ >= spec_.horizon)
        throw settingError("counter", "counter " + counterSpecToString(spec_) + " reached its horizon of " +
                                          std::to_string(spec_.horizon) + " feeds");
    ++time_;
    for (std::size_t c = 0; c < cells_; ++c) sums_[c] += increments[c];
    step(rng);
}

std::span<double> CounterEngine::draw(double scale, Rng& rng) {
    noise_->fill(scratch_, scale, time_, rng);
    return scratch_;
}

CounterState CounterEngine::state() const {
    CounterState s{spec_, epsilon_, cells_, time_, {sums_, values_}};
    for (auto* a : const_cast<CounterEngine*>(this)->ownArrays()) s.arrays.push_back(*a);
    return s;
}

void CounterEngine::restore(const CounterState& s) {
    auto own = ownArrays();
    if (!(s.spec == spec_) || s.epsilon != epsilon_ || s.cells != cells_ || s.time < 0 ||
        s.arrays.size() != own.size() + 2 || s.arrays[0].size() != cells_ || s.arrays[1].size() != cells_)
        throw Error(ErrorKind::Session, "counter state does not match its counter");
    for (std::size_t i = 0; i < own.size(); ++i) {
        const auto& a = s.arrays[i + 2];
        // Only the hybrid's tree levels grow with time; all else has a fixed size.
        const bool grows = spec_.type == CounterSpec::Type::Hybrid && i == 1;
        if (grows ? (cells_ > 0 && a.size() % cells_ != 0) : a.size() != own[i]->size())
            throw Error(ErrorKind::Session, "counter state has arrays of the wrong size");
    }
    time_ = s.time;
    sums_ = s.arrays[0];
    values_ = s.arrays[1];
    for (std::size_t i = 0; i < own.size(); ++i) *own[i] = s.arrays[i + 2];
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
        const auto x = draw(1.0 / epsilon_, rng);
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
        const auto x = draw(2.0 / epsilon_, rng);
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
        : CounterEngine(s, e, n, std::move(z)), levels_(treeLevels(s.horizon)),
          nodes_(static_cast<std::size_t>(levels_) * n, 0.0) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<TreeEngine>(*this); }

protected:
    void step(Rng& rng) override {
        const int i = lowestSetBit(time_);
        const auto x = draw(levels_ / epsilon_, rng);
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
            const auto x = draw(2.0 / epsilon_, rng);
            for (std::size_t c = 0; c < cells_; ++c) {
                log_noise_[c] += x[c];
                values_[c] = sums_[c] + log_noise_[c];
            }
            return;
        }
        // Epoch k's tree has horizon 2^k − 1: levels 0..k−1, each item in ≤ k p-sums.
        if (nodes_.size() < static_cast<std::size_t>(k) * cells_) nodes_.resize(static_cast<std::size_t>(k) * cells_, 0.0);
        const int i = lowestSetBit(tau);
        const auto x = draw(2.0 * k / epsilon_, rng);
        std::copy(x.begin(), x.end(), nodes_.begin() + static_cast<std::ptrdiff_t>(i * cells_));
        for (std::size_t c = 0; c < cells_; ++c) values_[c] = sums_[c] + log_noise_[c];
        addBits(values_, nodes_, cells_, tau);
    }
    std::vector<std::vector<double>*> ownArrays() override { return {&log_noise_, &nodes_}; }

private:
    std::vector<double> log_noise_;
    std::vector<double> nodes_;  // level-major, grows with the epoch
};

// Full dyadic tree with Honaker's bottom-up estimates (counter.h).
class HonakerEngine final : public CounterEngine {
public:
    HonakerEngine(const CounterSpec& s, double e, std::size_t n, std::shared_ptr<NoiseSource> z)
        : CounterEngine(s, e, n, std::move(z)), levels_(treeLevels(s.horizon)),
          z_last_(static_cast<std::size_t>(levels_) * n, 0.0), carry_(n, 0.0) {}
    std::unique_ptr<CounterEngine> clone() const override { return std::make_unique<HonakerEngine>(*this); }

protected:
    void step(Rng& rng) override {
        // Every node ending at t completes now: levels 0..ctz(t), bottom-up.
        const int top = lowestSetBit(time_);
        const double scale = levels_ / epsilon_;
        for (int j = 0; j <= top; ++j) {
            const auto own = draw(scale, rng);
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

}  // namespace

std::unique_ptr<CounterEngine> makeEngine(const CounterSpec& spec, double epsilon, std::size_t cells,
                                          std::shared_ptr<NoiseSource> noise) {
    using T = CounterSpec::Type;
    switch (spec.type) {
        case T::Simple: return std::make_unique<SimpleEngine>(spec, epsilon, cells, std::move(noise));
        case T::Block:
        case T::UnboundedBlock: return std::make_unique<BlockEngine>(spec, epsilon, cells, std::move(noise));
        case T::BinaryTree: return std::make_unique<TreeEngine>(spec, epsilon, cells, std::move(noise));
        case T::Hybrid: return std::make_unique<HybridEngine>(spec, epsilon, cells, std::move(noise));
        case T::HonakerTree: return std::make_unique<HonakerEngine>(spec, epsilon, cells, std::move(noise));
    }
    throw settingError("counter", "unknown counter type");
}

}  // namespace streamsynth::privacy::detail
