// The pre-run support check; see support_check.h for the derivation.
#include "core/stream/support_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/stream/one_way_tracker.h"

namespace streamsynth::stream {

namespace {

AttributeSupport judge(AttributeSupport s, double cells, double noise, const SupportInput& in) {
    s.cells = cells;
    s.noisePerCell = noise;
    s.rowsPerCell = in.rowsPerStep / cells;
    s.stepsNeeded = s.rowsPerCell > 0 ? 2.0 * std::pow(noise / s.rowsPerCell, 2)
                                      : std::numeric_limits<double>::infinity();
    s.perStep = s.rowsPerCell >= noise;
    s.overStream = s.stepsNeeded <= static_cast<double>(in.steps);
    return s;
}

// Per attribute: does a workload hold it, and the cells of the smallest that does.
struct Coverage {
    std::vector<bool> covered;
    std::vector<double> smallest;
};

Coverage smallestWorkloads(const marginals::WorkloadSet& ws) {
    Coverage out;
    out.covered.assign(static_cast<std::size_t>(ws.domain().attributeCount()), false);
    out.smallest.assign(out.covered.size(), 0.0);
    for (std::size_t i = 0; i < ws.size(); ++i)
        for (int a : ws[i].attrs) {
            const auto au = static_cast<std::size_t>(a);
            const double c = static_cast<double>(ws.cells(i));
            if (!out.covered[au] || c < out.smallest[au]) out.smallest[au] = c;
            out.covered[au] = true;
        }
    return out;
}

}  // namespace

std::vector<AttributeSupport> checkSupport(const marginals::WorkloadSet& ws, const SupportInput& in) {
    const data::Domain& domain = ws.domain();
    AccuracyOptions small;
    small.smallShare = in.smallShare;
    small.smallCells = in.smallCells;
    const double tracked = in.oneWayShare + (trackedWorkloads(ws, small).empty() ? 0.0 : in.smallShare);
    const double roundScale = 2.0 * in.rounds / ((1.0 - tracked) * in.epsilon);  // b = 2k/((1−s)ε)
    std::vector<int> codes;
    for (int a = 0; a < domain.attributeCount(); ++a) codes.push_back(domain.attribute(a).size);
    const auto [covered, smallest] = smallestWorkloads(ws);
    const std::vector<double> oneWayEps =
        in.oneWayShare > 0 ? oneWayBudgetSplit(codes, covered, in.oneWayShare * in.epsilon, in.oneWaySplit)
                           : std::vector<double>(covered.size(), 0.0);
    std::vector<AttributeSupport> out;
    for (int a = 0; a < domain.attributeCount(); ++a) {
        const auto au = static_cast<std::size_t>(a);
        AttributeSupport s;
        s.attribute = a;
        s.name = domain.name(a);
        if (covered[au]) {
            s = judge(s, smallest[au], roundScale, in);
            if (oneWayEps[au] > 0) {
                const AttributeSupport one = judge(s, codes[au], 1.0 / oneWayEps[au], in);
                if (one.stepsNeeded < s.stepsNeeded) s = one;
            }
        }
        out.push_back(s);
    }
    return out;
}

std::vector<AttributeSupport> checkBaselineSupport(const marginals::WorkloadSet& ws, const SupportInput& in,
                                                   double baselineShare, bool carriesModel) {
    const data::Domain& domain = ws.domain();
    const double roundScale = 2.0 * in.rounds / ((1.0 - baselineShare) * in.epsilon);
    const auto [covered, smallest] = smallestWorkloads(ws);
    const auto d = static_cast<double>(std::count(covered.begin(), covered.end(), true));
    std::vector<AttributeSupport> out;
    for (int a = 0; a < domain.attributeCount(); ++a) {
        const auto au = static_cast<std::size_t>(a);
        AttributeSupport s;
        s.attribute = a;
        s.name = domain.name(a);
        if (covered[au]) {
            s = judge(s, smallest[au], roundScale, in);
            if (baselineShare > 0) {
                const AttributeSupport one = judge(s, domain.attribute(a).size, d / (baselineShare * in.epsilon), in);
                if (one.stepsNeeded < s.stepsNeeded) s = one;
            }
            if (!carriesModel) s.overStream = s.perStep;  // independent steps: nothing accumulates
        }
        out.push_back(s);
    }
    return out;
}

std::vector<std::string> supportWarnings(const std::vector<AttributeSupport>& support, long long steps) {
    std::vector<std::string> out;
    char buf[512];
    for (const AttributeSupport& s : support) {
        if (s.cells <= 0 || s.perStep) continue;
        if (s.overStream)
            std::snprintf(buf, sizeof buf,
                          "attribute '%s': %.3g expected rows per cell per step vs noise %.3g per cell (%.0f cells): "
                          "it needs about %.0f steps of %lld to emerge from the noise",
                          s.name.c_str(), s.rowsPerCell, s.noisePerCell, s.cells, std::ceil(s.stepsNeeded), steps);
        else
            std::snprintf(buf, sizeof buf,
                          "the data cannot support attribute '%s' at this epsilon and period: %.3g expected rows "
                          "per cell per step vs noise %.3g per cell (%.0f cells); it would need about %.3g steps, "
                          "the stream has %lld (expect it close to uniform in the releases)",
                          s.name.c_str(), s.rowsPerCell, s.noisePerCell, s.cells, s.stepsNeeded, steps);
        out.push_back(buf);
    }
    return out;
}

std::string baselineSupportWarning(const std::vector<AttributeSupport>& support, const std::string& series) {
    std::string names;
    int count = 0;
    char buf[256];
    for (const AttributeSupport& s : support) {
        if (s.cells <= 0 || s.perStep) continue;
        std::snprintf(buf, sizeof buf, "%s'%s' (rows per cell %.3g vs noise %.3g, %.0f cells)", count > 0 ? ", " : "",
                      s.name.c_str(), s.rowsPerCell, s.noisePerCell, s.cells);
        names += buf;
        ++count;
    }
    if (count == 0) return {};
    return series + ": each step is fitted from its own rows only, so at this epsilon and period no step can resolve " +
           (count == 1 ? "attribute " : std::to_string(count) + " attributes: ") + names + " (expect " +
           (count == 1 ? "it" : "them") + " close to uniform, or to noise, in this series' releases)";
}

}  // namespace streamsynth::stream
