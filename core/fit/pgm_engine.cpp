// The "pgm" engine: a Private-PGM model (potentials on measured cliques,
// calibrated junction-tree marginals) behind the fit interface.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>

#include "core/common/task_pool.h"
#include "core/fit/fit_common.h"
#include "core/pgm/belief_propagation.h"
#include "core/pgm/factor.h"
#include "core/pgm/marginal_query.h"
#include "core/pgm/sampler.h"
#include "core/values/error.h"

namespace streamsynth::fit {

namespace {

// Whether marginals per clique of t agree on each clique's separator with its
// parent, to 1e-9 of the total (calibrated beliefs agree to rounding).
bool calibratedOn(const pgm::Sizes& sizes, const pgm::JunctionTree& t,
                  const std::vector<std::vector<double>>& marginals, double total) {
    for (std::size_t c = 1; c < t.cliques.size(); ++c) {
        const auto& C = t.cliques[c];
        const auto& P = t.cliques[static_cast<std::size_t>(t.parent[c])];
        std::vector<int> sep;
        std::set_intersection(C.begin(), C.end(), P.begin(), P.end(), std::back_inserter(sep));
        const auto cells = static_cast<std::size_t>(pgm::cellCount(sizes, sep));
        std::vector<double> a(cells, 0.0), b(cells, 0.0);
        pgm::scatterAdd(pgm::blockMap(sizes, C, sep), marginals[c].data(), a.data());
        pgm::scatterAdd(pgm::blockMap(sizes, P, sep), marginals[static_cast<std::size_t>(t.parent[c])].data(),
                        b.data());
        for (std::size_t i = 0; i < cells; ++i)
            if (!(std::abs(a[i] - b[i]) <= 1e-9 * std::max(1.0, std::abs(total)))) return false;
    }
    return true;
}

class PgmModel final : public Model {
public:
    // treeIsBuilt: tree is what buildJunctionTree(potentials' cliques) gives
    // today (false only for a model restored on the reference order's tree).
    PgmModel(data::Domain domain, pgm::Potentials potentials, std::shared_ptr<const pgm::JunctionTree> tree,
             std::shared_ptr<const std::vector<std::vector<double>>> mu, double total, double lastStep,
             bool treeIsBuilt = true)
        : domain_(std::move(domain)),
          sizes_(domainSizes(domain_)),
          potentials_(std::move(potentials)),
          tree_(std::move(tree)),
          mu_(std::move(mu)),
          total_(total),
          lastStep_(lastStep),
          treeIsBuilt_(treeIsBuilt) {}

    const data::Domain& domain() const override { return domain_; }
    double total() const override { return total_; }
    std::vector<double> marginal(std::span<const int> attrs) const override {
        checkAttributes(attrs);
        return *answer(std::vector<int>(attrs.begin(), attrs.end()));
    }
    // The sets not memoised yet, dealt over the pool's threads by cells (each
    // thread with its own query cache; no pool or one thread: the model's
    // own cache): every answer is computed exactly as marginal() computes it
    // (a memoised message is the message itself), so the thread count never
    // changes a bit.
    std::vector<Answer> marginals(std::span<const std::vector<int>> sets, TaskPool* pool) const override {
        for (const auto& a : sets) checkAttributes(a);
        std::vector<Answer> out(sets.size());
        std::vector<size_t> todo;
        std::unique_lock<std::mutex> lock(mutex_);
        for (size_t i = 0; i < sets.size(); ++i) {
            auto it = cache_.find(sets[i]);
            if (it != cache_.end())
                out[i] = it->second;
            else
                todo.push_back(i);
        }
        const int threads =
            pool ? static_cast<int>(std::min<size_t>(todo.size(), static_cast<size_t>(pool->threads()))) : 1;
        if (threads <= 1) {
            answerAll(sets, todo, ownQueryCache(), out);
            for (size_t i : todo) remember(sets[i], out[i]);
            return out;
        }
        lock.unlock();
        const auto share = shareByCells(sets, todo, threads);
        pool->runPinned(threads, [&](int t) {
            pgm::MarginalCache cache(sizes_, *tree_, *mu_);
            answerAll(sets, share[static_cast<size_t>(t)], cache, out);
        });
        lock.lock();
        for (size_t i : todo) remember(sets[i], out[i]);
        return out;
    }
    data::Table sample(long long rows, privacy::Rng& rng) const override {
        return pgm::sampleRows(domain_, *tree_, *mu_, rows, rng);
    }
    double sizeCells() const override { return tree_->referenceSize; }
    std::vector<std::vector<int>> cliques() const override { return potentials_.cliques; }
    std::unique_ptr<Model> withTotal(double total) const override {
        auto mu = std::make_shared<std::vector<std::vector<double>>>(*mu_);
        const double f = total_ > 0 ? total / total_ : 0.0;
        for (auto& c : *mu)
            for (double& v : c) v *= f;
        return std::make_unique<PgmModel>(domain_, potentials_, tree_, std::move(mu), total, lastStep_,
                                          treeIsBuilt_);
    }

