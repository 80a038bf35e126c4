// Scaled-linear sum-product (Hugin form: the distribute message is the
// parent's calibrated separator marginal divided by the collect message,
// 0/0 := 0) on a collect/distribute schedule rooted at cliques[0].
#include "core/pgm/belief_propagation.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/common/task_pool.h"
#include "core/pgm/block_kernels.h"
#include "core/values/error.h"

namespace streamsynth::pgm {

namespace {
constexpr double kNegInf = -std::numeric_limits<double>::infinity();

}  // namespace

BeliefPropagation::BeliefPropagation(Sizes sizes, JunctionTree tree, TaskPool* pool)
    : sizes_(std::move(sizes)), tree_(std::move(tree)), pool_(pool) {
    const int k = cliqueCount();
    cells_.resize(static_cast<size_t>(k));
    sep_.resize(static_cast<size_t>(k));
    childMap_.resize(static_cast<size_t>(k));
    parentMap_.resize(static_cast<size_t>(k));
    childBlocks_.resize(static_cast<size_t>(k));
    parentBlocks_.resize(static_cast<size_t>(k));
    up_.resize(static_cast<size_t>(k));
    down_.resize(static_cast<size_t>(k));
    tmp_.resize(static_cast<size_t>(k));
    for (int c = 0; c < k; ++c) {
        const auto& cl = tree_.cliques[static_cast<size_t>(c)];
        cells_[static_cast<size_t>(c)] = static_cast<size_t>(cellCount(sizes_, cl));
        const int p = tree_.parent[static_cast<size_t>(c)];
        if (p < 0) continue;
        const auto& pc = tree_.cliques[static_cast<size_t>(p)];
        std::vector<int> s;
        std::set_intersection(cl.begin(), cl.end(), pc.begin(), pc.end(), std::back_inserter(s));
        sep_[static_cast<size_t>(c)] = s;
        if (s.empty()) continue;  // disconnected components: each clique is normalised on its own
        childMap_[static_cast<size_t>(c)] = indexMap(sizes_, cl, s);
        parentMap_[static_cast<size_t>(c)] = indexMap(sizes_, pc, s);
        childBlocks_[static_cast<size_t>(c)] = blockMap(sizes_, cl, s);
        parentBlocks_[static_cast<size_t>(c)] = blockMap(sizes_, pc, s);
        const auto ns = static_cast<size_t>(cellCount(sizes_, s));
        up_[static_cast<size_t>(c)].resize(ns);
        down_[static_cast<size_t>(c)].resize(ns);
        tmp_[static_cast<size_t>(c)].resize(ns);
    }
    kids_.resize(static_cast<size_t>(k));
    for (int c = 1; c < k; ++c)
        if (!sep_[static_cast<size_t>(c)].empty())
            kids_[static_cast<size_t>(tree_.parent[static_cast<size_t>(c)])].push_back(c);
    twin_.assign(static_cast<size_t>(k), -1);
    for (int c = 1; c < k; ++c)
        for (int o : kids_[static_cast<size_t>(tree_.parent[static_cast<size_t>(c)])]) {
            if (o >= c) break;
            if (sep_[static_cast<size_t>(o)] == sep_[static_cast<size_t>(c)]) {
                twin_[static_cast<size_t>(c)] = o;
                break;
            }
        }
    // Tiles (belief_propagation_fused.cpp) hold whole blocks of every map on
    // the clique (blocks are products of trailing axes, so the largest is a
    // multiple of the others; lcm to be safe).
    unit_.assign(static_cast<size_t>(k), 1);
    for (int c = 0; c < k; ++c) {
        auto& unit = unit_[static_cast<size_t>(c)];
        if (!sep_[static_cast<size_t>(c)].empty())
            unit = std::lcm(unit, childBlocks_[static_cast<size_t>(c)].block);
        for (int ch : kids_[static_cast<size_t>(c)])
            unit = std::lcm(unit, parentBlocks_[static_cast<size_t>(ch)].block);
    }
}

int BeliefPropagation::smallestContaining(std::span<const int> attrs) const {
    int best = -1;
    for (int c = 0; c < cliqueCount(); ++c) {
        const auto& cl = tree_.cliques[static_cast<size_t>(c)];
        if (!std::includes(cl.begin(), cl.end(), attrs.begin(), attrs.end())) continue;
        if (best < 0 || cells_[static_cast<size_t>(c)] < cells_[static_cast<size_t>(best)]) best = c;
    }
    return best;
}

void BeliefPropagation::calibrate(const std::vector<std::vector<double>>& theta, double total,
                                  std::vector<std::vector<double>>& mu) {
    if (!calibrateLinear(theta, total, mu)) calibrateLog(theta, total, mu);
}

bool BeliefPropagation::calibrateLinear(const std::vector<std::vector<double>>& theta, double total,
                                        std::vector<std::vector<double>>& mu) {
    const int k = cliqueCount();
    mu.resize(static_cast<size_t>(k));
    for (int c = 0; c < k; ++c) {
        const auto& t = theta[static_cast<size_t>(c)];
        auto& b = mu[static_cast<size_t>(c)];
        b.resize(t.size());
        Eigen::Map<const Eigen::ArrayXd> tv(t.data(), static_cast<Eigen::Index>(t.size()));
        const double m = tv.maxCoeff();
        if (!std::isfinite(m)) return false;
        Eigen::Map<Eigen::ArrayXd> bv(b.data(), static_cast<Eigen::Index>(b.size()));
        bv = (tv - m).exp();
    }
    std::vector<double> scale;
    std::vector<const double*> pot;
    for (const auto& b : mu) pot.push_back(b.data());
    if (!propagate(pot, mu, total, scale)) return false;
    for (int c = 0; c < k; ++c) {
        Eigen::Map<Eigen::ArrayXd> bv(mu[static_cast<size_t>(c)].data(),
                                      static_cast<Eigen::Index>(mu[static_cast<size_t>(c)].size()));
        bv *= scale[static_cast<size_t>(c)];
    }
    return true;
}

// Per-call state: beliefs sized, and a clique whose potential already is its
// belief buffer counts as touched (never copied onto itself).
void BeliefPropagation::prepare(const std::vector<const double*>& pot, std::vector<std::vector<double>>* mu) {
    const int k = cliqueCount();
    touched_.assign(static_cast<size_t>(k), 0);
    if (mu) {
        mu->resize(static_cast<size_t>(k));
        for (int c = 0; c < k; ++c) {
            (*mu)[static_cast<size_t>(c)].resize(cells_[static_cast<size_t>(c)]);
            if (pot[static_cast<size_t>(c)] == (*mu)[static_cast<size_t>(c)].data())
                touched_[static_cast<size_t>(c)] = 1;
        }
    }
    upMax_.assign(static_cast<size_t>(k), 1.0);
    z_.assign(static_cast<size_t>(k), 0.0);
    zKnown_.assign(static_cast<size_t>(k), 0);
}

bool BeliefPropagation::propagate(const std::vector<const double*>& pot, std::vector<std::vector<double>>& mu,
                                  double total, std::vector<double>& scale) {
    return propagateWith(pot, {}, mu, true, total, scale);
}

// The collect message of c (its separator sums in up_[c]) renormalised by its max.
bool BeliefPropagation::finishUp(int c) {
    auto& up = up_[static_cast<size_t>(c)];
    const double mx = maxFold(up.data(), up.size(), 0.0);
    if (!(mx > 0) || !std::isfinite(mx)) return false;
    upMax_[static_cast<size_t>(c)] = mx;
    const double inv = 1.0 / mx;
    for (double& x : up) x *= inv;
    return true;
}

// The distribute message to c from its parent p (down_[c] holds p's
// separator sums): Σ b_p is their sum; Σ b_c = Σ_s up_raw[s]·down[s].
bool BeliefPropagation::finishDown(int c, int p) {
    auto& down = down_[static_cast<size_t>(c)];
    const auto& up = up_[static_cast<size_t>(c)];
    if (!zKnown_[static_cast<size_t>(p)]) {
        double z = 0;
        for (double x : down) z += x;
        z_[static_cast<size_t>(p)] = z;
        zKnown_[static_cast<size_t>(p)] = 1;
    }
    blockKernels().quotients(down.data(), up.data(), down.size());
    const double mx = maxFold(down.data(), down.size(), 0.0);
    if (!(mx > 0) || !std::isfinite(mx)) return false;
    const double inv = 1.0 / mx;
    double z = 0;
    for (size_t s = 0; s < down.size(); ++s) {
        down[s] *= inv;
        z += up[s] * down[s];
    }
    z_[static_cast<size_t>(c)] = z * upMax_[static_cast<size_t>(c)];
    zKnown_[static_cast<size_t>(c)] = 1;
    return true;
}

// Clique normalisers; cliques no message reached (isolated) are their
// potential, copied into the beliefs when those are written.
bool BeliefPropagation::finishScales(const std::vector<const double*>& pot,
                                     std::vector<std::vector<double>>* mu, double total,
                                     std::vector<double>& scale) {
    const int k = cliqueCount();
    if (mu)
        for (int c = 0; c < k; ++c)
            if (!touched_[static_cast<size_t>(c)]) {
                std::copy(pot[static_cast<size_t>(c)],
                          pot[static_cast<size_t>(c)] + cells_[static_cast<size_t>(c)],
                          (*mu)[static_cast<size_t>(c)].begin());
                touched_[static_cast<size_t>(c)] = 1;
            }
    scale.resize(static_cast<size_t>(k));
    for (int c = 0; c < k; ++c) {
        double z = z_[static_cast<size_t>(c)];
        if (!zKnown_[static_cast<size_t>(c)]) {
            const double* b = mu ? (*mu)[static_cast<size_t>(c)].data() : pot[static_cast<size_t>(c)];
            z = Eigen::Map<const Eigen::ArrayXd>(b, static_cast<Eigen::Index>(cells_[static_cast<size_t>(c)]))
                    .sum();
        }
        if (!(z > 0) || !std::isfinite(z)) return false;
        scale[static_cast<size_t>(c)] = total / z;
    }
    return true;
}

void BeliefPropagation::calibrateLog(const std::vector<std::vector<double>>& theta, double total,
                                     std::vector<std::vector<double>>& mu) {
    const int k = cliqueCount();
    std::vector<std::vector<double>> belief = theta;
    auto lse = [&](const std::vector<double>& src, const std::vector<std::int32_t>& map,
                   std::vector<double>& dst) {
        std::vector<double> mx(dst.size(), kNegInf);
        for (size_t i = 0; i < src.size(); ++i)
            mx[static_cast<size_t>(map[i])] = std::max(mx[static_cast<size_t>(map[i])], src[i]);
        for (double& m : mx)
            if (!std::isfinite(m)) m = 0;
        std::fill(dst.begin(), dst.end(), 0.0);
        for (size_t i = 0; i < src.size(); ++i)
            dst[static_cast<size_t>(map[i])] += std::exp(src[i] - mx[static_cast<size_t>(map[i])]);
        for (size_t s = 0; s < dst.size(); ++s) dst[s] = std::log(dst[s]) + mx[s];
    };
    auto addIn = [](std::vector<double>& dst, const std::vector<std::int32_t>& map,
                    const std::vector<double>& msg) {
        for (size_t i = 0; i < dst.size(); ++i) dst[i] += msg[static_cast<size_t>(map[i])];
    };
    for (int c = k - 1; c >= 1; --c) {
        if (sep_[static_cast<size_t>(c)].empty()) continue;
        const int p = tree_.parent[static_cast<size_t>(c)];
        lse(belief[static_cast<size_t>(c)], childMap_[static_cast<size_t>(c)], up_[static_cast<size_t>(c)]);
        addIn(belief[static_cast<size_t>(p)], parentMap_[static_cast<size_t>(c)],
              up_[static_cast<size_t>(c)]);
    }
    for (int c = 1; c < k; ++c) {
        if (sep_[static_cast<size_t>(c)].empty()) continue;
        const int p = tree_.parent[static_cast<size_t>(c)];
        auto& down = down_[static_cast<size_t>(c)];
        const auto& up = up_[static_cast<size_t>(c)];
        lse(belief[static_cast<size_t>(p)], parentMap_[static_cast<size_t>(c)], down);
        for (size_t s = 0; s < down.size(); ++s) down[s] = up[s] == kNegInf ? kNegInf : down[s] - up[s];
        addIn(belief[static_cast<size_t>(c)], childMap_[static_cast<size_t>(c)], down);
    }
    mu.resize(static_cast<size_t>(k));
    for (int c = 0; c < k; ++c) {
        const auto& b = belief[static_cast<size_t>(c)];
        double mx = kNegInf;
        for (double x : b) mx = std::max(mx, x);
        if (!std::isfinite(mx))
            throw settingError("model",
                               "the model assigns probability 0 to every record (all potentials -inf)");
        double z = 0;
        for (double x : b) z += std::exp(x - mx);
        auto& m = mu[static_cast<size_t>(c)];
        m.resize(b.size());
        for (size_t i = 0; i < b.size(); ++i) m[i] = total * std::exp(b[i] - mx) / z;
    }
}

}  // namespace streamsynth::pgm
