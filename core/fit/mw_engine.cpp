// The "mw" engine: an explicit distribution over the whole domain (at most
// 2^24 cells) fitted by multiplicative weights, the MWEM paper's update
// A(x) ← A(x)·exp(q(x)·(y_q − q(A))/(2N)) applied to every cell query of every
// measurement, renormalised after each measurement. The brute-force reference.
// Several threads share each pass over the joint in fixed chunks (JointChunks).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "core/common/task_pool.h"
#include "core/fit/fit_common.h"
#include "core/pgm/factor.h"
#include "core/pgm/junction_tree.h"
#include "core/pgm/sampler.h"
#include "core/values/error.h"

namespace streamsynth::fit {

namespace {

constexpr double kMaxCells = 16777216.0;  // 2^24

// Calls fn(i, j) for every cell i in [lo, hi) of the full joint with j its
// flat index in sub (row-major over sub), without materialising a map.
template <class Fn>
void forEachCellIn(const pgm::Sizes& sizes, std::span<const int> sub, size_t lo, size_t hi, Fn fn) {
    const size_t d = sizes.size();
    std::vector<long long> stride(d, 0);
    long long s = 1;
    for (size_t k = sub.size(); k-- > 0;) {
        stride[static_cast<size_t>(sub[k])] = s;
        s *= sizes[static_cast<size_t>(sub[k])];
    }
    std::vector<int> digit(d, 0);
    long long j = 0;
    size_t rest = lo;
    for (size_t a = d; a-- > 0;) {
        const auto z = static_cast<size_t>(sizes[a]);
        digit[a] = static_cast<int>(rest % z);
        rest /= z;
        j += stride[a] * digit[a];
    }
    for (size_t i = lo; i < hi; ++i) {
        fn(i, static_cast<size_t>(j));
        for (size_t a = d; a-- > 0;) {
            j += stride[a];
            if (++digit[a] < sizes[a]) break;
            j -= stride[a] * digit[a];
            digit[a] = 0;
        }
    }
}

size_t jointCells(const pgm::Sizes& sizes) {
    size_t n = 1;
    for (int z : sizes) n *= static_cast<size_t>(z);
    return n;
}

template <class Fn>
void forEachCell(const pgm::Sizes& sizes, std::span<const int> sub, Fn fn) {
    forEachCellIn(sizes, sub, 0, jointCells(sizes), fn);
}

// The joint split into a fixed number of chunks that depends on its size
// only (powers of two up to 8, at least 2^16 cells each): sums over the
// joint are taken per chunk and added in chunk order, so a fit gives the
// same bits for any thread count.
class JointChunks {
public:
    explicit JointChunks(size_t cells) {
        size_t n = 1;
        while (n < 8 && cells / (2 * n) >= (size_t{1} << 16)) n *= 2;
        for (size_t c = 0; c <= n; ++c) bounds_.push_back(cells * c / n);
    }
    int count() const { return static_cast<int>(bounds_.size()) - 1; }
    size_t lo(int c) const { return bounds_[static_cast<size_t>(c)]; }
    size_t hi(int c) const { return bounds_[static_cast<size_t>(c) + 1]; }

private:
    std::vector<size_t> bounds_;
};

// out[j] = scale · Σ_{cells i of chunk-ordered joint with sub-index j} p[i].
void marginalInto(const pgm::Sizes& sizes, std::span<const int> sub, const std::vector<double>& p,
                  double scale, const JointChunks& chunks, std::vector<std::vector<double>>& partials,
                  TaskPool& pool, std::vector<double>& out) {
    const auto n = static_cast<size_t>(pgm::cellCount(sizes, sub));
    partials.resize(static_cast<size_t>(chunks.count()));
    pool.run(chunks.count(), [&](int c) {
        auto& part = partials[static_cast<size_t>(c)];
        part.assign(n, 0.0);
        forEachCellIn(sizes, sub, chunks.lo(c), chunks.hi(c),
                      [&](size_t i, size_t j) { part[j] += p[i] * scale; });
    });
    out = partials[0];
    for (size_t c = 1; c < partials.size(); ++c)
        for (size_t j = 0; j < n; ++j) out[j] += partials[c][j];
}

class MwModel final : public Model {
public:
    MwModel(data::Domain domain, std::vector<double> p, std::vector<std::vector<int>> cliques, double total)
        : domain_(std::move(domain)),
          sizes_(domainSizes(domain_)),
          p_(std::move(p)),
          cliques_(std::move(cliques)),
          total_(total) {
        size_ =
            pgm::buildJunctionTree(sizes_, domainNames(domain_), cliques_, pgm::TreeOrder::Reference).size;
    }
    const data::Domain& domain() const override { return domain_; }
    double total() const override { return total_; }
    std::vector<double> marginal(std::span<const int> attrs) const override {
        std::vector<double> out(static_cast<size_t>(pgm::cellCount(sizes_, attrs)), 0.0);
        forEachCell(sizes_, attrs, [&](size_t i, size_t j) { out[j] += p_[i]; });
        for (double& v : out) v *= total_;
        return out;
    }
    data::Table sample(long long rows, privacy::Rng& rng) const override {
        if (rows < 0) throw settingError("rows", "the number of synthetic rows must be >= 0");
        const auto cnt = pgm::roundCounts(p_, rows, rng);
        std::vector<size_t> cells;
        cells.reserve(static_cast<size_t>(rows));
        for (size_t i = 0; i < cnt.size(); ++i) cells.insert(cells.end(), static_cast<size_t>(cnt[i]), i);
        pgm::shuffle(cells, rng);
        const int d = domain_.attributeCount();
        std::vector<std::vector<data::Code>> cols(static_cast<size_t>(d),
                                                  std::vector<data::Code>(cells.size()));
        for (size_t r = 0; r < cells.size(); ++r) {
            size_t c = cells[r];
            for (int a = d; a-- > 0;) {
                const auto z = static_cast<size_t>(sizes_[static_cast<size_t>(a)]);
                cols[static_cast<size_t>(a)][r] = static_cast<data::Code>(c % z);
                c /= z;
            }
        }
        return data::Table(domain_, std::move(cols));
    }
    double sizeCells() const override { return size_; }
    std::vector<std::vector<int>> cliques() const override { return cliques_; }
    std::unique_ptr<Model> withTotal(double total) const override {
        return std::make_unique<MwModel>(domain_, p_, cliques_, total);
    }
    const std::vector<double>& probabilities() const { return p_; }
    ModelState state() const override {
        ModelState s;
        s.engine = "mw";
        s.cliques = cliques_;
        s.probabilities = p_;
        s.total = total_;
        return s;
    }

private:
    data::Domain domain_;
    pgm::Sizes sizes_;
    std::vector<double> p_;  // probabilities, sum 1
    std::vector<std::vector<int>> cliques_;
    double total_;
    double size_ = 0;
};

void checkSize(const data::Domain& domain) {
    std::vector<int> all(static_cast<size_t>(domain.attributeCount()));
    std::iota(all.begin(), all.end(), 0);
    if (domain.cells(all) > kMaxCells) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.3g", domain.cells(all));
        throw settingError(
            "engine", std::string("the mw engine handles domains up to 2^24 cells; this domain has ") + buf +
                          " (use the pgm engine)");
    }
}

// The joint a fit starts from: the initial mw model's probabilities, any
// other model's joint distribution normalised, or the uniform joint.
std::vector<double> startingJoint(const data::Domain& domain, const Model* init) {
    if (const auto* minit = dynamic_cast<const MwModel*>(init)) return minit->probabilities();
    std::vector<int> allAttrs(static_cast<size_t>(domain.attributeCount()));
    std::iota(allAttrs.begin(), allAttrs.end(), 0);
    if (!init) {
        const auto n = static_cast<size_t>(domain.cells(allAttrs));
        return std::vector<double>(n, 1.0 / static_cast<double>(n));
    }
    if (!(init->domain() == domain)) throw settingError("init", "the initial model has another domain");
    auto p = init->marginal(allAttrs);
    double z = 0;
    for (double x : p) z += x;
    for (double& x : p) x = z > 0 ? x / z : 1.0 / static_cast<double>(p.size());
    return p;
}

// One fit's working state: the joint p over chunks of fixed size, the pool
// and the scratch buffers the passes reuse.
struct MwFit {
    MwFit(const pgm::Sizes& sizes, const std::vector<Measurement>& measurements, std::vector<double> start,
          double total, int threads)
        : sizes(sizes),
          measurements(measurements),
          p(std::move(start)),
          total(total),
          chunks(p.size()),
          pool(chunks.count() > 1 ? usefulThreads(threads) : 1),  // no worker for one chunk
          zpart(static_cast<size_t>(chunks.count())),
          x(measurements.size()) {}

