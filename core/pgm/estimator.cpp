// Mirror descent on the marginal polytope. The working state is θ on the
// junction-tree cliques (so a trial step is one fused pass plus BP); the
// per-measurement step sums are folded back onto the measured cliques at the
// end so the returned potentials live on measured cliques.
#include "core/pgm/estimator.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/common/error.h"
#include "core/pgm/belief_propagation.h"

namespace streamsynth::pgm {

double estimateTotal(std::span<const MeasurementView> measurements, const Sizes& sizes) {
    double wsum = 0, esum = 0;
    for (const auto& m : measurements) {
        const double v = m.variance * cellCount(sizes, m.attrs);
        double e = 0;
        for (double y : m.values) e += y;
        wsum += 1.0 / v;
        esum += e / v;
    }
    if (wsum <= 0) return 1.0;
    return std::max(1.0, esum / wsum);
}

std::vector<std::vector<double>> expandPotentials(const Sizes& sizes, const JunctionTree& tree,
                                                  const Potentials& potentials) {
    std::vector<std::vector<double>> theta(tree.cliques.size());
    for (size_t c = 0; c < tree.cliques.size(); ++c) theta[c].assign(static_cast<size_t>(tree.cells[c]), 0.0);
    for (size_t d = 0; d < potentials.cliques.size(); ++d) {
        const auto& D = potentials.cliques[d];
        size_t c = 0;
        while (c < tree.cliques.size() && !std::includes(tree.cliques[c].begin(), tree.cliques[c].end(), D.begin(), D.end())) ++c;
        if (c == tree.cliques.size()) throw settingError("model", "a potential clique is outside the junction tree");
        const auto map = indexMap(sizes, tree.cliques[c], D);
        const auto& src = potentials.theta[d];
        auto& dst = theta[c];
        for (size_t i = 0; i < map.size(); ++i) dst[i] += src[static_cast<size_t>(map[i])];
    }
    return theta;
}

namespace {
struct Assigned {
    const MeasurementView* m;
    int clique;                          // junction-tree clique used for loss/gradient
    std::vector<std::int32_t> map;       // clique cell -> measurement cell (empty when identity)
    double weight;                       // 1/σ²
    std::vector<double> x, x0, g, g0, stepSum;
};

void project(const std::vector<double>& mu, Assigned& a, std::vector<double>& out) {
    if (a.map.empty()) {
        out = mu;
        return;
    }
    std::fill(out.begin(), out.end(), 0.0);
    const std::int32_t* m = a.map.data();
    const double* s = mu.data();
    double* d = out.data();
    for (size_t i = 0, n = mu.size(); i < n; ++i) d[m[i]] += s[i];
}
}  // namespace

EstimateResult estimate(const Sizes& sizes, const std::vector<std::string>& names,
                        std::span<const MeasurementView> measurements, const Potentials* init, double total,
                        const MirrorDescentOptions& options) {
    EstimateResult r;
    std::vector<std::vector<int>> all;
    if (init) all = init->cliques;
    for (const auto& m : measurements) {
        if (!(m.variance > 0)) throw settingError("variance", "a measurement's noise variance must be > 0");
        if (m.values.size() != static_cast<size_t>(cellCount(sizes, m.attrs)))
            throw settingError("measurement", "a measurement's value count does not match its attributes' cells");
        all.emplace_back(m.attrs.begin(), m.attrs.end());
    }
    r.potentials.cliques = maximalSubset(all);
    for (const auto& D : r.potentials.cliques) r.potentials.theta.emplace_back(static_cast<size_t>(cellCount(sizes, D)), 0.0);
    if (init) {  // exact warm start: every old clique is inside a new one (§4.6, HEAD)
        for (size_t o = 0; o < init->cliques.size(); ++o) {
            const auto& O = init->cliques[o];
            size_t d = 0;
            while (!std::includes(r.potentials.cliques[d].begin(), r.potentials.cliques[d].end(), O.begin(), O.end())) ++d;
            const auto map = indexMap(sizes, r.potentials.cliques[d], O);
            for (size_t i = 0; i < map.size(); ++i) r.potentials.theta[d][i] += init->theta[o][static_cast<size_t>(map[i])];
        }
    }
    r.tree = buildJunctionTree(sizes, names, r.potentials.cliques);
    r.total = total > 0 ? total : estimateTotal(measurements, sizes);
    BeliefPropagation bp(sizes, r.tree);
    const int k = bp.cliqueCount();

    std::vector<Assigned> ms;
    double minVar = std::numeric_limits<double>::infinity();
    for (const auto& m : measurements) {
        Assigned a;
        a.m = &m;
        a.clique = bp.smallestContaining(m.attrs);
        const auto& C = r.tree.cliques[static_cast<size_t>(a.clique)];
        if (!std::equal(C.begin(), C.end(), m.attrs.begin(), m.attrs.end())) a.map = indexMap(sizes, C, m.attrs);
        a.weight = 1.0 / m.variance;
        const size_t n = m.values.size();
        a.x.resize(n); a.x0.resize(n); a.g.resize(n); a.g0.resize(n); a.stepSum.assign(n, 0.0);
        minVar = std::min(minVar, m.variance);
        ms.push_back(std::move(a));
    }

    std::vector<std::vector<double>> theta = expandPotentials(sizes, r.tree, r.potentials), theta0, grad;
    auto lossAndGrad = [&](double& plain) {
        double loss = 0;
        plain = 0;
        for (auto& a : ms) {
            project(r.mu[static_cast<size_t>(a.clique)], a, a.x);
            double ss = 0;
            for (size_t i = 0; i < a.x.size(); ++i) {
                const double d = a.x[i] - a.m->values[i];
                ss += d * d;
                a.g[i] = a.weight * d;
            }
            plain += 0.5 * ss;
            loss += 0.5 * a.weight * ss;
        }
        return loss;
    };
    bp.calibrate(theta, r.total, r.mu);
    r.bpCalls = 1;
    double plain = 0;
    double loss = lossAndGrad(plain);
    r.weightedLoss = loss;
    r.plainLoss = plain;
    double alpha = options.carriedStep > 0 ? options.carriedStep
                   : options.firstStep > 0 ? 0.5 * options.firstStep
                   : (std::isfinite(minVar) ? 0.5 * minVar / r.total : 0.5 / r.total);
    r.lastStep = options.carriedStep;
    if (ms.empty() || loss == 0 || options.maxIterations <= 0) return r;

    theta0.resize(static_cast<size_t>(k));
    grad.resize(static_cast<size_t>(k));
    for (int c = 0; c < k; ++c) grad[static_cast<size_t>(c)].resize(bp.cells(c));
    std::vector<double> history;
    history.push_back(loss);
    for (int t = 1; t <= options.maxIterations; ++t) {
        // G_C = Σ_m expand(g_m) on the loss clique of m.
        for (auto& g : grad) std::fill(g.begin(), g.end(), 0.0);
        for (auto& a : ms) {
            auto& G = grad[static_cast<size_t>(a.clique)];
            if (a.map.empty()) {
                for (size_t i = 0; i < G.size(); ++i) G[i] += a.g[i];
            } else {
                const std::int32_t* mp = a.map.data();
                const double* g = a.g.data();
                double* d = G.data();
                for (size_t i = 0, n = G.size(); i < n; ++i) d[i] += g[mp[i]];
            }
            std::swap(a.x0, a.x);
            std::swap(a.g0, a.g);
        }
        std::swap(theta0, theta);
        if (theta.size() != theta0.size()) theta.resize(theta0.size());
        const double loss0 = loss;
        alpha *= 2;
        for (int trial = 0; trial < 25; ++trial) {
            for (int c = 0; c < k; ++c) {
                const auto& t0 = theta0[static_cast<size_t>(c)];
                const auto& G = grad[static_cast<size_t>(c)];
                auto& th = theta[static_cast<size_t>(c)];
                th.resize(t0.size());
                for (size_t i = 0; i < t0.size(); ++i) th[i] = t0[i] - alpha * G[i];
            }
            bp.calibrate(theta, r.total, r.mu);
            ++r.bpCalls;
            loss = lossAndGrad(plain);
            double dot = 0;
            for (const auto& a : ms)
                for (size_t i = 0; i < a.x.size(); ++i) dot += a.g0[i] * (a.x0[i] - a.x[i]);
            if (loss0 - loss >= 0.5 * alpha * dot) break;
            alpha *= 0.5;
        }
        for (auto& a : ms)
            for (size_t i = 0; i < a.g0.size(); ++i) a.stepSum[i] += alpha * a.g0[i];
        r.lastStep = alpha;
        r.iterations = t;
        history.push_back(loss);
        if (options.tolerance > 0 && t >= kToleranceWindow) {
            const double before = history[history.size() - 1 - kToleranceWindow];
            if (before - loss <= options.tolerance * std::abs(loss)) break;
        }
    }
    r.weightedLoss = loss;
    r.plainLoss = plain;
    // Fold the steps back onto the measured cliques: θ_D -= expand(Σ_t α_t g_m).
    for (auto& a : ms) {
        size_t d = 0;
        const auto& P = r.potentials.cliques;
        while (!std::includes(P[d].begin(), P[d].end(), a.m->attrs.begin(), a.m->attrs.end())) ++d;
        const auto map = indexMap(sizes, P[d], a.m->attrs);
        auto& th = r.potentials.theta[d];
        for (size_t i = 0; i < map.size(); ++i) th[i] -= a.stepSum[static_cast<size_t>(map[i])];
    }
    return r;
}

}  // namespace streamsynth::pgm
