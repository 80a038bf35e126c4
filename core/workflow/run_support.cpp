// The support check of a run's own settings and rows (run.h, support.h).
#include <algorithm>

#include "core/steps/step_source.h"
#include "core/values/release_output.h"
#include "core/values/series_spec.h"
#include "core/values/support_finding.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

namespace {
// The support check's settings of a run's series and its rows in steps 1..last (PRIVATE).
struct RunSupport {
    SupportSettings settings;
    long long rows = 0;
    int last = 0;
};

RunSupport runSupportOf(const RunConfig& config, const stream::StepSource& src, int steps) {
    SupportSettings s;
    s.noise = stream::supportNoise(config.privacy, config.rounds, config.accuracy, config.publicRowsPerStep);
    s.noise.unit = config.unit;
    s.proposed = false;
    // Each baseline at its own budget, named by its spec, or by its id when
    // the run has several budgets; the proposed series at their smallest,
    // per step after the whole-stream charge, with the 1-way share the run
    // resolves for it (stream/one_way_share.h).
    const double first = config.series.front().budget.amount();
    const bool severalBudgets =
        std::any_of(config.series.begin(), config.series.end(),
                    [&](const SeriesConfig& c) { return c.budget.amount() != first; });
    for (const SeriesConfig& c : config.series) {
        if (c.streamer == stream::StreamerKind::Proposed) {
            const double perStep = stream::runBudgetAfter(c.budget, config.streamCharge.amount).amount();
            s.noise.budget = s.proposed ? std::min(s.noise.budget, perStep) : perStep;
            s.proposed = true;
            continue;
        }
        const stream::AccuracyOptions a = stream::seriesAccuracy(config, c);
        const bool carries = a.baselineInit == stream::BaselineInit::Previous;
        s.baselines.push_back({severalBudgets ? c.id : stream::seriesName(c), a.baselineOneWayShare, carries,
                               c.budget.amount()});
    }
    const int last = std::min(steps, src.stepCount());
    long long rows = 0;  // |f_last|: the public step sizes, from any source (file or database)
    for (int t = 1; t <= last; ++t) rows += src.stepRows(t);
    return {s, rows, last};
}
}  // namespace

std::vector<std::string> RunMachine::supportWarnings(int steps) const {
    if (steps <= 0 || config().series.empty()) return {};
    const RunSupport r = runSupportOf(config(), *source, steps);
    return api::supportWarnings(source->workloads(), r.rows, r.last, r.settings);
}

std::vector<SupportFinding> RunMachine::supportFindings(int steps) const {
    if (steps <= 0 || config().series.empty()) return {};
    const RunSupport r = runSupportOf(config(), *source, steps);
    return api::supportFindings(source->workloads(), r.rows, r.last, r.settings);
}

}  // namespace streamsynth::workflow