    // The weighted loss Σ ½‖x − y‖² / σ²; `plain` gets the unweighted one.
    double loss(double& plain) {
        double w = 0;
        plain = 0;
        for (size_t k = 0; k < measurements.size(); ++k) {
            const auto& m = measurements[k];
            marginalInto(sizes, m.attrs, p, total, chunks, partials, pool, x[k]);
            double ss = 0;
            for (size_t j = 0; j < m.values.size(); ++j)
                ss += (x[k][j] - m.values[j]) * (x[k][j] - m.values[j]);
            plain += 0.5 * ss;
            w += 0.5 * ss / m.variance;
        }
        return w;
    }

    // The multiplicative-weights update for one measurement (MWEM):
    // p ∝ p · exp((y − q) / (2 · total)), renormalised by chunk sums.
    void update(const Measurement& m) {
        marginalInto(sizes, m.attrs, p, total, chunks, partials, pool, q);
        factor.resize(q.size());
        for (size_t j = 0; j < q.size(); ++j) factor[j] = std::exp((m.values[j] - q[j]) / (2.0 * total));
        pool.run(chunks.count(), [&](int c) {
            double z = 0;
            forEachCellIn(sizes, m.attrs, chunks.lo(c), chunks.hi(c), [&](size_t i, size_t j) {
                p[i] *= factor[j];
                z += p[i];
            });
            zpart[static_cast<size_t>(c)] = z;
        });
        double z = 0;
        for (double zp : zpart) z += zp;
        pool.run(chunks.count(), [&](int c) {
            for (size_t i = chunks.lo(c); i < chunks.hi(c); ++i) p[i] /= z;
        });
    }

