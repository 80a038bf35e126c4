// Column-by-column encoding of raw text into codes: one lookup structure per
// attribute, one pass per column, errors with the exact cell location.
#include "core/data/table_encoder.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>

#include "core/data/date_bins.h"
#include "core/data/domain_proposal.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"

namespace streamsynth::data {

namespace {

// Why a cell is not a number, in words: a long run of digits (a 1 MiB field
// of them) is a number too large to hold, not "not a number".
std::string notANumber(const std::string& v) {
    const std::size_t digits = static_cast<std::size_t>(
        std::count_if(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }));
    const bool numeric = !v.empty() && std::all_of(v.begin(), v.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E' || c == ' ';
    });
    if (numeric && digits > 15)
        return "the value is a number of " + std::to_string(digits) +
               " digits, too large to hold (numbers must stay within ±1e308)";
    return "the value is not a number";
}

class ColumnEncoder {
public:
    ColumnEncoder(const RawTable& raw, const AttributeSpec& spec, int source)
        : raw_(raw), spec_(spec), source_(source), values_(raw.columns[static_cast<size_t>(source)]) {}

    std::vector<Code> encode(std::vector<Problem>& problems) {
        std::vector<Code> out(values_.size());
        Problem other;
        other.kind = "other";
        other.column = spec_.name;
        if (spec_.kind == AttributeKind::Categorical) {
            index_.reserve(spec_.labels.size() * 2);
            for (std::size_t i = 0; i < spec_.labels.size(); ++i)
                index_.emplace(spec_.labels[i], static_cast<Code>(i));
            // A public hierarchy's child is coded as its parent (docs/schema.md "Coarsened attributes").
            for (const auto& [parent, children] : spec_.members)
                for (const std::string& child : children) index_.emplace(child, index_.at(parent));
        }
        for (std::size_t r = 0; r < values_.size(); ++r) {
            const std::string& v = values_[r];
            if (v.empty()) {
                if (spec_.missingCategory) {
                    out[r] = static_cast<Code>(spec_.missingCode());
                    continue;
                }
                fail(r,
                     "the value is empty and attribute " + quotedText(spec_.name) +
                         " has no <missing> category (add \"missing\": true to its schema entry to allow "
                         "empty cells)",
                     v);
            }
            switch (spec_.kind) {
                case AttributeKind::IntegerCode:
                    out[r] = integerCode(r, v);
                    break;
                case AttributeKind::Numeric:
                    out[r] = numericCode(r, v);
                    break;
                case AttributeKind::Categorical: {
                    const auto it = index_.find(v);
                    if (it != index_.end()) {
                        out[r] = it->second;
                    } else if (spec_.hasOther) {
                        out[r] = static_cast<Code>(spec_.otherCode());
                        other.addExample(raw_.lines[r], v);
                    } else {
                        fail(r,
                             "the value is not a category of " + quotedText(spec_.name) +
                                 " in the schema (categories: " + labelList() +
                                 "); add it, or set \"other\": true to map unlisted values to <other>",
                             v);
                    }
                    break;
                }
            }
        }
        if (other.count > 0) {
            other.message = std::to_string(other.count) + " value" + (other.count == 1 ? "" : "s") + " of " +
                            quotedText(spec_.name) +
                            " are not listed in the schema and were encoded as <other>";
            problems.push_back(std::move(other));
        }
        return out;
    }

private:
    // The cell's value is private: it goes into the context, not the message.
    [[noreturn]] void fail(std::size_t r, const std::string& message, const std::string& value) const {
        ErrorContext ctx;
        ctx.file = raw_.file;
        ctx.line = raw_.lines[r];
        ctx.row = static_cast<long long>(r) + 1;
        ctx.column = source_ + 1;
        ctx.columnName = raw_.header[static_cast<size_t>(source_)];
        throw valueError(message, ctx, value);
    }

