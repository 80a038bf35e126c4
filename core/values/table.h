// An encoded table: one column of integer codes per domain attribute,
// column-major, so that counting a workload touches only its columns.
// Codes are uint16 (attributes are capped at 65,535 codes; real public
// domains are far below that) which halves memory traffic against int32.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/values/domain.h"

namespace streamsynth::data {

using Code = std::uint16_t;
inline constexpr int kMaxAttributeSize = 65535;

class Table {
public:
    Table() = default;
    // rows x attributes, all codes 0.
    Table(Domain domain, std::size_t rows);
    // Takes ownership of columns; throws an input Error if a column length
    // differs or a code is outside its attribute's domain.
    Table(Domain domain, std::vector<std::vector<Code>> columns);

    const Domain& domain() const noexcept { return domain_; }
    std::size_t rowCount() const noexcept { return rows_; }
    int attributeCount() const noexcept { return domain_.attributeCount(); }

    std::span<const Code> column(int attribute) const { return columns_.at(static_cast<size_t>(attribute)); }
    std::span<Code> column(int attribute) { return columns_.at(static_cast<size_t>(attribute)); }
    Code at(std::size_t row, int attribute) const { return columns_[static_cast<size_t>(attribute)][row]; }
    // Same domain and the same codes row for row.
    bool operator==(const Table& other) const {
        return rows_ == other.rows_ && domain_ == other.domain_ && columns_ == other.columns_;
    }
    void set(std::size_t row, int attribute, Code code) {
        columns_[static_cast<size_t>(attribute)][row] = code;
    }

    // A new table with the given rows, in the given order.
    Table selectRows(std::span<const std::size_t> rows) const;
    // Appends all rows of other (same domain required).
    void append(const Table& other);

private:
    Domain domain_;
    std::size_t rows_ = 0;
    std::vector<std::vector<Code>> columns_;
};

}  // namespace streamsynth::data