    ModelState state() const override {
        ModelState s;
        s.engine = "pgm";
        s.cliques = potentials_.cliques;
        s.potentials = potentials_.theta;
        s.marginals = *mu_;
        s.total = total_;
        s.lastStep = lastStep_;
        return s;
    }

    const pgm::Potentials& potentials() const { return potentials_; }
    const pgm::JunctionTree& tree() const { return *tree_; }
    // The tree of a fit on `cliques` (maximal, as estimate's warm start forms
    // them) when they are this model's own: a fit that measures only inside
    // them keeps the structure, and building it again would give this tree.
    const pgm::JunctionTree* treeFor(const std::vector<std::vector<int>>& cliques) const {
        return treeIsBuilt_ && cliques == potentials_.cliques ? tree_.get() : nullptr;
    }
    double lastStep() const { return lastStep_; }
    std::unique_ptr<PgmModel> clone() const {
        return std::make_unique<PgmModel>(domain_, potentials_, tree_, mu_, total_, lastStep_, treeIsBuilt_);
    }

private:
    // The sets `todo` dealt to `threads` lists, largest answer first to the
    // list with the fewest cells so far (which thread answers a set never
    // changes the answer).
    std::vector<std::vector<size_t>> shareByCells(std::span<const std::vector<int>> sets,
                                                  std::vector<size_t> todo, int threads) const {
        auto cells = [&](size_t i) { return pgm::cellCount(sizes_, sets[i]); };
        std::stable_sort(todo.begin(), todo.end(), [&](size_t a, size_t b) { return cells(a) > cells(b); });
        std::vector<std::vector<size_t>> share(static_cast<size_t>(threads));
        std::vector<double> load(static_cast<size_t>(threads), 0.0);
        for (size_t i : todo) {
            const auto t = static_cast<size_t>(std::min_element(load.begin(), load.end()) - load.begin());
            share[t].push_back(i);
            load[t] += cells(i);
        }
        return share;
    }
    // out[i] for every i of `which`, on `cache`: the answers first, then
    // their scaling to the total at once (their sums side by side).
    void answerAll(std::span<const std::vector<int>> sets, const std::vector<size_t>& which,
                   pgm::MarginalCache& cache, std::vector<Answer>& out) const {
        std::vector<pgm::RawMarginal> raw;
        raw.reserve(which.size());
        for (size_t i : which) raw.push_back(pgm::queryMarginalRaw(sizes_, *tree_, *mu_, sets[i], &cache));
        pgm::scaleToTotal(raw, total_);
        for (size_t j = 0; j < which.size(); ++j)
            out[which[j]] = std::make_shared<const std::vector<double>>(std::move(raw[j].values));
    }
    // The memoised answer on `key`, else computed on the model's own query
    // cache and memoised. One lock for lookup and computation: both are shared.
    Answer answer(const std::vector<int>& key) const {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = cache_.find(key);
        return it != cache_.end() ? it->second : computeAndRemember(key);
    }
    // An answer not in the memo, on the model's own query cache (caller holds mutex_).
    Answer computeAndRemember(const std::vector<int>& key) const {
        auto m = std::make_shared<const std::vector<double>>(
            pgm::queryMarginal(sizes_, *tree_, *mu_, key, total_, &ownQueryCache()));
        remember(key, m);
        return m;
    }
    // The model's own query cache, made on first use (caller holds mutex_).
    pgm::MarginalCache& ownQueryCache() const {
        if (!queryCache_) queryCache_ = std::make_unique<pgm::MarginalCache>(sizes_, *tree_, *mu_);
        return *queryCache_;
    }
    // Into the answer memo, shared with the caller (bounded; caller holds mutex_).
    void remember(const std::vector<int>& key, const Answer& answer) const {
        if (cache_.size() > 4096) cache_.clear();
        cache_[key] = answer;
    }
    void checkAttributes(std::span<const int> attrs) const {
        for (size_t i = 0; i < attrs.size(); ++i)
            if (attrs[i] < 0 || attrs[i] >= domain_.attributeCount() || (i > 0 && attrs[i] <= attrs[i - 1]))
                throw settingError("attributes",
                                   "marginal attributes must be strictly increasing domain indices");
    }

