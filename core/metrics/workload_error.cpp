// WE, RelWE, RelL1 and their count forms (SPEC §6).
#include "core/values/workload_error.h"

#include <algorithm>
#include <cmath>

#include "core/common/lane_sums.h"
#include "core/values/error.h"

namespace streamsynth::metrics {

WorkloadError workloadError(const marginals::Marginal& truth, double truthRows,
                            const marginals::Marginal& release, double releaseRows) {
    if (truth.size() != release.size() || truth.empty())
        throw settingError("metrics", "the release and the truth have different workload shapes");
    const double sa = truthRows > 0 ? 1.0 / truthRows : 0.0;
    const double sb = releaseRows > 0 ? 1.0 / releaseRows : 0.0;
    // In eight lanes (core/common/lane_sums.h): the same bits on every CPU.
    const ErrorSums sums = errorSums(truth.data(), sa, release.data(), sb, truth.size());
    WorkloadError e;
    e.relL1 = sums.l1;
    e.relL1Count = sums.l1Count;
    const double cells = static_cast<double>(truth.size());
    e.we = e.relL1 / cells;
    e.weCount = e.relL1Count / cells;
    e.relWE = sums.positive > 0 ? sums.rel / sums.positive : 0.0;
    return e;
}

StepMetrics evaluateStep(const std::vector<marginals::Marginal>& truth, double truthRows,
                         const std::vector<marginals::Marginal>& release, double releaseRows) {
    if (truth.size() != release.size() || truth.empty())
        throw settingError("metrics", "the release and the truth cover different workload sets");
    StepMetrics m;
    for (std::size_t i = 0; i < truth.size(); ++i) {
        const WorkloadError e = workloadError(truth[i], truthRows, release[i], releaseRows);
        m.avgWE += e.we;
        m.avgRelWE += e.relWE;
        m.avgRelL1 += e.relL1;
        m.avgWECount += e.weCount;
        m.avgRelL1Count += e.relL1Count;
        m.maxWE = std::max(m.maxWE, e.we);
        m.maxRelWE = std::max(m.maxRelWE, e.relWE);
        m.maxRelL1 = std::max(m.maxRelL1, e.relL1);
        m.maxWECount = std::max(m.maxWECount, e.weCount);
        m.maxRelL1Count = std::max(m.maxRelL1Count, e.relL1Count);
    }
    const double n = static_cast<double>(truth.size());
    m.avgWE /= n;
    m.avgRelWE /= n;
    m.avgRelL1 /= n;
    m.avgWECount /= n;
    m.avgRelL1Count /= n;
    return m;
}

std::vector<std::string> metricNames() {
    return {"AvgWE",    "MaxWE",      "AvgRelWE",   "MaxRelWE",      "AvgRelL1",
            "MaxRelL1", "AvgWECount", "MaxWECount", "AvgRelL1Count", "MaxRelL1Count"};
}

double metricValue(const StepMetrics& m, const std::string& name) {
    if (name == "AvgWE") return m.avgWE;
    if (name == "MaxWE") return m.maxWE;
    if (name == "AvgRelWE") return m.avgRelWE;
    if (name == "MaxRelWE") return m.maxRelWE;
    if (name == "AvgRelL1") return m.avgRelL1;
    if (name == "MaxRelL1") return m.maxRelL1;
    if (name == "AvgWECount") return m.avgWECount;
    if (name == "MaxWECount") return m.maxWECount;
    if (name == "AvgRelL1Count") return m.avgRelL1Count;
    if (name == "MaxRelL1Count") return m.maxRelL1Count;
    throw settingError("metric", "unknown metric '" + name + "'");
}

}  // namespace streamsynth::metrics
