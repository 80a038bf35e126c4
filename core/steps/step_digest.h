// Digests of a step's input, kept per released step in a session so that a
// later `continue` proves every released step still sees the same data
// (docs/usage.md "Continuing a stream"). Two kinds: the step's encoded rows in
// stream order (a file: any changed, moved or reordered row shows), and the
// step's workload answers (a database, where the server counts and the
// client never sees rows: a change shows unless it leaves every answer of
// the step unchanged, in which case nothing the streamers saw changed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/values/table.h"

namespace streamsynth::stream {

struct StepMarginals;

inline constexpr const char* kRowsDigest = "rows";
inline constexpr const char* kMarginalsDigest = "marginals";
inline constexpr std::uint64_t kFnvOffsetBasis = 14695981039346656037ULL;  // FNV-1a 64

// FNV-1a 64 over rows [begin, end), row by row, each row's codes in
// attribute order as 2 little-endian bytes, closed by the row count.
std::uint64_t rowsDigest(const data::Table& rows, std::size_t begin, std::size_t end);

// rowsDigest taken in parts, for a table that only grows by appending: add()
// the rows in order; value() is rowsDigest over every row added so far,
// without hashing them again.
class RowsDigest {
public:
    void add(const data::Table& rows, std::size_t begin, std::size_t end);
    std::uint64_t value() const;
    std::size_t rows() const { return rows_; }

private:
    std::uint64_t h_ = kFnvOffsetBasis;
    std::size_t rows_ = 0;
};

// FNV-1a 64 over |∇f_t| and every answer's counts in set order, each as a
// 64-bit little-endian integer (answers hold whole counts).
std::uint64_t marginalsDigest(const StepMarginals& step);

}  // namespace streamsynth::stream
