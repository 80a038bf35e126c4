// Benchmark of one full run: Adult, random batches of 50 (977 steps), ε = 1,
// baseline and proposed:simple with RunConfig's default settings, all 91
// 2-way workloads. Drives the streamers exactly as RunEngine::run does (same
// env, same per-series Rng streams, same metrics) and splits the time with a
// timing decorator around the pgm engine (no change to the streamers):
//   true marginals  counting ∇f_t over Q (shared by the series)
//   candidates      hypothetical model sizes for the cap
//   scoring         model marginals for the selection scores
//   fit             FitEngine::fit (and uniform)
//   sample          Model::sample (∇g_t; the proposed streamer draws no rows
//                   in a run: RunEngine takes |g_t| from the step)
//   evaluation      metrics::evaluateStep and oneWayTV against f_t (with the
//                   model queries of a release answered from the model)
//   other           the rest of step(): noise, counters, counting q(g_t), remainders
// Same stream and seeds as `streamsynth-cli run --seed 1 --batch 50 --order random
// --series baseline,proposed:simple` (tools/paper/paper-grid.sh's randomized-bs50-eps1
// cell), so its metrics must equal that cell's summary.json.
// Usage: bench_run [batch=50] [epsilon=1] [steps=all] [k=RunConfig default] [threads=1]
// (threads: counting and fitting; no result depends on it)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "core/fit/fit_engine.h"
#include "core/marginals/marginal_counter.h"
#include "core/metrics/one_way.h"
#include "core/metrics/summary.h"
#include "core/privacy/ledger.h"
#include "core/privacy/rng.h"
#include "core/steps/step_pipeline.h"
#include "core/steps/step_source.h"
#include "core/stream/streamer.h"
#include "core/values/run_config.h"
#include "core/values/workload_error.h"

using namespace streamsynth;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

struct Timers {
    double candidates = 0, scoring = 0, fit = 0, sample = 0;
};

class TimingModel final : public fit::Model {
public:
    TimingModel(std::unique_ptr<fit::Model> inner, Timers* t) : inner_(std::move(inner)), t_(t) {}
    const fit::Model& inner() const { return *inner_; }
    const data::Domain& domain() const override { return inner_->domain(); }
    double total() const override { return inner_->total(); }
    std::vector<double> marginal(std::span<const int> attrs) const override {
        const auto s = Clock::now();
        auto out = inner_->marginal(attrs);
        t_->scoring += since(s);
        return out;
    }
    // Forwarded, as the product's models answer a batch: from their memo,
    // without a copy, the sums side by side (the base class copies each).
    std::vector<Answer> marginals(std::span<const std::vector<int>> sets, TaskPool* pool) const override {
        const auto s = Clock::now();
        auto out = inner_->marginals(sets, pool);
        t_->scoring += since(s);
        return out;
    }
    data::Table sample(long long rows, privacy::Rng& rng) const override {
        const auto s = Clock::now();
        auto out = inner_->sample(rows, rng);
        t_->sample += since(s);
        return out;
    }
    double sizeCells() const override { return inner_->sizeCells(); }
    std::vector<std::vector<int>> cliques() const override { return inner_->cliques(); }
    std::unique_ptr<fit::Model> withTotal(double total) const override {
        return std::make_unique<TimingModel>(inner_->withTotal(total), t_);
    }
    fit::ModelState state() const override { return inner_->state(); }

private:
    std::unique_ptr<fit::Model> inner_;
    Timers* t_;
};

// Unwraps models before handing them to the real engine, so warm starts
// and memoised sizes behave exactly as without the decorator.
const fit::Model* unwrap(const fit::Model* m) {
    const auto* t = dynamic_cast<const TimingModel*>(m);
    return t ? &t->inner() : m;
}