    // Passes over every measurement until maxIterations or until the loss
    // improved by at most tolerance·loss over the last ten passes.
    void iterate(const FitOptions& options, FitReport& rep) {
        double plain = 0;
        double w = loss(plain);
        std::vector<double> history{w};
        for (int t = 1; t <= options.maxIterations; ++t) {
            for (const auto& m : measurements) update(m);
            w = loss(plain);
            history.push_back(w);
            rep.iterations = t;
            if (options.tolerance > 0 && t >= 10 &&
                history[history.size() - 11] - w <= options.tolerance * std::abs(w))
                break;
        }
        rep.finalLoss = plain;
        rep.weightedLoss = w;
    }

    const pgm::Sizes& sizes;
    const std::vector<Measurement>& measurements;
    std::vector<double> p;
    const double total;
    const JointChunks chunks;
    TaskPool pool;
    std::vector<std::vector<double>> partials;
    std::vector<double> zpart;
    std::vector<std::vector<double>> x;
    std::vector<double> q, factor;
};

class MwEngine final : public FitEngine {
public:
    std::string name() const override { return "mw"; }

    std::unique_ptr<Model> uniform(const data::Domain& domain, double total) const override {
        checkSize(domain);
        if (!(total > 0)) throw settingError("total", "the uniform model's total must be > 0");
        std::vector<int> all(static_cast<size_t>(domain.attributeCount()));
        std::iota(all.begin(), all.end(), 0);
        const auto n = static_cast<size_t>(domain.cells(all));
        return std::make_unique<MwModel>(domain, std::vector<double>(n, 1.0 / static_cast<double>(n)),
                                         std::vector<std::vector<int>>{}, total);
    }

    std::unique_ptr<Model> fit(const data::Domain& domain, const std::vector<Measurement>& measurements,
                               const Model* init, const FitOptions& options,
                               FitReport* report) const override {
        const FitClock clock;
        checkSize(domain);
        validateMeasurements(domain, measurements);
        const auto* minit = dynamic_cast<const MwModel*>(init);
        if (minit && !(minit->domain() == domain))
            throw settingError("init", "the initial model has another domain");
        FitReport rep;
        double workerCpu = 0;
        std::unique_ptr<Model> out;
        if (measurements.empty()) {
            out = minit ? minit->withTotal(minit->total()) : uniform(domain, 1.0);
        } else {
            const auto sizes = domainSizes(domain);
            const double total = std::max(options.minTotal, pgm::estimateTotal(views(measurements), sizes));
            MwFit fit(sizes, measurements, startingJoint(domain, init), total, options.threads);
            fit.iterate(options, rep);
            workerCpu = fit.pool.workerCpuSeconds();
            std::vector<std::vector<int>> all = init ? init->cliques() : std::vector<std::vector<int>>{};
            for (const auto& m : measurements) all.push_back(m.attrs);
            out = std::make_unique<MwModel>(domain, std::move(fit.p), pgm::maximalSubset(all), total);
        }
        clock.finish(rep, *out, workerCpu, report);
        return out;
    }

    double hypotheticalSizeCells(const Model& model, std::span<const int> attrs) const override {
        const auto tree = pgm::buildJunctionTree(domainSizes(model.domain()), domainNames(model.domain()),
                                                 model.cliques(), pgm::TreeOrder::Reference);
        return memo_.size(model.domain(), model.cliques(), tree.cliques, tree.size, attrs);
    }

    std::unique_ptr<Model> restore(const data::Domain& domain, const ModelState& state) const override {
        checkSize(domain);
        std::vector<int> all(static_cast<size_t>(domain.attributeCount()));
        std::iota(all.begin(), all.end(), 0);
        if (state.engine != "mw" || state.probabilities.size() != static_cast<size_t>(domain.cells(all)))
            throw Error(ErrorKind::Session, "the saved model does not fit the mw engine and this domain");
        return std::make_unique<MwModel>(domain, state.probabilities, state.cliques, state.total);
    }

private:
    SizeMemo memo_;
};

}  // namespace

std::unique_ptr<FitEngine> makeMwEngine() {
    return std::make_unique<MwEngine>();
}

}  // namespace streamsynth::fit
