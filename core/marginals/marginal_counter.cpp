// Counting kernels. Flat index = Σ x_i·stride_i with the last attribute
// fastest. Large ranges count into uint32 buffers (integer increments, one
// conversion pass); small ranges (a step of a few rows against a big table)
// add straight into the doubles to avoid zeroing and converting every cell.
#include "core/marginals/marginal_counter.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <exception>
#include <thread>

#include "core/common/task_pool.h"
#include "core/values/error.h"

namespace streamsynth::marginals {

namespace {

using data::Code;
constexpr std::size_t kBlock = 1024;

// Counts rows given by an index functor into acc (uint32 or double).
// rowAt(i) maps i in [0, n) to a table row.
template <typename Acc, typename RowAt>
void countInto(const data::Table& t, const Workload& w, std::size_t n, RowAt rowAt, Acc* acc) {
    const std::size_t k = w.attrs.size();
    if (k == 1) {
        const Code* a = t.column(w.attrs[0]).data();
        for (std::size_t i = 0; i < n; ++i) acc[a[rowAt(i)]] += 1;
        return;
    }
    if (k == 2) {
        // The dominant case (2-way workloads): one multiply-add per row.
        const Code* a = t.column(w.attrs[0]).data();
        const Code* b = t.column(w.attrs[1]).data();
        const std::uint32_t nb = static_cast<std::uint32_t>(t.domain().size(w.attrs[1]));
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t r = rowAt(i);
            acc[std::uint32_t(a[r]) * nb + b[r]] += 1;
        }
        return;
    }
    // General k: build the flat indices of a block column by column (each
    // pass is a simple vectorisable loop), then increment.
    std::uint32_t idx[kBlock];
    for (std::size_t start = 0; start < n; start += kBlock) {
        const std::size_t m = std::min(kBlock, n - start);
        const Code* c0 = t.column(w.attrs[0]).data();
        for (std::size_t i = 0; i < m; ++i) idx[i] = c0[rowAt(start + i)];
        for (std::size_t j = 1; j < k; ++j) {
            const Code* c = t.column(w.attrs[j]).data();
            const std::uint32_t nj = static_cast<std::uint32_t>(t.domain().size(w.attrs[j]));
            for (std::size_t i = 0; i < m; ++i) idx[i] = idx[i] * nj + c[rowAt(start + i)];
        }
        for (std::size_t i = 0; i < m; ++i) acc[idx[i]] += 1;
    }
}

// 2-way counting into four sub-histograms h + j*cells, row i going to j = i mod 4.
template <typename RowAt>
void countPairs4(const data::Table& t, const Workload& w, std::size_t n, RowAt rowAt, std::uint32_t* h,
                 std::size_t cells) {
    const Code* a = t.column(w.attrs[0]).data();
    const Code* b = t.column(w.attrs[1]).data();
    const std::uint32_t nb = static_cast<std::uint32_t>(t.domain().size(w.attrs[1]));
    std::uint32_t* h0 = h;
    std::uint32_t* h1 = h + cells;
    std::uint32_t* h2 = h + 2 * cells;
    std::uint32_t* h3 = h + 3 * cells;
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const std::size_t r0 = rowAt(i), r1 = rowAt(i + 1), r2 = rowAt(i + 2), r3 = rowAt(i + 3);
        ++h0[std::uint32_t(a[r0]) * nb + b[r0]];
        ++h1[std::uint32_t(a[r1]) * nb + b[r1]];
        ++h2[std::uint32_t(a[r2]) * nb + b[r2]];
        ++h3[std::uint32_t(a[r3]) * nb + b[r3]];
    }
    for (; i < n; ++i) {
        const std::size_t r = rowAt(i);
        ++h0[std::uint32_t(a[r]) * nb + b[r]];
    }
}

std::size_t cellsOf(const data::Table& t, const Workload& w) {
    std::size_t c = 1;
    for (int a : w.attrs) c *= static_cast<std::size_t>(t.domain().size(a));
    return c;
}

template <typename RowAt>
void addCountsImpl(const data::Table& t, const Workload& w, std::size_t n, RowAt rowAt, double* out) {
    if (n == 0) return;
    const std::size_t cells = cellsOf(t, w);
    // Zeroing and converting a uint32 buffer costs ~2 passes over the cells;
    // worth it only when rows dominate. Counts < 2^32 per call are exact.
    if (n < cells / 4 || n >= (std::size_t(1) << 32)) {
        countInto(t, w, n, rowAt, out);
        return;
    }
    thread_local std::vector<std::uint32_t> buffer;
    if (w.attrs.size() == 2 && cells * 8 <= n) {
        // Few cells, many rows (sex × income): consecutive rows hit the same
        // counter and each increment waits for the previous store. Four
        // interleaved sub-histograms break that dependency chain.
        buffer.assign(4 * cells, 0u);
        countPairs4(t, w, n, rowAt, buffer.data(), cells);
        for (std::size_t c = 0; c < cells; ++c)
            out[c] += static_cast<double>(buffer[c] + buffer[cells + c] + buffer[2 * cells + c] +
                                          buffer[3 * cells + c]);
        return;
    }
    buffer.assign(cells, 0u);
    countInto(t, w, n, rowAt, buffer.data());
    for (std::size_t c = 0; c < cells; ++c) out[c] += static_cast<double>(buffer[c]);
}

