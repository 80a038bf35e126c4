// 1-way distances between the true table and a release (so that no
// attribute is left uniform unnoticed): per attribute, the total-variation distance
// ½·Σ_v |a_v − b_v| between the true 1-way distribution a and the release's
// b, both read off the workload answers (an attribute's 1-way marginal is any
// workload containing it summed over the others, so no extra counting).
// Computed from the private data: NOT differentially private.
#pragma once

#include <vector>

#include "core/values/workload.h"
#include "core/values/workload_set.h"

namespace streamsynth::metrics {

// m (answers of workload w over domain) summed down to attribute `attribute`
// (which must be one of w.attrs): a vector of that attribute's size.
std::vector<double> sumOutTo(const marginals::Marginal& m, const marginals::Workload& w,
                             const data::Domain& domain, int attribute);

// For each attribute of the domain, the index of the smallest workload of ws
// containing it, or -1 when no workload does.
std::vector<int> oneWaySources(const marginals::WorkloadSet& ws);

// The 1-way counts of attribute a from answers over ws (empty when no
// workload covers a).
std::vector<double> oneWayCounts(const marginals::WorkloadSet& ws,
                                 const std::vector<marginals::Marginal>& answers, int attribute);

// ½·Σ_v |a_v/Σa − b_v/Σb|; a side with total 0 stays all-zero (an empty
// release is at distance 0.5 from a non-empty truth). Sizes must match.
double totalVariation(const std::vector<double>& truth, const std::vector<double>& release);

// TV per attribute (NaN for an attribute no workload covers).
std::vector<double> oneWayTV(const marginals::WorkloadSet& ws, const std::vector<marginals::Marginal>& truth,
                             const std::vector<marginals::Marginal>& release);

// TV of the uniform distribution from the truth's 1-way distribution, per
// attribute (NaN where uncovered): what a release that learnt nothing about
// an attribute scores, the reference "no attribute left uniform" is read
// against.
std::vector<double> oneWayUniformTV(const marginals::WorkloadSet& ws,
                                    const std::vector<marginals::Marginal>& truth);

// Largest finite entry and its index (attribute -1 when there is none).
struct WorstAttribute {
    int attribute = -1;
    double tv = 0;
};
WorstAttribute worstAttribute(const std::vector<double>& tvPerAttribute);

}  // namespace streamsynth::metrics