class TimingEngine final : public fit::FitEngine {
public:
    TimingEngine(std::unique_ptr<fit::FitEngine> inner, Timers* t) : inner_(std::move(inner)), t_(t) {}
    std::string name() const override { return inner_->name(); }
    std::unique_ptr<fit::Model> uniform(const data::Domain& d, double total) const override {
        const auto s = Clock::now();
        auto m = std::make_unique<TimingModel>(inner_->uniform(d, total), t_);
        t_->fit += since(s);
        return m;
    }
    std::unique_ptr<fit::Model> fit(const data::Domain& d, const std::vector<fit::Measurement>& ms,
                                    const fit::Model* init, const fit::FitOptions& o,
                                    fit::FitReport* report) const override {
        const auto s = Clock::now();
        auto m = std::make_unique<TimingModel>(inner_->fit(d, ms, unwrap(init), o, report), t_);
        t_->fit += since(s);
        return m;
    }
    double hypotheticalSizeCells(const fit::Model& model, std::span<const int> attrs) const override {
        const auto s = Clock::now();
        const double v = inner_->hypotheticalSizeCells(*unwrap(&model), attrs);
        t_->candidates += since(s);
        return v;
    }

private:
    std::unique_ptr<fit::FitEngine> inner_;
    Timers* t_;
};

struct Series {
    stream::SeriesConfig config;
    Timers timers;
    std::unique_ptr<TimingEngine> engine;
    std::unique_ptr<privacy::Rng> rng;
    std::unique_ptr<privacy::PrivacyLedger> ledger;
    std::unique_ptr<stream::Streamer> streamer;
    double stepSeconds = 0, evalSeconds = 0;
    std::vector<metrics::StepMetrics> perStep;
    std::vector<double> oneWayTV;  // the last step's, per attribute
};

// Per series: seconds by phase (candidates, scoring, fit, sample, the rest,
// evaluation) and the last-10 AvgWE / MaxWE.
void printSeriesTimes(const std::vector<Series>& series) {
    std::printf("%-16s %8s %8s %8s %8s %8s %8s %8s | %9s %9s\n", "series", "total", "cands", "scoring", "fit",
                "sample", "other", "eval", "AvgWE l10", "MaxWE l10");
    for (const Series& s : series) {
        const Timers& x = s.timers;
        const double other = s.stepSeconds - x.candidates - x.scoring - x.fit - x.sample;
        const metrics::MetricSummary m = metrics::summarize(s.perStep);
        std::printf("%-16s %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f | %9.5f %9.5f\n", s.config.id.c_str(),
                    s.stepSeconds + s.evalSeconds, x.candidates, x.scoring, x.fit, x.sample, other,
                    s.evalSeconds, m.last10.avgWE, m.last10.maxWE);
    }
}

// RunConfig's defaults (k, iterations, tolerance, cap) with the bench's
// arguments, the two series, and what RunMachine adds for a batched stream.
stream::RunConfig benchConfig(int argc, char** argv, int threads, double epsilon,
                              const stream::LoadedStream& ls) {
    stream::RunConfig cfg;
    if (argc > 4 && std::atoi(argv[4]) > 0) cfg.rounds = std::atoi(argv[4]);
    cfg.threads = threads;
    cfg.seed = 1;
    // As RunMachine: the batch size is public and picks each series' 1-way
    // share under the rule auto (stream/one_way_share.h).
    cfg.publicRowsPerStep = data::publicRowsPerStep(ls.schema.stream);
    for (const char* id : {"baseline", "proposed-simple"}) {
        stream::SeriesConfig s;
        s.id = id;
        s.streamer =
            std::string(id) == "baseline" ? stream::StreamerKind::Baseline : stream::StreamerKind::Proposed;
        s.counter = "simple";
        s.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, epsilon);
        cfg.series.push_back(s);
    }
    return cfg;
}

}  // namespace

