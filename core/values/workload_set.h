// The workload set Q: an ordered, validated list of workloads over one public
// domain (default all 2-way: 91 on Adult). Built from k, attribute names or a
// workload file; all failures are setting/input Errors naming the culprit.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/values/domain.h"
#include "core/values/workload.h"

namespace streamsynth::marginals {

class WorkloadSet {
public:
    // Upper bound on the cells of one workload (doubles: 400 MB); larger
    // workloads are refused rather than exhausting memory.
    static constexpr double kMaxCells = 5.0e7;

    WorkloadSet() = default;
    // Validates: non-empty set; each workload non-empty, strictly increasing,
    // in range, at most kMaxCells cells; no workload listed twice.
    WorkloadSet(data::Domain domain, std::vector<Workload> workloads);

    // All k-way workloads in lexicographic order; 1 <= k <= attributeCount.
    static WorkloadSet allKWay(const data::Domain& domain, int k);
    // Each inner list names the attributes of one workload, in any order.
    static WorkloadSet fromNames(const data::Domain& domain,
                                 const std::vector<std::vector<std::string>>& names);
    // One workload per line, attribute names separated by commas; blank lines
    // and text after '#' are ignored. Errors name the file and line.
    static WorkloadSet readFile(const std::string& path, const data::Domain& domain);

    std::size_t size() const noexcept { return workloads_.size(); }
    bool empty() const noexcept { return workloads_.empty(); }
    const Workload& operator[](std::size_t i) const { return workloads_[i]; }
    const std::vector<Workload>& workloads() const noexcept { return workloads_; }
    // Number of cells of workload i (product of its attribute sizes).
    std::size_t cells(std::size_t i) const { return cells_[i]; }
    // Sum of cells over all workloads.
    std::size_t totalCells() const noexcept;
    // "age × sex".
    std::string label(std::size_t i) const;
    const data::Domain& domain() const noexcept { return domain_; }
    // Index of a workload equal to w, or -1.
    int indexOf(const Workload& w) const;

private:
    data::Domain domain_;
    std::vector<Workload> workloads_;
    std::vector<std::size_t> cells_;
};

}  // namespace streamsynth::marginals
