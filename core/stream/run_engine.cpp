// The run engine (see run_engine.h): one pass over the steps; per step the
// true answers of f_t are accumulated once and shared by every series; each
// series owns its Rng (seed, series id), fit engine, streamer and history.
// The series of a step share nothing they write, so with threads > 1 they
// run side by side (one task each; the fits then get the remaining threads);
// their results are reported in series order, bitwise as on one thread.
#include "core/stream/run_engine.h"

#include <algorithm>
#include <chrono>

#include "core/common/task_pool.h"
#include "core/fit/fit_engine_kinds.h"
#include "core/marginals/marginal_counter.h"
#include "core/metrics/one_way.h"
#include "core/privacy/counter.h"
#include "core/privacy/ledger.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"
#include "core/steps/step_source.h"
#include "core/stream/model_cap.h"
#include "core/stream/streamer.h"
#include "core/values/error.h"
#include "core/values/message_text.h"

namespace streamsynth::stream {

namespace {}  // namespace

struct RunEngine::Impl {
    struct Series {
        SeriesConfig config;
        std::unique_ptr<privacy::Rng> rng;
        std::unique_ptr<fit::FitEngine> engine;
        std::unique_ptr<privacy::PrivacyLedger> ledger;  // budget per step = this series' ε
        std::unique_ptr<Streamer> streamer;
        std::vector<SeriesStepResult> history;
    };

    Impl(const StepSource& s, RunConfig c) : source(s), config(std::move(c)), truth(s.workloads()) {}

    const Series& find(const std::string& id) const {
        for (const Series& s : series)
            if (s.config.id == id) return s;
        throw settingError("series", "no series named " + quotedText(id));
    }