int main(int argc, char** argv) {
    const long long batch = argc > 1 ? std::atoll(argv[1]) : 50;
    const double epsilon = argc > 2 ? std::atof(argv[2]) : 1.0;
    const int stepLimit = argc > 3 ? std::atoi(argv[3]) : 0;
    const std::string data = STREAMSYNTH_SOURCE_DIR "/resources/data";

    const auto loadStart = Clock::now();
    stream::StreamRequest req;
    req.dataPath = data + "/adult.csv";
    req.schemaPath = data + "/adult-domain.json";
    data::BatchSettings bs;
    bs.size = batch;
    bs.order = data::BatchOrder::Random;
    req.batch = bs;
    req.seed = 1;  // as `streamsynth-cli run --seed 1`: batch order and series streams
    const stream::LoadedStream ls = stream::loadStream(req);
    const auto ws = marginals::WorkloadSet::allKWay(ls.schema.domain(), 2);
    const int threads = argc > 5 ? std::atoi(argv[5]) : 1;
    const stream::TableStepSource source(ls.encoded.table, ls.plan, ws, threads);
    const double loadSeconds = since(loadStart);

    const stream::RunConfig cfg = benchConfig(argc, argv, threads, epsilon, ls);
    stream::validateRunConfig(cfg, ws.size());
    std::vector<Series> series(cfg.series.size());
    for (std::size_t i = 0; i < series.size(); ++i) {
        Series& s = series[i];
        s.config = cfg.series[i];
        s.engine = std::make_unique<TimingEngine>(fit::makePgmEngine(), &s.timers);
        s.rng = privacy::makeSeededRng(cfg.seed, s.config.id);  // as RunEngine
        s.ledger = std::make_unique<privacy::PrivacyLedger>(s.config.budget);
        s.streamer =
            stream::makeStreamer(stream::makeStreamerEnv(cfg, s.config, ws, *s.engine, *s.ledger, *s.rng));
    }

    const int steps = stepLimit > 0 ? std::min(stepLimit, source.stepCount()) : source.stepCount();
    std::printf(
        "bench_run: Adult, random batches of %lld (%d steps), eps %g, k %d, iters %d, tol %g, cap %g cells, "
        "%d thread(s)\n",
        batch, steps, epsilon, cfg.rounds, cfg.fitIterations, cfg.fitTolerance, cfg.maxModelCells, threads);
    marginals::MarginalAccumulator truth(ws);
    double truthSeconds = 0;
    const auto runStart = Clock::now();
    for (int t = 1; t <= steps; ++t) {
        auto s0 = Clock::now();
        const stream::StepMarginals in = source.step(t);
        truth.add(in.answers, in.rows);
        truthSeconds += since(s0);
        for (Series& s : series) {
            s0 = Clock::now();
            // |g_t| from the step, as RunEngine: the proposed streamer draws
            // g_t's rows only when asked for (an export), never here.
            const long long rows = s.streamer->step(in, nullptr).releaseRows;
            s.stepSeconds += since(s0);
            s0 = Clock::now();
            // A release answered from the model queries it here: that time
            // is the evaluation's, not the step's scoring or sampling.
            const Timers before = s.timers;
            s.perStep.push_back(metrics::evaluateStep(truth.answers(), static_cast<double>(truth.rows()),
                                                      s.streamer->releaseAnswers(),
                                                      static_cast<double>(rows)));
            s.oneWayTV =
                metrics::oneWayTV(ws, truth.answers(), s.streamer->releaseAnswers());  // as RunEngine
            s.evalSeconds += since(s0);
            s.timers.scoring = before.scoring;
            s.timers.sample = before.sample;
        }
        if (t % 100 == 0) std::fprintf(stderr, "step %d/%d, %.1f s\n", t, steps, since(runStart));
    }
    const double total = since(runStart);

    std::printf("load + plan %.2f s; run %.1f s wall (true marginals %.2f s)\n", loadSeconds, total,
                truthSeconds);
    printSeriesTimes(series);
    return 0;
}