    Code integerCode(std::size_t r, const std::string& v) const {
        long long code = -1;
        const char* b = v.data();
        const char* e = b + v.size();
        const auto res = std::from_chars(b, e, code);
        if (res.ec != std::errc() || res.ptr != e) {
            // Slow path: spaces, "+3", "3.0", "1e2".
            double x = 0;
            if (!parseFiniteNumber(v, x))
                fail(r,
                     notANumber(v) + " (attribute " + quotedText(spec_.name) + " holds integer codes 0.." +
                         std::to_string(spec_.size - 1) + ")",
                     v);
            // Outside the codes before any conversion: a cast of 1e23 to an
            // integer is undefined behaviour (and "not a whole number" was wrong).
            if (x < 0 || x >= static_cast<double>(spec_.size))
                fail(r,
                     "the value is outside the domain of " + quotedText(spec_.name) + " (codes 0.." +
                         std::to_string(spec_.size - 1) + ")",
                     v);
            if (x != std::floor(x))
                fail(r,
                     "the value is not a whole number (attribute " + quotedText(spec_.name) +
                         " holds integer codes 0.." + std::to_string(spec_.size - 1) + ")",
                     v);
            code = static_cast<long long>(x);
        }
        if (code < 0 || code >= spec_.size)
            fail(r,
                 "the value is outside the domain of " + quotedText(spec_.name) + " (codes 0.." +
                     std::to_string(spec_.size - 1) + ")",
                 v);
        return static_cast<Code>(code);
    }

    Code numericCode(std::size_t r, const std::string& v) const {
        double x = 0;
        if (spec_.date) {
            const auto day = dateCellDay(v, spec_.dateFormat);
            if (!day)
                fail(r,
                     "the value is not a date (attribute " + quotedText(spec_.name) + " is a date" +
                         (spec_.dateFormat.empty() ? std::string()
                                                   : " written " + quotedText(spec_.dateFormat)) +
                         ")",
                     v);
            x = static_cast<double>(*day);
        } else if (!parseFiniteNumber(v, x)) {
            fail(r, notANumber(v) + " (attribute " + quotedText(spec_.name) + " is numeric)", v);
        }
        const int bin = spec_.binOf(x);
        if (bin < 0) {
            const double lo = spec_.edges.empty() ? spec_.lower : spec_.edges.front();
            const double hi = spec_.edges.empty() ? spec_.upper : spec_.edges.back();
            fail(r,
                 "the value is outside the domain of " + quotedText(spec_.name) + " (bounds [" +
                     (spec_.date ? dayText(lo) : shortestNumberText(lo)) + ", " +
                     (spec_.date ? dayText(hi) : shortestNumberText(hi)) +
                     "]); widen the bounds or set \"clamp\": true",
                 v);
        }
        return static_cast<Code>(bin);
    }

    std::string labelList() const {
        std::string s;
        const std::size_t shown = std::min<std::size_t>(spec_.labels.size(), 10);
        for (std::size_t i = 0; i < shown; ++i) s += (i ? ", " : "") + boundedText(spec_.labels[i], 40);
        if (spec_.labels.size() > shown) s += ", ... (" + std::to_string(spec_.labels.size()) + " in all)";
        if (spec_.labels.empty()) s = "none";
        return s;
    }

    const RawTable& raw_;
    const AttributeSpec& spec_;
    int source_;
    const std::vector<std::string>& values_;
    std::unordered_map<std::string_view, Code> index_;
};

std::string headerList(const RawTable& raw) {
    std::string s;
    for (std::size_t i = 0; i < raw.header.size() && i < 20; ++i)
        s += (i ? ", " : "") + boundedText(raw.header[i], 40);
    if (raw.header.size() > 20) s += ", ...";
    return s;
}

[[noreturn]] void missingColumn(const RawTable& raw, const std::string& name, const std::string& role) {
    ErrorContext ctx;
    ctx.file = raw.file;
    ctx.line = raw.headerLine;
    ctx.columnName = name;
    throw inputError("the " + role + " " + quotedText(name) +
                         " is not a column of the file (its columns are: " + headerList(raw) + ")",
                     ctx);
}

// Rows whose unit key is empty (blank once spaces and tabs are trimmed, as
// stream::unitKey trims): each is a unit of its own, so one person's rows
// without a key escape the bound; said, with their count, as a problem.
void noteEmptyUnitKeys(const std::vector<std::string>& keys, const std::string& column,
                       std::vector<Problem>& problems) {
    Problem p;
    p.kind = "empty-unit-key";
    p.column = column;
    for (const std::string& k : keys)
        if (k.find_first_not_of(" \t") == std::string::npos) ++p.count;
    if (p.count == 0) return;
    p.message =
        "rows with an empty privacy-unit key: each counts as a unit of its own, so if one person "
        "can have rows without a key, the bound on a unit's rows does not cover them";
    problems.push_back(std::move(p));
}