    data::Domain domain_;
    pgm::Sizes sizes_;
    pgm::Potentials potentials_;
    std::shared_ptr<const pgm::JunctionTree> tree_;
    std::shared_ptr<const std::vector<std::vector<double>>> mu_;
    double total_;
    double lastStep_;
    bool treeIsBuilt_ = true;
    mutable std::mutex mutex_;
    mutable std::map<std::vector<int>, Answer> cache_;
    mutable std::unique_ptr<pgm::MarginalCache> queryCache_;
};

std::unique_ptr<PgmModel> buildModel(const data::Domain& domain, pgm::EstimateResult&& r) {
    auto tree = std::make_shared<const pgm::JunctionTree>(std::move(r.tree));
    auto mu = std::make_shared<const std::vector<std::vector<double>>>(std::move(r.mu));
    return std::make_unique<PgmModel>(domain, std::move(r.potentials), std::move(tree), std::move(mu),
                                      r.total, r.lastStep);
}

// A fit's result is usable: finite loss, total and marginals.
bool finiteFit(const pgm::EstimateResult& e) {
    if (!std::isfinite(e.weightedLoss) || !std::isfinite(e.total)) return false;
    for (const auto& m : e.mu)
        for (double x : m)
            if (!std::isfinite(x)) return false;
    return true;
}

class PgmEngine final : public FitEngine {
public:
    std::string name() const override { return "pgm"; }

    std::unique_ptr<Model> uniform(const data::Domain& domain, double total) const override {
        if (!(total > 0)) throw settingError("total", "the uniform model's total must be > 0");
        auto r = pgm::estimate(domainSizes(domain), domainNames(domain), {}, nullptr, total, {});
        return buildModel(domain, std::move(r));
    }