void checkDomain(const data::Table& t, const WorkloadSet& ws) {
    if (!(t.domain() == ws.domain()))
        throw settingError("workloads", "the table and the workload set use different domains");
}

}  // namespace

void addCounts(const data::Table& t, const Workload& w, std::size_t beginRow, std::size_t endRow,
               double* out) {
    assert(beginRow <= endRow && endRow <= t.rowCount());
    addCountsImpl(
        t, w, endRow - beginRow, [beginRow](std::size_t i) { return beginRow + i; }, out);
}

void addCountsRows(const data::Table& t, const Workload& w, std::span<const std::size_t> rows, double* out) {
    const std::size_t* r = rows.data();
    addCountsImpl(
        t, w, rows.size(), [r](std::size_t i) { return r[i]; }, out);
}

std::vector<Marginal> zeroAnswers(const WorkloadSet& ws) {
    std::vector<Marginal> out(ws.size());
    for (std::size_t i = 0; i < ws.size(); ++i) out[i].assign(ws.cells(i), 0.0);
    return out;
}

std::vector<Marginal> countRange(const data::Table& t, const WorkloadSet& ws, std::size_t beginRow,
                                 std::size_t endRow, int threads) {
    checkDomain(t, ws);
    std::vector<Marginal> out = zeroAnswers(ws);
    threads = usefulThreads(threads);
    threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), ws.size()));
    // A thread only for every kRowVisitsPerThread (row, workload) visits:
    // starting one costs tens of microseconds, a visit a few nanoseconds,
    // so a streamer's step of a few hundred rows counts on one thread.
    constexpr std::size_t kRowVisitsPerThread = std::size_t{1} << 18;
    const std::size_t visits = (endRow > beginRow ? endRow - beginRow : 0) * ws.size();
    threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads),
                                                     std::max<std::size_t>(1, visits / kRowVisitsPerThread)));
    auto work = [&](std::size_t first, std::size_t stride) {
        for (std::size_t i = first; i < ws.size(); i += stride)
            addCounts(t, ws[i], beginRow, endRow, out[i].data());
    };
    if (threads <= 1) {
        work(0, 1);
        return out;
    }
    // Interleaved assignment balances cost (workloads of similar size are
    // neighbours in lexicographic order); each workload has one writer.
    // An exception in any worker (e.g. bad_alloc) is carried to the caller
    // after every thread has been joined, never through std::terminate.
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
    auto guarded = [&](std::size_t first) {
        try {
            work(first, static_cast<std::size_t>(threads));
        } catch (...) {
            errors[first] = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(threads));
    try {
        for (int j = 1; j < threads; ++j) pool.emplace_back(guarded, static_cast<std::size_t>(j));
    } catch (...) {
        for (auto& th : pool) th.join();
        throw;
    }
    guarded(0);
    for (auto& th : pool) th.join();
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
    return out;
}

std::vector<Marginal> countAll(const data::Table& t, const WorkloadSet& ws, int threads) {
    return countRange(t, ws, 0, t.rowCount(), threads);
}

MarginalAccumulator::MarginalAccumulator(const WorkloadSet& ws) : ws_(ws), answers_(zeroAnswers(ws)) {}

void MarginalAccumulator::add(const data::Table& newRows, int threads) {
    add(countAll(newRows, ws_, threads), static_cast<long long>(newRows.rowCount()));
}

void MarginalAccumulator::add(const std::vector<Marginal>& stepAnswers, long long stepRows) {
    if (stepAnswers.size() != answers_.size())
        throw settingError("workloads", "step answers do not match the workload set");
    for (std::size_t i = 0; i < answers_.size(); ++i) {
        if (stepAnswers[i].size() != answers_[i].size())
            throw settingError("workloads", "step answers do not match the workload set");
        double* a = answers_[i].data();
        const double* s = stepAnswers[i].data();
        for (std::size_t c = 0; c < answers_[i].size(); ++c) a[c] += s[c];
    }
    rows_ += stepRows;
}

}  // namespace streamsynth::marginals
