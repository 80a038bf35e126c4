// The privacy loss of a dataset over every stream released from it. Streams
// of one dataset read the same people's rows, so their guarantees compose
// sequentially like the series of one stream (stream_total.h), whatever
// their privacy model:
//   - all streams pure ε-DP: the ε add up;
//   - any zCDP stream: the ρ add up, and a pure series of ε counts as
//     ε²/2-zCDP (Bun & Steinke 2016, Prop. 1.4); the total ρ implies (ε, δ)-DP
//     at the dataset's δ (privacy/zcdp_conversion.h). (ε₁, 0) composed with
//     (ε₂, δ) is also (ε₁ + ε₂, δ)-DP, so the smaller of the two ε is stated.
// δ is the dataset's limit's δ when one is set, else the largest δ of its
// zCDP streams (docs/privacy-models.md, "One budget per dataset").
#pragma once

#include <string>
#include <vector>

#include "core/values/stream_total.h"

namespace streamsynth::registry {

struct DatasetTotal {
    std::string dataset;
    int streams = 0;         // streams with at least one claimed step
    double pureEpsilon = 0;  // Σ ε of the pure series
    double rho = 0;          // Σ ρ of the zCDP series
    double delta = 0;        // the δ of epsilon (0 when every stream is pure)
    double epsilon = 0;      // the dataset's total ε (at delta when delta > 0)
    bool mixed() const { return delta > 0; }
};

// The total over each stream's total (one StreamTotal per stream: its
// published series, each counted once). delta: the limit's δ (0 = none set).
DatasetTotal datasetTotal(const std::string& dataset, const std::vector<StreamTotal>& streams, double delta);

// "ε = 2 over 3 streams" or "ε = 2.1 at δ = 1e-06 over 2 streams (ρ = 0.1 + pure ε = 1)".
std::string datasetTotalText(const DatasetTotal& total);

}  // namespace streamsynth::registry
