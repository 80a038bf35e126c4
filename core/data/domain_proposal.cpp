// Domain proposal from observed values (see domain_proposal.h for the rules),
// and the shared finite-number parser.
#include "core/data/domain_proposal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "core/common/time_parser.h"
#include "core/data/date_bins.h"
#include "core/data/input_limits.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/table.h"

namespace streamsynth::data {

bool parseFiniteNumber(std::string_view t, double& value) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    if (!t.empty() && t.front() == '+') t.remove_prefix(1);  // from_chars rejects a leading '+'
    if (t.empty()) return false;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), value, std::chars_format::general);
    return r.ec == std::errc() && r.ptr == t.data() + t.size() && std::isfinite(value);
}

namespace {

// A column whose every value is a date (and not a plain number) as a date
// attribute: bins of a year from January 1 of the earliest year to December
// 31 of the latest, or of a month when every date is in one year. False when a
// value is not a date (checked from the first value on, so a text column
// stops at once).
bool proposeDateAttribute(const std::vector<std::string>& column, AttributeSpec& a) {
    long long lo = 0, hi = 0;
    bool any = false;
    for (const std::string& v : column) {
        if (v.empty()) continue;
        double number = 0;
        const std::optional<long long> day = parseFiniteNumber(v, number) ? std::nullopt : dateCellDay(v, {});
        if (!day) return false;
        lo = any ? std::min(lo, *day) : *day;
        hi = any ? std::max(hi, *day) : *day;
        any = true;
    }
    if (!any) return false;
    int y0 = 0, y1 = 0, m = 0, d = 0;
    stream::civilFromDays(lo, y0, m, d);
    stream::civilFromDays(hi, y1, m, d);
    TimeSettings period;
    period.unit = y0 == y1 ? PeriodUnit::Month : PeriodUnit::Year;
    // Both ends rounded outward to the calendar year: the edges are public
    // dates, not the earliest and latest dates of the data.
    const long long lower = stream::daysFromCivil(y0, 1, 1);
    const long long upper = stream::daysFromCivil(y1, 12, 31);
    a.kind = AttributeKind::Numeric;
    a.date = true;
    a.edges = datePeriodEdges(lower, upper, period, kMaxAttributeSize);
    a.bins = static_cast<int>(a.edges.size()) - 1;  // as a read date schema has it
    return true;
}

// What one pass over a column finds: empty cells, numbers and their range,
// and the cells that are not numbers (for the note of noteMostlyNumbers).
struct ColumnScan {
    bool anyEmpty = false, allNumeric = true, allSmallIntegers = true, anyValue = false;
    double lo = INFINITY, hi = -INFINITY;
    long long numbers = 0;
    Problem notNumbers;
};

ColumnScan scanColumn(const RawTable& raw, const std::vector<std::string>& col,
                      const ProposalOptions& options) {
    ColumnScan s;
    for (std::size_t r = 0; r < col.size(); ++r) {
        const std::string& v = col[r];
        if (v.empty()) {
            s.anyEmpty = true;
            continue;
        }
        s.anyValue = true;
        double x = 0;
        if (!parseFiniteNumber(v, x)) {
            s.allNumeric = false;
            s.notNumbers.addExample(r < raw.lines.size() ? raw.lines[r] : 0, v);
            continue;
        }
        ++s.numbers;
        if (!s.allNumeric) continue;
        s.lo = std::min(s.lo, x);
        s.hi = std::max(s.hi, x);
        if (x < 0 || x != std::floor(x) || x >= options.maxIntegerCodes) s.allSmallIntegers = false;
    }
    return s;
}

// A column of numbers with a few cells that are not (a typo, "n/a") is read
// as categories, each number a label of its own: said, with the first line,
// so that the steward corrects the cells instead of meeting "85 labels" later.
void noteMostlyNumbers(Proposal& out, const std::string& name, std::size_t column, long long numbers,
                       Problem cells) {
    if (cells.count == 0 || numbers < 9 * cells.count) return;  // at least 90% numbers
    cells.kind = "not-a-number";
    cells.column = name;
    const std::string first = cells.exampleLines.empty()
                                  ? std::string()
                                  : ", the first on line " + std::to_string(cells.exampleLines[0]);
    cells.message =
        "column " + quotedText(name) + " (column " + std::to_string(column + 1) + ") holds numbers but " +
        std::to_string(cells.count) + (cells.count == 1 ? " cell that is not one" : " cells that are not") +
        first +
        ", so it is proposed as categories (each number a label of its own); if it is a column of "
        "numbers, correct those cells or leave them empty";
    out.notes.push_back(std::move(cells));
}

}  // namespace

Proposal proposeSchemaWithNotes(const RawTable& raw, const ProposalOptions& options) {
    Proposal out;
    out.schema.derivedFromData = true;
    const int bins = std::max(1, options.numericBins);
    if (raw.header.size() > static_cast<std::size_t>(kMaxAttributes))
        throw inputError("the table has " + std::to_string(raw.header.size()) +
                             " columns, and a proposed domain may have at most " +
                             std::to_string(kMaxAttributes) +
                             " attributes; give a schema (--schema FILE) naming the columns to use",
                         ErrorContext::forFile(raw.file));
    for (std::size_t c = 0; c < raw.header.size(); ++c) {
        const std::string& name = raw.header[c];
        if (std::find(options.exclude.begin(), options.exclude.end(), name) != options.exclude.end())
            continue;
        const std::vector<std::string>& col = raw.columns[c];

        ColumnScan scan = scanColumn(raw, col, options);
        AttributeSpec a;
        a.name = name;
        a.missingCategory = scan.anyEmpty;
        if (scan.anyValue && scan.allNumeric && scan.allSmallIntegers) {
            a.kind = AttributeKind::IntegerCode;
            a.size = static_cast<int>(scan.hi) + 1;
        } else if (scan.anyValue && scan.allNumeric) {
            a.kind = AttributeKind::Numeric;
            a.lower = scan.lo;
            a.upper = scan.hi > scan.lo ? scan.hi : scan.lo + 1;
            a.bins = scan.hi > scan.lo ? bins : 1;
        } else if (scan.anyValue && options.dates && proposeDateAttribute(col, a)) {
            // a date column: yearly (or monthly) bins over the observed span
        } else {
            a.kind = AttributeKind::Categorical;
            noteMostlyNumbers(out, name, c, scan.numbers, std::move(scan.notNumbers));
            std::unordered_set<std::string_view> distinct;
            bool tooMany = false;
            for (const std::string& v : col) {
                if (v.empty()) continue;
                distinct.insert(v);
                if (static_cast<int>(distinct.size()) > options.maxCategories) {
                    tooMany = true;
                    break;
                }
            }
            if (tooMany) {
                Problem note;
                note.kind = "too-many-categories";
                note.column = name;
                note.message =
                    "column " + quotedText(name) + " has more than " + std::to_string(options.maxCategories) +
                    " distinct values (an identifier or free text?) and is left out of the proposed schema";
                note.count = static_cast<long long>(col.size());
                out.notes.push_back(std::move(note));
                continue;
            }
            a.labels.assign(distinct.begin(), distinct.end());
            std::sort(a.labels.begin(), a.labels.end());
        }
        out.schema.attributes.push_back(std::move(a));
    }
    return out;
}

Schema proposeSchema(const RawTable& raw, const ProposalOptions& options) {
    return proposeSchemaWithNotes(raw, options).schema;
}

}  // namespace streamsynth::data
