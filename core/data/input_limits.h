// Limits on what a table or a schema may hold, checked before anything large
// is allocated (docs/bad-inputs.md): a hostile or mistaken file is refused
// with a message naming the limit instead of exhausting the memory.
#pragma once

#include <cstddef>

namespace streamsynth::data {

// Attributes of a schema or of a domain proposed from the data: every k-way
// workload set, marginal and model grows with them.
inline constexpr int kMaxAttributes = 1000;
// Fields per row of a table (the header's too); a table may have more
// columns than its schema uses, so this is above kMaxAttributes.
inline constexpr std::size_t kMaxCsvColumns = 10000;
// Bytes of one field (no category label or number is that long) and of one row.
inline constexpr std::size_t kMaxCsvFieldBytes = std::size_t{1} << 20;
inline constexpr std::size_t kMaxCsvLineBytes = std::size_t{64} << 20;

}  // namespace streamsynth::data
