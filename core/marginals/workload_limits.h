// Limits on a workload set, checked before its answers are allocated
// (docs/bad-inputs.md): the number of workloads (1,000 attributes have
// 499,500 pairs) and their cells in all (doubles: 1.6 GB). One workload's
// own limit is WorkloadSet::kMaxCells.
#pragma once

namespace streamsynth::marginals {

inline constexpr int kMaxWorkloads = 100000;
inline constexpr double kMaxTotalCells = 2.0e8;

}  // namespace streamsynth::marginals