    std::unique_ptr<Model> fit(const data::Domain& domain, const std::vector<Measurement>& measurements,
                               const Model* init, const FitOptions& options,
                               FitReport* report) const override {
        const FitClock clock;
        validateMeasurements(domain, measurements);
        const auto* pinit = dynamic_cast<const PgmModel*>(init);
        if (pinit && !(pinit->domain() == domain))
            throw settingError("init", "the initial model has another domain");
        std::unique_ptr<Model> out;
        FitReport rep;
        double workerCpu = 0;
        if (measurements.empty()) {
            out = pinit ? std::unique_ptr<Model>(pinit->clone()) : uniform(domain, 1.0);
        } else {
            const auto sizes = domainSizes(domain);
            const auto names = domainNames(domain);
            std::vector<std::vector<int>> all = init ? init->cliques() : std::vector<std::vector<int>>{};
            // A foreign init (e.g. an mw model) contributes its structure only.
            pgm::Potentials foreign;
            if (init && !pinit) {
                if (!(init->domain() == domain))
                    throw settingError("init", "the initial model has another domain");
                foreign.cliques = pgm::maximalSubset(init->cliques());
                for (const auto& c : foreign.cliques)
                    foreign.theta.emplace_back(static_cast<size_t>(pgm::cellCount(sizes, c)), 0.0);
            }
            const pgm::Potentials* start = pinit ? &pinit->potentials() : (init ? &foreign : nullptr);
            for (const auto& m : measurements) all.push_back(m.attrs);
            std::optional<pgm::JunctionTree> built;
            const pgm::JunctionTree* tree =
                fitTree(sizes, names, all, !init || pinit, pinit, options.maxModelCells, built);
            pgm::MirrorDescentOptions md;
            md.maxIterations = options.maxIterations;
            md.tolerance = options.tolerance;
            md.maxCellIterations = options.maxCellIterations;
            md.firstStep = options.firstStep;
            md.stepRule = options.stepRule;
            md.carriedStep = pinit ? pinit->lastStep() : 0.0;
            md.threads = usefulThreads(options.threads);  // <= 0: every core; never more than the cores
            const auto v = views(measurements);
            // 0: estimate() estimates it (bit for bit as before) unless a floor is set.
            const double total =
                options.minTotal > 0 ? std::max(options.minTotal, pgm::estimateTotal(v, sizes)) : 0.0;
            // A warm start can be numerically degenerate (potentials whose
            // clique marginals underflow after many steps of the stream);
            // then refit cold on the same structure (zero potentials: no
            // structure is lost, only the starting point) rather than fail a
            // run whose budget is already spent.
            std::optional<pgm::EstimateResult> warm;
            try {
                warm = pgm::estimate(sizes, names, v, start, total, md, tree);
                workerCpu += warm->workerCpuSeconds;
            } catch (const Error&) {
                if (!start) throw;
            }
            if (start && (!warm || !finiteFit(*warm))) {
                pgm::Potentials cold;
                cold.cliques = start->cliques;
                for (const auto& c : cold.cliques)
                    cold.theta.emplace_back(static_cast<size_t>(pgm::cellCount(sizes, c)), 0.0);
                md.carriedStep = 0;
                warm = pgm::estimate(sizes, names, v, &cold, total, md, tree);
                workerCpu += warm->workerCpuSeconds;
            }
            if (!finiteFit(*warm)) throw settingError("model", "the fit did not converge to a finite model");
            auto r = std::move(*warm);
            rep.iterations = r.iterations;
            rep.bpCalls = r.bpCalls;
            rep.finalLoss = r.plainLoss;
            rep.weightedLoss = r.weightedLoss;
            if (report) rep.lossHistory = std::move(r.plainLossHistory);
            out = buildModel(domain, std::move(r));
        }
        clock.finish(rep, *out, workerCpu, report);
        return out;
    }

    double hypotheticalSizeCells(const Model& model, std::span<const int> attrs) const override {
        if (const auto* p = dynamic_cast<const PgmModel*>(&model))
            return memo_.size(p->domain(), p->potentials().cliques, p->tree().referenceCliques,
                              p->tree().referenceSize, attrs);  // (cliques() would copy them per check)
        return memo_.size(model.domain(), model.cliques(), {}, 0.0, attrs);
    }

