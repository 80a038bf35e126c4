// The support check over a run's workloads (core/values/support_finding.h):
// the planning library's checks (stream::checkSupport and the baselines')
// as findings and as the CLI's warning lines.
#include "core/planning/support_check.h"
#include "core/values/support_finding.h"

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
                       a.overStream, steps, a.blockSteps});
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

}  // namespace streamsynth::api
