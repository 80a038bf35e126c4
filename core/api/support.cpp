// See support.h.
#include "core/api/support.h"

#include "core/api/workload_choice.h"
#include "core/planning/support_check.h"

namespace streamsynth::api {

std::vector<std::string> supportWarnings(const marginals::WorkloadSet& workloads, long long rowsInSteps,
                                         int steps, const SupportSettings& settings) {
    if (steps <= 0 || workloads.empty()) return {};
    const stream::SupportInput in{settings.noise, static_cast<double>(rowsInSteps) / steps, steps};
    std::vector<std::string> out;
    if (settings.proposed) out = stream::supportWarnings(stream::checkSupport(workloads, in), steps);
    if (!settings.baselines.empty())
        for (std::string& w : out) w = "proposed streamer: " + w;
    for (const BaselineSupportCheck& b : settings.baselines) {
        stream::SupportInput own = in;
        own.budget = b.budget;
        const auto support = stream::checkBaselineSupport(workloads, own, b.oneWayShare, b.carriesModel);
        if (b.carriesModel) {
            for (const std::string& w : stream::supportWarnings(support, steps))
                out.push_back(b.series + ": " + w);
            continue;
        }
        std::string w = stream::baselineSupportWarning(support, b.series);
        if (!w.empty()) out.push_back(std::move(w));
    }
    return out;
}

namespace {
void appendFindings(std::vector<SupportFinding>& out, const std::vector<stream::AttributeSupport>& support,
                    const std::string& series, bool fittedPerStep, long long steps) {
    for (const stream::AttributeSupport& a : support) {
        if (a.cells <= 0 || a.perStep) continue;
        out.push_back({series, fittedPerStep, a.name, a.cells, a.rowsPerCell, a.noisePerCell, a.stepsNeeded,
                       a.overStream, steps});
    }
}
}  // namespace

std::vector<SupportFinding> supportFindings(const marginals::WorkloadSet& workloads, long long rowsInSteps,
                                            int steps, const SupportSettings& settings) {
    std::vector<SupportFinding> out;
    if (steps <= 0 || workloads.empty()) return out;
    const stream::SupportInput in{settings.noise, static_cast<double>(rowsInSteps) / steps, steps};
    if (settings.proposed) appendFindings(out, stream::checkSupport(workloads, in), "", false, steps);
    for (const BaselineSupportCheck& b : settings.baselines) {
        stream::SupportInput own = in;
        own.budget = b.budget;
        appendFindings(out, stream::checkBaselineSupport(workloads, own, b.oneWayShare, b.carriesModel),
                       b.series, !b.carriesModel, steps);
    }
    return out;
}

std::vector<std::string> supportWarnings(const Inspection& inspection, const WorkloadChoice& workloads,
                                         const SupportSettings& settings) {
    if (!inspection.hasStream || inspection.workloads == 0) return {};
    SupportSettings own = settings;  // the share's rule reads the public batch size, as the run does
    own.noise.publicRowsPerStep = data::publicRowsPerStep(inspection.schema.stream);
    return supportWarnings(makeWorkloadSet(inspection.schema.domain(), workloads), inspection.rowsInSteps,
                           inspection.steps, own);
}

}  // namespace streamsynth::api