    // The tree is rebuilt from the cliques exactly as estimate() builds it;
    // the calibrated marginals are taken as saved (no BP), so the restored
    // model answers and samples bit for bit like the saved one.
    std::unique_ptr<Model> restore(const data::Domain& domain, const ModelState& state) const override {
        auto bad = [](const std::string& what) {
            return Error(ErrorKind::Session, "the saved pgm model is inconsistent: " + what);
        };
        if (state.engine != "pgm") throw bad("it was made by the " + state.engine + " engine");
        const auto sizes = domainSizes(domain);
        if (state.potentials.size() != state.cliques.size()) throw bad("potentials do not match cliques");
        for (std::size_t c = 0; c < state.cliques.size(); ++c) {
            const auto& q = state.cliques[c];
            for (std::size_t i = 0; i < q.size(); ++i)
                if (q[i] < 0 || q[i] >= domain.attributeCount() || (i > 0 && q[i] <= q[i - 1]))
                    throw bad("a clique is outside the domain");
            if (static_cast<double>(state.potentials[c].size()) != pgm::cellCount(sizes, q))
                throw bad("a potential has the wrong size");
        }
        // A model saved before 2026-11-30 was calibrated on the reference
        // order's tree; one saved since on the smaller tree (junction_tree.h).
        // Sizes alone could match both trees, so the marginals must also agree
        // on every separator (calibrated), as they do on the tree they came from.
        auto fits = [&](const pgm::JunctionTree& t) {
            if (state.marginals.size() != t.cliques.size()) return false;
            for (std::size_t c = 0; c < t.cliques.size(); ++c)
                if (static_cast<double>(state.marginals[c].size()) != pgm::cellCount(sizes, t.cliques[c]))
                    return false;
            return calibratedOn(sizes, t, state.marginals, state.total);
        };
        auto tree = std::make_shared<const pgm::JunctionTree>(
            pgm::buildJunctionTree(sizes, domainNames(domain), state.cliques));
        const bool built = fits(*tree);
        if (!built)
            tree = std::make_shared<const pgm::JunctionTree>(
                pgm::buildJunctionTree(sizes, domainNames(domain), state.cliques, pgm::TreeOrder::Reference));
        if (!fits(*tree)) throw bad("marginals do not match the junction tree");
        pgm::Potentials potentials{state.cliques, state.potentials};
        auto mu = std::make_shared<const std::vector<std::vector<double>>>(state.marginals);
        return std::make_unique<PgmModel>(domain, std::move(potentials), std::move(tree), std::move(mu),
                                          state.total, state.lastStep, built);
    }

private:
    // The junction tree of a fit on the cliques maximalSubset(all) (the
    // initial model's, then the measurements'), for the cap and for
    // estimate(): the initial model's own when the measurements add no clique
    // to it (half the fits of Adult bs-50), else built once, into `built`.
    // Null when !ours (a foreign init, whose structure estimate() forms in
    // another order): estimate() builds it. Throws above the cap.
    static const pgm::JunctionTree* fitTree(const pgm::Sizes& sizes, const std::vector<std::string>& names,
                                            const std::vector<std::vector<int>>& all, bool ours,
                                            const PgmModel* pinit, double cap,
                                            std::optional<pgm::JunctionTree>& built) {
        const pgm::JunctionTree* tree = nullptr;
        if (ours) {
            auto cliques = pgm::maximalSubset(all);
            tree = pinit ? pinit->treeFor(cliques) : nullptr;
            if (!tree) tree = &built.emplace(pgm::buildJunctionTree(sizes, names, cliques));
        }
        const double size =
            tree ? tree->referenceSize
                 : pgm::buildJunctionTree(sizes, names, pgm::maximalSubset(all), pgm::TreeOrder::Reference)
                       .size;
        if (size > cap)
            throw settingError("maxModelCells",
                               "the model would have " + std::to_string(static_cast<long long>(size)) +
                                   " cells, above the cap of " + std::to_string(static_cast<long long>(cap)));
        return tree;
    }

    SizeMemo memo_;
};

}  // namespace

std::unique_ptr<FitEngine> makePgmEngine() {
    return std::make_unique<PgmEngine>();
}

std::vector<std::vector<int>> maximalCliquesOf(const Model& model) {
    if (const auto* p = dynamic_cast<const PgmModel*>(&model)) return p->tree().cliques;
    return pgm::buildJunctionTree(domainSizes(model.domain()), domainNames(model.domain()), model.cliques())
        .cliques;
}

}  // namespace streamsynth::fit
