// "True vs synthetic": for one series of a finished run, each
// attribute's and each workload's true distribution beside the release's,
// with their total-variation distance, for the GUI's view of the same name.
// Computed from the PRIVATE data: for the data steward's eyes only, never
// for publication (the view says so).
#pragma once

#include <string>
#include <vector>

namespace streamsynth::api {

struct Distribution {
    std::string name;                // "age" or "age × sex"
    std::vector<std::string> cells;  // "3" or "3 | 1" (codes, first attribute first)
    std::vector<double> truth;       // shares (sum 1; all 0 when there are no rows)
    std::vector<double> release;
    double tv = 0;  // ½·Σ|truth − release|
};

struct TrueVsSynthetic {
    std::vector<Distribution> attributes;  // one per attribute a workload covers, in domain order
    std::vector<Distribution> workloads;   // one per workload of Q, in set order
};

// Run::compareWithTruth gives it for a series of a run (the engine's side:
// core/workflow/compare_with_truth.h).

}  // namespace streamsynth::api
