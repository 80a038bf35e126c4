// Table construction, validation, row selection.
#include "core/values/table.h"

#include "core/values/error.h"
#include "core/values/message_text.h"

namespace streamsynth::data {

Table::Table(Domain domain, std::size_t rows) : domain_(std::move(domain)), rows_(rows) {
    for (const Attribute& a : domain_.attributes()) {
        if (a.size > kMaxAttributeSize)
            throw settingError("domain", "attribute " + quotedText(a.name) + " has more than 65,535 codes");
    }
    columns_.assign(static_cast<size_t>(domain_.attributeCount()), std::vector<Code>(rows, 0));
}

Table::Table(Domain domain, std::vector<std::vector<Code>> columns)
    : domain_(std::move(domain)), columns_(std::move(columns)) {
    if (static_cast<int>(columns_.size()) != domain_.attributeCount())
        throw inputError("the table has " + std::to_string(columns_.size()) + " columns but the domain has " +
                         std::to_string(domain_.attributeCount()) + " attributes");
    rows_ = columns_.empty() ? 0 : columns_.front().size();
    for (int a = 0; a < domain_.attributeCount(); ++a) {
        const auto& col = columns_[static_cast<size_t>(a)];
        ErrorContext ctx;
        ctx.column = a + 1;
        ctx.columnName = domain_.name(a);
        if (col.size() != rows_) throw inputError("columns have different lengths", ctx);
        const int size = domain_.size(a);
        if (size > kMaxAttributeSize)
            throw settingError("domain", "attribute '" + domain_.name(a) + "' has more than 65,535 codes");
        for (std::size_t r = 0; r < rows_; ++r) {
            if (col[r] >= size) {
                ctx.row = static_cast<long long>(r) + 1;
                throw inputError("code " + std::to_string(col[r]) + " is outside the domain (size " +
                                     std::to_string(size) + ")",
                                 ctx);
            }
        }
    }
}

Table Table::selectRows(std::span<const std::size_t> rows) const {
    Table out(domain_, rows.size());
    for (int a = 0; a < attributeCount(); ++a) {
        const auto& src = columns_[static_cast<size_t>(a)];
        auto& dst = out.columns_[static_cast<size_t>(a)];
        for (std::size_t i = 0; i < rows.size(); ++i) dst[i] = src[rows[i]];
    }
    return out;
}

void Table::append(const Table& other) {
    if (!(other.domain_ == domain_)) throw inputError("cannot append a table over a different domain");
    for (int a = 0; a < attributeCount(); ++a) {
        auto& dst = columns_[static_cast<size_t>(a)];
        const auto& src = other.columns_[static_cast<size_t>(a)];
        dst.insert(dst.end(), src.begin(), src.end());
    }
    rows_ += other.rows_;
}

}  // namespace streamsynth::data
