// Calibration and check of the accuracy planner (core/values/accuracy_plan.h)
// on the head of the bundled Adult: for each ε, the model's worst 1-way
// bound and AvgWE against what runs of proposed:simple (RunConfig's
// defaults) give at the last step: the largest share error over the seeds
// and the mean AvgWE. The avgWENoise column is the model's noise figure that
// kAvgWEModel's floor, slope and power were fitted on (docs/streamers.md).
// Usage: bench_accuracy_plan [batch=1000] [steps=5] [seeds=3] [epsilons=1,2,4,8,16,48]
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/api/accuracy_plan.h"
#include "core/values/schema.h"
#include "support/plan_runs.h"

using namespace streamsynth;

int main(int argc, char** argv) {
    const int batch = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int steps = argc > 2 ? std::atoi(argv[2]) : 5;
    const int seeds = argc > 3 ? std::atoi(argv[3]) : 3;
    std::vector<double> epsilons;
    for (const QString& e : QString(argc > 4 ? argv[4] : "1,2,4,8,16,48").split(','))
        epsilons.push_back(e.toDouble());
    QTemporaryDir dir;
    if (!dir.isValid()) return 1;
    api::PlanRequest r;
    r.domain = data::readSchema(test::dataPath("adult-domain.json")).domain();
    r.rowsPerStep = batch;
    r.steps = steps;
    r.checkEvery = 0;
    std::printf("Adult, %d steps of %d rows, proposed:simple, %d seeds\n", steps, batch, seeds);
    std::printf("%8s %12s %14s %12s %12s %12s\n", "epsilon", "avgWENoise", "1-way bound95", "worst share",
                "AvgWE model", "AvgWE mean");
    for (double eps : epsilons) {
        const api::StepAccuracy model = api::expectedAccuracy(r, eps, 0.95).checks.back();
        double worst = 0, avgWE = 0;
        for (int seed = 1; seed <= seeds; ++seed) {
            const test::PlanRun run =
                test::adultPlanRun(dir, eps, static_cast<std::uint64_t>(seed), 1.0, batch, steps);
            worst = std::max(worst, run.worstError);
            avgWE += run.avgWE / seeds;
        }
        std::printf("%8.3g %12.5g %14.4f %12.4f %12.5f %12.5f\n", eps, model.avgWENoise, model.oneWayShare,
                    worst, model.avgWE, avgWE);
    }
    return 0;
}
