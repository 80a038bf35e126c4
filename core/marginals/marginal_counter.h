// Counting workload answers (contingency tables) on the column-major uint16
// codes of a Table: the hot path of evaluation (SPEC §2). Counts are exact
// (integer accumulators, converted to double once per call).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "core/values/table.h"
#include "core/values/workload.h"
#include "core/values/workload_set.h"

namespace streamsynth::marginals {

// Adds the counts of rows [beginRow, endRow) of t over workload w into
// out[0 .. cells(w)), laid out as Marginal (first attribute slowest).
// Requires beginRow <= endRow <= t.rowCount(); out must hold cells(w) values.
void addCounts(const data::Table& t, const Workload& w, std::size_t beginRow, std::size_t endRow,
               double* out);
// Same for an explicit list of row indices (each < t.rowCount()).
void addCountsRows(const data::Table& t, const Workload& w, std::span<const std::size_t> rows, double* out);

// The answers of every workload of ws over all rows of t (t's domain must be
// ws.domain()). threads > 1 splits the workloads across std::threads, each
// workload counted whole by one thread, so results never depend on threads;
// threads <= 0 means all hardware threads.
std::vector<Marginal> countAll(const data::Table& t, const WorkloadSet& ws, int threads = 1);
// Same over rows [beginRow, endRow).
std::vector<Marginal> countRange(const data::Table& t, const WorkloadSet& ws, std::size_t beginRow,
                                 std::size_t endRow, int threads = 1);

// All-zero answers shaped like ws.
std::vector<Marginal> zeroAnswers(const WorkloadSet& ws);

// The incremental answers of f_t: each step adds ∇f_t (its new rows or their
// answers); history is never recounted (SPEC §2).
class MarginalAccumulator {
public:
    explicit MarginalAccumulator(const WorkloadSet& ws);
    // Counts newRows (same domain) and adds them.
    void add(const data::Table& newRows, int threads = 1);
    // Adds the answers of a step computed elsewhere (shaped like the set).
    void add(const std::vector<Marginal>& stepAnswers, long long stepRows);

    const std::vector<Marginal>& answers() const noexcept { return answers_; }
    long long rows() const noexcept { return rows_; }
    const WorkloadSet& workloads() const noexcept { return ws_; }

private:
    WorkloadSet ws_;
    std::vector<Marginal> answers_;
    long long rows_ = 0;
};

}  // namespace streamsynth::marginals
