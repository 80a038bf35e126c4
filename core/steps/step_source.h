// The privacy boundary (SPEC §2): streamers see the private data only as each
// step's workload answers ∇f_t over Q plus |∇f_t|. TableStepSource computes
// them lazily from rows in memory; a database source (GROUP BY per period)
// can implement the same narrow interface.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/steps/step_plan.h"
#include "core/values/table.h"
#include "core/values/workload_set.h"

namespace streamsynth::stream {

struct StepMarginals {
    int step = 0;                              // t, 1-based
    std::string period;                        // label of the period/batch
    long long rows = 0;                        // |∇f_t|
    std::vector<marginals::Marginal> answers;  // ∇f_t over every workload of workloads(), in set order
};

class StepSource {
public:
    virtual ~StepSource() = default;
    virtual int stepCount() const = 0;
    virtual const marginals::WorkloadSet& workloads() const = 0;
    // Label and |∇f_t| of step t (1 <= t <= stepCount()), cheap.
    virtual std::string period(int t) const = 0;
    virtual long long stepRows(int t) const = 0;
    // The answers of step t, computed on demand (thread-safe; a source may
    // prefetch and cache, never change them). Throws a setting Error when t
    // is out of range.
    virtual StepMarginals step(int t) const = 0;
    // A digest of step t's input for sessions (core/steps/step_digest.h)
    // and the kind of digest this source gives. Default: of the answers.
    virtual std::uint64_t digest(int t) const;
    virtual std::string digestKind() const;
};

// Rows in memory. Holds its own copy of the table reordered into step order
// (one table's worth of memory, no dangling reference, and each step is a
// contiguous row range for the counting kernel); excluded rows are dropped.
class TableStepSource final : public StepSource {
public:
    TableStepSource(const data::Table& table, const StepPlan& plan, marginals::WorkloadSet workloads,
                    int threads = 1);

    int stepCount() const override { return static_cast<int>(periods_.size()); }
    const marginals::WorkloadSet& workloads() const override { return workloads_; }
    std::string period(int t) const override;
    long long stepRows(int t) const override;
    StepMarginals step(int t) const override;
    // The digest of step t's rows in stream order (kind "rows").
    std::uint64_t digest(int t) const override;
    std::string digestKind() const override;

    // The rows of step t as a table (for tests and tools that need rows,
    // never for the streamers).
    data::Table stepTable(int t) const;

private:
    void check(int t) const;

    data::Table ordered_;
    std::vector<std::size_t> offsets_;  // stepCount()+1 row offsets into ordered_
    std::vector<std::string> periods_;
    marginals::WorkloadSet workloads_;
    int threads_;
};

}  // namespace streamsynth::stream
