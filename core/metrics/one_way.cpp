// 1-way total-variation distances read off workload answers; see one_way.h.
#include "core/metrics/one_way.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/values/error.h"

namespace streamsynth::metrics {

std::vector<double> sumOutTo(const marginals::Marginal& m, const marginals::Workload& w,
                             const data::Domain& domain, int attribute) {
    const auto pos = std::find(w.attrs.begin(), w.attrs.end(), attribute);
    if (pos == w.attrs.end()) throw settingError("metrics", "the workload does not contain the attribute");
    // Layout: first attribute slowest, so attribute k's code of flat index f
    // is (f / stride_k) % n_k with stride_k = Π_{j>k} n_j.
    std::size_t stride = 1;
    for (auto it = w.attrs.end() - 1; it != pos; --it)
        stride *= static_cast<std::size_t>(domain.attribute(*it).size);
    const auto n = static_cast<std::size_t>(domain.attribute(attribute).size);
    std::vector<double> out(n, 0.0);
    for (std::size_t f = 0; f < m.size(); ++f) out[(f / stride) % n] += m[f];
    return out;
}

std::vector<int> oneWaySources(const marginals::WorkloadSet& ws) {
    std::vector<int> src(static_cast<std::size_t>(ws.domain().attributeCount()), -1);
    for (std::size_t i = 0; i < ws.size(); ++i)
        for (int a : ws[i].attrs) {
            int& s = src[static_cast<std::size_t>(a)];
            if (s < 0 || ws.cells(i) < ws.cells(static_cast<std::size_t>(s))) s = static_cast<int>(i);
        }
    return src;
}

std::vector<double> oneWayCounts(const marginals::WorkloadSet& ws,
                                 const std::vector<marginals::Marginal>& answers, int attribute) {
    const int src = oneWaySources(ws)[static_cast<std::size_t>(attribute)];
    if (src < 0) return {};
    const auto i = static_cast<std::size_t>(src);
    return sumOutTo(answers.at(i), ws[i], ws.domain(), attribute);
}

// An all-zero side stays all-zero (no division by 0): an empty release is at
// distance ½·Σa/Σa = 0.5 from a non-empty truth, the most a distribution
// and "nothing" can differ by here.
double totalVariation(const std::vector<double>& truth, const std::vector<double>& release) {
    if (truth.size() != release.size()) throw settingError("metrics", "1-way marginals of different sizes");
    double st = 0, sr = 0;
    for (double v : truth) st += v;
    for (double v : release) sr += v;
    const double it = st > 0 ? 1.0 / st : 0.0, ir = sr > 0 ? 1.0 / sr : 0.0;
    double d = 0;
    for (std::size_t c = 0; c < truth.size(); ++c) d += std::fabs(truth[c] * it - release[c] * ir);
    return 0.5 * d;
}

std::vector<double> oneWayTV(const marginals::WorkloadSet& ws, const std::vector<marginals::Marginal>& truth,
                             const std::vector<marginals::Marginal>& release) {
    const std::vector<int> src = oneWaySources(ws);
    std::vector<double> out(src.size(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t a = 0; a < src.size(); ++a) {
        if (src[a] < 0) continue;
        const auto i = static_cast<std::size_t>(src[a]);
        const int attr = static_cast<int>(a);
        out[a] = totalVariation(sumOutTo(truth.at(i), ws[i], ws.domain(), attr),
                                sumOutTo(release.at(i), ws[i], ws.domain(), attr));
    }
    return out;
}

std::vector<double> oneWayUniformTV(const marginals::WorkloadSet& ws,
                                    const std::vector<marginals::Marginal>& truth) {
    const std::vector<int> src = oneWaySources(ws);
    std::vector<double> out(src.size(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t a = 0; a < src.size(); ++a) {
        if (src[a] < 0) continue;
        const auto i = static_cast<std::size_t>(src[a]);
        const std::vector<double> t = sumOutTo(truth.at(i), ws[i], ws.domain(), static_cast<int>(a));
        out[a] = totalVariation(t, std::vector<double>(t.size(), 1.0));
    }
    return out;
}

WorstAttribute worstAttribute(const std::vector<double>& tvPerAttribute) {
    WorstAttribute w;
    for (std::size_t a = 0; a < tvPerAttribute.size(); ++a)
        if (std::isfinite(tvPerAttribute[a]) && (w.attribute < 0 || tvPerAttribute[a] > w.tv)) {
            w.attribute = static_cast<int>(a);
            w.tv = tvPerAttribute[a];
        }
    return w;
}

}  // namespace streamsynth::metrics
