// See true_vs_synthetic.h.
#include "core/values/true_vs_synthetic.h"

#include "core/metrics/one_way.h"
#include "core/workflow/compare_with_truth.h"

namespace streamsynth::workflow {

namespace {

std::vector<double> shares(const std::vector<double>& counts) {
    double total = 0;
    for (double v : counts) total += v;
    std::vector<double> out(counts.size(), 0.0);
    if (total > 0)
        for (std::size_t c = 0; c < counts.size(); ++c) out[c] = counts[c] / total;
    return out;
}

Distribution make(std::string name, std::vector<std::string> cells, const std::vector<double>& truth,
                  const std::vector<double>& release) {
    Distribution d;
    d.name = std::move(name);
    d.cells = std::move(cells);
    d.truth = shares(truth);
    d.release = shares(release);
    d.tv = metrics::totalVariation(truth, release);
    return d;
}

// Cell labels of a workload: codes joined by " | ", first attribute slowest.
std::vector<std::string> cellLabels(const marginals::Workload& w, const data::Domain& domain) {
    std::vector<std::string> out{""};
    for (int a : w.attrs) {
        std::vector<std::string> next;
        for (const std::string& prefix : out)
            for (int v = 0; v < domain.attribute(a).size; ++v)
                next.push_back(prefix.empty() ? std::to_string(v) : prefix + " | " + std::to_string(v));
        out = std::move(next);
    }
    return out;
}

}  // namespace

TrueVsSynthetic compareWithTruth(const stream::RunEngine& engine, const std::string& seriesId) {
    const marginals::WorkloadSet& ws = engine.workloads();
    const std::vector<marginals::Marginal>& truth = engine.truthAnswers();
    // The release's answers as the run's metrics use them: counts of g_t's
    // rows, or (proposed streamer, --release-answers model) the expected
    // answers of its models, so the view agrees with metrics.csv and draws
    // no rows (docs/streamers.md, 'Releases kept as models').
    const std::vector<marginals::Marginal>& release = engine.releaseAnswers(seriesId);
    TrueVsSynthetic out;
    const data::Domain& domain = ws.domain();
    for (int a = 0; a < domain.attributeCount(); ++a) {
        const std::vector<double> t = metrics::oneWayCounts(ws, truth, a);
        if (t.empty()) continue;
        out.attributes.push_back(make(domain.name(a), cellLabels(marginals::Workload{{a}}, domain), t,
                                      metrics::oneWayCounts(ws, release, a)));
    }
    for (std::size_t i = 0; i < ws.size(); ++i)
        out.workloads.push_back(make(ws.label(i), cellLabels(ws[i], domain), truth[i], release[i]));
    return out;
}

}  // namespace streamsynth::workflow