    const StepSource& source;
    RunConfig config;
    std::unique_ptr<TaskPool> pool;        // one task per series and step
    marginals::MarginalAccumulator truth;  // answers of f_t (private; metrics only)
    std::vector<Series> series;
    mutable std::unique_ptr<privacy::PrivacyLedger> combined;  // rebuilt by ledger()
    int nextStep = 1;
    // Kept for session files written before cancelled steps were finished
    // (a step cancelled between rounds now skips its remaining rounds and
    // still releases); a session carrying one refuses to continue.
    int interruptedStep = 0;
};

RunEngine::RunEngine(const StepSource& source, RunConfig config) {
    validateRunConfig(config, source.workloads().size());
    checkModelCapAdmitsAWorkload(config, source.workloads());
    // A bounded counter (tree:T, honaker:T) is fed at most once per step, so
    // T >= the number of steps guarantees it never runs past its horizon in
    // the middle of a step (public: the step count is a public setting).
    for (const SeriesConfig& sc : config.series) {
        if (sc.streamer != StreamerKind::Proposed) continue;
        const privacy::CounterSpec spec = privacy::parseCounterSpec(sc.counter, config.privacy);
        if (privacy::hasHorizon(spec) && spec.horizon < source.stepCount())
            throw settingError(
                "counter",
                "the counter " + quotedText(sc.counter) + " of series '" + sc.id + "' has a horizon of " +
                    std::to_string(spec.horizon) + " feeds but the stream has " +
                    std::to_string(source.stepCount()) +
                    " steps; choose a horizon of at least the number of steps, or an "
                    "unbounded counter (simple, unbounded-block, hybrid; sqrt-unbounded under zcdp)");
    }
    impl_ = std::make_unique<Impl>(source, std::move(config));
    const RunConfig& cfg = impl_->config;
    const int threads = usefulThreads(cfg.threads);
    const int seriesThreads = std::max(1, std::min(threads, static_cast<int>(cfg.series.size())));
    impl_->pool = std::make_unique<TaskPool>(seriesThreads);
    // What is left per series goes to its fits and counting (results do not
    // depend on it). A fit starts only the threads its model's walks can
    // feed (MirrorDescentFit::fitThreads: none for the streamers' small
    // capped models), so automatic threads (0) no longer burn idle cores;
    // the series side by side come first (docs/pgm.md, "Threads").
    RunConfig inner = cfg;
    inner.threads = std::max(1, threads / seriesThreads);
    for (const SeriesConfig& sc : cfg.series) {
        Impl::Series s;
        s.config = sc;
        // Own stream per series id: adding a series never changes another's draws.
        s.rng = cfg.secureRandom ? privacy::makeSecureRng()
                                 : privacy::makeSeededRng(cfg.seed, privacy::seedstream::seriesNoise(sc.id));
        s.engine = fit::makeFitEngine(cfg.fitEngine);
        s.ledger = std::make_unique<privacy::PrivacyLedger>(sc.budget);
        s.ledger->setProtection(privacy::protectionClause(cfg.unit, cfg.unitColumn));
        // A whole-stream charge (the DP choice of a coarsened domain, drawn
        // before the engine by the api) reads the rows of every step: each
        // series' ledger records it against every step, and its streamer
        // spends the rest of the budget per step.
        SeriesConfig streamerSeries = sc;
        if (cfg.streamCharge.amount > 0) {
            s.ledger->charge({sc.id, privacy::ChargeKind::Selection, cfg.streamCharge.mechanism,
                              cfg.streamCharge.amount, privacy::kWholeStreamStep, 0,
                              cfg.streamCharge.workload});
            streamerSeries.budget = runBudgetAfter(sc.budget, cfg.streamCharge.amount);
        }
        s.streamer = makeStreamer(
            makeStreamerEnv(inner, streamerSeries, source.workloads(), *s.engine, *s.ledger, *s.rng));
        impl_->series.push_back(std::move(s));
    }
}

RunEngine::RunEngine(const StepSource& source, RunConfig config, const EngineState& state)
    : RunEngine(source, std::move(config)) {
    Impl& d = *impl_;
    if (state.series.size() != d.series.size())
        throw Error(ErrorKind::Session, "the saved run has another number of series than its settings");
    const auto& ws = source.workloads();
    if (state.truthAnswers.size() != ws.size())
        throw Error(ErrorKind::Session, "the saved run has another number of workloads");
    for (std::size_t i = 0; i < ws.size(); ++i)
        if (state.truthAnswers[i].size() != ws.cells(i))
            throw Error(ErrorKind::Session, "the saved run does not match workload " + ws.label(i));
    if (state.nextStep < 1) throw Error(ErrorKind::Session, "the saved run has an invalid step number");
    for (std::size_t k = 0; k < d.series.size(); ++k) {
        Impl::Series& s = d.series[k];
        const SeriesState& st = state.series[k];
        if (st.id != s.config.id)
            throw Error(ErrorKind::Session, "the saved series " + quotedText(st.id) + " does not match " +
                                                quotedText(s.config.id));
        if (!d.config.secureRandom) s.rng->loadState(st.rng);  // OS entropy has no state to resume
        // The streamer holds a pointer to the ledger: assign in place.
        *s.ledger = privacy::PrivacyLedger::load(st.ledger);
        if (s.ledger->budgetPerStep() != s.config.budget.amount() || s.ledger->model() != d.config.privacy)
            throw Error(ErrorKind::Session,
                        "the saved ledger of series " + quotedText(st.id) + " has another budget");
        if (s.ledger->spent(st.id, privacy::kWholeStreamStep) != d.config.streamCharge.amount)
            throw Error(ErrorKind::Session, "the saved ledger of series " + quotedText(st.id) +
                                                " holds another charge before step 1 than the run's "
                                                "coarsening (its settings were lost or changed)");
        if (d.config.privacy == privacy::PrivacyModel::ZCdp) s.ledger->setConversionDelta(d.config.delta);
        s.ledger->setProtection(privacy::protectionClause(d.config.unit, d.config.unitColumn));
        s.streamer->restoreState(st.streamer);
        s.history = st.history;
    }
    // 0 + x == x exactly, so the restored sums are the saved ones bit for bit.
    d.truth.add(state.truthAnswers, state.truthRows);
    d.nextStep = state.nextStep;
    d.interruptedStep = state.interruptedStep;
}

EngineState RunEngine::saveState() const {
    const Impl& d = *impl_;
    EngineState st;
    st.nextStep = d.nextStep;
    st.interruptedStep = d.interruptedStep;
    st.truthAnswers = d.truth.answers();
    st.truthRows = d.truth.rows();
    for (const Impl::Series& s : d.series) {
        SeriesState ss;
        ss.id = s.config.id;
        ss.rng = s.rng->saveState();
        ss.ledger = s.ledger->save();
        ss.streamer = s.streamer->saveState();
        ss.history = s.history;
        st.series.push_back(std::move(ss));
    }
    return st;
}

RunEngine::~RunEngine() = default;

int RunEngine::run(const RunCallbacks& callbacks, const std::atomic<bool>* cancel, int lastStep) {
    Impl& d = *impl_;
    if (d.interruptedStep > 0)
        throw Error(
            ErrorKind::Privacy,
            "step " + std::to_string(d.interruptedStep) +
                " stopped on an error after part of its budget was spent; re-running it would spend it "
                "again",
            {});
    const int stepCount = d.source.stepCount();
    const int last = lastStep <= 0 ? stepCount : std::min(lastStep, stepCount);
    int done = 0;
    for (int t = d.nextStep; t <= last; ++t) {
        if (cancel != nullptr && cancel->load()) break;
        const StepMarginals in = d.source.step(t);
        d.truth.add(in.answers, in.rows);
        std::vector<SeriesStepResult> results(d.series.size());
        std::vector<char> finished(d.series.size(), 0);
        auto stepSeries = [&](int k) {
            Impl::Series& s = d.series[static_cast<std::size_t>(k)];
            const auto start = std::chrono::steady_clock::now();
            // A cancel during the step skips the remaining rounds (no charge)
            // and still releases: every series finishes step t.
            const StepOutput out = s.streamer->step(in, cancel);
            // |g_t| from the step: the proposed streamer draws g_t's rows only when asked for.
            const long long g = out.releaseRows;
            SeriesStepResult& r = results[static_cast<std::size_t>(k)];
            r.seriesId = s.config.id;
            r.step = t;
            r.stepCount = stepCount;
            r.period = in.period;
            r.trueNewRows = in.rows;
            r.releaseRows = g;
            r.metrics = metrics::evaluateStep(d.truth.answers(), static_cast<double>(d.truth.rows()),
                                              s.streamer->releaseAnswers(), static_cast<double>(g));
            r.oneWayTV =
                metrics::oneWayTV(d.source.workloads(), d.truth.answers(), s.streamer->releaseAnswers());
            // What the step spent, as its ledger counts it (the one count).
            r.budgetSpent = s.ledger->spent(s.config.id, t);
            r.selected = out.selected;
            r.modelCells = out.modelCells;
            r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            finished[static_cast<std::size_t>(k)] = 1;
        };
        auto report = [&](std::size_t k) {
            d.series[k].history.push_back(results[k]);
            if (callbacks.onStep) callbacks.onStep(results[k]);
        };
        try {
            if (d.pool->threads() <= 1) {
                // One thread: each series reports as soon as it is done.
                for (std::size_t k = 0; k < d.series.size(); ++k) {
                    stepSeries(static_cast<int>(k));
                    report(k);
                }
            } else {
                try {
                    d.pool->run(static_cast<int>(d.series.size()), stepSeries);
                } catch (...) {
                    // The series that finished step t released it (and spent
                    // its budget): record them, so history, release and
                    // exports agree, as they do on one thread for the series
                    // before the one that failed.
                    for (std::size_t k = 0; k < d.series.size(); ++k)
                        if (finished[k]) report(k);
                    throw;
                }
                for (std::size_t k = 0; k < d.series.size(); ++k) report(k);
            }
        } catch (...) {
            // Part of step t's budget may be spent: never run it again.
            d.interruptedStep = t;
            throw;
        }
        d.nextStep = t + 1;
        ++done;
        if (callbacks.onProgress) callbacks.onProgress(t, stepCount);
    }
    return done;
}

void RunEngine::startAfter(int skipSteps, const std::vector<ReleaseStart>& starts) {
    Impl& d = *impl_;
    if (d.nextStep != 1 || d.truth.rows() > 0)
        throw settingError("recover-from", "a stream starts from a release only before its first step");
    if (skipSteps < 0 || skipSteps >= d.source.stepCount())
        throw settingError("recover-from", "the stream has no step after step " + std::to_string(skipSteps));
    for (const ReleaseStart& start : starts) {
        const Impl::Series& s = d.find(start.seriesId);
        s.streamer->startFrom(start.release, start.newRows);
    }
    for (int t = 1; t <= skipSteps; ++t) {
        const StepMarginals in = d.source.step(t);
        d.truth.add(in.answers, in.rows);
    }
    d.nextStep = skipSteps + 1;
}

int RunEngine::nextStep() const {
    return impl_->nextStep;
}
const RunConfig& RunEngine::config() const {
    return impl_->config;
}
const privacy::PrivacyLedger& RunEngine::ledger() const {
    double budget = 0;
    for (const Impl::Series& s : impl_->series) budget = std::max(budget, s.config.budget.amount());
    impl_->combined = std::make_unique<privacy::PrivacyLedger>(budget, impl_->config.privacy);
    if (impl_->config.privacy == privacy::PrivacyModel::ZCdp)
        impl_->combined->setConversionDelta(impl_->config.delta);
    impl_->combined->setProtection(privacy::protectionClause(impl_->config.unit, impl_->config.unitColumn));
    // Each series' own ledger proved its charges against its own budget.
    for (const Impl::Series& s : impl_->series) impl_->combined->absorb(s.config.id, *s.ledger);
    return *impl_->combined;
}

const privacy::PrivacyLedger& RunEngine::ledger(const std::string& seriesId) const {
    return *impl_->find(seriesId).ledger;
}

std::vector<std::string> RunEngine::seriesIds() const {
    std::vector<std::string> ids;
    for (const Impl::Series& s : impl_->series) ids.push_back(s.config.id);
    return ids;
}

const marginals::WorkloadSet& RunEngine::workloads() const {
    return impl_->source.workloads();
}
const std::vector<marginals::Marginal>& RunEngine::truthAnswers() const {
    return impl_->truth.answers();
}

const data::Table& RunEngine::release(const std::string& seriesId) const {
    return impl_->find(seriesId).streamer->release();
}

const std::vector<marginals::Marginal>& RunEngine::releaseAnswers(const std::string& seriesId) const {
    return impl_->find(seriesId).streamer->releaseAnswers();
}

const ReleaseRecipe* RunEngine::releaseRecipe(const std::string& seriesId) const {
    return impl_->find(seriesId).streamer->releaseRecipe();
}

bool RunEngine::releaseGrowsByAppending(const std::string& seriesId) const {
    return impl_->find(seriesId).streamer->releaseGrowsByAppending();
}

std::uint64_t RunEngine::releaseDigest(const std::string& seriesId) const {
    return impl_->find(seriesId).streamer->releaseDigest();
}

NoisyMarginals RunEngine::noisyMarginals(const std::string& seriesId) const {
    const auto& s = impl_->find(seriesId);
    if (s.history.empty()) return {};
    return s.streamer->noisyMarginals(s.history.back().step);
}

std::vector<SeriesStepResult> RunEngine::history(const std::string& seriesId) const {
    return impl_->find(seriesId).history;
}

}  // namespace streamsynth::stream