// The privacy unit's key column (-1 without a unit): a column of the file
// that is neither an attribute nor the time column (a key is never released),
// marked used. `used` already marks the attributes and the time column.
int unitKeyColumn(const RawTable& raw, const Schema& schema, std::vector<bool>& used) {
    if (!schema.stream.unit) return -1;
    const std::string& name = schema.stream.unit->column;
    const int c = raw.columnIndex(name);
    if (c < 0) missingColumn(raw, name, "privacy unit's key column");
    if (used[static_cast<size_t>(c)]) {
        ErrorContext ctx;
        ctx.file = raw.file;
        ctx.columnName = name;
        ctx.setting = "privacy-unit";
        throw Error(ErrorKind::Setting,
                    "the privacy unit's key column " + quotedText(name) +
                        " is also an attribute or the time column; a key is never released, so remove it "
                        "from the attributes or choose another",
                    ctx);
    }
    used[static_cast<size_t>(c)] = true;
    return c;
}

}  // namespace

EncodedTable encodeTable(const RawTable& raw, const Schema& schema) {
    if (schema.derivedFromData)
        throw settingError(
            "domain",
            "the schema was derived from the data itself and has not been confirmed. Differential "
            "privacy needs a public domain: categories, bounds and bins must be public knowledge, not "
            "read from the private rows. Check the proposed schema, confirm it (or load a schema "
            "file), then import again");
    Domain domain = schema.domain();  // validates the schema

    EncodedTable out;
    const int p = static_cast<int>(schema.attributes.size());
    std::vector<int> source(static_cast<size_t>(p));
    std::vector<bool> used(raw.header.size(), false);
    for (int a = 0; a < p; ++a) {
        const std::string& name = schema.attributes[static_cast<size_t>(a)].name;
        const int c = raw.columnIndex(name);
        if (c < 0) missingColumn(raw, name, "schema attribute");
        source[static_cast<size_t>(a)] = c;
        used[static_cast<size_t>(c)] = true;
    }
    int timeColumn = -1;
    if (schema.stream.time) {
        timeColumn = raw.columnIndex(schema.stream.time->column);
        if (timeColumn < 0) missingColumn(raw, schema.stream.time->column, "time column");
        used[static_cast<size_t>(timeColumn)] = true;
    }
    int keyColumn = -1;
    if (schema.stream.batch && schema.stream.batch->order == BatchOrder::Hash) {
        keyColumn = raw.columnIndex(schema.stream.batch->key);
        if (keyColumn < 0) missingColumn(raw, schema.stream.batch->key, "batch key column");
        used[static_cast<size_t>(keyColumn)] = true;
    }
    const int unitColumn = unitKeyColumn(raw, schema, used);
    for (std::size_t c = 0; c < raw.header.size(); ++c) {
        if (used[c]) continue;
        Problem ignored;
        ignored.kind = "ignored-column";
        ignored.column = raw.header[c];
        ignored.message = "column " + quotedText(raw.header[c]) + " is not in the schema and is not imported";
        ignored.count = static_cast<long long>(raw.rowCount());
        out.problems.push_back(std::move(ignored));
    }

    std::vector<std::vector<Code>> columns;
    columns.reserve(static_cast<size_t>(p));
    for (int a = 0; a < p; ++a)
        columns.push_back(
            ColumnEncoder(raw, schema.attributes[static_cast<size_t>(a)], source[static_cast<size_t>(a)])
                .encode(out.problems));
    out.table = Table(std::move(domain), std::move(columns));
    if (timeColumn >= 0) out.timeValues = raw.columns[static_cast<size_t>(timeColumn)];
    if (keyColumn >= 0) out.keyValues = raw.columns[static_cast<size_t>(keyColumn)];
    if (unitColumn >= 0) {
        out.unitKeys = raw.columns[static_cast<size_t>(unitColumn)];
        noteEmptyUnitKeys(out.unitKeys, raw.header[static_cast<size_t>(unitColumn)], out.problems);
    }
    out.lines = raw.lines;
    return out;
}

}  // namespace streamsynth::data
