// Release CSV -> codes (see release_reader.h).
#include "core/data/release_reader.h"

#include <string_view>
#include <unordered_map>

#include "core/data/date_bins.h"
#include "core/data/domain_proposal.h"
#include "core/values/error.h"
#include "core/values/message_text.h"

namespace streamsynth::data {
namespace {

// One attribute: every label of a code, then numbers for numeric/integer kinds
// (dates for a date attribute).
class ReleaseColumn {
public:
    explicit ReleaseColumn(const AttributeSpec& spec) : spec_(spec) {
        for (int c = 0; c < spec.domainSize(); ++c) byLabel_.emplace(spec.label(c), static_cast<Code>(c));
    }

    // The code of a cell, or -1 when the cell is not a value of this attribute.
    int code(const std::string& v) const {
        const auto it = byLabel_.find(v);
        if (it != byLabel_.end()) return it->second;
        if (v.empty()) return spec_.missingCode();
        double x = 0;
        if (spec_.date) {  // a date inside a bin, in any form the time column reads
            const auto day = dateCellDay(v, {});
            return day ? spec_.binOf(static_cast<double>(*day)) : -1;
        }
        if (spec_.kind == AttributeKind::Categorical || !parseFiniteNumber(v, x)) return -1;
        if (spec_.kind == AttributeKind::Numeric) return spec_.binOf(x);
        if (x != static_cast<double>(static_cast<long long>(x)) || x < 0 || x >= spec_.size) return -1;
        return static_cast<int>(x);
    }

private:
    const AttributeSpec& spec_;
    std::unordered_map<std::string, Code> byLabel_;
};

[[noreturn]] void badCell(const RawTable& raw, std::size_t row, int column, const AttributeSpec& spec) {
    ErrorContext ctx;
    ctx.value =
        raw.columns[static_cast<std::size_t>(column)][row];  // shown only on request (docs/messages.md)
    ctx.file = raw.file;
    ctx.line = raw.lines[row];
    ctx.row = static_cast<long long>(row) + 1;
    ctx.column = column + 1;
    ctx.columnName = spec.name;
    throw inputError(
        "the cell is not a value of " + quotedText(spec.name) +
            " in the schema (a label, a bin interval, a number inside a bin, or empty for <missing>)",
        ctx);
}

}  // namespace

Table decodeRelease(const RawTable& raw, const Schema& schema) {
    Schema plain = schema;
    plain.stream = {};
    const Domain domain = plain.domain();
    Table table(domain, raw.rowCount());
    for (int a = 0; a < domain.attributeCount(); ++a) {
        const AttributeSpec& spec = plain.attributes[static_cast<std::size_t>(a)];
        const int c = raw.columnIndex(spec.name);
        if (c < 0) {
            ErrorContext ctx;
            ctx.file = raw.file;
            ctx.line = raw.headerLine;
            ctx.columnName = spec.name;
            throw inputError("the release has no column " + quotedText(spec.name) + " of the schema", ctx);
        }
        const ReleaseColumn column(spec);
        const std::vector<std::string>& values = raw.columns[static_cast<std::size_t>(c)];
        for (std::size_t r = 0; r < values.size(); ++r) {
            const int code = column.code(values[r]);
            if (code < 0) badCell(raw, r, c, spec);
            table.set(r, a, static_cast<Code>(code));
        }
    }
    return table;
}

}  // namespace streamsynth::data
