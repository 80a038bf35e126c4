// Test helper: a tiny synthetic stream (4 attributes, 24 cells, all 2-way
// workloads) with correlated columns, split into batches, and a RunConfig
// factory. Kept small so that every streamer x counter x score combination
// runs in well under a second.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/privacy/rng.h"
#include "core/steps/step_plan.h"
#include "core/steps/step_source.h"
#include "core/values/run_config.h"
#include "core/values/table.h"
#include "core/values/workload_set.h"

namespace streamsynth::test {

inline data::Domain tinyDomain() {
    return data::Domain({{"a", 2}, {"b", 3}, {"c", 2}, {"d", 2}});
}

// rows rows; b depends on a, c on b, d independent; fixed seed.
inline data::Table tinyTable(std::size_t rows, std::uint64_t seed = 7) {
    auto rng = privacy::makeSeededRng(seed);
    data::Table t(tinyDomain(), rows);
    for (std::size_t r = 0; r < rows; ++r) {
        const auto a = static_cast<data::Code>(rng->uniform01() < 0.7 ? 0 : 1);
        const auto b =
            static_cast<data::Code>(a == 0 ? (rng->uniform01() < 0.6 ? 0 : 1) : 2 - (rng->uniform01() < 0.3));
        const auto c = static_cast<data::Code>(b == 2 ? 1 : (rng->uniform01() < 0.8 ? 0 : 1));
        const auto d = static_cast<data::Code>(rng->bit() ? 1 : 0);
        t.set(r, 0, a);
        t.set(r, 1, b);
        t.set(r, 2, c);
        t.set(r, 3, d);
    }
    return t;
}

// ceil(rows/batch) steps in file order (sorted order would also do; random
// is a seeded shuffle).
inline std::unique_ptr<stream::TableStepSource> tinySource(std::size_t rows = 400, long long batch = 100) {
    const data::Table t = tinyTable(rows);
    data::BatchSettings bs;
    bs.size = batch;
    bs.order = data::BatchOrder::Random;
    auto rng = privacy::makeSeededRng(3);
    const stream::StepPlan plan = stream::planByBatch(t, bs, *rng);
    return std::make_unique<stream::TableStepSource>(t, plan,
                                                     marginals::WorkloadSet::allKWay(tinyDomain(), 2));
}

inline stream::RunConfig tinyConfig(std::vector<stream::SeriesConfig> series, int rounds = 2) {
    stream::RunConfig c;
    c.series = std::move(series);
    c.rounds = rounds;
    c.fitEngine = "pgm";
    c.fitIterations = 30;
    c.fitTolerance = 1e-4;
    c.seed = 11;
    stream::setFixedOneWayShare(c.accuracy,
                                0);  // the paper's proposed streamer; the 1-way share has its own tests
    c.accuracy.smallShare = 0;
    return c;
}

inline stream::SeriesConfig seriesOf(const std::string& id, stream::StreamerKind kind,
                                     const std::string& counter = "simple", double epsilon = 1.0) {
    stream::SeriesConfig s;
    s.id = id;
    s.streamer = kind;
    s.counter = counter;
    s.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, epsilon);
    return s;
}

// Three proposed series at `epsilon`, one per counter type (simple, tree:8,
// hybrid), named proposed-<counter>.
inline std::vector<stream::SeriesConfig> proposedCounterSeries(double epsilon) {
    std::vector<stream::SeriesConfig> series;
    for (const char* counter : {"simple", "tree:8", "hybrid"})
        series.push_back(
            seriesOf(std::string("proposed-") + counter, stream::StreamerKind::Proposed, counter, epsilon));
    return series;
}

// The run in `model`, its series' budgets (same amounts) in it, stated at delta.
inline void setPrivacy(stream::RunConfig& config, privacy::PrivacyModel model, double delta = 0) {
    config.privacy = model;
    config.delta = delta;
    for (stream::SeriesConfig& s : config.series)
        s.budget = privacy::Budget::of(model, s.budget.amount(), delta);
}

}  // namespace streamsynth::test
