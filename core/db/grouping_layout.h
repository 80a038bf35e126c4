// Which grouping sets the server counts for a workload set, and how each
// result row maps onto workload answers. Each grouping set costs the server
// one hash lookup per row, so workloads over small attributes are merged
// into one set whose cells stay within a bound (e.g. (fnlwgt, workclass,
// marital-status) answers three 2-way workloads), and the client sums the
// set's cells out into each workload it covers. Every workload is answered
// by exactly one set, so nothing is counted twice.
#pragma once

#include <unordered_map>
#include <vector>

#include "core/values/workload_set.h"

namespace streamsynth::db {

struct GroupingLayout {
    // A workload answered by a set: its attributes' positions in the set.
    struct Part {
        int workload = 0;
        std::vector<int> positions;
    };
    std::vector<int> used;                      // schema attributes any workload uses, ascending
    std::vector<std::vector<int>> sets;         // grouping sets, as ascending indices into used
    std::vector<std::vector<long long>> masks;  // GROUPING words of each set (31 attributes per word)
    std::vector<std::vector<Part>> parts;       // per set: the workloads it answers
    std::unordered_map<long long, std::vector<int>> byFirstMask;  // first GROUPING word -> sets
    int maskColumns = 0;
};

// Greedy cover: the largest uncovered workload starts a set, which grows by
// the attribute that brings in the most uncovered workloads while the set
// keeps at most maxSetCells cells (a workload larger than that is a set of
// its own). maxSetCells <= 1: one set per workload.
GroupingLayout groupingLayout(const marginals::WorkloadSet& workloads, double maxSetCells);

}  // namespace streamsynth::db
