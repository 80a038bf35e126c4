// TableStepSource: step answers counted from a reordered copy of the table.
#include "core/steps/step_source.h"

#include <numeric>

#include "core/marginals/marginal_counter.h"
#include "core/steps/step_digest.h"
#include "core/values/error.h"

namespace streamsynth::stream {

std::uint64_t StepSource::digest(int t) const {
    return marginalsDigest(step(t));
}
std::string StepSource::digestKind() const {
    return kMarginalsDigest;
}

TableStepSource::TableStepSource(const data::Table& table, const StepPlan& plan,
                                 marginals::WorkloadSet workloads, int threads)
    : periods_(plan.periods), workloads_(std::move(workloads)), threads_(threads) {
    if (plan.periods.size() != plan.rows.size())
        throw settingError("steps", "step plan has mismatched rows and period labels");
    if (!(table.domain() == workloads_.domain()))
        throw settingError("workloads", "the table and the workload set use different domains");
    std::vector<std::size_t> order;
    order.reserve(plan.rowCount());
    offsets_.reserve(plan.rows.size() + 1);
    offsets_.push_back(0);
    for (const auto& r : plan.rows) {
        for (std::size_t i : r)
            if (i >= table.rowCount())
                throw settingError("steps", "step plan refers to a row outside the table");
        order.insert(order.end(), r.begin(), r.end());
        offsets_.push_back(order.size());
    }
    ordered_ = table.selectRows(order);
}

void TableStepSource::check(int t) const {
    if (t < 1 || t > stepCount())
        throw settingError("step",
                           "step " + std::to_string(t) + " is outside 1.." + std::to_string(stepCount()));
}

std::string TableStepSource::period(int t) const {
    check(t);
    return periods_[static_cast<size_t>(t - 1)];
}

long long TableStepSource::stepRows(int t) const {
    check(t);
    return static_cast<long long>(offsets_[static_cast<size_t>(t)] - offsets_[static_cast<size_t>(t - 1)]);
}

StepMarginals TableStepSource::step(int t) const {
    check(t);
    StepMarginals s;
    s.step = t;
    s.period = periods_[static_cast<size_t>(t - 1)];
    const std::size_t lo = offsets_[static_cast<size_t>(t - 1)], hi = offsets_[static_cast<size_t>(t)];
    s.rows = static_cast<long long>(hi - lo);
    s.answers = marginals::countRange(ordered_, workloads_, lo, hi, threads_);
    return s;
}

std::uint64_t TableStepSource::digest(int t) const {
    check(t);
    return rowsDigest(ordered_, offsets_[static_cast<size_t>(t - 1)], offsets_[static_cast<size_t>(t)]);
}

std::string TableStepSource::digestKind() const {
    return kRowsDigest;
}

data::Table TableStepSource::stepTable(int t) const {
    check(t);
    const std::size_t lo = offsets_[static_cast<size_t>(t - 1)], hi = offsets_[static_cast<size_t>(t)];
    std::vector<std::size_t> idx(hi - lo);
    std::iota(idx.begin(), idx.end(), lo);
    return ordered_.selectRows(idx);
}

}  // namespace streamsynth::stream
