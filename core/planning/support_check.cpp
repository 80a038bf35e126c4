// The pre-run support check; see support_check.h for the derivation.
#include "core/planning/support_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

#include "core/privacy/budget_split.h"
#include "core/privacy/calibration.h"
#include "core/privacy/unit_sensitivity.h"
#include "core/stream/one_way_share.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/tracked_blocks.h"

namespace streamsynth::stream {

namespace {

// One measurement's noise per cell when paid with `share` of the budget:
// E|noise| and the variance of one draw (Laplace b: b and 2b²; Gaussian σ:
// √(2/π)·σ and σ²), in the run's privacy model.
struct CellNoise {
    double mean = 0;
    double variance = 0;
};

CellNoise cellNoise(const SupportInput& in, double share, const privacy::UnitBound& unit) {
    // No budget (shares that leave the rounds nothing): no measurement can help.
    if (!(share > 0))
        return {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
    // At unit level a measurement pays for one unit's rows (stream/unit_noise.h).
    const privacy::Sensitivity sensitivity = privacy::unitSensitivity(
        in.privacy, privacy::Sensitivity::ofCount(), privacy::unitFreshFactor(in.privacy, unit));
    const double scale = privacy::calibrate(in.privacy, share, sensitivity).value();
    if (in.privacy == privacy::PrivacyModel::Pure) return {scale, 2.0 * scale * scale};
    return {std::sqrt(2.0 / std::numbers::pi) * scale, scale * scale};
}

// T steps of R/c rows per cell against T summed draws: signal T·R/c, noise
// √(T·variance); they are equal at T* = variance·(c/R)².
AttributeSupport judge(AttributeSupport s, double cells, CellNoise noise, const SupportInput& in) {
    s.cells = cells;
    s.noisePerCell = noise.mean;
    s.rowsPerCell = in.rowsPerStep / cells;
    s.stepsNeeded = s.rowsPerCell > 0 ? noise.variance / (s.rowsPerCell * s.rowsPerCell)
                                      : std::numeric_limits<double>::infinity();
    s.perStep = s.rowsPerCell >= noise.mean;
    s.overStream = s.stepsNeeded <= static_cast<double>(in.steps);
    return s;
}

// The same for a counter fed once per block of B steps (tracked_blocks.h):
// fed at step 1 and at B, 2B, …, so T steps sum about T/B draws (T* over B),
// but nothing after step 1 reaches the counter before step B and the signal
// can only show at a feed: the steps needed are the first block end at or
// after max(T*/B, B). "Per step" keeps its meaning (step 1's own feed is
// informative, R/c ≥ E|noise|, as judge() has it, or the steps needed are
// within the first steps, T* ≤ variance/mean², as fed every step). With
// K = 1 under pure ε that is about 2B steps (B is chosen so that one feed's
// rows reach its noise scale), about B under zCDP.
AttributeSupport judgeBlocks(AttributeSupport s, double cells, CellNoise noise, const SupportInput& in,
                             int blockSteps) {
    const double firstSteps = noise.variance / (noise.mean * noise.mean);  // 2 (Laplace), π/2 (Gaussian)
    s = judge(s, cells, noise, in);
    s.blockSteps = blockSteps;
    if (blockSteps <= 1) return s;
    const auto b = static_cast<double>(blockSteps);
    s.stepsNeeded = b * std::ceil(std::max(s.stepsNeeded / b, b) / b);
    s.perStep = s.perStep || s.stepsNeeded <= firstSteps;
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

// Per attribute a that a workload covers: the cheaper (smaller T*) of a
// round's measurement of its smallest workload, paid with roundShare, and
// its own 1-way measurement when oneWayShares[a] > 0, fed in blocks of
// oneWayBlocks[a] steps (empty: every step).
std::vector<AttributeSupport> judgeAttributes(const marginals::WorkloadSet& ws, const SupportInput& in,
                                              double roundShare, const std::vector<double>& oneWayShares,
                                              const std::vector<int>& oneWayBlocks = {}) {
    const data::Domain& domain = ws.domain();
    const CellNoise round = cellNoise(in, roundShare, in.unit);
    const auto [covered, smallest] = smallestWorkloads(ws);
    std::vector<AttributeSupport> out;
    for (int a = 0; a < domain.attributeCount(); ++a) {
        const auto au = static_cast<std::size_t>(a);
        AttributeSupport s;
        s.attribute = a;
        s.name = domain.name(a);
        if (covered[au]) {
            s = judge(s, smallest[au], round, in);
            if (oneWayShares[au] > 0) {
                const int b = oneWayBlocks.empty() ? 1 : oneWayBlocks[au];
                // A unit's rows in one feed: at most min(m, B·K) (tracked_blocks.h).
                const CellNoise noise = cellNoise(in, oneWayShares[au], blockUnitBound(in.unit, b));
                const AttributeSupport one = judgeBlocks(s, domain.attribute(a).size, noise, in, b);
                if (one.stepsNeeded < s.stepsNeeded) s = one;
            }
        }
        out.push_back(s);
    }
    return out;
}

}  // namespace

std::vector<AttributeSupport> checkSupport(const marginals::WorkloadSet& ws, const SupportInput& in) {
    const data::Domain& domain = ws.domain();
    AccuracyOptions small;
    small.smallShare = in.smallShare;
    small.smallCells = in.smallCells;
    small.oneWayShareRule = in.oneWayShareRule;
    small.oneWayShare = in.oneWayShare;
    small.smallFromOneWay = in.smallFromOneWay;
    // The share the run's series at this budget spends (one_way_share.h).
    const double share = oneWayShareFor(small, in.privacy, in.budget, in.publicRowsPerStep);
    const double tracked = share + (trackedWorkloads(ws, small).empty() ? 0.0 : in.smallShare);
    std::vector<int> codes;
    for (int a = 0; a < domain.attributeCount(); ++a) codes.push_back(domain.attribute(a).size);
    const std::vector<bool> covered = smallestWorkloads(ws).covered;
    const std::vector<double> oneWayEps =
        share > 0 ? oneWayBudgetSplit(codes, covered, share * in.budget, in.oneWaySplit)
                  : std::vector<double>(covered.size(), 0.0);
    // The blocks each 1-way counter is fed in, from public inputs as the run's tracker.
    std::vector<int> blocks;
    for (std::size_t a = 0; a < codes.size(); ++a)
        blocks.push_back(trackedBlockSteps(in.trackedBlocks, in.privacy, in.budget, oneWayEps[a],
                                           static_cast<double>(codes[a]), in.publicRowsPerStep));
    // A round's share (1−s)·ε/2k: Laplace b = 2k/((1−s)ε), or the Gaussian σ for it.
    return judgeAttributes(ws, in, (1.0 - tracked) * in.budget / (2.0 * in.rounds), oneWayEps, blocks);
}

std::vector<AttributeSupport> checkBaselineSupport(const marginals::WorkloadSet& ws, const SupportInput& in,
                                                   double baselineShare, bool carriesModel) {
    const std::vector<bool> covered = smallestWorkloads(ws).covered;
    const auto d = static_cast<double>(std::count(covered.begin(), covered.end(), true));
    std::vector<double> oneWay(covered.size(), 0.0);  // the baseline splits its share evenly
    for (std::size_t a = 0; a < covered.size(); ++a)
        if (covered[a] && baselineShare > 0) oneWay[a] = baselineShare * in.budget / d;
    std::vector<AttributeSupport> out =
        judgeAttributes(ws, in, (1.0 - baselineShare) * in.budget / (2.0 * in.rounds), oneWay);
    if (!carriesModel)  // independent steps: nothing accumulates
        for (AttributeSupport& s : out)
            if (s.cells > 0) s.overStream = s.perStep;
    return out;
}

std::vector<std::string> supportWarnings(const std::vector<AttributeSupport>& support, long long steps) {
    std::vector<std::string> out;
    char buf[512];
    char fed[96];
    for (const AttributeSupport& s : support) {
        if (s.cells <= 0 || s.perStep) continue;
        fed[0] = '\0';
        if (s.blockSteps > 1) std::snprintf(fed, sizeof fed, ", one feed every %d steps", s.blockSteps);
        if (s.overStream)
            std::snprintf(buf, sizeof buf,
                          "attribute '%s': %.3g expected rows per cell per step vs noise %.3g per cell "
                          "(%.0f cells%s): it needs about %.0f steps of %lld to emerge from the noise",
                          s.name.c_str(), s.rowsPerCell, s.noisePerCell, s.cells, fed,
                          std::ceil(s.stepsNeeded), steps);
        else
            std::snprintf(
                buf, sizeof buf,
                "the data cannot support attribute '%s' at this epsilon and period: %.3g expected rows "
                "per cell per step vs noise %.3g per cell (%.0f cells%s); it would need about %.3g steps, "
                "the stream has %lld (expect it close to uniform in the releases)",
                s.name.c_str(), s.rowsPerCell, s.noisePerCell, s.cells, fed, s.stepsNeeded, steps);
        out.push_back(buf);
    }
    return out;
}

std::string baselineSupportWarning(const std::vector<AttributeSupport>& support, const std::string& series) {
    std::string names;
    int count = 0;
    char figures[128];
    for (const AttributeSupport& s : support) {
        if (s.cells <= 0 || s.perStep) continue;
        std::snprintf(figures, sizeof figures, " (rows per cell %.3g vs noise %.3g, %.0f cells)",
                      s.rowsPerCell, s.noisePerCell, s.cells);
        names += (count > 0 ? ", '" : "'") + s.name + "'" + figures;
        ++count;
    }
    if (count == 0) return {};
    return series +
           ": each step is fitted from its own rows only, so at this epsilon and period no step can "
           "resolve " +
           (count == 1 ? "attribute " : std::to_string(count) + " attributes: ") + names + " (expect " +
           (count == 1 ? "it" : "them") + " close to uniform, or to noise, in this series' releases)";
}

}  // namespace streamsynth::stream
