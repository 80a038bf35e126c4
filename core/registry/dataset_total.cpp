// The privacy loss of a dataset over its streams (see dataset_total.h).
#include "core/values/dataset_total.h"

#include <algorithm>
#include <cmath>

#include "core/values/zcdp_conversion.h"

namespace streamsynth::registry {

DatasetTotal datasetTotal(const std::string& dataset, const std::vector<StreamTotal>& streams, double delta) {
    DatasetTotal t;
    t.dataset = dataset;
    double largestDelta = 0;
    double pureAsRho = 0;  // Σ ε²/2 over the pure series
    bool anyZcdp = false;
    for (const StreamTotal& s : streams) {
        if (s.series.empty()) continue;
        ++t.streams;
        if (s.model == "zcdp") {
            anyZcdp = true;
            t.rho += s.sum;
            largestDelta = std::max(largestDelta, s.delta);
        } else {
            t.pureEpsilon += s.sum;
            for (const SeriesBudget& b : s.series) pureAsRho += b.budget * b.budget / 2;
        }
    }
    if (!anyZcdp) {
        t.epsilon = t.pureEpsilon;
        return t;
    }
    t.delta = delta > 0 ? delta : (largestDelta > 0 ? largestDelta : 1e-6);
    const double zcdpOnly = t.rho > 0 ? privacy::zcdpEpsilon(t.rho, t.delta) : 0;
    const double asPure = t.pureEpsilon + zcdpOnly;
    const double asRho = privacy::zcdpEpsilon(t.rho + pureAsRho, t.delta);
    t.epsilon = std::min(asPure, asRho);
    return t;
}

std::string datasetTotalText(const DatasetTotal& total) {
    std::string text = "ε = " + roundedText(total.epsilon);
    if (total.mixed()) text += " at δ = " + roundedText(total.delta);
    text += " over " + std::to_string(total.streams) + (total.streams == 1 ? " stream" : " streams");
    if (total.mixed())
        text += " (ρ = " + roundedText(total.rho) +
                (total.pureEpsilon > 0 ? " and pure ε = " + roundedText(total.pureEpsilon) : std::string()) +
                ")";
    return text;
}

}  // namespace streamsynth::registry
