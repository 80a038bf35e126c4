// Runs of the proposed streamer on the head of the bundled Adult, measured
// the way the accuracy planner states its targets (core/api/accuracy_plan.h):
// at the last step, each attribute's 1-way shares of the release against the
// truth, and AvgWE. Shared by the planner's statistical test and its
// calibration benchmark (tests/bench/bench_accuracy_plan.cpp).
#pragma once

#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/api/series_plan.h"
#include "core/api/workbench.h"
#include "core/values/series_spec.h"
#include "core/values/true_vs_synthetic.h"
#include "support/adult_rows.h"
#include "support/test_data.h"

namespace streamsynth::test {

struct PlanRun {
    int within = 0;  // shares within ±bound
    int shares = 0;
    double worstError = 0;  // the largest |release share − true share|
    double avgWE = 0;       // at the last step
};

// One run of proposed:simple (RunConfig's defaults) at `epsilon` over the
// first batch·steps rows of adult.csv written into dir, random batch order
// with `seed`. Throws std::runtime_error when the data cannot be read.
inline PlanRun adultPlanRun(const QTemporaryDir& dir, double epsilon, std::uint64_t seed, double bound,
                            int batch, int steps) {
    const QString csv = writeAdultRows(dir, QString("adult-%1.csv").arg(batch * steps), batch * steps);
    if (csv.isEmpty()) throw std::runtime_error("cannot read the bundled adult.csv (resources/data)");
    api::Workbench wb;
    api::OpenOptions o;
    o.schemaPath = dataPath("adult-domain.json");
    wb.open(csv.toStdString(), o);
    data::StreamSettings s;
    s.batch = data::BatchSettings{batch, data::BatchOrder::Random};
    wb.setStreamSettings(s, seed);
    stream::RunConfig c;
    api::planRunSeries(c, {"proposed:simple"}, {privacy::Budget::of(privacy::PrivacyModel::Pure, epsilon)});
    c.seed = seed;
    auto run = wb.prepareRun(c);
    if (run->run({}, nullptr) != steps) throw std::runtime_error("the run did not release every step");
    PlanRun out;
    out.avgWE = run->history("proposed-simple").back().metrics.avgWE;
    for (const api::Distribution& d : run->compareWithTruth("proposed-simple").attributes)
        for (std::size_t v = 0; v < d.truth.size(); ++v) {
            const double e = std::abs(d.release[v] - d.truth[v]);
            out.worstError = std::max(out.worstError, e);
            ++out.shares;
            if (e <= bound) ++out.within;
        }
    return out;
}

}  // namespace streamsynth::test
